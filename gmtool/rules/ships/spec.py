"""A ship's spec: frozen, every default filled in, read from YAML or a form and checked once
on the way in (one `TableError` names the file, the ship, the key and its line).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from difflib import get_close_matches
from pathlib import Path
from typing import Any

import msgspec
import yaml

from gmtool.rules.checks import checks_table
from gmtool.rules.classes import class_ids, ship_class
from gmtool.rules.errors import TableError
from gmtool.rules.limits import (
    MAX_CREW_COUNT,
    MAX_HULL_POINTS,
    MAX_STEP,
    MAX_SYSTEM_COUNT,
    MAX_SYSTEMS,
)
from gmtool.rules.ships.parts import (
    Durability,
    System,
    limited,
    read_durability,
    read_name,
    read_system,
)
from gmtool.rules.ships.table import (
    COUNT_KEYS,
    FLAG_KEYS,
    SAVED_SPECS_KEPT,
    SPEC_KEYS,
    ShipSpecTable,
    ship_spec_table,
)
from gmtool.rules.tables import Node, load_yaml, parse_yaml


class ShipSpec(msgspec.Struct, frozen=True):
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
        if _SAVED.table is not table:  # tables loaded again validate everything again
            _SAVED.table = table
            _SAVED.specs = {}
        spec = _SAVED.specs.get(text)
        if spec is None:
            spec = ship_spec_from_dict(data, file="<saved ship>")
            if len(_SAVED.specs) >= SAVED_SPECS_KEPT:
                _SAVED.specs.clear()
            _SAVED.specs[text] = spec
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
        name = read_name(root["name"])
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
    hull_points = limited(root["hull_points"], 1, MAX_HULL_POINTS)
    system_nodes: list[Node] = root.get("systems").optional(Node.list, [])
    if len(system_nodes) > MAX_SYSTEMS:
        raise root["systems"].error(
            f"at most {MAX_SYSTEMS} systems", got=f"{len(system_nodes)} of them"
        )
    systems = tuple(read_system(item, ship_class_id, table) for item in system_nodes)
    units = sum(s.count for s in systems)
    if units > MAX_SYSTEM_COUNT:
        raise root["systems"].error(
            f"at most {MAX_SYSTEM_COUNT} systems counted together",
            got=f"{units} in all",
        )

    def flag(key: str) -> bool:
        return bool(root.get(key).optional(Node.bool, table.flag_defaults[key]))

    def count(key: str) -> int:
        return int(
            root.get(key).optional(
                lambda n: limited(n, 0, MAX_CREW_COUNT),
                table.count_defaults[key],
            )
        )

    return ShipSpec(
        name=name,
        ship_class=ship_class_id,
        hull_points=hull_points,
        acceleration=root.get("acceleration").optional(
            lambda n: limited(n, 0, MAX_HULL_POINTS),
            table.acceleration_by_class[ship_class_id],
        ),
        crew_quality=root.get("crew_quality").optional(_read_crew_quality, table.crew_quality),
        durability=read_durability(root.get("durability"), hull_points, table),
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
            lambda n: limited(n, -MAX_STEP, MAX_STEP),
            ship_class(ship_class_id).target_size_step,
        ),
        systems=systems,
    )


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


class _SavedSpecs:
    """Saved specs already validated against one loaded spec table, by their JSON text."""

    table: ShipSpecTable | None = None
    specs: dict[str, ShipSpec] = {}


_SAVED = _SavedSpecs()
