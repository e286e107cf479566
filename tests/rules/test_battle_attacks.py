"""Attacks in a battle: which weapons fire at each range and heading, their step modifiers,
who rolls them, damage with roll-over, crew losses, and the hazard rolls of the crew aboard."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from gmtool.rules.battle import (
    AttackOption,
    BattleState,
    advance,
    apply_damage_manually,
    assign_gunner,
    attack_options,
    available_actions,
    knock_out_system,
    quick_ship_spec,
    roll_attack,
    roll_leadership,
    roll_repair,
)
from gmtool.rules.crew_losses import casualties
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import Assignment
from tests.rules.test_battle_helpers import (
    ScriptedRandom,
    demo_battle,
    gorgon,
    party,
    positioned,
)

CLOSING = {"a": ("close", None), "b": ("close", None)}


def at(
    range_category: str,
    step: str = "beam_and_projectile",
    headings: dict[str, tuple[str, str | None]] | None = None,
    state: BattleState | None = None,
) -> BattleState:
    return positioned(
        state or demo_battle(),
        "attack",
        step,
        range_category=range_category,
        headings=headings or CLOSING,
    )


def meridian_fire(state: BattleState, every_step: bool = True) -> dict[str, tuple[str, str, str]]:
    """Meridian's weapons that can fire: mount -> (class, mode, attack sub-phase)."""
    return {
        o.weapon: (o.weapon_class, o.mode, o.attack_phase)
        for o in attack_options(state, every_step=every_step)
        if o.ship_id == "meridian"
    }


LASERS = ("15.1", "15.2")
MISSILES = ("18.1", "18.2")


@pytest.mark.parametrize(
    ("range_category", "expected"),
    [
        ("disengaged", {}),
        ("contact", {m: ("A", "normal", "missile_attacks") for m in MISSILES}),
        ("extreme", {m: ("A", "normal", "missile_attacks") for m in MISSILES}),
        (
            "long",
            {m: ("C", "long", "beam_and_projectile") for m in LASERS}
            | {m: ("A", "normal", "missile_attacks") for m in MISSILES},
        ),
        (
            "moderate",
            {m: ("C", "normal", "beam_and_projectile") for m in LASERS}
            | {m: ("A", "normal", "missile_attacks") for m in MISSILES},
        ),
        (
            "close",
            {m: ("C", "normal", "beam_and_projectile") for m in LASERS}
            | {m: ("A", "normal", "missile_attacks") for m in MISSILES},
        ),
        (
            "very_close",
            {m: ("C", "normal", "beam_and_projectile") for m in LASERS}
            | {m: ("F", "normal", "missile_attacks") for m in MISSILES},
        ),
    ],
)
def test_weapons_that_fire_at_each_range_when_closing(
    range_category: str, expected: dict[str, tuple[str, str, str]]
) -> None:
    # Closing brings the forward lasers and the turret missiles to bear, never the broadside
    # mass cannons (16.1 port, 17.1 starboard).
    assert meridian_fire(at(range_category)) == expected


def test_only_the_current_sub_phase_fires() -> None:
    state = at("close")
    now = attack_options(state)
    assert {(o.ship_id, o.weapon) for o in now} == {
        ("meridian", "15.1"),
        ("meridian", "15.2"),
        ("gorgon", "8.1"),
        ("gorgon", "8.2"),
    }
    missiles = at("close", "missile_attacks")
    assert {o.weapon for o in attack_options(missiles)} == {"18.1", "18.2", "9.1"}
    assert attack_options(at("close", "bomb_attacks")) == []
    assert attack_options(positioned(demo_battle(), "repair")) == []


@pytest.mark.parametrize(
    ("heading", "held", "bearing"),
    [
        ("hold", "port", {"16.1", *MISSILES}),
        ("hold", "starboard", {"17.1", *MISSILES}),
        ("hold", None, {*LASERS, *MISSILES}),  # holding without an arc named: the bow
        ("hold", "aft", set(MISSILES)),
        ("open", None, set(MISSILES)),
    ],
)
def test_the_heading_decides_which_arcs_bear(
    heading: str, held: str | None, bearing: set[str]
) -> None:
    state = at("close", headings={"a": (heading, held), "b": ("close", None)})
    assert set(meridian_fire(state)) == bearing


