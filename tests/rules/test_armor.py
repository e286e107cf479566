"""RULES.md section 5: a hazard's injury is of the damage type of the weapon that hit, at Good
firepower; a character's armor rolls its protection against it, and toughness above the
firepower moves what is left down a track (tables/armor.yaml)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gmtool.rules.armor import Armor, armor_against
from gmtool.rules.characters import Character, character_from_dict, parse_party, party_to_yaml
from gmtool.rules.errors import TableError
from gmtool.rules.hazards import HazardOutcome, roll_hazard
from gmtool.rules.roll_records import hazard_records
from gmtool.rules.ships import ship_spec_from_dict
from tests.rules.test_battle_helpers import ScriptedRandom

ABILITIES = {
    "strength": 10,
    "dexterity": 10,
    "constitution": 10,
    "intelligence": 10,
    "will": 10,
    "personality": 10,
}


def wearing(armor: dict[str, Any] | None) -> Character:
    data: dict[str, Any] = {"id": "kit", "name": "Kit", "kind": "npc", "abilities": ABILITIES}
    if armor is not None:
        data["armor"] = armor
    return character_from_dict(data)


def spec(weapon: dict[str, Any]) -> Any:
    return ship_spec_from_dict(
        {"name": "T", "class": "light", "hull_points": 40, "systems": [weapon]}
    )


# -- the weapon's damage type -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon_type", "expected"),
    [("beam", "energy"), ("projectile", "high_impact"), ("torpedo", "high_impact")],
)
def test_a_weapon_without_damage_type_takes_its_types_default(
    weapon_type: str, expected: str
) -> None:
    assert spec({"type": weapon_type}).systems[0].damage_type == expected


def test_a_weapons_own_damage_type_wins_and_round_trips() -> None:
    ship = spec({"type": "torpedo", "name": "plasma torpedo", "damage_type": "energy"})
    assert ship.systems[0].damage_type == "energy"
    assert ship_spec_from_dict(ship.to_dict()).systems[0].damage_type == "energy"


def test_damage_type_is_refused_on_a_non_weapon_and_when_unknown() -> None:
    with pytest.raises(TableError, match="only weapons have one"):
        spec({"type": "engine", "damage_type": "energy"})
    with pytest.raises(TableError, match=r"systems\[0\]\.damage_type"):
        spec({"type": "beam", "damage_type": "plasma"})


# -- armor in the party file ------------------------------------------------------------------

VEST = {"name": "battle vest", "protection": {"energy": "d6-2", "high_impact": "d6-1"}}


def test_armor_is_read_from_the_party_file_and_written_back() -> None:
    kit = wearing({**VEST, "toughness": "good"})
    assert kit.armor == Armor("battle vest", {"energy": "d6-2", "high_impact": "d6-1"}, "good")
    assert wearing(VEST).armor is not None and wearing(VEST).armor.toughness == "ordinary"
    again = parse_party(party_to_yaml([kit]), "party.yaml")
    assert again.characters[0].armor == kit.armor
    assert Character.from_dict(kit.to_dict()) == kit


@pytest.mark.parametrize(
    ("armor", "where"),
    [
        ({"name": "vest", "protection": {"energy": "d6+2w"}}, "armor.protection.energy"),
        ({"name": "vest", "protection": {"plasma": "d6"}}, "armor.protection"),
        ({"name": "vest", "toughness": "superb"}, "armor.toughness"),
    ],
)
def test_bad_armor_is_refused_naming_the_key(armor: dict[str, Any], where: str) -> None:
    with pytest.raises(TableError) as caught:
        wearing(armor)
    assert where in str(caught.value)


# -- the injury -------------------------------------------------------------------------------


def endangered_failure(extra: list[int]) -> ScriptedRandom:
    """Hazard d20 1 (endangered), feat d20 15 + d4 2 = 17 against 10 (Failure): a secure
    character's 1d8 wound, then `extra`."""
    return ScriptedRandom([1, 15, 2, *extra])


