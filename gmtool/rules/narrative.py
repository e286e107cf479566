"""Narrative space combat: range categories and headings instead of a hex map.

Both fleets move as one formation each, so a battle's geometry is a single range category
and each side's heading. This module holds the rules that turn declarations into a new
range, decide which weapons may fire and at what step, settle the edge, and read the effects
of character tasks and the conditions of special orders. It rolls nothing: callers roll
checks with `gmtool.rules.checks` and hand the degrees in.
Numbers come from `tables/narrative.yaml`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from gmtool.rules.checks import Degree, checks_table
from gmtool.rules.crew_losses import ROUNDINGS, round_fraction
from gmtool.rules.errors import RulesError
from gmtool.rules.ship_damage import attacker_step, can_act, crew_check_step, track_ids
from gmtool.rules.ships import ship_spec_table
from gmtool.rules.tables import Node, cached_table, load_table

FireMode = Literal["normal", "long"]
CONTESTED = "contested"
SUCCESS_DEGREES = (Degree.ORDINARY, Degree.GOOD, Degree.AMAZING)
TASK_EFFECTS = ("step", "power_percent", "repair", "own_score")
EDGE_TIEBREAKERS = ("largest_ship_loses", "fewer_ships_wins")
WEAPON_CLASS_IDS = ("A", "B", "C", "D", "E", "F")


# -- table ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Named:
    id: str
    name: str


@dataclass(frozen=True)
class Phase:
    """A phase of the round and its sub-phases (steps), in order of play."""

    id: str
    name: str
    steps: tuple[Named, ...] = ()


@dataclass(frozen=True)
class WeaponSystemRule:
    """How one weapon system type fires: fixed classes or classes by firepower."""

    system_type: str
    classes: tuple[str, ...]
    by_firepower: dict[str, str]
    attack_phase: str


@dataclass(frozen=True)
class CharacterTask:
    id: str
    name: str
    skill: str
    stations: tuple[str, ...] | None  # None: any station
    phase: str | None
    effect: str
    by_degree: dict[str, int]
    enemy_step_by_degree: dict[str, int]
    repair_tracks: tuple[str, ...]
    system_online: bool
    rounding: str


@dataclass(frozen=True)
class BoardingMethod:
    id: str
    farthest_range: str
    needs_screen_down: bool
    needs_target_helpless: bool
    needs_system: str | None = None  # a system type the boarding ship must have on line
    needs_boarders: bool = True  # troops fit to fight or a boarding party aboard


@dataclass(frozen=True)
class NarrativeTable:
    ranges: tuple[Named, ...]  # farthest first
    headings: tuple[Named, ...]
    movement: dict[str, dict[str, int | str]]
    contested_step: int
    heading_arcs: dict[str, tuple[str, ...]]
    hold_arcs: tuple[str, ...]
    hold_default_arc: str
    always_bearing_arcs: tuple[str, ...]
    weapon_classes: dict[str, str]
    weapon_systems: dict[str, WeaponSystemRule]
    attack_ranges: dict[str, dict[str, tuple[str, ...]]]
    long_range_step: int
    sensor_steps: dict[str, int | None]
    edge_tiebreakers: tuple[str, ...]
    phases: tuple[Phase, ...]
    stations: tuple[Named, ...]
    tasks: dict[str, CharacterTask]
    ram_needs_edge: bool
    ram_ranges: tuple[str, ...]
    ram_acceleration_at_least_target: bool
    ram_avoidance_factor: int
    ram_range_after: str
    boarding: dict[str, BoardingMethod]
    self_destruct_hexes: dict[str, int]
    special_orders: tuple[Named, ...]

    @property
    def range_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.ranges)

    @property
    def heading_ids(self) -> tuple[str, ...]:
        return tuple(h.id for h in self.headings)


def _text(node: Node) -> str:
    value: str = node.str()
    return value


def _items(node: Node) -> list[Node]:
    items: list[Node] = node.list()
    return items


def _named_list(node: Node) -> tuple[Named, ...]:
    result: list[Named] = []
    for item in _items(node):
        item.only_keys({"id", "name"})
        result.append(Named(_text(item["id"]), _text(item["name"])))
    ids = [n.id for n in result]
    if not ids or len(set(ids)) != len(ids):
        raise node.error("a non-empty list of entries with distinct ids")
    return tuple(result)


def _choices(node: Node, options: Iterable[str]) -> tuple[str, ...]:
    allowed = tuple(options)
    return tuple(item.choice(allowed) for item in _items(node))


def _by_degree(node: Node) -> dict[str, int]:
    names = [d.value for d in SUCCESS_DEGREES]
    node.only_keys(set(names), what="by_degree")
    return {name: node[name].int() for name in names}


def _mapping_over(node: Node, keys: Iterable[str], what: str) -> None:
    """Refuse missing or unknown keys: every range or heading needs its entry."""
    wanted = set(keys)
    node.only_keys(wanted, what=what)
    for key in wanted:
        node[key]  # raises naming the missing key


def _read_movement(root: Node, headings: tuple[str, ...]) -> dict[str, dict[str, int | str]]:
    table = root["movement"]
    _mapping_over(table, headings, "movement rows")
    result: dict[str, dict[str, int | str]] = {}
    for row in headings:
        row_node = table[row]
        _mapping_over(row_node, headings, f"movement row {row}")
        cells: dict[str, int | str] = {}
        for column in headings:
            cell = row_node[column]
            if cell.value == CONTESTED:
                cells[column] = CONTESTED
            elif isinstance(cell.value, int) and not isinstance(cell.value, bool):
                cells[column] = cell.int()
            else:
                raise cell.error(f"a whole-number range change or '{CONTESTED}'")
        result[row] = cells
    return result


def _read_weapon_systems(root: Node) -> dict[str, WeaponSystemRule]:
    attack = next(p for p in _read_phases(root) if p.id == "attack")
    attack_steps_ids = tuple(s.id for s in attack.steps)
    result: dict[str, WeaponSystemRule] = {}
    for key, node in root["weapon_systems"].items():
        node.only_keys({"classes", "by_firepower", "attack_phase"}, what=str(key))
        classes: tuple[str, ...] = ()
        by_firepower: dict[str, str] = {}
        if node.has("by_firepower") == node.has("classes"):
            raise node.error("exactly one of `classes` or `by_firepower`")
        if node.has("classes"):
            classes = _choices(node["classes"], WEAPON_CLASS_IDS)
            if not classes:
                raise node["classes"].error("at least one weapon class")
        else:
            for firepower, cls in node["by_firepower"].items():
                by_firepower[str(firepower)] = cls.choice(WEAPON_CLASS_IDS)
        result[str(key)] = WeaponSystemRule(
            system_type=str(key),
            classes=classes,
            by_firepower=by_firepower,
            attack_phase=node["attack_phase"].choice(attack_steps_ids),
        )
    return result


def _read_attack_ranges(
    root: Node, ranges: tuple[str, ...]
) -> dict[str, dict[str, tuple[str, ...]]]:
    table = root["attack_ranges"]
    _mapping_over(table, ranges, "attack_ranges")
    result: dict[str, dict[str, tuple[str, ...]]] = {}
    for range_id in ranges:
        row = table[range_id]
        _mapping_over(row, ("normal", "long"), f"attack_ranges.{range_id}")
        normal = _choices(row["normal"], WEAPON_CLASS_IDS)
        long = _choices(row["long"], WEAPON_CLASS_IDS)
        if set(normal) & set(long):
            raise row.error("a class at normal or at long range, not both")
        result[range_id] = {"normal": normal, "long": long}
    return result


def _read_phases(root: Node) -> tuple[Phase, ...]:
    phases: list[Phase] = []
    for item in _items(root["phases"]):
        item.only_keys({"id", "name", "steps"})
        steps = _named_list(item["steps"]) if item.has("steps") else ()
        phases.append(Phase(_text(item["id"]), _text(item["name"]), steps))
    ids = [p.id for p in phases]
    if not ids or len(set(ids)) != len(ids):
        raise root["phases"].error("a non-empty list of phases with distinct ids")
    if "attack" not in ids:
        raise root["phases"].error("an `attack` phase with its sub-phases as steps")
    return tuple(phases)


_TASK_KEYS = {
    "name",
    "skill",
    "stations",
    "phase",
    "effect",
    "by_degree",
    "enemy_step_by_degree",
    "repair_tracks",
    "system_online",
    "rounding",
}


def _read_tasks(
    root: Node, stations: tuple[str, ...], phases: tuple[str, ...]
) -> dict[str, CharacterTask]:
    result: dict[str, CharacterTask] = {}
    for key, node in root["character_tasks"].items():
        node.only_keys(_TASK_KEYS, what=str(key))
        effect = node["effect"].choice(TASK_EFFECTS)
        station_node = node["stations"]
        task_stations = None if station_node.value == "any" else _choices(station_node, stations)
        phase_node = node["phase"]
        by_degree = {} if effect == "own_score" else _by_degree(node["by_degree"])
        enemy = node.get("enemy_step_by_degree")
        repair_tracks: tuple[str, ...] = ()
        if effect == "repair":
            repair_tracks = _choices(node["repair_tracks"], track_ids())
        result[str(key)] = CharacterTask(
            id=str(key),
            name=_text(node["name"]),
            skill=_text(node["skill"]),
            stations=task_stations,
            phase=None if phase_node.value is None else phase_node.choice(phases),
            effect=effect,
            by_degree=by_degree,
            enemy_step_by_degree={} if enemy.value is None else _by_degree(enemy),
            repair_tracks=repair_tracks,
            system_online=bool(node.get("system_online", False).bool()),
            rounding=node.get("rounding", "half_up").choice(ROUNDINGS),
        )
    return result


@cached_table
def narrative_table() -> NarrativeTable:
    """The validated narrative combat table (loaded once)."""
    root = load_table("narrative")
    ranges = _named_list(root["range_ladder"])
    range_ids = tuple(r.id for r in ranges)
    headings = _named_list(root["headings"])
    heading_ids = tuple(h.id for h in headings)
    contested = root["contested_movement"]
    contested.only_keys({"step", "fleet_acceleration"}, what="contested_movement")
    contested["fleet_acceleration"].choice(["slowest"])
    arcs_node = root["heading_arcs"]
    heading_arcs = {str(k): tuple(_text(a) for a in _items(v)) for k, v in arcs_node.items()}
    hold_arcs = tuple(_text(a) for a in _items(root["hold_arcs"]))
    for heading in heading_ids:
        if heading not in heading_arcs and heading != "hold":
            raise arcs_node.error(f"the arcs for heading {heading}")
    phases = _read_phases(root)
    stations = _named_list(root["stations"])
    orders = root["special_orders"]
    orders.only_keys({"ramming", "boarding", "self_destruct", "abandon_ship"}, "special_orders")
    ram = orders["ramming"]
    ram.only_keys(
        {
            "name",
            "needs_edge",
            "ranges",
            "acceleration_at_least_target",
            "avoidance_target_size_factor",
            "range_after",
        },
        what="ramming",
    )
    boarding: dict[str, BoardingMethod] = {}
    orders["boarding"].only_keys({"name", "methods"}, what="boarding")
    for method, node in orders["boarding"]["methods"].items():
        node.only_keys(
            {
                "farthest_range",
                "needs_screen_down",
                "needs_target_helpless",
                "needs_system",
                "needs_boarders",
            },
            what=str(method),
        )
        boarding[str(method)] = BoardingMethod(
            id=str(method),
            farthest_range=node["farthest_range"].choice(range_ids),
            needs_screen_down=bool(node["needs_screen_down"].bool()),
            needs_target_helpless=bool(node["needs_target_helpless"].bool()),
            needs_system=node.get("needs_system").optional(
                lambda n: n.choice(list(ship_spec_table().system_types)), None
            ),
            needs_boarders=bool(node.get("needs_boarders").optional(Node.bool, True)),
        )
    blast = orders["self_destruct"]
    blast.only_keys({"name", "hexes_by_range"}, what="self_destruct")
    hexes: dict[str, int] = {}
    for range_id, node in blast["hexes_by_range"].items():
        hexes[str(range_id)] = node.int(minimum=0)
        if range_id not in range_ids:
            raise node.error(f"a range category key ({', '.join(range_ids)})", got=range_id)
    sensor_node = root["sensor_steps"]
    _mapping_over(sensor_node, range_ids, "sensor_steps")
    sensor_steps: dict[str, int | None] = {
        r: None if sensor_node[r].value is None else sensor_node[r].int() for r in range_ids
    }
    classes_node = root["weapon_classes"]
    _mapping_over(classes_node, WEAPON_CLASS_IDS, "weapon_classes")
    return NarrativeTable(
        ranges=ranges,
        headings=headings,
        movement=_read_movement(root, heading_ids),
        contested_step=contested["step"].int(minimum=0),
        heading_arcs=heading_arcs,
        hold_arcs=hold_arcs,
        hold_default_arc=root["hold_default_arc"].choice(hold_arcs),
        always_bearing_arcs=tuple(_text(a) for a in _items(root["always_bearing_arcs"])),
        weapon_classes={c: _text(classes_node[c]) for c in WEAPON_CLASS_IDS},
        weapon_systems=_read_weapon_systems(root),
        attack_ranges=_read_attack_ranges(root, range_ids),
        long_range_step=root["long_range_step"].int(),
        sensor_steps=sensor_steps,
        edge_tiebreakers=_choices(root["edge_tiebreakers"], EDGE_TIEBREAKERS),
        phases=phases,
        stations=stations,
        tasks=_read_tasks(root, tuple(s.id for s in stations), tuple(p.id for p in phases)),
        ram_needs_edge=bool(ram["needs_edge"].bool()),
        ram_ranges=_choices(ram["ranges"], range_ids),
        ram_acceleration_at_least_target=bool(ram["acceleration_at_least_target"].bool()),
        ram_avoidance_factor=ram["avoidance_target_size_factor"].int(-1, 1),
        ram_range_after=ram["range_after"].choice(range_ids),
        boarding=boarding,
        self_destruct_hexes=hexes,
        special_orders=tuple(Named(str(k), _text(v["name"])) for k, v in orders.items()),
    )


# -- checking ids ---------------------------------------------------------------------------


def _check_range(range_category: str) -> int:
    """The range's position on the ladder (0 = farthest); RulesError for an unknown id."""
    ids = narrative_table().range_ids
    if range_category not in ids:
        raise RulesError(
            f"unknown range category {range_category!r}: expected one of {', '.join(ids)}"
        )
    return ids.index(range_category)


