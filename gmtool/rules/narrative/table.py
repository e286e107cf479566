"""Reading and checking tables/narrative.yaml (loaded once), and checking the ids callers
name against it.
"""

from __future__ import annotations

from collections.abc import Iterable

from gmtool.rules.crew_losses import ROUNDINGS
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative.model import (
    CONTESTED,
    EDGE_TIEBREAKERS,
    SUCCESS_DEGREES,
    TASK_EFFECTS,
    WEAPON_CLASS_IDS,
    BoardingMethod,
    CharacterTask,
    Named,
    NarrativeTable,
    Phase,
    WeaponSystemRule,
)
from gmtool.rules.ship_damage import track_ids
from gmtool.rules.ships import ship_spec_table
from gmtool.rules.tables import Node, cached_table, load_table


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
        starting_range=root["starting_range"].choice(range_ids),
    )


# -- checking ids ---------------------------------------------------------------------------


def check_range(range_category: str) -> int:
    """The range's position on the ladder (0 = farthest); RulesError for an unknown id."""
    ids = narrative_table().range_ids
    if range_category not in ids:
        raise RulesError(
            f"unknown range category {range_category!r}: expected one of {', '.join(ids)}"
        )
    return ids.index(range_category)


def check_heading(heading: str) -> None:
    ids = narrative_table().heading_ids
    if heading not in ids:
        raise RulesError(f"unknown heading {heading!r}: expected one of {', '.join(ids)}")


def check_acceleration(value: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(f"{what} must be a whole number of at least 0, not {value!r}")


def range_ids() -> tuple[str, ...]:
    """Range categories, farthest first."""
    return narrative_table().range_ids


def heading_ids() -> tuple[str, ...]:
    return narrative_table().heading_ids


def starting_range() -> str:
    """The range a new battle starts at unless the GM picks another (tables/narrative.yaml)."""
    return narrative_table().starting_range


def starting_range_words() -> str:
    """When a GM would set a battle up at another range than the table's starting range: the
    set-up form and `gmtool battle new --range` say it."""
    start = range_name(starting_range()).lower()
    return (
        f"a new battle starts at {start} range (tables/narrative.yaml, starting_range; the "
        "chapter's open-space encounter) unless you pick another: closer for an ambush, a ship "
        "coming out of hiding or an approach to a planet or station; disengaged for fleets "
        "that have not found each other yet"
    )


def range_name(range_category: str) -> str:
    return narrative_table().ranges[check_range(range_category)].name


def heading_name(heading: str) -> str:
    """A heading's name ('Closing'); an id the table does not know, as it is."""
    for named in narrative_table().headings:
        if named.id == heading:
            return named.name
    return heading


def is_nearer(range_a: str, range_b: str) -> bool:
    """True when `range_a` is nearer (toward very close) than `range_b`."""
    return check_range(range_a) > check_range(range_b)
