"""A spec's durability and systems: their shapes, and reading them from a spec's keys."""

from __future__ import annotations

import math
from collections.abc import Mapping
from difflib import get_close_matches
from typing import Any

import msgspec

from gmtool.rules.armor import damage_type_ids
from gmtool.rules.dice import DiceError
from gmtool.rules.dice import parse as parse_dice
from gmtool.rules.limits import MAX_CREW_COUNT, MAX_HULL_POINTS, MAX_NAME_CHARS, MAX_SYSTEM_COUNT
from gmtool.rules.ships.table import SYSTEM_KEYS, TRACKS, ShipSpecTable, ship_spec_table
from gmtool.rules.tables import Node


class Durability(msgspec.Struct, frozen=True):
    """A ship's damage tracks: boxes on the stun, wound, mortal and critical tracks."""

    stun: int
    wound: int
    mortal: int
    critical: int

    def to_dict(self) -> dict[str, int]:
        return {t: getattr(self, t) for t in TRACKS}

    @classmethod
    def from_dict(cls, data: Mapping[str, int]) -> Durability:
        return cls(**{t: int(data[t]) for t in TRACKS})


class System(msgspec.Struct, frozen=True):
    """One line of a ship's systems list: `count` units of one type, `hp` hull points each.

    `beds` is set only on systems that have beds (sick bays); `firepower`, `arc` and `damage`
    (degree -> damage notation) only on weapons.
    """

    type: str
    name: str | None = None
    count: int = 1
    hp: int = 0
    beds: int | None = None
    firepower: str | None = None
    arc: str | None = None
    damage: dict[str, str] = msgspec.field(default_factory=dict)
    damage_type: str | None = None  # weapons only: low_impact, high_impact or energy
    power: int | None = None  # per unit: a power plant makes it, any other system needs it
    energy_screen: bool = False  # a defense that is an energy screen (transporters stop at it)

    @property
    def total_hp(self) -> int:
        return self.hp * self.count

    @property
    def label(self) -> str:
        """The system's own name, or its type's display name."""
        return self.name or ship_spec_table().system_types.get(self.type, self.type)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        if self.name is not None:
            data["name"] = self.name
        data["count"] = self.count
        data["hp"] = self.hp
        for key in ("beds", "firepower", "arc", "damage_type", "power"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        if self.damage:
            data["damage"] = dict(self.damage)
        if self.energy_screen:
            data["energy_screen"] = True
        return data


def read_name(node: Node) -> str:
    """A name for tables and rosters: one line of printable text."""
    name = node.str()
    if not name.isprintable():
        raise node.error("a name on one line, without control characters")
    return node.within(name, MAX_NAME_CHARS)


def limited(node: Node, minimum: int, maximum: int) -> int:
    """A whole number within an application limit, said as numbers in the refusal."""
    value = node.int(minimum=minimum)
    if value > maximum:
        raise node.error(f"a whole number from {minimum} to {maximum:,}")
    return value


def read_durability(node: Node, hull_points: int, table: ShipSpecTable) -> Durability:
    """Tracks given in the spec; a track left out is hull points / its divisor, rounded up."""
    given: dict[str, int] = {}
    if node.value is not None:
        node.only_keys(set(TRACKS))
        given = {str(k): limited(v, 1, MAX_HULL_POINTS) for k, v in node.items()}
    return Durability(
        **{
            t: given.get(t, max(1, math.ceil(hull_points / table.durability_divisors[t])))
            for t in TRACKS
        }
    )


def least_count(is_weapon: bool) -> int:
    """The fewest systems one line of a spec may count: a weapon counted 0 would fire as
    nothing, while a 0 of anything else leaves a place for it."""
    return 1 if is_weapon else 0


def read_system(node: Node, ship_class_id: str, table: ShipSpecTable) -> System:
    if not node.is_mapping():
        raise node.error("a system: a mapping such as {type: engine, count: 2, hp: 12}")
    node.only_keys(SYSTEM_KEYS)
    type_node = node["type"]
    system_type = type_node.value
    if not isinstance(system_type, str) or system_type not in table.system_types:
        close = get_close_matches(str(system_type), list(table.system_types), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise type_node.error(f"a system type{hint}; the types are {', '.join(table.system_types)}")
    is_weapon = system_type in table.weapon_types
    for key in ("firepower", "arc", "damage", "damage_type"):
        if node.has(key) and not is_weapon:
            raise node[key].error(f"no {key} on a {system_type} (only weapons have one)")
    if node.has("energy_screen") and system_type not in table.energy_screen_types:
        raise node["energy_screen"].error(
            f"no energy_screen on a {system_type} "
            f"(only {', '.join(sorted(table.energy_screen_types))})"
        )
    has_beds = system_type in table.systems_with_beds
    if node.has("beds") and not has_beds:
        raise node["beds"].error(
            f"no beds on a {system_type} (only {', '.join(sorted(table.systems_with_beds))})"
        )
    return System(
        type=system_type,
        name=node.get("name").optional(read_name, None),
        count=node.get("count").optional(
            lambda n: limited(n, least_count(is_weapon), MAX_SYSTEM_COUNT), table.system_count
        ),
        hp=node.get("hp").optional(lambda n: limited(n, 0, MAX_HULL_POINTS), table.system_hp),
        beds=node.get("beds").optional(lambda n: limited(n, 0, MAX_CREW_COUNT), table.beds)
        if has_beds
        else None,
        firepower=node.get("firepower").optional(
            lambda n: n.choice(table.firepowers), table.firepower_by_class[ship_class_id]
        )
        if is_weapon
        else None,
        arc=node.get("arc").optional(
            lambda n: n.choice(table.arcs), table.arc_by_type.get(system_type, table.arc)
        )
        if is_weapon
        else None,
        damage=_read_damage(node.get("damage"), table) if is_weapon else {},
        damage_type=node.get("damage_type").optional(
            lambda n: n.choice(list(damage_type_ids())), table.damage_type_by_type[system_type]
        )
        if is_weapon
        else None,
        power=node.get("power").optional(lambda n: n.int(minimum=0), None),
        energy_screen=bool(node.get("energy_screen").optional(Node.bool, False)),
    )


def _read_damage(node: Node, table: ShipSpecTable) -> dict[str, str]:
    """Damage by degree of success; each a dice expression ending in its track letter."""
    if node.value is None:
        return {}
    node.only_keys(set(table.damage_degrees))
    damage: dict[str, str] = {}
    for degree in table.damage_degrees:
        if not node.has(degree):
            continue
        child = node[degree]
        text = child.value
        try:
            expression = parse_dice(str(text)) if isinstance(text, str) else None
        except DiceError:
            expression = None
        if expression is None or expression.track is None:
            raise child.error("a damage roll: dice and a track letter, such as d6+1w or 2d4s")
        damage[degree] = text.strip()
    return damage