def option(state: BattleState, weapon: str, ship: str = "meridian") -> AttackOption:
    return next(
        o
        for o in attack_options(state, every_step=True)
        if o.ship_id == ship and o.weapon == weapon
    )


def modifiers(opt: AttackOption, target: str) -> dict[str, int]:
    return {m.id: m.step for m in opt.target(target).steps.modifiers}


def test_long_range_fire_lists_every_step_modifier() -> None:
    state = at("long")
    laser = option(state, "15.1")
    assert laser.mode == "long"
    assert modifiers(laser, "gorgon") == {
        "long_range": 3,
        "target_size": 1,
        "attacker_state": 0,
        "target_state": 0,
        "leadership": 0,
        "sensors": 0,  # an Ordinary sensor check (the helper's default): +0
    }
    assert laser.target("gorgon").step == 4
    missile = option(state, "18.1")
    assert modifiers(missile, "gorgon")["long_range"] == 0
    assert missile.target("gorgon").step == 1


def test_a_gunner_fires_their_battery_with_their_own_skill() -> None:
    # RULES.md section 3 (third reading): a gunner at heavy laser #1 serves the battery, so
    # #2 rolls her score too (the crew's 12 before).
    state = at("close")
    first, second = option(state, "15.1"), option(state, "15.2")
    assert state.ship("meridian").gunners == {"15.1": "tamsin-oyelaran"}
    assert (first.roller.character_id, first.score, first.roller.skill) == (
        "tamsin-oyelaran",
        15,
        "system_operation-weapons",
    )
    assert (second.roller.character_id, second.score) == ("tamsin-oyelaran", 15)
    assert option(state, "8.1", ship="gorgon").score == 10


def test_the_battery_is_the_gunners_one_roll_of_the_round() -> None:
    state = at("close")
    state, first = roll_attack(state, ("meridian", "15.1"), "gorgon", random.Random(3))
    assert "Tamsin" in first.text
    second = option(state, "15.2")  # the same line: her one roll is not used up
    assert (second.roller.character_id, second.score) == ("tamsin-oyelaran", 15)
    state, result = roll_attack(state, second, "gorgon", random.Random(4))
    assert "Tamsin" in result.text and state.ship("meridian").fired == ("15.1", "15.2")
    assert state.ship("meridian").fired_by == {"15.1": "tamsin-oyelaran", "15.2": "tamsin-oyelaran"}


def test_a_gunner_with_only_the_broad_skill_fires_at_plus_one() -> None:
    crew = party()
    moved = tuple(
        replace(a, place="weapons_and_defenses", posture="secure")
        if a.character_id == "priya-salo"
        else a
        for a in crew.assignments
    )
    state = at("close", state=demo_battle(assignments=moved))
    assert state.ship("meridian").gunners == {"15.1": "tamsin-oyelaran", "15.2": "priya-salo"}
    second = option(state, "15.2")
    assert second.score == 14 and modifiers(second, "gorgon")["base"] == 1


def test_gunners_can_be_moved_between_mounts() -> None:
    state = at("close")
    state, result = assign_gunner(state, "meridian", "15.2", "tamsin-oyelaran")
    assert state.ship("meridian").gunners == {"15.2": "tamsin-oyelaran"}
    assert "mans CSS Meridian's heavy laser #2, serving its battery" in result.text
    assert option(state, "15.1").roller.character_id == "tamsin-oyelaran"  # the battery
    state, result = assign_gunner(state, "meridian", "15.1", None)
    assert "Ensign Tamsin Oyelaran serves the battery, so still fires" in result.text
    assert option(state, "15.1").roller.character_id == "tamsin-oyelaran"
    with pytest.raises(RulesError, match="not at"):
        assign_gunner(state, "meridian", "15.1", "dorran-vek")
    with pytest.raises(RulesError, match="not a weapon"):
        assign_gunner(state, "meridian", "0.1", None)


