"""The Battle tab shows the power budget where it gates something: a weapon without power
(it cannot fire), a screen without power (down), and the engineering check's bonus."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import Static

from gmtool.actions.battles import do_knock_out_system
from gmtool.rules.battle import attack_options
from gmtool.store.battles import load_battle
from gmtool.tui.app import GmApp
from tests.tui.drawn import done
from tests.tui.test_battle_tab import (
    BATTLE,
    LARGE,
    SMALL,
    battle_keys,
    demo_battle,
    move_to,
    open_battle_tab,
    to_phase,
)

PLANT_2 = "2.2"  # the Meridian's second power plant: without it 20 points for 32 needed


def detail(app: GmApp) -> str:
    return str(app.query_one("#battle-detail", Static).render())


def plant_out(app: GmApp, phase: str, step: str | None = None) -> None:
    demo_battle(app.campaign)
    do_knock_out_system(app.campaign, BATTLE, "meridian", PLANT_2)
    to_phase(app.campaign, phase, step)


async def test_a_weapon_without_power_says_so_where_the_weapons_are_listed(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    plant_out(app, "attack", "beam_and_projectile")
    firing = {(o.ship_id, o.weapon_name) for o in attack_options(load_battle(app.campaign, BATTLE))}
    assert ("meridian", "mass cannon") not in firing  # the second cannon has no power
    async with app.run_test(size=LARGE) as pilot:
        await open_battle_tab(app, pilot)
        text = detail(app)
    assert "Power: CSS Meridian: 20 power points for 32 needed; without power: " in text
    assert "mass cannon (cannot fire)" in text and "point-defense grid #2 (down)" in text
    assert "Raider Gorgon" not in text.split("Power: ")[1]  # every system of hers has power


async def test_the_power_check_shows_the_budget_and_then_its_bonus(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    to_phase(app.campaign, "power")
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_battle_tab(app, pilot)
        await move_to(pilot, pane, "advance", "")
        await done(pilot)
        assert "Power: " not in detail(app)  # nothing gated, no check made yet
        await move_to(pilot, pane, "set_power", "Meridian")
        await done(pilot)
        assert "Power: CSS Meridian: 40 power points for 32 needed: every system" in detail(app)
        await pilot.press("enter")  # the power distribution check
        await done(pilot)
        bonus = load_battle(app.campaign, BATTLE).ship("meridian").power_bonus
        assert bonus is not None
        words = f"(engineering +{bonus}%: " if bonus else "(engineering check: no boost)"
        assert f"CSS Meridian: 40 power points {words}" in detail(app)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x36"])
def test_snapshot_power_gates_weapons(snap_compare, app_factory, size: tuple[int, int]) -> None:
    app = app_factory(demo=True)
    plant_out(app, "attack", "beam_and_projectile")
    assert snap_compare(app, terminal_size=size, press=battle_keys(app))
