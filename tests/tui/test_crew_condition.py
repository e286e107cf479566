"""The Crew tab's ship condition, driven like a GM: what a battle left, and the keys that
repair, crew, scrap and restore a ship between battles (each undone with ctrl+z)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from gmtool.actions import battles as battle_actions
from gmtool.rules.ship_condition import repair_rules
from gmtool.store import Campaign, open_campaign
from gmtool.store import ships as ship_store
from gmtool.store.demo import DEMO_NAME, seed_demo
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ConfirmDialog
from gmtool.tui.tabs.crew.condition import RepairDialog
from tests.conftest import TEST_SEED, fixed_clock
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done

SMALL = (80, 24)


@pytest.fixture
def fought(tmp_path: Path) -> Path:
    """The demo campaign after a battle that left the Meridian 30 wound and 5 mortal down."""
    path = tmp_path / "demo.campaign"
    c = open_campaign(path, name=DEMO_NAME, seed=TEST_SEED, clock=fixed_clock)
    seed_demo(c)
    battle = battle_actions.new_battle(c, "Ambush", ["meridian"], ["vex"], "long").id
    battle_actions.do_apply_damage(c, battle, "meridian", 30, "wound", "test")
    battle_actions.do_apply_damage(c, battle, "meridian", 5, "mortal", "test")
    battle_actions.do_end_battle(c, battle)
    c.close()
    return path


def saved_condition(app: GmApp, ship_id: str) -> ship_store.ShipRecord:
    c: Campaign = open_campaign(app.campaign.folder, readonly=True)
    try:
        return ship_store.get_ship(c, ship_id)
    finally:
        c.close()


def summary(app: GmApp) -> str:
    return str(app.query_one("#ship-summary", Static).render())


async def show_ship(app: GmApp, pilot: Pilot[None], ship_id: str) -> None:
    app.show_tab("crew")
    await done(pilot)
    ids = [r.id for r in ship_store.list_ships(app.campaign)]
    table = app.query_one("#ship-list", DataTable)
    table.focus()
    table.move_cursor(row=ids.index(ship_id))
    await done(pilot)


async def test_a_damaged_ship_shows_its_condition_and_its_keys(
    app_factory: Callable[..., GmApp], fought: Path
) -> None:
    app = app_factory(path=fought)
    async with app.run_test(size=SMALL) as pilot:
        await show_ship(app, pilot, "meridian")
        record = saved_condition(app, "meridian")
        aboard = 259 - record.condition.dead - record.condition.badly_wounded
        text = summary(app)
        assert "wound 30/80" in text and "mortal 5/40" in text
        assert f"crew {aboard}/259" in text and "battle Ambush (ended round" in text
        keys = footer_keys(app)
        assert {"p", "c", "X"} <= keys and "o" not in keys
        await show_ship(app, pilot, "kestrel")
        keys = footer_keys(app)
        assert "X" in keys and not {"p", "c", "o"} & keys


async def test_p_repairs_for_days_in_port_and_ctrl_z_takes_it_back(
    app_factory: Callable[..., GmApp], fought: Path
) -> None:
    app = app_factory(path=fought)
    async with app.run_test(size=SMALL) as pilot:
        await show_ship(app, pilot, "meridian")
        await pilot.press("p")
        await done(pilot)
        assert isinstance(app.screen, RepairDialog)
        app.screen.query_one("#repair-days", Input).value = "0"
        await pilot.press("enter")
        await done(pilot)
        assert isinstance(app.screen, RepairDialog)  # refused: stays open with the reason
        app.screen.query_one("#repair-days", Input).value = "1"
        await pilot.press("enter")
        await done(pilot)
        assert not isinstance(app.screen, RepairDialog)
        port = repair_rules().percent_per_day["port"]
        wound_left = max(0, 30 - -(-80 * port["wound"] // 100))
        marked = saved_condition(app, "meridian").condition.marked
        assert marked.get("wound", 0) == wound_left
        assert f"wound {wound_left}/80" in summary(app)
        await pilot.press("ctrl+z")
        await done(pilot)
        assert saved_condition(app, "meridian").condition.marked["wound"] == 30


async def test_c_replaces_the_crew_and_ctrl_z_takes_it_back(
    app_factory: Callable[..., GmApp], fought: Path
) -> None:
    app = app_factory(path=fought)
    async with app.run_test(size=SMALL) as pilot:
        await show_ship(app, pilot, "meridian")
        before = saved_condition(app, "meridian").condition
        assert before.dead > 0
        await pilot.press("c")
        await done(pilot)
        after = saved_condition(app, "meridian").condition
        assert after.dead == 0 and after.badly_wounded == 0
        assert "crew 259/259" in summary(app)
        assert "c" not in footer_keys(app)
        await pilot.press("ctrl+z")
        await done(pilot)
        assert saved_condition(app, "meridian").condition.dead == before.dead
        # and one more ctrl+z would take the battle's end: refused, with where to do it
        await pilot.press("ctrl+z")
        await done(pilot)
        said = str(app.query_one("#crew-status", Static).render())
        assert "undo the battle's last step" in said
        assert saved_condition(app, "meridian").condition.dead == before.dead


async def test_shift_x_scraps_and_o_restores_each_asking_first(
    app_factory: Callable[..., GmApp], fought: Path
) -> None:
    app = app_factory(path=fought)
    async with app.run_test(size=SMALL) as pilot:
        await show_ship(app, pilot, "kestrel")
        await pilot.press("X")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await done(pilot)
        assert saved_condition(app, "kestrel").condition.lost is None
        await pilot.press("X", "y")
        await done(pilot)
        assert saved_condition(app, "kestrel").condition.lost == "scrapped"
        assert "Scrapped" in summary(app)
        keys = footer_keys(app)
        assert "o" in keys and "X" not in keys
        await pilot.press("o", "y")
        await done(pilot)
        assert saved_condition(app, "kestrel").condition.lost is None
        await pilot.press("ctrl+z")
        await done(pilot)
        assert saved_condition(app, "kestrel").condition.lost == "scrapped"


async def _damaged_meridian(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, GmApp)
    await show_ship(app, pilot, "meridian")
    await done(pilot)  # the footer follows the ship's condition keys a refresh later


def test_snapshot_crew_damaged_ship_small(snap_compare, fought: Path) -> None:
    from gmtool.tui.app import make_app

    app = make_app(fought, seed=TEST_SEED, clock=fixed_clock)
    assert snap_compare(app, terminal_size=SMALL, run_before=_damaged_meridian)
