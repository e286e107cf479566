"""The battle engine's own table: skills per task, and the GM decisions the rules leave open.

`tables/battle.yaml` says which skills a character rolls for each narrative character task,
whether fire in a sub-phase is simultaneous, whether repairs give casualties back, what makes
a ship helpless, what an abandoned ship does (it drifts), the optional damage rolls for rams
and self-destructs, the boarding methods' names, and the quick enemy form's starting
values.
"""

from __future__ import annotations

import msgspec

from gmtool.rules.battle.ship_rules import ship_rules
from gmtool.rules.characters import character_table
from gmtool.rules.checks import Degree
from gmtool.rules.classes import class_ids
from gmtool.rules.crew import crew_table
from gmtool.rules.dice import DiceError
from gmtool.rules.dice import parse as parse_dice
from gmtool.rules.limits import MAX_STEP
from gmtool.rules.narrative import narrative_table
from gmtool.rules.ship_damage import state_ids
from gmtool.rules.ships import ship_spec_table
from gmtool.rules.stations import station_table
from gmtool.rules.tables import Node, cached_table, load_table

BOARDING_TIES = ("defender", "attacker")
NO_CONTACT = "no_contact"
NOT_ROLLED = "not_rolled"


class TaskRoll(msgspec.Struct, frozen=True):
    """How one task is rolled: the character's skills, the station roll, the team it helps."""

    id: str
    skills: tuple[str, ...]
    roll: str
    team: str
    stations: tuple[str, ...] | None  # None: any station
    crew_rolls: bool


class BattleTable(msgspec.Struct, frozen=True):
    tasks: dict[str, TaskRoll]
    simultaneous_fire: bool
    repairs_restore_crew: bool
    helpless_states: tuple[str, ...]
    helpless_without_systems: tuple[str, ...]
    abandoning_ship_can_act: bool
    ram_damage_by_class: dict[str, str | None]  # the other ship's class -> damage (None: typed)
    self_destruct_damage: dict[int, str | None]
    boarding_ties: str
    boarding_names: dict[str, str]  # boarding method id -> its name in the tab
    drift_heading: str  # the heading Table 3-4 reads for a fleet with no ship that can act
    quick_hull_points: dict[str, int]  # class id -> the quick enemy form's hull points
    quick_weapon_damage: dict[str, str]  # degree id -> a quick weapon's damage roll
    better_of_crew_check: tuple[str, ...]  # tasks whose roll uses the better of skill and crew
    single_seat_skills: tuple[str, ...]  # what a single-seat fighter's pilot rolls...
    single_seat_tasks: tuple[str, ...]  # ...for these tasks, from any station
    sensor_lock: dict[str, int | None]  # degree or not_rolled -> attack step; None: no contact
    boarding_strength: BoardingStrengthRules


class BoardingStrengthRules(msgspec.Struct, frozen=True):
    """How boarding points are counted and what outnumbering the other side gives."""

    boarder_posts: tuple[str, ...]  # crew manifest posts that board
    defender_posts: tuple[str, ...]  # ... and that repel boarders
    trooper_points: int
    character_points: int
    leader_points: int
    outnumbered_steps: dict[int, int]  # times over -> step to the stronger side's check


def _damage_roll(node: Node) -> str | None:
    """A damage roll with a track letter (e.g. 2d8w), or None for "the GM types it in"."""
    if node.value is None:
        return None
    text = node.str()
    try:
        expression = parse_dice(text)
    except DiceError:
        expression = None
    if expression is None or expression.track is None:
        raise node.error("null, or a damage roll: dice and a track letter, such as 2d8w")
    return text.strip()


