"""Assignments: where each character is at battle stations (a station or off station).

The GM puts each character at one station of one ship (or off station: in the brig, in
sickbay, away) with a posture for the hazard roll and a task. Party files and the Stations
tab change them only through the functions here, which keep to the station table's rules.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.station_table import hint, station_table
from gmtool.rules.tables import Node

TASKS = ("auto", "hands_on", "leading")
"""What the GM asks of a character at a station; `auto` lets the board choose."""

ASSIGNMENT_KEYS = frozenset({"character", "ship", "station", "posture", "task", "leads"})
_SHIP_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")

# -- assignments --------------------------------------------------------------------------


class Assignment(msgspec.Struct, frozen=True):
    """Where one character is: a station (or off-station place) of one ship, and posture.

    `task` is what the GM asks of them (auto, hands_on or leading); `leads` is the station
    whose team they lead when it is not their own (only from stations that direct others).
    """

    character_id: str
    ship_id: str
    place: str  # a station id, or an off-station place: brig, sickbay, away
    posture: str  # secure or vulnerable
    task: str = "auto"
    leads: str | None = None

    @property
    def station_id(self) -> str | None:
        return self.place if self.place in station_table().stations else None

    @property
    def off_station(self) -> bool:
        return self.station_id is None

    @property
    def aboard(self) -> bool:
        """Whether the character is on the ship (and so rolls when it is hit)."""
        table = station_table()
        if self.place in table.stations:
            return True
        if self.place not in table.off_station:
            raise RulesError(
                f"unknown station {self.place!r} in the assignment of {self.character_id}"
            )
        return table.off_station[self.place].aboard

    def to_dict(self) -> dict[str, Any]:
        return {
            "character": self.character_id,
            "ship": self.ship_id,
            "station": self.place,
            "posture": self.posture,
            "task": self.task,
            "leads": self.leads,
        }

    def to_file_dict(self) -> dict[str, Any]:
        """As `to_dict`, leaving out what a party file need not say (task auto, no leads)."""
        data = self.to_dict()
        if self.task == "auto":
            del data["task"]
        if self.leads is None:
            del data["leads"]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Assignment:
        node = Node(dict(data), "saved assignment", "", 0)
        try:
            return _read_assignment(node, None, None)
        except TableError as exc:
            raise TableError(exc.file, exc.key, exc.expected, got=exc.got) from None


class _Problem(RulesError):
    """An assignment that breaks a station rule; `key` says which part of it is wrong."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        super().__init__(message)


def _check_rules(assignment: Assignment) -> None:
    """Raise _Problem when the task or the led station do not fit the place."""
    table = station_table()
    who = assignment.character_id
    if assignment.place in table.off_station:
        place = table.off_station[assignment.place].name.lower()
        if assignment.task != "auto" or assignment.leads is not None:
            raise _Problem("task", f"{who} is {place}: only a character at a station has a task")
        return
    station = table.stations[assignment.place]
    if assignment.leads is not None:
        if assignment.task == "hands_on":
            raise _Problem("leads", f"{who} works hands on at {station.name}: leads is for leading")
        target = table.station(assignment.leads)
        if target.id != station.id and target.id not in station.directs:
            reach = ", ".join(station.directs) if station.directs else "only its own team"
            raise _Problem(
                "leads",
                f"from {station.name} a character can lead {reach}, not {target.name}",
            )
        if not target.leadable:
            raise _Problem("leads", f"the {target.name} team makes no roll a leader can help")
        return
    if assignment.task == "leading" and not station.leadable:
        reach = (
            f" (lead one of {', '.join(station.directs)} with leads:)" if station.directs else ""
        )
        raise _Problem("task", f"the {station.name} team makes no roll a leader can help{reach}")
    if assignment.task == "hands_on" and not station.hands_on:
        raise _Problem("task", f"{station.name} has no hands-on roll for a character")


def _read_assignment(
    node: Node, characters: Sequence[str] | None, ships: Sequence[str] | None
) -> Assignment:
    table = station_table()
    node.mapping()
    node.only_keys(ASSIGNMENT_KEYS, what="assignment")
    char_node = node["character"]
    character = char_node.choice(characters) if characters is not None else char_node.str()
    ship_node = node["ship"]
    if ships is not None:
        ship = ship_node.choice(ships)
    else:
        ship = ship_node.str()
        if not _SHIP_ID.match(ship):
            raise ship_node.error("a ship id (the file name of its spec, e.g. css-kestrel)")
    place = node["station"].choice(table.places)
    posture_node = node.get("posture")
    if posture_node.value is None:
        posture = table.posture_at(place)
    else:
        posture = posture_node.choice(list(table.postures))
    task = node.get("task", "auto").choice(TASKS)
    leads_node = node.get("leads")
    leads = None if leads_node.value is None else leads_node.choice(list(table.stations))
    assignment = Assignment(character, ship, place, posture, task, leads)
    try:
        _check_rules(assignment)
    except _Problem as problem:
        bad = node.get(problem.key)
        raise TableError(
            node.file,
            bad.path,
            str(problem),
            line=bad.line,
            got=bad.value,
            subject=f"assignment of {character}",
        ) from None
    return assignment


