"""Fixtures of the action tests: no fsync (the durability is the store tests' concern, and
it makes every commit slow), and a campaign with the demo's ships and party."""

from __future__ import annotations

import os

import pytest

from gmtool.store import Campaign
from gmtool.store.demo import seed_demo


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


@pytest.fixture
def demo(campaign: Campaign) -> Campaign:
    seed_demo(campaign)
    return campaign