def test_armor_protection_is_rolled_against_the_weapons_damage_type() -> None:
    kit = wearing(VEST)
    # 1d8w rolls 6; the vest's d6-2 against energy rolls 5: 3 stopped, 3 wound left.
    outcome = roll_hazard("light", "mortal", kit, "secure", endangered_failure([6, 5]), "energy")
    assert outcome.injury_total == 6 and outcome.armor is not None
    assert (outcome.armor.stopped, outcome.armor.points, outcome.armor.track) == (3, 3, "wound")
    assert outcome.damage is not None and outcome.damage.dealt["wound"] == 3
    assert outcome.damage_type == "energy"
    assert HazardOutcome.from_dict(outcome.to_dict()) == outcome
    armor_roll = hazard_records(outcome, "Kit", "test")[-1]
    assert armor_roll["for"] == "Kit's armor against energy" and armor_roll["total"] == 3


def test_no_protection_against_a_type_the_armor_does_not_list() -> None:
    kit = wearing({"name": "flak jacket", "protection": {"high_impact": "d6"}})
    outcome = roll_hazard("light", "mortal", kit, "secure", endangered_failure([6]), "energy")
    assert outcome.armor is not None and outcome.armor.protection is None
    assert outcome.damage is not None and outcome.damage.dealt["wound"] == 6


def test_damage_no_weapon_caused_counts_as_high_impact() -> None:
    kit = wearing(VEST)
    outcome = roll_hazard("light", "mortal", kit, "secure", endangered_failure([6, 3]))
    assert outcome.damage_type == "high_impact"
    assert outcome.armor is not None and outcome.armor.stopped == 2  # d6-1 rolled 3


def test_amazing_toughness_against_good_firepower_moves_the_injury_down_a_track() -> None:
    kit = wearing({"name": "powered armor", "toughness": "amazing"})
    outcome = roll_hazard("light", "mortal", kit, "secure", endangered_failure([6]), "energy")
    assert outcome.armor is not None and outcome.armor.grades_down == 1
    assert outcome.damage is not None and outcome.damage.kind == "stun"
    assert outcome.damage.dealt["stun"] == 6 and outcome.damage.dealt["wound"] == 0


@pytest.mark.parametrize(
    ("toughness", "firepower", "track", "expected"),
    [
        ("good", "good", "mortal", "mortal"),  # not above: nothing moves
        ("amazing", "good", "mortal", "wound"),
        ("amazing", "ordinary", "mortal", "stun"),  # two grades: two tracks
        ("amazing", "good", "stun", "stun"),  # stun stays stun
    ],
)
def test_firepower_below_toughness(
    toughness: str, firepower: str, track: str, expected: str
) -> None:
    result = armor_against(
        Armor("a", {}, toughness), "energy", 4, track, random.Random(0), firepower
    )
    assert (result.track, result.points) == (expected, 4)


def test_without_armor_the_injury_is_as_rolled() -> None:
    outcome = roll_hazard("light", "mortal", wearing(None), "secure", endangered_failure([6]))
    assert outcome.armor is None and outcome.damage is not None
    assert outcome.damage.dealt["wound"] == 6


# -- in a battle --------------------------------------------------------------------------------


class ThenRandom(ScriptedRandom):
    """The scripted dice first, then seeded random ones."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(values)
        self.rest = random.Random(7)

    def randint(self, a: int, b: int) -> int:
        return super().randint(a, b) if self.values else self.rest.randint(a, b)


def test_a_beam_hit_endangers_the_crew_with_energy_injuries() -> None:
    from gmtool.rules.battle import attack_options, roll_attack
    from tests.rules.test_battle_helpers import demo_battle, positioned

    state = positioned(
        demo_battle(),
        "attack",
        "beam_and_projectile",
        range_category="close",
        headings={"a": ("close", None), "b": ("close", None)},
    )
    laser = next(o for o in attack_options(state) if o.ship_id == "gorgon")
    assert laser.system_type == "beam"
    # The Gorgon's green crew (10) rolls 2: a Good hit; d4+2w rolls 4: 6 wound on the Meridian.
    _, result = roll_attack(state, laser, "meridian", ThenRandom([2, 4]))
    assert result.hazards  # every character aboard rolled
    assert {h.damage_type for h in result.hazards} == {"energy"}
