"""What the battle engine says to the GM: checks without a '+d0' die, the range category of an
attack named from the tables, Table 3-4's change in words, the repair parties' roll, the
likely target of damage typed in, why no weapon can fire, and simultaneous fire."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from gmtool.rules.battle import (
    BattleState,
    advance,
    apply_damage_manually,
    attack_options,
    available_actions,
    declare_heading,
    end_battle,
    heading_outcomes,
    likely_target,
    no_fire_reason,
    roll_attack,
    roll_edge,
)
from gmtool.rules.battle.engine import range_change_text
from gmtool.rules.battle.steps import check_text
from gmtool.rules.checks import roll_check
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import narrative_table
from tests.rules.test_battle_helpers import ScriptedRandom, demo_battle, gorgon, positioned

CLOSING = {"a": ("close", None), "b": ("close", None)}


def at(range_category: str, step: str = "beam_and_projectile") -> BattleState:
    return positioned(
        demo_battle(), "attack", step, range_category=range_category, headings=CLOSING
    )


# -- checks ---------------------------------------------------------------------------------


def test_a_check_at_step_0_names_no_situation_die() -> None:
    check = roll_check(15, 0, ScriptedRandom([13]))
    assert check_text(check) == "d20 13 = 13 -> Ordinary"
    _, result = roll_edge(demo_battle(), ScriptedRandom([3, 9]))
    assert "+d0" not in result.text and "(+d0)" not in result.text
    assert "Captain Ines Calloway rolls 15 at +0: d20 3 = 3 -> Amazing" in result.text


def test_a_check_with_a_step_names_its_situation_die_and_roll() -> None:
    assert check_text(roll_check(15, 1, ScriptedRandom([9, 3]))) == "d20 9 +d4 3 = 12 -> Ordinary"
    assert check_text(roll_check(15, -2, ScriptedRandom([9, 4]))) == "d20 9 -d6 4 = 5 -> Good"


# -- attacks --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("range_category", "name", "step"),
    [
        ("very_close", "very close range (normal fire)", 0),
        ("close", "close range (normal fire)", 0),
        ("moderate", "moderate range (normal fire)", 0),
        ("long", "long range (long-range fire)", "long"),
    ],
)
def test_the_attack_step_names_the_range_category_and_its_modifier(
    range_category: str, name: str, step: int | str
) -> None:
    laser = next(o for o in attack_options(at(range_category)) if o.weapon == "15.1")
    found = {m.id: m for m in laser.target("gorgon").steps.modifiers}["long_range"]
    expected = narrative_table().long_range_step if step == "long" else step
    assert (found.name, found.step) == (name, expected)
    names = [m.name for m in laser.target("gorgon").steps.modifiers]
    assert "long range" not in names  # the old name, whatever the range


def test_the_fire_action_says_normal_or_long_range_fire() -> None:
    labels = [a.label for a in available_actions(at("long")) if a.action == "roll_attack"]
    assert "Fire CSS Meridian's heavy laser #1 (class C, long-range fire)" in labels
    labels = [a.label for a in available_actions(at("close")) if a.action == "roll_attack"]
    assert "Fire CSS Meridian's heavy laser #1 (class C, normal fire)" in labels


def test_fire_is_simultaneous_and_the_option_says_so() -> None:
    state = at("close")
    assert all(o.note == "" for o in attack_options(state))
    state, _ = apply_damage_manually(state, "gorgon", 20, "wound", random.Random(1))
    assert state.ship("gorgon").state == "disabled"
    pulse = next(o for o in attack_options(state) if o.ship_id == "gorgon")
    steps = {m.id: m for m in pulse.target("meridian").steps.modifiers}
    assert (steps["attacker_state"].name, steps["attacker_state"].step) == (
        "attacker operational",
        0,
    )
    assert pulse.note == (
        "Raider Gorgon is disabled now but fires this sub-phase as operational: fire is "
        "simultaneous, damage from this sub-phase counts from the next"
    )
    # The log says so too, under the attack.
    _, fired = roll_attack(state, pulse, "meridian", ScriptedRandom([19, 1]))
    assert pulse.note[1:] + "." in fired.text.splitlines()[1]
    state, _ = advance(state)  # torpedoes and special weapons: the damage counts now
    state, _ = advance(state)  # missile attacks
    missile = next(o for o in attack_options(state) if o.ship_id == "gorgon")
    steps = {m.id: m for m in missile.target("meridian").steps.modifiers}
    assert (steps["attacker_state"].name, steps["attacker_state"].step) == ("attacker disabled", 2)
    assert missile.note == ""


# -- why nothing can fire -------------------------------------------------------------------


def test_no_fire_reason_names_the_phase_and_when_weapons_fire() -> None:
    power = no_fire_reason(positioned(demo_battle(), "power"))
    assert power.startswith("it is the Power phase; weapons fire in the Attack phase later")
    assert "(beam and projectile weapons, torpedoes and special weapons" in power
    assert "of round 2" in no_fire_reason(positioned(demo_battle(), "repair"))
    contact = no_fire_reason(at("contact"))
    assert contact.startswith("none fires in the beam and projectile weapons sub-phase at contact")
    assert contact.endswith("later this phase: missile attacks")
    bombs = no_fire_reason(at("close", "bomb_attacks"))
    assert bombs.endswith("none is left for a later sub-phase this round")
    for reason in (power, contact, bombs):
        assert "(the attack phase); weapons fire in the attack phase" not in reason


# -- movement -------------------------------------------------------------------------------


def test_range_changes_are_said_in_words() -> None:
    assert range_change_text(-1) == "1 range category closer"
    assert range_change_text(-2) == "2 range categories closer"
    assert range_change_text(1) == "1 range category farther"
    assert range_change_text(2) == "2 range categories farther"


# -- repair ---------------------------------------------------------------------------------


def test_the_repair_parties_roll_is_said_in_the_games_words() -> None:
    state, _ = apply_damage_manually(demo_battle(), "meridian", 5, "wound", random.Random(1))
    crew = next(
        a
        for a in available_actions(positioned(state, "repair"))
        if a.label == "CSS Meridian's repair parties repair"
    )
    assert "by=" not in crew.note and "CREW" not in crew.note
    assert crew.note.startswith("CSS Meridian crew rolls 12 at +0;")
    assert "the repair parties make one roll a round" in crew.note


# -- the battle is over ---------------------------------------------------------------------


def test_a_finished_battle_is_named_not_quoted_in_refusals() -> None:
    state, _ = end_battle(demo_battle())
    with pytest.raises(RulesError) as refused:
        apply_damage_manually(state, "gorgon", 3, "wound", random.Random(1))
    assert str(refused.value) == "Ambush at Tarsus is over (it ended in round 1)"
    assert no_fire_reason(state) == "Ambush at Tarsus is over: no weapon fires any more"


# -- the likely target of damage typed in ---------------------------------------------------


def two_raiders() -> BattleState:
    raiders = (("gorgon", gorgon()), ("vex", replace(gorgon(), name="Marauder Vex")))
    return positioned(
        demo_battle(raiders=raiders),
        "attack",
        "beam_and_projectile",
        range_category="close",
        headings=CLOSING,
    )


def test_damage_typed_in_goes_to_an_enemy_by_default() -> None:
    state = two_raiders()
    assert likely_target(state) == "gorgon"  # no side acts: the enemy of side A
    assert likely_target(state, "a") == "gorgon"
    assert likely_target(state, "b") == "meridian"


def test_damage_typed_in_goes_to_the_ship_just_hit() -> None:
    state = two_raiders()
    vex = next(o for o in attack_options(state) if o.ship_id == "meridian")
    # The Meridian's laser hits the Vex (roll 2: Good) and the GM types the damage in.
    state, _ = roll_attack(state, vex, "vex", ScriptedRandom([2, 1]), roll_damage=False)
    assert likely_target(state) == "vex"
    # The Gorgon's pulse laser hits the Meridian: the ship just hit, whatever side acts.
    pulse = next(o for o in attack_options(state) if o.ship_id == "gorgon")
    state, _ = roll_attack(state, pulse, "meridian", ScriptedRandom([1, 1]), roll_damage=False)
    assert likely_target(state, "a") == "meridian"
    # A miss hits nobody: the ship hit last (the Meridian) is still the one just hit.
    second = next(o for o in attack_options(state) if o.ship_id == "meridian")
    state, _ = roll_attack(state, second, "gorgon", ScriptedRandom([19, 1]))
    assert likely_target(state, "a") == "meridian"
    assert likely_target(state, "b") == "meridian"


def test_with_no_hit_yet_damage_goes_to_the_other_sides_flagship() -> None:
    state = two_raiders()
    state = replace(state, sides=(state.sides[0], replace(state.sides[1], flagship="vex")))
    assert likely_target(state, "a") == "vex"  # not the first ship: the flagship
    assert likely_target(state, "b") == "meridian"


def test_no_likely_target_when_every_ship_is_destroyed() -> None:
    state = demo_battle()
    for ship in ("meridian", "gorgon"):
        state, _ = apply_damage_manually(state, ship, 200, "critical", random.Random(1))
    assert likely_target(state) is None


# -- headings: what each one does from the range the fleets are at --------------------------


def declaring(range_category: str) -> BattleState:
    """The Raiders (no edge) about to declare first, neither side declared this round."""
    state = positioned(
        demo_battle(), "movement", "opposing_declaration", range_category=range_category
    )
    return replace(
        state,
        sides=(replace(state.sides[0], declared=False), replace(state.sides[1], declared=False)),
    )


def heading_panel(state: BattleState) -> str:
    return next(a.note for a in available_actions(state) if a.action == "declare_heading")


def test_holding_says_what_it_does_to_the_range_not_only_the_arc() -> None:
    """RULES.md section 3: holding lets the commander pick the arc; Table 3-4: a holding fleet
    neither closes nor opens, so the range moves only by the other fleet's heading."""
    note = heading_panel(declaring("close"))
    assert "holding: pick the arc toward the enemy" not in note
    assert note.splitlines() == [
        "From close range; Navy declares after:",
        "closing: forward arc; very close whatever Navy does",
        "holding: neither closes nor opens; you pick the arc (forward, aft, port or "
        "starboard); very close if Navy closes, stays close if it holds, moderate if it opens",
        "opening: aft arc; moderate if Navy closes or holds, long if it opens",
    ]


def test_the_side_declaring_second_sees_each_headings_range() -> None:
    state = declaring("very_close")
    state, _ = declare_heading(state, "b", "hold", "port")
    state, result = advance(state)
    assert result.text.startswith("Round 1: the Movement phase (Edge side declares")
    note = heading_panel(state)
    assert note.splitlines()[0] == "From very close range; Raiders is holding:"
    assert "closing: forward arc; stays very close" in note  # no nearer than very close
    assert note.splitlines()[-1] == "opening: aft arc; close"
    assert heading_outcomes(state, "a") == {
        "close": "stays very close",
        "hold": "stays very close",
        "open": "close",
    }


def test_a_declared_heading_says_its_words_and_arc() -> None:
    _, result = declare_heading(declaring("long"), "b", "hold", "port")
    assert result.text == "Raiders declares holding (port arc toward the enemy)."
