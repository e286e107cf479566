"""Character armor and the damage types it protects against (tables/armor.yaml).

A hazard's injury is low impact, high impact or energy by the weapon that hit the ship, at
Good firepower. A character's armor (party file: protection dice per damage type and a
toughness) rolls its protection against the injury, and a toughness above the firepower
moves what is left down a track. How that is read from the core rules is in the YAML.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import msgspec

from gmtool.rules.dice import DiceError, parse, roll
from gmtool.rules.errors import RulesError
from gmtool.rules.tables import Node, cached_table, load_table

ARMOR_KEYS = frozenset({"name", "protection", "toughness"})


class ArmorTable(msgspec.Struct, frozen=True):
    damage_types: dict[str, str]  # id -> name
    other_damage_type: str
    grades: tuple[str, ...]  # weakest first
    hazard_firepower: str
    default_toughness: str
    lower_track: dict[str, str]  # track -> the track one grade of toughness moves it to

    def damage_type_name(self, damage_type: str) -> str:
        return self.damage_types.get(damage_type, damage_type)


@cached_table
def armor_table() -> ArmorTable:
    root = load_table("armor")
    root.only_keys(
        {
            "damage_types",
            "other_damage_type",
            "grades",
            "hazard_firepower",
            "default_toughness",
            "firepower_below_toughness",
        },
        what="armor table",
    )
    types = {str(k): v.str() for k, v in root["damage_types"].items()}
    if not types:
        raise root["damage_types"].error("at least one damage type")
    grades = tuple(item.str() for item in root["grades"].list())
    if len(set(grades)) != len(grades) or not grades:
        raise root["grades"].error("grades listed once each, weakest first")
    lower = root["firepower_below_toughness"]
    tracks = ("stun", "wound", "mortal")
    lower.only_keys(set(tracks), what="firepower_below_toughness")
    return ArmorTable(
        damage_types=types,
        other_damage_type=root["other_damage_type"].choice(list(types)),
        grades=grades,
        hazard_firepower=root["hazard_firepower"].choice(list(grades)),
        default_toughness=root["default_toughness"].choice(list(grades)),
        lower_track={t: lower[t].choice(list(tracks)) for t in tracks},
    )


def damage_type_ids() -> tuple[str, ...]:
    return tuple(armor_table().damage_types)


class Armor(msgspec.Struct, frozen=True):
    """What a character wears: protection dice per damage type, and its toughness."""

    name: str
    protection: dict[str, str] = msgspec.field(default_factory=dict)  # damage type -> dice
    toughness: str = "ordinary"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "protection": dict(self.protection), "toughness": self.toughness}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Armor:
        return read_armor(Node(dict(data), "<saved armor>", "armor", 1))


def read_armor(node: Node) -> Armor:
    """A party file's `armor:` mapping, checked (a bad die or type names its key)."""
    table = armor_table()
    node.mapping()
    node.only_keys(ARMOR_KEYS, what="armor")
    protection_node = node.get("protection", {})
    protection_node.only_keys(set(table.damage_types), what="armor protection")
    protection: dict[str, str] = {}
    for key, dice in protection_node.items():
        text = dice.str().strip()
        try:
            expression = parse(text)
        except DiceError as exc:
            raise dice.error(f"a protection roll such as d6-2 ({exc})") from None
        if expression.track is not None:
            raise dice.error("a protection roll without a track letter, such as d6-2")
        protection[str(key)] = text
    toughness = node.get("toughness").optional(
        lambda n: n.choice(list(table.grades)), table.default_toughness
    )
    return Armor(node["name"].str().strip(), protection, str(toughness))


class ArmorResult(msgspec.Struct, frozen=True):
    """What armor did to one injury: the protection roll and the track it moved to."""

    damage_type: str
    protection: str | None  # the dice rolled; None: no protection against this type
    protection_dice: tuple[int, ...]
    protection_total: int  # the protection roll's total (may be below 0)
    stopped: int  # points the protection took off
    points: int  # what is left
    track: str  # the track what is left marks
    grades_down: int  # toughness grades above the firepower

    def to_dict(self) -> dict[str, Any]:
        return {
            "damage_type": self.damage_type,
            "protection": self.protection,
            "protection_dice": list(self.protection_dice),
            "protection_total": self.protection_total,
            "stopped": self.stopped,
            "points": self.points,
            "track": self.track,
            "grades_down": self.grades_down,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ArmorResult:
        try:
            return cls(
                damage_type=str(data["damage_type"]),
                protection=data.get("protection"),
                protection_dice=tuple(int(v) for v in data.get("protection_dice", ())),
                protection_total=int(data.get("protection_total", 0)),
                stopped=int(data["stopped"]),
                points=int(data["points"]),
                track=str(data["track"]),
                grades_down=int(data.get("grades_down", 0)),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesError(f"cannot read a saved armor result: {exc}") from exc


def check_damage_type(damage_type: str) -> None:
    if damage_type not in armor_table().damage_types:
        known = ", ".join(armor_table().damage_types)
        raise RulesError(f"unknown damage type {damage_type!r}: expected one of {known}")


def armor_against(
    armor: Armor,
    damage_type: str,
    points: int,
    track: str,
    rng: random.Random,
    firepower: str | None = None,
) -> ArmorResult:
    """Roll the armor's protection against `points` of `track` damage of this type, then
    move what is left down a track per grade of toughness above the firepower."""
    table = armor_table()
    check_damage_type(damage_type)
    firepower = firepower or table.hazard_firepower
    notation = armor.protection.get(damage_type)
    dice: tuple[int, ...] = ()
    total = stopped = 0
    if notation is not None:
        rolled = roll(notation, rng)
        dice, total = tuple(d.value for d in rolled.dice), rolled.total
        stopped = min(max(total, 0), points)
    grades_down = max(0, table.grades.index(armor.toughness) - table.grades.index(firepower))
    new_track = track
    for _ in range(grades_down):
        new_track = table.lower_track.get(new_track, new_track)
    return ArmorResult(
        damage_type, notation, dice, total, stopped, points - stopped, new_track, grades_down
    )


def armor_text(result: ArmorResult) -> str:
    """'d6-2 stops 3 of 7 energy; 4 left, moved down to stun (Amazing toughness)'."""
    name = armor_table().damage_type_name(result.damage_type)
    if result.protection is None:
        text = f"no protection against {name}"
    else:
        text = f"{result.protection} stops {result.stopped} {name}"
    text += f"; {result.points} {result.track} left"
    if result.grades_down:
        text += f" (toughness above the firepower: {result.grades_down} track down)"
    return text
