"""The power phase decides something: the spec's power plants make points, the engineering
check adds +10/20/30%, the other systems take them in spec order; an unpowered weapon cannot
fire, an unpowered screen is down; a spec with no power figures passes the phase over.

The demo Meridian: two plants of 20 points; needs: two sensors 1 each, two heavy lasers 6,
two mass cannons 4, two missile tubes 2, two point-defense grids 3 (32 in all)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from gmtool.rules.battle import BattleState, attack_options, available_actions, set_power
from gmtool.rules.battle.power import energy_screen_up, power_budget, power_notes
from gmtool.rules.errors import RulesError
from gmtool.rules.ships import ShipSpec, load_ship_spec
from tests.rules.test_battle_helpers import DEMO, ScriptedRandom, demo_battle, gorgon, positioned

PLANT_2 = "2.2"  # the Meridian's second power plant


def plant_out(state: BattleState, bonus: int | None = None) -> BattleState:
    ship = state.ship("meridian")
    return state.with_ship(replace(ship, systems_out=(PLANT_2,), power_bonus=bonus))


def test_with_both_plants_every_system_has_power() -> None:
    budget = power_budget(demo_battle().ship("meridian"))
    assert budget is not None
    assert (budget.made, budget.points, budget.needed, budget.unpowered) == (40, 40, 32, ())


def test_with_a_plant_out_the_systems_last_in_the_spec_go_without() -> None:
    # 20 points: sensors 2, lasers 12, first cannon 4 (18); second cannon 4 does not fit,
    # first missile tube 2 does (20); the second tube and both grids go without.
    budget = power_budget(plant_out(demo_battle()).ship("meridian"))
    assert budget is not None and budget.points == 20
    assert budget.unpowered == ("17.1", "18.2", "19.1", "19.2")


def test_the_engineering_boost_powers_more() -> None:
    # +20%: 24 points; the second cannon now fits (22), the first tube too (24).
    budget = power_budget(plant_out(demo_battle(), bonus=20).ship("meridian"))
    assert budget is not None and budget.points == 24
    assert budget.unpowered == ("18.2", "19.1", "19.2")


def test_an_unpowered_weapon_cannot_fire() -> None:
    closing = {"a": ("close", None), "b": ("close", None)}
    state = positioned(
        demo_battle(), "attack", "missile_attacks", range_category="close", headings=closing
    )
    tubes = {o.weapon for o in attack_options(state, every_step=True) if o.ship_id == "meridian"}
    assert {"18.1", "18.2"} <= tubes
    tubes = {
        o.weapon
        for o in attack_options(plant_out(state), every_step=True)
        if o.ship_id == "meridian"
    }
    assert "18.1" in tubes and "18.2" not in tubes


def test_an_unpowered_screen_is_down() -> None:
    state = demo_battle(raiders=(("vex", _vex()),))
    vex = state.ship("vex")
    screen = energy_screen_up(vex)  # the deflector screen has power
    assert screen is not None and screen.name == "deflector screen"
    both_out = replace(
        vex, systems_out=tuple(m.key for m in vex.mounts() if m.system.type == "power_plant")
    )
    assert energy_screen_up(both_out) is None
    knocked_out = replace(vex, systems_out=(screen.key,))
    assert energy_screen_up(knocked_out) is None


def test_the_power_check_shows_the_budget() -> None:
    state = positioned(plant_out(demo_battle()), "power")
    state, result = set_power(state, "meridian", ScriptedRandom([6]))  # Good: +20%
    assert (
        "CSS Meridian: 20 power points (engineering +20%: 24) for 32 needed; without power: "
        in result.text
    )
    assert "point-defense grid #1 (down)" in result.text


def test_the_notes_show_what_power_gates_and_the_engineering_bonus() -> None:
    state = demo_battle()
    assert power_notes(state.ships) == ()  # every system powered, no check made: nothing
    assert power_notes(state.ships, asking="meridian") == (
        "CSS Meridian: 40 power points for 32 needed: every system has power.",
    )
    (note,) = power_notes(plant_out(state).ships)
    assert note == (
        "CSS Meridian: 20 power points for 32 needed; without power: mass cannon (cannot "
        "fire), Lance missile tube #2 (cannot fire), point-defense grid #1 (down), "
        "point-defense grid #2 (down)."
    )
    (note,) = power_notes(plant_out(state, bonus=0).ships)
    assert "20 power points (engineering check: no boost) for 32 needed" in note
    (note,) = power_notes(plant_out(state, bonus=30).ships)  # 26: the second cannon fits
    assert note.startswith("CSS Meridian: 20 power points (engineering +30%: 26) for 32 ")
    assert "mass cannon" not in note and "point-defense grid #2 (down)" in note


def test_a_spec_without_power_figures_passes_the_phase_over() -> None:
    bare = replace(gorgon(), systems=tuple(replace(s, power=None) for s in gorgon().systems))
    state = positioned(demo_battle(raiders=(("gorgon", bare),)), "power")
    assert power_budget(state.ship("gorgon")) is None
    with pytest.raises(RulesError, match="gives no power figures"):
        set_power(state, "gorgon", ScriptedRandom([3]))
    assert all(a.ship_id != "gorgon" for a in available_actions(state))


def _vex() -> ShipSpec:
    return load_ship_spec(DEMO / "enemies" / "vex.yaml")
