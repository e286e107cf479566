"""The ship spec format's table (tables/ship_spec.yaml): the keys a spec may have, its
vocabulary and defaults by ship class, and the format described for the GM.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from gmtool.rules.armor import damage_type_ids
from gmtool.rules.checks import checks_table
from gmtool.rules.classes import class_ids
from gmtool.rules.tables import Node, cached_table, load_table

TRACKS = ("stun", "wound", "mortal", "critical")
FLAG_KEYS = ("carries_fuel", "flagship", "troop_ship", "political_officer", "single_seat")
# Saved specs kept validated (spec.ShipSpec.from_dict): far more than a campaign's ships and
# their versions in the undo steps; past it the cache starts again.
SAVED_SPECS_KEPT = 512
COUNT_KEYS = ("passengers", "embarked_craft", "flight_crews", "marines", "psi_officers")
SPEC_KEYS = frozenset(
    {
        "name",
        "class",
        "hull_points",
        "acceleration",
        "crew_quality",
        "durability",
        "target_size_step",
        "systems",
        *FLAG_KEYS,
        *COUNT_KEYS,
    }
)
SYSTEM_KEYS = frozenset(
    {
        "type",
        "name",
        "count",
        "hp",
        "beds",
        "firepower",
        "arc",
        "damage",
        "damage_type",
        "power",
        "energy_screen",
    }
)


# -- the format table ---------------------------------------------------------------------


class ShipSpecTable(msgspec.Struct, frozen=True):
    """tables/ship_spec.yaml: the vocabulary of a spec and the defaults of absent keys."""

    system_types: dict[str, str]  # id -> display name
    system_groups: dict[str, frozenset[str]]
    systems_with_beds: frozenset[str]
    energy_screen_types: frozenset[str]  # types that may be flagged `energy_screen: true`
    firepowers: tuple[str, ...]
    firepower_names: dict[str, str]  # id -> display name
    arcs: tuple[str, ...]
    damage_degrees: tuple[str, ...]
    acceleration_by_class: dict[str, int]
    crew_quality: str
    durability_divisors: dict[str, int]
    flag_defaults: dict[str, bool]
    count_defaults: dict[str, int]
    system_count: int
    system_hp: int
    beds: int
    firepower_by_class: dict[str, str]
    arc: str
    arc_by_type: dict[str, str]
    damage_type_by_type: dict[str, str]  # weapon type -> low_impact, high_impact or energy
    fuel_system_types: frozenset[str]

    @property
    def weapon_types(self) -> frozenset[str]:
        return self.system_groups["weapons"]

    def resolve_types(self, names: Iterable[str]) -> frozenset[str]:
        """System type ids for a list of types and group names (a group stands for its types)."""
        result: set[str] = set()
        for name in names:
            result |= self.system_groups.get(name, frozenset({name}))
        return frozenset(result)


def _by_class(node: Node, read: Any) -> dict[str, Any]:
    node.only_keys(set(class_ids()))
    result = {str(k): read(v) for k, v in node.items()}
    missing = [c for c in class_ids() if c not in result]
    if missing:
        raise node.error(f"a value for every class (missing {', '.join(missing)})")
    return result


@cached_table
def ship_spec_table() -> ShipSpecTable:
    root = load_table("ship_spec")
    types = {str(k): v.str() for k, v in root["system_types"].items()}

    def type_list(node: Node) -> frozenset[str]:
        return frozenset(item.choice(list(types)) for item in node.list())

    groups = {str(k): type_list(v) for k, v in root["system_groups"].items()}
    if "weapons" not in groups:
        raise root["system_groups"].error("a group named weapons")
    clash = sorted(set(groups) & set(types))
    if clash:
        raise root["system_groups"].error("group names that are not system types", got=clash)
    firepower_names = {str(k): v.str() for k, v in root["firepowers"].items()}
    firepowers = tuple(firepower_names)
    arcs = tuple(item.str() for item in root["arcs"].list())
    defaults = root["defaults"]
    divisors = defaults["durability_divisors"]
    divisors.only_keys(set(TRACKS))
    arc_by_type = defaults["arc_by_type"]
    arc_by_type.only_keys(groups["weapons"])
    damage_types = list(damage_type_ids())
    damage_by_type = defaults["damage_type_by_type"]
    damage_by_type.only_keys(groups["weapons"])
    missing = sorted(groups["weapons"] - {str(k) for k in damage_by_type.mapping()})
    if missing:
        raise damage_by_type.error("a damage type for every weapon type", got=missing)
    return ShipSpecTable(
        system_types=types,
        system_groups=groups,
        systems_with_beds=type_list(root["systems_with_beds"]),
        energy_screen_types=type_list(root["energy_screen_types"]),
        firepowers=firepowers,
        firepower_names=firepower_names,
        arcs=arcs,
        damage_degrees=tuple(item.str() for item in root["damage_degrees"].list()),
        acceleration_by_class=_by_class(
            defaults["acceleration_by_class"], lambda n: n.int(minimum=0)
        ),
        crew_quality=defaults["crew_quality"].choice(list(checks_table().crew_quality)),
        durability_divisors={t: divisors[t].int(minimum=1) for t in TRACKS},
        flag_defaults={k: defaults[k].bool() for k in FLAG_KEYS},
        count_defaults={k: defaults[k].int(minimum=0) for k in COUNT_KEYS},
        system_count=defaults["system_count"].int(minimum=0),
        system_hp=defaults["system_hp"].int(minimum=0),
        beds=defaults["beds"].int(minimum=0),
        firepower_by_class=_by_class(
            defaults["firepower_by_class"], lambda n: n.choice(firepowers)
        ),
        arc=defaults["arc"].choice(arcs),
        arc_by_type={str(k): v.choice(arcs) for k, v in arc_by_type.items()},
        damage_type_by_type={str(k): v.choice(damage_types) for k, v in damage_by_type.items()},
        fuel_system_types=type_list(root["fuel_system_types"]),
    )


def spec_format_text() -> str:
    """The ship spec format in words, from the code's keys and tables/ship_spec.yaml: what
    `gmtool crew --help` and the Crew tab's import point a GM to."""
    table = ship_spec_table()
    optional = sorted(SPEC_KEYS - {"name", "class", "hull_points", "systems"})
    return "\n".join(
        [
            "A ship spec is one YAML mapping. Required: name, class ("
            + ", ".join(class_ids())
            + "), hull_points. Optional: "
            + ", ".join(optional)
            + "; crew_quality is "
            + ", ".join(checks_table().crew_quality)
            + " or a check score; durability maps "
            + ", ".join(TRACKS)
            + " to boxes. systems is a list of mappings with keys "
            + ", ".join(sorted(SYSTEM_KEYS))
            + ".",
            "System types: " + ", ".join(table.system_types) + ".",
            "Weapons ("
            + ", ".join(sorted(table.weapon_types))
            + ") may have firepower ("
            + ", ".join(table.firepowers)
            + "), arc ("
            + ", ".join(table.arcs)
            + ") and damage by degree ("
            + ", ".join(table.damage_degrees)
            + "), each dice ending in its track letter, e.g. d6+1w. Only "
            + ", ".join(sorted(table.systems_with_beds))
            + " has beds. A "
            + " or ".join(sorted(table.energy_screen_types))
            + " may be an energy screen (energy_screen: true): transporters cannot reach "
            "through it while it is up.",
            "Example: {type: beam, name: laser turret, count: 2, hp: 4, firepower: light, "
            "arc: turret, damage: {ordinary: d4+1w, good: d4+2w, amazing: d4+1m}}",
        ]
    )
