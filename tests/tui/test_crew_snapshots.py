"""Snapshots of the Crew tab's states and of every dialog it opens, at 80x24 and 120x36
(demo campaign, fixed seed; the damaged ship's after one fixed battle)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from gmtool.store import ships as ship_store
from gmtool.tui.app import GmApp, make_app
from tests.conftest import TEST_SEED, fixed_clock
from tests.tui.conftest import SIZES
from tests.tui.drawn import done, footer_fitted
from tests.tui.test_crew_condition import fought

__all__ = ["fought"]  # a fixture used below


def on_ship(ship_id: str, *keys: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    """Show the Crew tab, put the cursor on `ship_id`, press `keys`."""

    async def run_before(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, GmApp)
        app.show_tab("crew")
        await done(pilot)
        ids = [r.id for r in ship_store.list_ships(app.campaign)]
        table = app.query_one("#ship-list", DataTable)
        table.focus()
        table.move_cursor(row=ids.index(ship_id))
        await done(pilot)
        for key in keys:
            await pilot.press(key)
            await done(pilot)
        await done(pilot)  # the footer follows the keys that apply a refresh later
        # and is laid out for them: on a loaded machine the manifest was once taken with the
        # footer one row off
        await footer_fitted(pilot)

    return run_before


async def _type_a_name(pilot: Pilot[None]) -> None:
    """In the open ship form: a name typed, then Escape (which asks)."""
    field = pilot.app.screen.query_one("#form-name", Input)
    field.value = "CSS Half Done"
    await done(pilot)
    await pilot.press("escape")
    await done(pilot)


DEMO_STATES = {
    "manifest": on_ship("kestrel"),
    "roster": on_ship("kestrel", "R"),
    "ship_form": on_ship("kestrel", "e"),
    "new_ship_form": on_ship("kestrel", "n"),
    "system_dialog": on_ship("kestrel", "e", "ctrl+t", "a"),
    "import_dialog": on_ship("kestrel", "i"),
    "export_dialog": on_ship("kestrel", "enter", "ctrl+e"),
    "delete_empty_ship": on_ship("gorgon", "x"),
    "delete_ship_with_characters_aboard": on_ship("meridian", "x"),
    "regenerate_question": on_ship("kestrel", "r"),
    "scrap_question": on_ship("kestrel", "X"),
}
FOUGHT_STATES = {
    "damaged_ship": on_ship("meridian"),
    "repair_dialog": on_ship("meridian", "p"),
    "restore_question": on_ship("kestrel", "X", "y", "o"),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("state", DEMO_STATES)
def test_snapshot_crew(
    snap_compare, app_factory: Callable[..., GmApp], state: str, size: str
) -> None:
    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=DEMO_STATES[state])


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_crew_discard_question(
    snap_compare, app_factory: Callable[..., GmApp], size: str
) -> None:
    async def run_before(pilot: Pilot[None]) -> None:
        await on_ship("kestrel", "n")(pilot)
        await _type_a_name(pilot)

    app = app_factory(demo=True)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("state", FOUGHT_STATES)
def test_snapshot_crew_after_a_battle(snap_compare, fought: Path, state: str, size: str) -> None:
    app = make_app(fought, seed=TEST_SEED, clock=fixed_clock)
    assert snap_compare(app, terminal_size=SIZES[size], run_before=FOUGHT_STATES[state])
