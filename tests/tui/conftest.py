"""App factories for Pilot and snapshot tests."""

from __future__ import annotations

import inspect
import os
import shutil
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input

from gmtool.store.demo import DEMO_NAME, seed_demo
from gmtool.tui.app import GmApp, make_app
from tests.conftest import TEST_SEED, fixed_clock
from tests.tui.drawn import done

SIZES = {"small": (80, 24), "large": (120, 36)}

D = TypeVar("D", bound=Screen[object])


@pytest.fixture(autouse=True)
def _steady_cursor(monkeypatch: pytest.MonkeyPatch) -> None:
    """A focused Input's cursor blinks every half second, so a snapshot taken under load
    caught it on or off by chance: here it never toggles (shown while focused)."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen tests are about what is shown and saved, not about surviving a power cut
    (the store tests hold the fsyncs): a save here skips them, as the action tests do."""
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


@pytest.fixture
def snap_compare(snap_compare: Callable[..., bool]) -> Callable[..., bool]:
    """pytest-textual-snapshot's `snap_compare`, with the screenshot taken once the app is
    done (`done`: every key handled, a tab or dialog it opened built, the app settled), not
    after a fixed pause, which a key that closes a dialog and saves could outlast."""

    def compare(
        app: Any,
        press: Iterable[str] = (),
        terminal_size: tuple[int, int] = (80, 24),
        run_before: Callable[[Pilot[Any]], Awaitable[None] | None] | None = None,
    ) -> bool:
        async def then_done(pilot: Pilot[Any]) -> None:
            if run_before is not None and inspect.isawaitable(result := run_before(pilot)):
                await result
            await pilot.press(*press)
            await done(pilot)

        return snap_compare(app, terminal_size=terminal_size, run_before=then_done)

    return compare


@pytest.fixture(scope="session")
def _demo_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where each worker keeps the demo campaign it seeded once; the tests get copies."""
    return tmp_path_factory.mktemp("demo-template") / "demo.campaign"


def seed_test_demo(target: Path) -> None:
    from gmtool.store import open_campaign

    c = open_campaign(target, name=DEMO_NAME, seed=TEST_SEED, clock=fixed_clock)
    seed_demo(c)
    c.close()


def seeded_demo(template: Path, target: Path) -> None:
    """`target` becomes the demo campaign, as `seed_demo` writes it with the tests' seed and
    clock. It is seeded once (inside a test, so the quiet environment holds) and copied after:
    the same files, without paying the seeding in every test that opens the demo. A test on
    its own rule tables gets a demo seeded under them, never the shared copy."""
    if os.environ.get("GMTOOL_TABLES"):
        seed_test_demo(target)
        return
    if not (template / "campaign.json").exists():
        seed_test_demo(template)
    shutil.copytree(template, target, ignore=shutil.ignore_patterns(".lock"), dirs_exist_ok=True)


@pytest.fixture
def app_factory(tmp_path: Path, _demo_template: Path) -> Callable[..., GmApp]:
    """`app_factory(path=None, demo=False)`: an app on a fresh (or given) campaign."""

    def factory(path: Path | None = None, demo: bool = False) -> GmApp:
        target = path or tmp_path / ("demo.campaign" if demo else "test.campaign")
        if demo and not (target / "campaign.json").exists():
            seeded_demo(_demo_template, target)
        return make_app(target, seed=TEST_SEED, clock=fixed_clock)

    return factory


def footer_keys(app: GmApp) -> set[str]:
    """The keys the footer offers now (enabled ones), as the GM sees them."""
    from gmtool.tui.footer import KeyFooter

    footer = app.screen.query_one(KeyFooter)
    return {key for item in footer.items() if item.enabled for key in item.keys}


async def open_dialog(app: GmApp, pilot: Pilot[None], key: str, kind: type[D]) -> D:
    """Press `key` and return the dialog it opened, checked to be a `kind`."""
    await pilot.press(key)
    await done(pilot)  # a dialog holds the keys until it is drawn
    dialog = app.screen
    assert isinstance(dialog, kind), f"{key} opened {dialog!r}, not a {kind.__name__}"
    return dialog
