"""Ship specs: the YAML (or form) description of a ship that crew and battle rules read.

A spec is validated once, on the way in, into a frozen `ShipSpec` with every default filled
in, so the rules downstream never meet a missing key. A bad spec raises one `TableError`
naming the file, the ship, the key (with its line where the parser knows it) and what was
expected; nothing is half-imported. The format's vocabulary and defaults are in
`tables/ship_spec.yaml`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path
from typing import Any

import yaml

from gmtool.rules.armor import damage_type_ids
from gmtool.rules.checks import checks_table
from gmtool.rules.classes import class_ids, ship_class
from gmtool.rules.dice import DiceError
from gmtool.rules.dice import parse as parse_dice
from gmtool.rules.errors import TableError
from gmtool.rules.limits import (
    MAX_CREW_COUNT,
    MAX_HULL_POINTS,
    MAX_NAME_CHARS,
    MAX_STEP,
    MAX_SYSTEM_COUNT,
    MAX_SYSTEMS,
)
from gmtool.rules.tables import Node, cached_table, load_table, load_yaml, parse_yaml

TRACKS = ("stun", "wound", "mortal", "critical")
FLAG_KEYS = ("carries_fuel", "flagship", "troop_ship", "political_officer", "single_seat")
COUNT_KEYS = ("passengers", "embarked_craft", "flight_crews", "marines", "psi_officers")
# Saved specs kept validated (ShipSpecTable.saved_specs): far more than a campaign's ships and
# their versions in the undo steps; past it the cache starts again.
SAVED_SPECS_KEPT = 512
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


@dataclass(frozen=True)
class ShipSpecTable:
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
    # Saved specs already validated against this table, by their JSON text (see
    # ShipSpec.from_dict). Held by the table, so tables loaded again start with none.
    saved_specs: dict[str, ShipSpec] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

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


# -- the spec -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Durability:
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


@dataclass(frozen=True)
class System:
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
    damage: dict[str, str] = field(default_factory=dict)
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


@dataclass(frozen=True)
class ShipSpec:
    """A validated ship: every optional key of the spec format resolved to its value."""

    name: str
    ship_class: str
    hull_points: int
    acceleration: int
    crew_quality: str | int
    durability: Durability
    carries_fuel: bool
    flagship: bool
    troop_ship: bool
    political_officer: bool
    passengers: int
    embarked_craft: int
    flight_crews: int
    marines: int
    psi_officers: int
    target_size_step: int
    systems: tuple[System, ...] = ()
    single_seat: bool = False  # a single-seat fighter: its pilot makes every crew check

    @property
    def class_number(self) -> int:
        return ship_class(self.ship_class).number

    @property
    def crew_check_score(self) -> int:
        score: int = checks_table().crew_score(self.crew_quality)
        return score

    def count_of(self, types: Collection[str]) -> int:
        """N(x): how many systems of these types the ship carries."""
        return sum(s.count for s in self.systems if s.type in types)

    def hp_of(self, types: Collection[str]) -> int:
        """HP(x): hull points devoted to systems of these types."""
        return sum(s.total_hp for s in self.systems if s.type in types)

    def beds_of(self, types: Collection[str]) -> int:
        return sum((s.beds or 0) * s.count for s in self.systems if s.type in types)

    @property
    def weapons(self) -> tuple[System, ...]:
        weapon_types = ship_spec_table().weapon_types
        return tuple(s for s in self.systems if s.type in weapon_types)

    def to_dict(self) -> dict[str, Any]:
        """The spec in its YAML format, every default written out (JSON-friendly)."""
        data: dict[str, Any] = {
            "name": self.name,
            "class": self.ship_class,
            "hull_points": self.hull_points,
            "acceleration": self.acceleration,
            "crew_quality": self.crew_quality,
            "durability": self.durability.to_dict(),
        }
        for key in (*FLAG_KEYS, *COUNT_KEYS):
            data[key] = getattr(self, key)
        data["target_size_step"] = self.target_size_step
        data["systems"] = [s.to_dict() for s in self.systems]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ShipSpec:
        """A saved spec, validated as a form's is. The ships are read back at almost every
        key, and validating a 5,000-crew ship took ~1.5 ms: the same saved text is validated
        once per loaded table, then found by its text (a spec is immutable)."""
        table = ship_spec_table()
        try:
            text = json.dumps(data, sort_keys=True)
        except (TypeError, ValueError):  # not JSON data: validation names what is wrong
            return ship_spec_from_dict(data, file="<saved ship>")
        spec = table.saved_specs.get(text)
        if spec is None:
            spec = ship_spec_from_dict(data, file="<saved ship>")
            if len(table.saved_specs) >= SAVED_SPECS_KEPT:
                table.saved_specs.clear()
            table.saved_specs[text] = spec
        return spec

    def to_yaml(self) -> str:
        """The spec as a YAML file a GM can edit and import again."""
        text: str = yaml.safe_dump(
            self.to_dict(), sort_keys=False, allow_unicode=True, default_flow_style=None, width=100
        )
        return text


# -- reading a spec -----------------------------------------------------------------------


def load_ship_spec(path: Path | str) -> ShipSpec:
    """Read and validate a ship spec file."""
    return _read_spec(load_yaml(path))


def parse_ship_spec(text: str, file: str) -> ShipSpec:
    """Validate ship spec YAML text; `file` is the name errors show."""
    return _read_spec(parse_yaml(text, file))


def ship_spec_from_dict(data: Mapping[str, Any], file: str = "<form>") -> ShipSpec:
    """The same validation for a spec built by the app's form (or read back from a save)."""
    # A dict has no lines to point at: its messages name the key alone.
    return _read_spec(Node(dict(data), file, "", 1), has_lines=False)


