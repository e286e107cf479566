"""RULES.md section 3: where a character's skill replaces the crew check (weapons console,
helm, sensors) the better of the two scores rolls and both are shown; a single-seat fighter's
pilot uses Vehicle Operation--spacecraft for attacks, sensors and every other crew check."""

from __future__ import annotations

from msgspec.structs import replace

from gmtool.rules.battle import BattleState, attack_options, roll_sensors, set_power
from gmtool.rules.battle.plans import plan_roll
from gmtool.rules.ships import ShipSpec, ship_spec_from_dict
from gmtool.rules.stations import Assignment
from tests.rules.test_battle_helpers import (
    ScriptedRandom,
    demo_battle,
    meridian,
    party,
    positioned,
)

CLOSING: dict[str, tuple[str, str | None]] = {"a": ("close", None), "b": ("close", None)}


def moved(character_id: str, ship_id: str, place: str) -> tuple[Assignment, ...]:
    """The demo party's assignments with one character put elsewhere."""
    return tuple(
        replace(a, ship_id=ship_id, place=place, posture="secure")
        if a.character_id == character_id
        else a
        for a in party().assignments
    )


def test_the_crew_check_rolls_when_it_is_the_better_score() -> None:
    # Vek's System Operation--sensors is 12; a veteran crew's check is 14.
    veteran = replace(meridian(), crew_quality="veteran")
    state = demo_battle(
        navy=(("meridian", veteran),), assignments=moved("dorran-vek", "meridian", "sensors")
    )
    state = positioned(state, "sensor", range_category="close")
    plan = plan_roll(state, state.ship("meridian"), "sensors")
    assert plan.roller.character_id == "dorran-vek"  # he still makes the roll...
    assert plan.score == 14  # ...at the crew's score
    state, result = roll_sensors(state, "meridian", ScriptedRandom([9]))
    assert "Lieutenant Dorran Vek rolls 14" in result.text
    assert "the better of System Operation—sensors 12 and the crew check 14" in result.text
    assert "dorran-vek" in state.acted


def test_the_characters_skill_rolls_when_it_is_the_better_score() -> None:
    state = positioned(
        demo_battle(), "attack", "beam_and_projectile", range_category="close", headings=CLOSING
    )
    (laser,) = [o for o in attack_options(state) if o.weapon == "15.1"]
    assert laser.roller.character_id == "tamsin-oyelaran" and laser.score == 15
    assert laser.roller.rolls_text() == (
        "Ensign Tamsin Oyelaran rolls 15 (the better of System Operation—weapons 15 and the "
        "crew check 12)"
    )


def test_a_broad_skill_at_the_same_score_loses_to_the_crew_check() -> None:
    # Salo has only the broad System Operation 14 (+1 step); a crack crew rolls 16, a
    # veteran 14 at +0: both better. A trained crew's 12 is not.
    for quality, score in (("crack", 16), ("veteran", 14), ("trained", 14)):
        ship = replace(meridian(), crew_quality=quality)
        state = demo_battle(
            navy=(("meridian", ship),), assignments=moved("priya-salo", "meridian", "sensors")
        )
        state = positioned(state, "sensor", range_category="close")
        plan = plan_roll(state, state.ship("meridian"), "sensors", "priya-salo")
        assert plan.score == score, quality
        assert plan.roller.basis == ("broad" if quality == "trained" else "crew"), quality


def wasp() -> ShipSpec:
    return ship_spec_from_dict(
        {
            "name": "Wasp",
            "class": "small",
            "hull_points": 20,
            "single_seat": True,
            "crew_quality": "green",
            "systems": [
                {"type": "engine", "hp": 2},
                {"type": "power_plant", "hp": 2, "power": 4},
                {"type": "sensor", "power": 1},
                {"type": "beam", "firepower": "light", "arc": "forward", "power": 2},
            ],
        }
    )


def fighter_battle() -> BattleState:
    navy = (("meridian", meridian()), ("wasp", wasp()))
    return demo_battle(navy=navy, assignments=moved("dorran-vek", "wasp", "bridge"))


def test_a_single_seat_pilot_uses_vehicle_operation_for_sensors_attacks_and_power() -> None:
    state = fighter_battle()
    # Sensors: Vek sits at the bridge, not the sensors station, and rolls his Vehicle
    # Operation--spacecraft 17 against the fighter's green crew check 10.
    sensing = positioned(state, "sensor", range_category="close")
    _, result = roll_sensors(sensing, "wasp", ScriptedRandom([4]))
    assert "Lieutenant Dorran Vek rolls 17" in result.text
    assert "the better of Vehicle Operation—spacecraft 17 and the crew check 10" in result.text
    # The attack roll, with no gunner assigned: the pilot fires.
    attack = positioned(
        state, "attack", "beam_and_projectile", range_category="close", headings=CLOSING
    )
    (gun,) = [o for o in attack_options(attack) if o.ship_id == "wasp"]
    assert (gun.roller.character_id, gun.score) == ("dorran-vek", 17)
    # Power distribution, another crew check.
    power = positioned(state, "power")
    _, result = set_power(power, "wasp", ScriptedRandom([4]))
    assert "Lieutenant Dorran Vek rolls 17" in result.text


def test_without_single_seat_the_pilot_keeps_to_the_helm() -> None:
    navy = (("meridian", meridian()), ("wasp", replace(wasp(), single_seat=False)))
    state = demo_battle(navy=navy, assignments=moved("dorran-vek", "wasp", "bridge"))
    sensing = positioned(state, "sensor", range_category="close")
    plan = plan_roll(sensing, sensing.ship("wasp"), "sensors")
    assert plan.roller.character_id is None  # the bridge is not a sensors station
    helm = plan_roll(sensing, sensing.ship("wasp"), "helm")
    assert (helm.roller.character_id, helm.score) == ("dorran-vek", 17)


def test_at_the_helm_a_worse_pilot_rolls_the_crew_check() -> None:
    # Calloway has only the broad Vehicle Operation 9 (+1 step); the Meridian's trained crew
    # checks at 12. Vek (17) is moved off the bridge.
    assignments = tuple(
        replace(a, place="bridge")
        if a.character_id == "ines-calloway"
        else replace(a, place="sickbay")
        if a.character_id == "dorran-vek"
        else a
        for a in party().assignments
    )
    state = demo_battle(assignments=assignments)
    plan = plan_roll(state, state.ship("meridian"), "helm")
    assert plan.roller.character_id == "ines-calloway" and plan.score == 12
    assert plan.roller.rolls_text() == (
        "Captain Ines Calloway rolls 12 (the better of Vehicle Operation 9 at +1 and the crew "
        "check 12)"
    )