def test_durability_states_of_attacker_and_target_change_the_step() -> None:
    rng = random.Random(4)
    state = demo_battle()
    state, _ = apply_damage_manually(state, "meridian", 80, "stun", rng)
    state, _ = apply_damage_manually(state, "gorgon", 20, "wound", rng)
    state = at("close", state=state)
    assert (state.ship("meridian").state, state.ship("gorgon").state) == ("shaken", "disabled")
    steps = modifiers(option(state, "15.1"), "gorgon")
    assert (steps["attacker_state"], steps["target_state"]) == (1, -1)


def test_fire_in_one_sub_phase_is_simultaneous() -> None:
    state = at("close")
    state, _ = apply_damage_manually(state, "gorgon", 5, "critical", random.Random(1))
    assert state.ship("gorgon").destroyed
    # The wreck still fires this sub-phase with the state it had when the sub-phase began ...
    assert {o.weapon for o in attack_options(state) if o.ship_id == "gorgon"} == {"8.1", "8.2"}
    # ... but it is no target, and it fires no more once the next sub-phase begins.
    assert all(o.targets == () or o.ship_id == "gorgon" for o in attack_options(state))
    assert [o for o in attack_options(state) if o.ship_id == "meridian"] == []
    state, _ = advance(state)
    assert attack_options(state) == []


def test_leadership_helps_one_crew_roll_at_the_weapons_station() -> None:
    crew = party()
    leading = tuple(
        Assignment(
            "ines-calloway", "meridian", "command", "secure", "leading", "weapons_and_defenses"
        )
        if a.character_id == "ines-calloway"
        else a
        for a in crew.assignments
    )
    state = at("close", state=demo_battle(assignments=leading))
    leaders = [a.character_id for a in available_actions(state) if a.action == "roll_leadership"]
    assert leaders == ["ines-calloway"]
    # Once the attack phase is over, leading the gunners would help no roll: not offered.
    later = positioned(state, "repair")
    assert "roll_leadership" not in {a.action for a in available_actions(later)}
    # Leadership--command 16: a roll of 5 is Good (at most 8): -2 steps.
    state, result = roll_leadership(state, "ines-calloway", ScriptedRandom([5]))
    assert state.ship("meridian").leadership == {"weapons_and_defenses": "good"}
    assert "-2 step" in result.text
    # Tamsin serves the laser battery: both mounts are her own rolls.
    assert modifiers(option(state, "15.1"), "gorgon")["leadership"] == 0
    assert modifiers(option(state, "15.2"), "gorgon")["leadership"] == 0
    with pytest.raises(RulesError, match="one roll this round"):
        roll_leadership(state, "ines-calloway", ScriptedRandom([5]))
    missiles = at("close", "missile_attacks", state=state)
    assert modifiers(option(missiles, "18.1"), "gorgon")["leadership"] == -2
    # The crew's missile (+1 target size, -2 leadership: -d4) spends it, hit or miss.
    state, result = roll_attack(missiles, ("meridian", "18.1"), "gorgon", ScriptedRandom([19, 1]))
    assert result.rolls[0]["step"] == -1
    assert state.ship("meridian").leadership == {}
    assert modifiers(option(state, "18.2"), "gorgon")["leadership"] == 0


def test_an_attack_rolls_the_check_then_the_weapons_damage() -> None:
    state = at("close")
    laser = option(state, "15.1")
    # Tamsin 15 at +1 (target size): d20 10 + d4 2 = 12, Ordinary; d6+1w: 4 + 1 = 5 wound.
    state, result = roll_attack(state, laser, "gorgon", ScriptedRandom([10, 2, 4]))
    assert state.ship("gorgon").damage.marked["wound"] == 5
    assert [r["kind"] for r in result.rolls] == ["check", "dice"]
    assert result.rolls[0]["degree"] == "ordinary" and result.rolls[1]["total"] == 5
    assert result.rolls[0]["for"] == "CSS Meridian heavy laser #1 at Raider Gorgon"
    assert result.hazards == ()
    assert state.ship("meridian").fired == ("15.1",)
    assert "tamsin-oyelaran" in state.acted
    assert "15.1" not in {o.weapon for o in attack_options(state)}
    with pytest.raises(RulesError, match="already fired"):
        roll_attack(state, laser, "gorgon", ScriptedRandom([10, 2, 4]))