def _read_spec(root: Node, has_lines: bool = True) -> ShipSpec:
    """Validate a spec; every error is re-raised naming the ship (where it has a name)."""
    name: str | None = None
    try:
        if not root.is_mapping():
            raise root.error(
                "a ship spec: a mapping with at least name, class and hull_points",
                got=root.kind(),
            )
        name = _read_name(root["name"])
        return _read_named_spec(root, name)
    except TableError as exc:
        raise TableError(
            exc.file,
            exc.key,
            exc.expected,
            line=exc.line if has_lines else None,
            got=exc.got,
            subject=exc.subject or name,
        ) from None


def _read_named_spec(root: Node, name: str) -> ShipSpec:
    table = ship_spec_table()
    root.only_keys(SPEC_KEYS)
    ship_class_id = root["class"].choice(class_ids())
    hull_points = _limited(root["hull_points"], 1, MAX_HULL_POINTS, "MAX_HULL_POINTS")
    system_nodes: list[Node] = root.get("systems").optional(Node.list, [])
    if len(system_nodes) > MAX_SYSTEMS:
        raise root["systems"].error(
            f"at most {MAX_SYSTEMS} systems (MAX_SYSTEMS)", got=f"{len(system_nodes)} of them"
        )
    systems = tuple(_read_system(item, ship_class_id, table) for item in system_nodes)
    units = sum(s.count for s in systems)
    if units > MAX_SYSTEM_COUNT:
        raise root["systems"].error(
            f"at most {MAX_SYSTEM_COUNT} systems counted together (MAX_SYSTEM_COUNT)",
            got=f"{units} in all",
        )

    def flag(key: str) -> bool:
        return bool(root.get(key).optional(Node.bool, table.flag_defaults[key]))

    def count(key: str) -> int:
        return int(
            root.get(key).optional(
                lambda n: _limited(n, 0, MAX_CREW_COUNT, "MAX_CREW_COUNT"),
                table.count_defaults[key],
            )
        )

    return ShipSpec(
        name=name,
        ship_class=ship_class_id,
        hull_points=hull_points,
        acceleration=root.get("acceleration").optional(
            lambda n: _limited(n, 0, MAX_HULL_POINTS, "MAX_HULL_POINTS"),
            table.acceleration_by_class[ship_class_id],
        ),
        crew_quality=root.get("crew_quality").optional(_read_crew_quality, table.crew_quality),
        durability=_read_durability(root.get("durability"), hull_points, table),
        carries_fuel=flag("carries_fuel")
        or any(s.type in table.fuel_system_types for s in systems),
        flagship=flag("flagship"),
        troop_ship=flag("troop_ship"),
        political_officer=flag("political_officer"),
        single_seat=flag("single_seat"),
        passengers=count("passengers"),
        embarked_craft=count("embarked_craft"),
        flight_crews=count("flight_crews"),
        marines=count("marines"),
        psi_officers=count("psi_officers"),
        target_size_step=root.get("target_size_step").optional(
            lambda n: _limited(n, -MAX_STEP, MAX_STEP, "MAX_STEP"),
            ship_class(ship_class_id).target_size_step,
        ),
        systems=systems,
    )


def _read_name(node: Node) -> str:
    """A name for tables and rosters: one line of printable text."""
    name = node.str()
    if not name.isprintable():
        raise node.error("a name on one line, without control characters")
    return node.within(name, MAX_NAME_CHARS, "MAX_NAME_CHARS")


def _limited(node: Node, minimum: int, maximum: int, limit: str) -> int:
    """A whole number within an application limit, named in the refusal."""
    value = node.int(minimum=minimum)
    if value > maximum:
        raise node.error(f"a whole number from {minimum} to {maximum:,} ({limit})")
    return value


def _read_crew_quality(node: Node) -> str | int:
    checks = checks_table()
    qualities = list(checks.crew_quality)
    value = node.value
    if isinstance(value, int) and not isinstance(value, bool):
        if checks.score_min <= value <= checks.score_max:
            return value
    elif isinstance(value, str) and value in qualities:
        return value
    close = get_close_matches(str(value), qualities, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    raise node.error(
        f"a crew quality ({', '.join(qualities)}){hint} or a crew check score "
        f"from {checks.score_min} to {checks.score_max}"
    )


def _read_durability(node: Node, hull_points: int, table: ShipSpecTable) -> Durability:
    """Tracks given in the spec; a track left out is hull points / its divisor, rounded up."""
    given: dict[str, int] = {}
    if node.value is not None:
        node.only_keys(set(TRACKS))
        given = {
            str(k): _limited(v, 1, MAX_HULL_POINTS, "MAX_HULL_POINTS") for k, v in node.items()
        }
    return Durability(
        **{
            t: given.get(t, max(1, math.ceil(hull_points / table.durability_divisors[t])))
            for t in TRACKS
        }
    )


def _read_system(node: Node, ship_class_id: str, table: ShipSpecTable) -> System:
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
        name=node.get("name").optional(_read_name, None),
        count=node.get("count").optional(
            lambda n: _limited(n, 0, MAX_SYSTEM_COUNT, "MAX_SYSTEM_COUNT"), table.system_count
        ),
        hp=node.get("hp").optional(
            lambda n: _limited(n, 0, MAX_HULL_POINTS, "MAX_HULL_POINTS"), table.system_hp
        ),
        beds=node.get("beds").optional(
            lambda n: _limited(n, 0, MAX_CREW_COUNT, "MAX_CREW_COUNT"), table.beds
        )
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
