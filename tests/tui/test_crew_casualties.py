"""The Crew tab's named casualties, driven like a GM: after a battle the roster says who is
fit, wounded or dead and in which battle; f filters it (the footer shows the key)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from gmtool.tui.app import GmApp
from tests.conftest import TEST_SEED, fixed_clock
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done
from tests.tui.test_crew_condition import fought, saved_condition, show_ship

__all__ = ["fought"]  # the fixture: the demo after a battle that hurt the Meridian's crew

SMALL = (80, 24)
LARGE = (120, 36)


def _rows(app: GmApp) -> list[tuple[str, str, str]]:
    """(name, condition, battle) of every roster row shown."""
    table = app.query_one("#roster-table", DataTable)
    rows = []
    for i in range(table.row_count):
        row = table.get_row_at(i)
        condition, _, battle = str(row[2]).partition(", ")
        rows.append((str(row[1]), condition, battle))
    return rows


async def _roster(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, GmApp)
    await show_ship(app, pilot, "meridian")
    await pilot.press("R")
    await done(pilot)


async def test_the_roster_shows_each_members_condition_and_f_filters_it(
    app_factory: Callable[..., GmApp], fought: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gmtool.tui.tabs.crew import pane as crew_tab

    monkeypatch.setattr(crew_tab, "ROSTER_PAGE", 1000)  # every row at once
    app = app_factory(path=fought)
    async with app.run_test(size=SMALL) as pilot:
        await _roster(pilot)
        hurt = {c.name: c.condition for c in saved_condition(app, "meridian").condition.casualties}
        assert hurt
        rows = _rows(app)
        shown = {name: cond.replace(" ", "_") for name, cond, _ in rows if cond != "fit"}
        assert shown == hurt
        assert all(battle == "Ambush" for _, cond, battle in rows if cond != "fit")
        assert "f" in footer_keys(app)
        await pilot.press("f")  # the fit
        await done(pilot)
        assert {c for _, c, _ in _rows(app)} == {"fit"}
        assert len(_rows(app)) == 259 - len(hurt)
        await pilot.press("f")  # the wounded
        await done(pilot)
        wounded = {n for n, c in hurt.items() if c != "dead"}
        assert {n for n, _, _ in _rows(app)} == wounded
        await pilot.press("f")  # the dead
        await done(pilot)
        dead = {n for n, c in hurt.items() if c == "dead"}
        assert {n for n, _, _ in _rows(app)} == dead
        count = str(app.query_one("#roster-count", Static).render())
        assert f"{len(dead)} of 259 crew are dead" in count
        await pilot.press("f")  # everyone again
        await done(pilot)
        assert len({c for _, c, _ in _rows(app)}) > 1


async def _dead_of_meridian(pilot: Pilot[None]) -> None:
    await _roster(pilot)
    await pilot.press("f", "f")  # the wounded
    await done(pilot)


def test_snapshot_crew_casualties_small(snap_compare, fought: Path) -> None:
    from gmtool.tui.app import make_app

    app = make_app(fought, seed=TEST_SEED, clock=fixed_clock)
    assert snap_compare(app, terminal_size=SMALL, run_before=_dead_of_meridian)


def test_snapshot_crew_casualties_large(snap_compare, fought: Path) -> None:
    from gmtool.tui.app import make_app

    app = make_app(fought, seed=TEST_SEED, clock=fixed_clock)
    assert snap_compare(app, terminal_size=LARGE, run_before=_roster)


async def test_f_on_a_roster_where_everyone_is_fit_says_why(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        await _roster(pilot)
        assert "f" not in footer_keys(app)
        await pilot.press("f")
        await done(pilot)
        status = str(app.query_one("#crew-status", Static).render())
        assert status.startswith("Everyone aboard is fit")