def test_a_miss_does_no_damage_and_the_weapon_is_spent() -> None:
    state = at("close")
    state, result = roll_attack(state, option(state, "15.2"), "gorgon", ScriptedRandom([19, 4]))
    assert "A miss." in result.text and len(result.rolls) == 1
    assert result.damage_to_type_in == ()
    assert not any(state.ship("gorgon").damage.marked.values())
    assert state.ship("meridian").fired == ("15.2",)


def test_damage_rolls_over_two_for_one_and_crew_losses_follow() -> None:
    state = at("close")
    state, _ = apply_damage_manually(state, "gorgon", 18, "wound", random.Random(1))
    # Good (d20 5 + d4 1 = 6, at most 7): d6+3w rolls 3 -> 6 wound: 2 fit, 4 over -> 2 mortal.
    state, result = roll_attack(state, option(state, "15.1"), "gorgon", ScriptedRandom([5, 1, 3]))
    ship = state.ship("gorgon")
    assert ship.damage.marked == {"stun": 0, "wound": 20, "mortal": 2, "critical": 0}
    assert ship.state == "disabled"
    assert "rolling over 2 for 1" in result.text and "marks 2 wound, 2 mortal" in result.text
    assert ship.crew_losses == casualties(94, ship.damage.points, ship.damage.marked)
    assert f"crew losses {ship.crew_losses['total']} of 94" in result.text


def test_crew_losses_do_not_come_back_with_repairs() -> None:
    state = positioned(demo_battle(), "repair")
    state, _ = apply_damage_manually(state, "gorgon", 8, "wound", random.Random(1))
    losses = state.ship("gorgon").crew_losses
    assert losses["total"] > 0
    # The raider's repair parties (crew 10): d20 2 is Amazing: 3 wound repaired.
    state, _ = roll_repair(state, "gorgon", ScriptedRandom([2]), track="wound")
    assert state.ship("gorgon").damage.marked["wound"] == 5
    assert state.ship("gorgon").crew_losses == losses


def test_damage_to_a_ship_rolls_hazards_for_everyone_aboard() -> None:
    state = at("close")
    pulse = option(state, "8.1", ship="gorgon")
    # Gorgon crew 10 at +0: d20 8, Ordinary; d4+1w: 3 -> 4 wound on the Meridian (medium:
    # endangered on 1-3). Calloway rolls 1: Personality 13 feat at +1 (d4): 15 + 1 = 16,
    # Failure; secure: 1d8w rolls 5. Everyone else rolls 20: safe.
    dice = [8, 3, 1, 15, 1, 5, 20, 20, 20, 20, 20]
    state, result = roll_attack(state, pulse, "meridian", ScriptedRandom(dice))
    assert [h.character_id for h in result.hazards] == [
        "ines-calloway",
        "dorran-vek",
        "tamsin-oyelaran",
        "halvard-rusk",
        "priya-salo",
        "bram-adeyemi",
    ]
    assert all(h.track == "wound" and h.endangered_on == 3 for h in result.hazards)
    assert [h.endangered for h in result.hazards] == [True] + [False] * 5
    assert state.character("ines-calloway").damage == {"stun": 2, "wound": 5, "mortal": 0}
    kinds = [r["for"] for r in result.rolls]
    assert kinds[:2] == ["Raider Gorgon pulse laser #1 at CSS Meridian", "Ordinary hit: damage"]
    assert sum(k.startswith("hazard to") for k in kinds) == 6
    assert "injury to Captain Ines Calloway" in kinds
    assert "ines-calloway" in state.events[-1].characters
    assert "dorran-vek" not in state.events[-1].characters  # a safe roll is no deed