def read_assignments(
    node: Node, characters: Collection[str], ships: Iterable[str] | None = None
) -> tuple[Assignment, ...]:
    """Validate a party file's `assignments:` list against its characters (and ships)."""
    character_ids = list(characters)
    ship_ids = None if ships is None else list(ships)
    result: list[Assignment] = []
    first_line: dict[str, int] = {}
    for item in node.list():
        assignment = _read_assignment(item, character_ids, ship_ids)
        who = assignment.character_id
        if who in first_line:
            char_node = item["character"]
            raise TableError(
                node.file,
                char_node.path,
                f"each character assigned once: a character is at one station at most "
                f"({who} is already assigned at line {first_line[who]})",
                line=char_node.line,
                got=who,
            )
        first_line[who] = item.line
        result.append(assignment)
    return tuple(result)


def assignment_of(assignments: Iterable[Assignment], character_id: str) -> Assignment | None:
    return next((a for a in assignments if a.character_id == character_id), None)


def _where(assignment: Assignment) -> str:
    table = station_table()
    if assignment.place in table.off_station:
        return f"{table.off_station[assignment.place].name.lower()} ({assignment.ship_id})"
    return f"{table.stations[assignment.place].name} on {assignment.ship_id}"


def _new_assignment(
    character_id: str,
    ship_id: str,
    place: str,
    posture: str | None,
    task: str,
    leads: str | None,
    characters: Collection[str],
    ships: Collection[str] | None,
) -> Assignment:
    table = station_table()
    if character_id not in characters:
        raise RulesError(f"unknown character {character_id!r}{hint(character_id, characters)}")
    if ships is not None and ship_id not in ships:
        raise RulesError(f"unknown ship {ship_id!r}{hint(ship_id, ships)}")
    if place not in table.places:
        raise RulesError(
            f"unknown station {place!r}{hint(place, table.places)}: expected one of "
            f"{', '.join(table.places)}"
        )
    if posture is None:
        posture = table.posture_at(place)
    if posture not in table.postures:
        raise RulesError(f"unknown posture {posture!r}: expected {', '.join(table.postures)}")
    if task not in TASKS:
        raise RulesError(f"unknown task {task!r}: expected {', '.join(TASKS)}")
    if leads is not None and leads not in table.stations:
        raise RulesError(f"unknown station {leads!r}{hint(leads, table.stations)} to lead")
    assignment = Assignment(character_id, ship_id, place, posture, task, leads)
    _check_rules(assignment)
    return assignment


def assign(
    assignments: Sequence[Assignment],
    character_id: str,
    ship_id: str,
    station_id: str,
    posture: str | None = None,
    *,
    characters: Collection[str],
    ships: Collection[str] | None = None,
    task: str = "auto",
    leads: str | None = None,
) -> tuple[Assignment, ...]:
    """Put a character at a station (or off station); refuse one already placed elsewhere.

    `characters` (and `ships`, when given) are the ids the campaign knows. `posture` None
    takes the table's default for the place. The input is never changed.
    """
    existing = assignment_of(assignments, character_id)
    if existing is not None:
        raise RulesError(
            f"{character_id} is already at {_where(existing)}: a character is at one station "
            "at most (move them instead)"
        )
    new = _new_assignment(
        character_id, ship_id, station_id, posture, task, leads, characters, ships
    )
    return (*assignments, new)


def move(
    assignments: Sequence[Assignment],
    character_id: str,
    ship_id: str,
    station_id: str,
    posture: str | None = None,
    *,
    characters: Collection[str],
    ships: Collection[str] | None = None,
    task: str = "auto",
    leads: str | None = None,
) -> tuple[Assignment, ...]:
    """Put a character somewhere new, replacing where they were (keeps their list position)."""
    new = _new_assignment(
        character_id, ship_id, station_id, posture, task, leads, characters, ships
    )
    if assignment_of(assignments, character_id) is None:
        return (*assignments, new)
    return tuple(new if a.character_id == character_id else a for a in assignments)


def unassign(assignments: Sequence[Assignment], character_id: str) -> tuple[Assignment, ...]:
    """Take a character off every station (they are then on no ship at all)."""
    if assignment_of(assignments, character_id) is None:
        raise RulesError(f"{character_id} has no station to leave")
    return tuple(a for a in assignments if a.character_id != character_id)


def set_posture(
    assignments: Sequence[Assignment], character_id: str, posture: str
) -> tuple[Assignment, ...]:
    """Strap a character in (secure) or set them moving about (vulnerable)."""
    table = station_table()
    if posture not in table.postures:
        raise RulesError(f"unknown posture {posture!r}: expected {', '.join(table.postures)}")
    if assignment_of(assignments, character_id) is None:
        raise RulesError(f"{character_id} has no station: assign them first")
    return tuple(
        replace(a, posture=posture) if a.character_id == character_id else a for a in assignments
    )


def aboard(assignments: Iterable[Assignment], ship_id: str) -> tuple[Assignment, ...]:
    """The assignments of characters aboard this ship (at a station, in the brig, in sickbay)."""
    return tuple(a for a in assignments if a.ship_id == ship_id and a.aboard)
