"""Shared fixtures: temporary campaigns with a fixed seed and clock, and a quiet machine.

Snapshot and Pilot tests need the same screen every run: no animations (set
TEXTUAL_ANIMATIONS=none before pytest starts: the Makefile does), no clock on screen, a fixed
dice seed, a fixed campaign clock, and the machine's NO_COLOR and config shut out.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path

import pytest

from gmtool.store import Campaign, open_campaign
from gmtool.store.demo import seed_demo

FIXED_TIME = datetime(2026, 12, 2, 20, 0, 0)
TEST_SEED = 20261202


def fixed_clock() -> datetime:
    return FIXED_TIME


@pytest.fixture(scope="session")
def _table_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One parsed-table cache for the run (the command-line tests' processes share it), never
    the GM's own."""
    return tmp_path_factory.mktemp("gmtool-cache")


@pytest.fixture(autouse=True)
def _quiet_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, _table_cache: Path) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("GMTOOL_CACHE", str(_table_cache))
    monkeypatch.setenv("GMTOOL_HOME", str(tmp_path / "gmtool-home"))
    monkeypatch.delenv("GMTOOL_TABLES", raising=False)


@pytest.fixture
def campaign_path(tmp_path: Path) -> Path:
    return tmp_path / "test.campaign"


@pytest.fixture
def campaign(campaign_path: Path) -> Iterator[Campaign]:
    c = open_campaign(campaign_path, name="Test campaign", seed=TEST_SEED, clock=fixed_clock)
    yield c
    c.close()


@pytest.fixture
def demo(campaign: Campaign) -> Campaign:
    """The test campaign with the demo's ships and party."""
    seed_demo(campaign)
    return campaign


@pytest.fixture
def open_test_campaign() -> Callable[..., Campaign]:
    def opener(path: Path, **kwargs: object) -> Campaign:
        kwargs.setdefault("seed", TEST_SEED)
        kwargs.setdefault("clock", fixed_clock)
        return open_campaign(path, **kwargs)  # type: ignore[arg-type]

    return opener


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("TEXTUAL_ANIMATIONS") != "none":
        os.environ["TEXTUAL_ANIMATIONS"] = "none"