def test_hazards_use_the_most_severe_track_a_hit_marks() -> None:
    state = demo_battle()
    state, _ = apply_damage_manually(state, "meridian", 78, "wound", ScriptedRandom([20] * 6))
    state, result = apply_damage_manually(state, "meridian", 6, "wound", ScriptedRandom([20] * 6))
    assert state.ship("meridian").damage.marked["mortal"] == 2
    assert {h.track for h in result.hazards} == {"mortal"}
    assert {h.endangered_on for h in result.hazards} == {4}


def test_damage_that_marks_nothing_endangers_nobody() -> None:
    _, result = apply_damage_manually(demo_battle(), "meridian", 0, "wound", ScriptedRandom([]))
    assert result.hazards == () and "marks nothing" in result.text


def test_characters_who_left_the_ship_roll_no_hazard() -> None:
    from gmtool.rules.battle import leave_ship

    state, _ = leave_ship(demo_battle(), "priya-salo")
    state, result = apply_damage_manually(state, "meridian", 3, "stun", ScriptedRandom([20] * 5))
    assert "priya-salo" not in {h.character_id for h in result.hazards}
    assert len(result.hazards) == 5


def test_a_knocked_out_weapon_does_not_fire_until_repaired() -> None:
    state = at("close")
    state, _ = knock_out_system(state, "meridian", "15.2")
    assert "15.2" not in meridian_fire(state)
    with pytest.raises(RulesError, match="already knocked out"):
        knock_out_system(state, "meridian", "15.2")
    repair = positioned(state, "repair")
    # The repair parties (crew 12): d20 4, Good: back on line.
    repair, result = roll_repair(repair, "meridian", ScriptedRandom([4]), system="15.2")
    assert repair.ship("meridian").systems_out == () and "back on line" in result.text


def test_a_hit_without_a_damage_roll_for_its_degree_is_typed_in() -> None:
    spec = quick_ship_spec(
        "Picket",
        "light",
        80,
        weapons=[{"type": "beam", "firepower": "light", "damage": {"ordinary": "d4w"}}],
    )
    state = at("close", state=demo_battle(raiders=(("picket", spec),)))
    beam = option(state, "0.1", ship="picket")
    # Crew 12 at +0: a natural 1 is Amazing; the spec gives no Amazing damage.
    state, result = roll_attack(state, beam, "meridian", ScriptedRandom([1]))
    assert "type the damage in" in result.text
    assert result.damage_to_type_in == ("meridian",)  # the app opens its form on this
    assert not any(state.ship("meridian").damage.marked.values())


def test_a_destroyed_ship_is_no_target() -> None:
    state = demo_battle(raiders=(("gorgon", gorgon()), ("gorgon-2", gorgon())))
    state = at("close", state=state)
    assert [t.ship_id for t in option(state, "15.1").targets] == ["gorgon", "gorgon-2"]
    state, _ = apply_damage_manually(state, "gorgon", 5, "critical", random.Random(1))
    assert [t.ship_id for t in option(state, "15.1").targets] == ["gorgon-2"]
    with pytest.raises(RulesError, match="cannot fire at 'gorgon'"):
        roll_attack(state, option(state, "15.1"), "gorgon", random.Random(1))
    with pytest.raises(RulesError, match="already destroyed"):
        apply_damage_manually(state, "gorgon", 1, "stun", random.Random(1))


def test_the_gm_may_roll_the_damage_at_the_table_instead() -> None:
    state = at("close")
    state, result = roll_attack(
        state, option(state, "15.1"), "gorgon", ScriptedRandom([10, 2]), roll_damage=False
    )
    assert "A hit (Ordinary): type the damage in." in result.text and len(result.rolls) == 1
    assert result.damage_to_type_in == ("gorgon",)
    state, result = apply_damage_manually(
        state, "gorgon", 7, "wound", ScriptedRandom([]), note="d6+1w"
    )
    assert state.ship("gorgon").damage.marked["wound"] == 7
    assert "damage typed in: d6+1w" in result.text