def _check_heading(heading: str) -> None:
    ids = narrative_table().heading_ids
    if heading not in ids:
        raise RulesError(f"unknown heading {heading!r}: expected one of {', '.join(ids)}")


def _check_acceleration(value: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{what} must be a whole number of at least 0, not {value!r}")


def range_ids() -> tuple[str, ...]:
    """Range categories, farthest first."""
    return narrative_table().range_ids


def heading_ids() -> tuple[str, ...]:
    return narrative_table().heading_ids


def range_name(range_category: str) -> str:
    return narrative_table().ranges[_check_range(range_category)].name


def is_nearer(range_a: str, range_b: str) -> bool:
    """True when `range_a` is nearer (toward very close) than `range_b`."""
    return _check_range(range_a) > _check_range(range_b)


# -- movement -------------------------------------------------------------------------------


def shift_range(current: str, change: int) -> str:
    """Move `change` categories (negative: nearer), stopping at either end of the ladder."""
    ids = narrative_table().range_ids
    index = _check_range(current) - change
    return ids[max(0, min(len(ids) - 1, index))]


def fleet_acceleration(accelerations: Iterable[int]) -> int:
    """A fleet moves at the pace of its slowest ship."""
    values = list(accelerations)
    if not values:
        raise RulesError("a fleet needs at least one ship to have an acceleration")
    for value in values:
        _check_acceleration(value, "a ship's acceleration")
    return min(values)


def range_change(
    opposing_heading: str,
    edge_heading: str,
    opposing_acceleration: int,
    edge_acceleration: int,
) -> int:
    """Table 3-4's change in categories (negative: nearer), settling the contested cells."""
    _check_heading(opposing_heading)
    _check_heading(edge_heading)
    _check_acceleration(opposing_acceleration, "the opposing fleet's acceleration")
    _check_acceleration(edge_acceleration, "the edge fleet's acceleration")
    table = narrative_table()
    cell = table.movement[opposing_heading][edge_heading]
    if isinstance(cell, int):
        return cell
    if opposing_acceleration == edge_acceleration:
        return 0
    faster = opposing_heading if opposing_acceleration > edge_acceleration else edge_heading
    if faster == "close":
        return -table.contested_step
    if faster == "open":
        return table.contested_step
    raise RulesError(
        f"a {CONTESTED} movement cell needs one fleet closing and one opening, not "
        f"{opposing_heading!r} against {edge_heading!r}"
    )


def next_range(
    current: str,
    opposing_heading: str,
    edge_heading: str,
    opposing_acceleration: int,
    edge_acceleration: int,
) -> str:
    """The range category after both sides declare their headings (Table 3-4)."""
    _check_range(current)
    change = range_change(opposing_heading, edge_heading, opposing_acceleration, edge_acceleration)
    return shift_range(current, change)


def arcs_for_heading(heading: str, held_arc: str | None = None) -> set[str]:
    """Arcs whose weapons bear on the enemy, always-bearing mounts (turret, all) included.

    Closing and opening fix the arc; holding uses `held_arc` (the commander's pick), or the
    table's default when none is named.
    """
    _check_heading(heading)
    table = narrative_table()
    if heading in table.heading_arcs:
        if held_arc is not None:
            raise RulesError(f"only a holding fleet picks its arc, not one heading {heading!r}")
        arcs = set(table.heading_arcs[heading])
    else:
        arc = table.hold_default_arc if held_arc is None else held_arc
        if arc not in table.hold_arcs:
            raise RulesError(
                f"a holding fleet turns one of {', '.join(table.hold_arcs)} toward the enemy, "
                f"not {arc!r}"
            )
        arcs = {arc}
    return arcs | set(table.always_bearing_arcs)


def hold_arc_choices() -> tuple[str, ...]:
    return narrative_table().hold_arcs


# -- attacks --------------------------------------------------------------------------------


def _weapon_rule(system_type: str) -> WeaponSystemRule:
    systems = narrative_table().weapon_systems
    if system_type not in systems:
        raise RulesError(
            f"{system_type!r} is not a weapon system: expected one of {', '.join(systems)}"
        )
    return systems[system_type]


def weapon_classes(system_type: str, firepower: str | None = None) -> tuple[str, ...]:
    """Every class a weapon fires as (a missile system: launch A, then impact F)."""
    rule = _weapon_rule(system_type)
    if rule.classes:
        return rule.classes
    if firepower not in rule.by_firepower:
        raise RulesError(
            f"a {system_type} weapon needs a firepower of {', '.join(rule.by_firepower)}, "
            f"not {firepower!r}"
        )
    return (rule.by_firepower[firepower],)


def weapon_class(system_type: str, firepower: str | None = None) -> str:
    """The weapon's class for the attack range table (a missile system: its launch class)."""
    return weapon_classes(system_type, firepower)[0]


def attack_phase_of(system_type: str) -> str:
    """The attack sub-phase in which this weapon type fires."""
    return _weapon_rule(system_type).attack_phase


def fire_mode(range_category: str, weapon_class: str) -> FireMode | None:
    """Whether a class fires at normal range, at long range, or not at all at this range."""
    _check_range(range_category)
    if weapon_class not in WEAPON_CLASS_IDS:
        raise RulesError(
            f"unknown weapon class {weapon_class!r}: expected one of {', '.join(WEAPON_CLASS_IDS)}"
        )
    row = narrative_table().attack_ranges[range_category]
    if weapon_class in row["normal"]:
        return "normal"
    if weapon_class in row["long"]:
        return "long"
    return None


@dataclass(frozen=True)
class FireOption:
    """A weapon that can fire now: the class it fires as, at what range, in which sub-phase."""

    weapon_class: str
    mode: FireMode
    attack_phase: str


def weapon_fire_option(
    range_category: str,
    heading: str,
    system_type: str,
    firepower: str | None,
    arc: str,
    held_arc: str | None = None,
) -> FireOption | None:
    """How a weapon on `arc` can fire this round, or None (out of range or not bearing)."""
    if arc not in arcs_for_heading(heading, held_arc):
        return None
    for cls in weapon_classes(system_type, firepower):
        mode = fire_mode(range_category, cls)
        if mode is not None:
            return FireOption(cls, mode, attack_phase_of(system_type))
    return None


@dataclass(frozen=True)
class StepModifier:
    id: str
    name: str
    step: int


@dataclass(frozen=True)
class AttackSteps:
    """Every step modifier of one attack roll, by name, and their sum."""

    modifiers: tuple[StepModifier, ...]

    @property
    def total(self) -> int:
        return sum(m.step for m in self.modifiers)

    def describe(self) -> str:
        shown = ", ".join(f"{m.name} {m.step:+d}" for m in self.modifiers if m.step)
        return f"step {self.total:+d}" + (f" ({shown})" if shown else "")


def attack_steps(
    mode: FireMode,
    target_size_step: int,
    attacker_state: str,
    target_state: str,
    leadership_degree: Degree | None = None,
) -> AttackSteps:
    """Step modifiers of a ship's attack roll; each is listed, zero or not, for display.

    The ship attack base step (tables/checks.yaml) is added as a first entry when it is not 0.
    """
    table = narrative_table()
    if mode not in ("normal", "long"):
        raise RulesError(f"fire mode must be 'normal' or 'long', not {mode!r}")
    if not can_act(attacker_state):
        raise RulesError(f"a {attacker_state} ship cannot attack")
    if not can_act(target_state):
        raise RulesError(f"a {target_state} ship is no longer a target")
    leadership = 0
    if leadership_degree is not None:
        leadership = task_effect("leadership", leadership_degree).amount
    modifiers: list[StepModifier] = []
    base = checks_table().base_step.get("ship_attack", 0)
    if base:
        modifiers.append(StepModifier("base", "ship attack", base))
    modifiers += [
        StepModifier("long_range", "long range", table.long_range_step if mode == "long" else 0),
        StepModifier("target_size", "target size", target_size_step),
        StepModifier(
            "attacker_state", f"attacker {attacker_state}", crew_check_step(attacker_state)
        ),
        StepModifier("target_state", f"target {target_state}", attacker_step(target_state)),
        StepModifier("leadership", "leadership", leadership),
    ]
    return AttackSteps(tuple(modifiers))


# -- sensors --------------------------------------------------------------------------------


def sensor_step(range_category: str) -> int | None:
    """Step for a sensor check at this range: 0 normal, a penalty at long range, None: none."""
    _check_range(range_category)
    return narrative_table().sensor_steps[range_category]


# -- edge -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EdgeEntry:
    """One side's edge check and what the tiebreakers look at.

    `largest_ship` is (class index, hull points) of the side's single largest ship.
    """

    degree: Degree
    largest_ship: tuple[int, int]
    ship_count: int

    def __post_init__(self) -> None:
        if self.ship_count < 1:
            raise RulesError("a side needs at least one ship to contest the edge")

    def to_dict(self) -> dict[str, Any]:
        return {
            "degree": self.degree.value,
            "largest_ship": list(self.largest_ship),
            "ship_count": self.ship_count,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EdgeEntry:
        try:
            index, hull = data["largest_ship"]
            return cls(Degree(data["degree"]), (int(index), int(hull)), int(data["ship_count"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesError(f"cannot read an edge entry from {dict(data)!r}") from exc


EdgeWinner = Literal["a", "b", "reroll"]


@dataclass(frozen=True)
class EdgeResult:
    """Who has the edge ('a', 'b', or 'reroll') and what decided it."""

    winner: EdgeWinner
    decided_by: str  # "degree", a tiebreaker id, or "reroll"

    def to_dict(self) -> dict[str, str]:
        return {"winner": self.winner, "decided_by": self.decided_by}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EdgeResult:
        winner = data.get("winner")
        if winner not in ("a", "b", "reroll"):
            raise RulesError(f"edge winner must be 'a', 'b' or 'reroll', not {winner!r}")
        return cls(winner, str(data.get("decided_by", "")))


def resolve_edge(side_a: EdgeEntry, side_b: EdgeEntry) -> EdgeResult:
    """The better degree wins; ties go to the tiebreakers in table order, then a re-roll."""
    if side_a.degree.rank != side_b.degree.rank:
        return EdgeResult("a" if side_a.degree.rank < side_b.degree.rank else "b", "degree")
    for tiebreaker in narrative_table().edge_tiebreakers:
        if tiebreaker == "largest_ship_loses" and side_a.largest_ship != side_b.largest_ship:
            return EdgeResult("b" if side_a.largest_ship > side_b.largest_ship else "a", tiebreaker)
        if tiebreaker == "fewer_ships_wins" and side_a.ship_count != side_b.ship_count:
            return EdgeResult("a" if side_a.ship_count < side_b.ship_count else "b", tiebreaker)
    return EdgeResult("reroll", "reroll")


# -- special orders -------------------------------------------------------------------------


def can_ram(has_edge: bool, range_category: str, own_accel: int, target_accel: int) -> bool:
    """Whether ramming may be ordered: edge, the right range, and enough acceleration."""
    table = narrative_table()
    _check_range(range_category)
    _check_acceleration(own_accel, "the rammer's acceleration")
    _check_acceleration(target_accel, "the target's acceleration")
    if table.ram_needs_edge and not has_edge:
        return False
    if range_category not in table.ram_ranges:
        return False
    return not (table.ram_acceleration_at_least_target and own_accel < target_accel)


def ram_avoidance_step(target_size_step: int) -> int:
    """Step the target's size adds to its check to avoid being rammed."""
    return narrative_table().ram_avoidance_factor * target_size_step


def range_after_ram() -> str:
    return narrative_table().ram_range_after


def boarding_methods() -> tuple[str, ...]:
    return tuple(narrative_table().boarding)


def can_board(
    method: str, range_category: str, target_screen_up: bool, target_can_maneuver: bool
) -> bool:
    """Whether a boarding approach by `method` (transporter, conventional) is possible."""
    methods = narrative_table().boarding
    if method not in methods:
        raise RulesError(f"unknown boarding method {method!r}: expected {', '.join(methods)}")
    rule = methods[method]
    if is_nearer(rule.farthest_range, range_category):
        return False
    if rule.needs_screen_down and target_screen_up:
        return False
    return not (rule.needs_target_helpless and target_can_maneuver)


def self_destruct_reach(range_category: str) -> int | None:
    """Hexes away a ship at this range counts as for the blast, or None when out of reach."""
    _check_range(range_category)
    return narrative_table().self_destruct_hexes.get(range_category)


def special_order_ids() -> tuple[str, ...]:
    return tuple(o.id for o in narrative_table().special_orders)


# -- character tasks ------------------------------------------------------------------------


@dataclass(frozen=True)
class TaskEffect:
    """What a character's check at a task achieved.

    `amount` is the task's number for the degree (a step, a power percentage, repair points),
    0 when the check failed. `enemy_step` is the alternative a boarding leader may pick.
    """

    task: str
    degree: Degree
    kind: str
    amount: int
    enemy_step: int = 0
    repair_tracks: tuple[str, ...] = ()
    system_online: bool = False

    @property
    def success(self) -> bool:
        return self.degree.success

    def describe(self) -> str:
        if self.kind == "own_score":
            return f"own score used: {self.degree.label}"
        if not self.success:
            return "no effect"
        if self.kind == "step":
            text = f"{self.amount:+d} step to the team's roll"
            if self.enemy_step:
                text += f", or {self.enemy_step:+d} step to the enemy's"
            return text
        if self.kind == "power_percent":
            return f"+{self.amount}% power points"
        text = f"{self.amount} point{'s' if self.amount != 1 else ''} of "
        text += " or ".join(self.repair_tracks) + " repaired"
        return text + (", or one system back on line" if self.system_online else "")

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "degree": self.degree.value,
            "kind": self.kind,
            "amount": self.amount,
            "enemy_step": self.enemy_step,
            "repair_tracks": list(self.repair_tracks),
            "system_online": self.system_online,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TaskEffect:
        try:
            return cls(
                task=str(data["task"]),
                degree=Degree(data["degree"]),
                kind=str(data["kind"]),
                amount=int(data["amount"]),
                enemy_step=int(data["enemy_step"]),
                repair_tracks=tuple(str(t) for t in data["repair_tracks"]),
                system_online=bool(data["system_online"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesError(f"cannot read a task effect from {dict(data)!r}") from exc


def task_ids() -> tuple[str, ...]:
    return tuple(narrative_table().tasks)


def character_task(task_id: str) -> CharacterTask:
    tasks = narrative_table().tasks
    if task_id not in tasks:
        raise RulesError(f"unknown character task {task_id!r}: expected one of {', '.join(tasks)}")
    return tasks[task_id]


def task_effect(task_id: str, degree: Degree) -> TaskEffect:
    """The effect of a character's check at `task_id` with this degree of success."""
    task = character_task(task_id)
    succeeded = degree.success
    amount = task.by_degree.get(degree.value, 0) if succeeded else 0
    enemy = task.enemy_step_by_degree.get(degree.value, 0) if succeeded else 0
    return TaskEffect(
        task=task.id,
        degree=degree,
        kind=task.effect,
        amount=amount,
        enemy_step=enemy,
        repair_tracks=task.repair_tracks if succeeded else (),
        system_online=task.system_online and succeeded,
    )


def boosted_power(power_points: int, percent: int) -> int:
    """Power points after a power distribution boost of `percent` percent."""
    if power_points < 0 or percent < 0:
        raise RulesError("power points and the boost must not be negative")
    rounding = character_task("power_distribution").rounding
    return power_points + round_fraction(Fraction(power_points * percent, 100), rounding)


# -- sequence of play -----------------------------------------------------------------------


def phases() -> tuple[Phase, ...]:
    return narrative_table().phases


PHASES: tuple[Phase, ...] = phases()
"""The phases of a narrative round, in order of play."""


def phase_ids() -> tuple[str, ...]:
    return tuple(p.id for p in phases())


def phase(phase_id: str) -> Phase:
    for candidate in phases():
        if candidate.id == phase_id:
            return candidate
    raise RulesError(f"unknown phase {phase_id!r}: expected one of {', '.join(phase_ids())}")


def next_phase(phase_id: str) -> str:
    """The phase after this one; after the last, the first phase of the next round."""
    ids = phase_ids()
    phase(phase_id)
    return ids[(ids.index(phase_id) + 1) % len(ids)]


def round_sequence() -> tuple[tuple[str, str | None], ...]:
    """Every (phase, step) of a round in order; a phase without steps appears as (phase, None)."""
    result: list[tuple[str, str | None]] = []
    for item in phases():
        if item.steps:
            result += [(item.id, step.id) for step in item.steps]
        else:
            result.append((item.id, None))
    return tuple(result)


def next_step(phase_id: str, step_id: str | None = None) -> tuple[str, str | None]:
    """The (phase, step) after this one, wrapping to the start of the next round.

    A phase with steps named without a step counts as being at its first step.
    """
    sequence = round_sequence()
    current = phase(phase_id)
    if step_id is None and current.steps:
        step_id = current.steps[0].id
    position = (phase_id, step_id)
    if position not in sequence:
        raise RulesError(f"phase {phase_id!r} has no step {step_id!r}")
    return sequence[(sequence.index(position) + 1) % len(sequence)]
