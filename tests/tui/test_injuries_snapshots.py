"""Snapshots of the Injuries tab's states and of every dialog it opens, at 80x24 and 120x36
(the demo campaign, seed fixed). The tab after a hazard, the hazard dialog after a roll and
the doctor's treatment dialog are in test_injuries_tab.py and test_healing_keys.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from gmtool.store import injuries
from gmtool.tui.app import GmApp
from tests.tui.drawn import done
from tests.tui.test_injuries_tab import LARGE, SMALL, hazard_by_hand, show_injuries

SIZES = pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x36"])


def hurt_some(app: GmApp) -> None:
    """A few entries, as the Battle tab would leave them."""
    for who, amount, cause in (
        ("jory-fenn", 3, "a brawl"),
        ("dorran-vek", 2, "a console blast"),
        ("jory-fenn", 1, "a fall"),
    ):
        injuries.record_damage(app.campaign, who, amount, "stun", injuries.Context(cause))


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await done(pilot)


def opened(key: str, *, fill: Callable[[GmApp], None] | None = None) -> Any:
    """run_before: the tab shown, `key` pressed, the dialog filled in by `fill`."""

    async def run(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, GmApp)
        hurt_some(app)
        await show_injuries(app, pilot)
        await pilot.press(key)
        await settle(pilot)
        if fill is not None:
            fill(app)
            await settle(pilot)

    return run


@SIZES
def test_snapshot_empty_tab(
    snap_compare: Any, app_factory: Callable[..., GmApp], size: tuple[int, int]
) -> None:
    app = app_factory(demo=True)

    async def run(pilot: Pilot[Any]) -> None:
        await show_injuries(app, pilot)
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run)


@SIZES
def test_snapshot_filtered_history_after_an_undo(
    snap_compare: Any, app_factory: Callable[..., GmApp], size: tuple[int, int]
) -> None:
    """A filter set and the cursor in the history: All, Back, Undo and Redo all offered."""
    app = app_factory(demo=True)

    async def run(pilot: Pilot[Any]) -> None:
        hurt_some(app)
        pane = await show_injuries(app, pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        pane.query_one("#filter-character", Select).value = "jory-fenn"
        await pilot.pause()
        pane.query_one("#injury-history").focus()
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run)


def test_snapshot_hazard_dialog_large(snap_compare: Any, app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)

    async def rolled(pilot: Pilot[Any]) -> None:
        await show_injuries(app, pilot)
        await hazard_by_hand(app, pilot)

    assert snap_compare(app, terminal_size=LARGE, run_before=rolled)


@SIZES
def test_snapshot_damage_dialog(
    snap_compare: Any, app_factory: Callable[..., GmApp], size: tuple[int, int]
) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=size, run_before=opened("d"))


@SIZES
def test_snapshot_healing_by_ruling_dialog(
    snap_compare: Any, app_factory: Callable[..., GmApp], size: tuple[int, int]
) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=size, run_before=opened("g"))


@SIZES
def test_snapshot_rest_dialog(
    snap_compare: Any, app_factory: Callable[..., GmApp], size: tuple[int, int]
) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=size, run_before=opened("r"))


@SIZES
def test_snapshot_bailout_dialog_after_an_order(
    snap_compare: Any, app_factory: Callable[..., GmApp], size: tuple[int, int]
) -> None:
    app = app_factory(demo=True)

    async def run(pilot: Pilot[Any]) -> None:
        await opened("b")(pilot)
        await pilot.press("ctrl+r")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run)


@SIZES
def test_snapshot_escape_on_a_changed_form_asks(
    snap_compare: Any, app_factory: Callable[..., GmApp], size: tuple[int, int]
) -> None:
    app = app_factory(demo=True)

    def typed(app: GmApp) -> None:
        app.screen.query_one("#damage-amount", Input).value = "d6+1w"

    async def run(pilot: Pilot[Any]) -> None:
        await opened("d", fill=typed)(pilot)
        await pilot.press("escape")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run)
