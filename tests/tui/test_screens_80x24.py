"""The main screens at 80x24 where no other test draws them: each tab of an empty campaign,
and a big campaign (a ship of some 5,000 crew, as the key bench builds it) on the Crew and
Battle tabs. Nothing a GM needs is cut."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Label

from gmtool.actions import ships as ship_actions
from gmtool.rules.ships import parse_ship_spec
from gmtool.store import open_campaign
from gmtool.store.battles import create_battle, fleet_setup
from gmtool.store.demo import DEMO_NAME, seed_demo
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.battle.ship_table import ShipTable
from tests.conftest import TEST_SEED, fixed_clock
from tests.test_bench_keys import load_bench
from tests.tui.drawn import done

SMALL = (80, 24)


def _tab_key(app: GmApp, tab: str) -> str:
    return str([t.TAB_ID for t in app.tabs].index(tab) + 1)


@pytest.fixture
def big_campaign(tmp_path: Path) -> Path:
    """The demo with the key bench's 5,000-crew heavy ship, and a battle it fights in."""
    target = tmp_path / "big.campaign"
    c = open_campaign(target, name=DEMO_NAME, seed=TEST_SEED, clock=fixed_clock)
    try:
        seed_demo(c)
        ship_actions.add_ship(c, parse_ship_spec(load_bench().BIG_SHIP, "big ship"))
        create_battle(
            c,
            "Siege of Vesta",
            fleet_setup(c, "Navy", ["css-leviathan", "kestrel"]),
            fleet_setup(c, "Raiders", ["gorgon", "vex"]),
            "long",
        )
    finally:
        c.close()
    return target


@pytest.mark.parametrize("tab", ["dice", "crew", "stations"])
def test_snapshot_empty_campaign(snap_compare, app_factory: Callable[..., GmApp], tab: str) -> None:
    app = app_factory()
    assert snap_compare(app, terminal_size=SMALL, press=["escape", _tab_key(app, tab)])


async def test_the_stations_no_ships_hint_is_whole_at_80_columns(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("escape", _tab_key(app, "stations"))
        await done(pilot)
        hint = app.query_one("#crew-info", Label)
        text = str(hint.render())
        assert text.startswith("No ships yet") and "Crew" in text
        assert len(text) <= hint.content_region.width


async def test_a_big_ship_in_a_battle_at_80_columns_keeps_every_name_and_column(
    big_campaign: Path, app_factory: Callable[..., GmApp]
) -> None:
    app = app_factory(big_campaign)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("escape", _tab_key(app, "battle"))
        await done(pilot)
        table = app.query_one("#battle-ships", ShipTable)
        names = [str(table.get_row_at(r)[1]) for r in range(table.row_count)]
        assert names == ["CSS Leviathan", "CSS Kestrel", "Raider Gorgon", "Marauder Vex"]
        assert table.fit.width <= table.size.width
        assert str(list(table.columns.values())[-1].label) == "Cas. d/b/l"


def test_snapshot_big_campaign_battle(
    snap_compare, big_campaign: Path, app_factory: Callable[..., GmApp]
) -> None:
    app = app_factory(big_campaign)
    assert snap_compare(app, terminal_size=SMALL, press=["escape", _tab_key(app, "battle")])


def test_snapshot_big_campaign_crew_roster(
    snap_compare, big_campaign: Path, app_factory: Callable[..., GmApp]
) -> None:
    app = app_factory(big_campaign)

    async def open_roster(pilot: Pilot[None]) -> None:
        await pilot.press("escape", _tab_key(app, "crew"))
        await pilot.pause()
        table = app.query_one("#ship-list", DataTable)
        table.focus()
        table.move_cursor(row=table.row_count - 1)  # the Leviathan, added last
        await pilot.pause()
        await pilot.press("enter", "R")
        await done(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=open_roster)


async def test_the_roster_at_80_columns_keeps_every_department_whole(
    app_factory: Callable[..., GmApp],
) -> None:
    """The Kestrel's roster at 80x24, paged to its end (Administration is its longest
    department): every column fits beside the scroll bar, nothing is cut."""
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("escape", _tab_key(app, "crew"))
        await pilot.pause()
        await pilot.press("R")
        await pilot.pause()
        await pilot.pause()
        table = app.query_one("#roster-table", DataTable)
        table.focus()
        await pilot.press("end")
        await done(pilot)
        assert table.virtual_size.width <= table.scrollable_content_region.width
        departments = {str(table.get_row_at(r)[4]) for r in range(table.row_count)}
        assert {"Administration", "Aux eng", "Engineering"} <= departments