@cached_table
def battle_table() -> BattleTable:
    """The validated battle table (loaded once)."""
    root = load_table("battle")
    root.only_keys(
        {
            "tasks",
            "simultaneous_fire",
            "repairs_restore_crew",
            "helpless",
            "abandoning_ship_can_act",
            "ram_damage",
            "self_destruct",
            "boarding",
            "drift_heading",
            "quick_ship",
            "better_of_crew_check",
            "single_seat",
            "sensor_lock",
        },
        what="battle table",
    )
    narrative = narrative_table()
    stations = station_table()
    skills = list(character_table().skills)
    extra_tasks = {"ram_avoidance", "repel_boarders"}
    tasks: dict[str, TaskRoll] = {}
    tasks_node = root["tasks"]
    for key, node in tasks_node.items():
        task_id = str(key)
        if task_id not in narrative.tasks and task_id not in extra_tasks:
            raise node.error(
                f"a character task of tables/narrative.yaml or one of {sorted(extra_tasks)}",
                got=task_id,
            )
        node.only_keys({"skills", "roll", "team", "stations"}, what=task_id)
        task_skills = tuple(item.choice(skills) for item in node["skills"].list())
        if not task_skills:
            raise node["skills"].error("at least one skill id")
        roll = node["roll"].choice(list(stations.rolls))
        team = node["team"].choice(list(stations.stations))
        station_node = node.get("stations")
        if station_node.value is None:
            task_stations = (
                narrative.tasks[task_id].stations if task_id in narrative.tasks else None
            )
        else:
            task_stations = tuple(s.choice(list(stations.stations)) for s in station_node.list())
        tasks[task_id] = TaskRoll(
            id=task_id,
            skills=task_skills,
            roll=roll,
            team=team,
            stations=task_stations,
            crew_rolls=stations.rolls[roll].crew_rolls,
        )
    needed = {"edge_command", "power_distribution", "sensors", "weapons_console", "helm"}
    needed |= {"engineering_console_repair", "damage_control_repair", "boarding_party_leader"}
    needed |= extra_tasks
    missing = sorted(needed - set(tasks))
    if missing:
        raise tasks_node.error(f"an entry for every task the engine rolls (missing {missing})")
    helpless = root["helpless"]
    helpless.only_keys({"states", "without_systems"}, what="helpless")
    system_types = list(ship_spec_table().system_types)
    ram = root["ram_damage"]
    ram.only_keys({"by_class_of_other_ship"}, what="ram_damage")
    ram_node = ram["by_class_of_other_ship"]
    ram_node.only_keys(set(class_ids()), what="by_class_of_other_ship")
    for class_id in set(class_ids()) - {str(k) for k in ram_node.mapping()}:
        raise ram_node.error(f"a damage roll for every class (missing {class_id!r}; null is fine)")
    ram_damage = {str(k): _damage_roll(v) for k, v in ram_node.items()}
    blast = root["self_destruct"]
    blast.only_keys({"damage_by_hexes"}, what="self_destruct")
    damage_by_hexes: dict[int, str | None] = {}
    for hexes, node in blast["damage_by_hexes"].items():
        if isinstance(hexes, bool) or not isinstance(hexes, int) or hexes < 0:
            raise node.error("a whole number of hexes as the key", got=hexes)
        damage_by_hexes[hexes] = _damage_roll(node)
    for hexes in set(narrative.self_destruct_hexes.values()) - set(damage_by_hexes):
        raise blast["damage_by_hexes"].error(f"an entry for {hexes} hexes (null is fine)")
    boarding = root["boarding"]
    boarding.only_keys({"ties", "method_names", "strength"}, what="boarding")
    methods = list(narrative.boarding)
    names_node = boarding["method_names"]
    boarding_names = {str(k): v.str().strip() for k, v in names_node.items()}
    for method_id in boarding_names:
        if method_id not in methods:
            raise names_node[method_id].error(f"a boarding method ({', '.join(methods)})")
    for method_id in methods:
        if not boarding_names.get(method_id):
            raise names_node.error(f"a name for the boarding method {method_id!r}")
    quick = root["quick_ship"]
    quick.only_keys({"hull_points", "weapon_damage"}, what="quick_ship")
    hull_node = quick["hull_points"]
    classes = list(class_ids())
    quick_hull = {str(k): v.int(minimum=1) for k, v in hull_node.items()}
    for class_id in quick_hull:
        if class_id not in classes:
            raise hull_node[class_id].error(f"a ship class ({', '.join(classes)})")
    for class_id in set(classes) - set(quick_hull):
        raise hull_node.error(f"hull points for every class (missing {class_id!r})")
    damage_node = quick["weapon_damage"]
    degrees = list(ship_spec_table().damage_degrees)
    damage_node.only_keys(set(degrees), what="weapon_damage")
    quick_damage: dict[str, str] = {}
    for degree, node in damage_node.items():
        notation = _damage_roll(node)
        if notation is not None:
            quick_damage[str(degree)] = notation
    task_ids = sorted(tasks)
    single_seat = root["single_seat"]
    single_seat.only_keys({"skills", "tasks"}, what="single_seat")
    pilot_skills = tuple(item.choice(skills) for item in single_seat["skills"].list())
    if not pilot_skills:
        raise single_seat["skills"].error("at least one skill id")
    lock_node = root["sensor_lock"]
    lock_keys = [d.value for d in Degree] + [NOT_ROLLED]
    lock_node.only_keys(set(lock_keys), what="sensor_lock")
    sensor_lock: dict[str, int | None] = {}
    for key in lock_keys:
        cell = lock_node[key]
        if cell.value == NO_CONTACT:
            sensor_lock[key] = None
        elif isinstance(cell.value, int) and not isinstance(cell.value, bool):
            sensor_lock[key] = cell.int()
        elif key == NOT_ROLLED and cell.value in {d.value for d in Degree}:
            continue  # counts as that degree: filled in below, once every degree is read
        else:
            also = " or a degree it counts as" if key == NOT_ROLLED else ""
            raise cell.error(f"a step (a whole number), {NO_CONTACT}{also}", got=cell.value)
    if NOT_ROLLED not in sensor_lock:
        sensor_lock[NOT_ROLLED] = sensor_lock[str(lock_node[NOT_ROLLED].value)]
    return BattleTable(
        sensor_lock=sensor_lock,
        better_of_crew_check=tuple(
            item.choice(task_ids) for item in root["better_of_crew_check"].list()
        ),
        single_seat_skills=pilot_skills,
        single_seat_tasks=tuple(item.choice(task_ids) for item in single_seat["tasks"].list()),
        tasks=tasks,
        simultaneous_fire=root["simultaneous_fire"].bool(),
        repairs_restore_crew=ship_rules().repairs_restore_crew,
        helpless_states=tuple(s.choice(list(state_ids())) for s in helpless["states"].list()),
        helpless_without_systems=tuple(
            s.choice(system_types) for s in helpless["without_systems"].list()
        ),
        abandoning_ship_can_act=ship_rules().abandoning_ship_can_act,
        ram_damage_by_class=ram_damage,
        self_destruct_damage=damage_by_hexes,
        boarding_ties=boarding["ties"].choice(BOARDING_TIES),
        boarding_names=boarding_names,
        boarding_strength=_boarding_strength(boarding["strength"]),
        drift_heading=root["drift_heading"].choice(list(narrative.heading_ids)),
        quick_hull_points=quick_hull,
        quick_weapon_damage=quick_damage,
    )


def _boarding_strength(node: Node) -> BoardingStrengthRules:
    node.only_keys(
        {
            "boarders",
            "defenders",
            "trooper_points",
            "character_points",
            "leader_points",
            "outnumbered_steps",
        },
        what="strength",
    )
    posts = sorted({p.id for d in crew_table().departments for p in d.posts})
    steps_node = node["outnumbered_steps"]
    steps: dict[int, int] = {}
    for times, cell in steps_node.items():
        if isinstance(times, bool) or not isinstance(times, int) or times < 2:
            raise cell.error("a whole number of at least 2 (times over) as the key", got=times)
        steps[times] = cell.int(-MAX_STEP, 0)
    return BoardingStrengthRules(
        boarder_posts=tuple(item.choice(posts) for item in node["boarders"].list()),
        defender_posts=tuple(item.choice(posts) for item in node["defenders"].list()),
        trooper_points=node["trooper_points"].int(minimum=0),
        character_points=node["character_points"].int(minimum=0),
        leader_points=node["leader_points"].int(minimum=0),
        outnumbered_steps=dict(sorted(steps.items())),
    )


def task_roll(task_id: str) -> TaskRoll:
    return battle_table().tasks[task_id]
