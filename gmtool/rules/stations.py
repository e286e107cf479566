"""Battle stations: the station table, who is where, and what each station rolls this round.

The GM puts each character at one station of one ship (or off station: in the brig, in
sickbay, away) with a posture for the hazard roll. `station_board` then works out, for each
station, whose score is rolled (a character's own skill, or the crew check score) and who
leads the team, keeping to "one station, one roll per round". The station list, the rolls
and what success buys are in tables/stations.yaml; decisions where the rules are silent are
written there too.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from difflib import get_close_matches
from typing import Any, Literal

from gmtool.rules.board_notes import BoardNote, NoteKind, note_text
from gmtool.rules.characters import Character, SkillScore, character_table
from gmtool.rules.checks import Degree, checks_table, validate_score
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.tables import Node, cached_table, load_table

TASKS = ("auto", "hands_on", "leading")
NO_STATION = "no_station"  # tables/stations.yaml default_posture: anyone aboard at no station
"""What the GM asks of a character at a station; `auto` lets the board choose."""

Task = Literal["hands_on", "leading", "standing_by", "out_of_action"]
"""What a character actually does this round, as the board resolves it."""

ASSIGNMENT_KEYS = frozenset({"character", "ship", "station", "posture", "task", "leads"})
_SHIP_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")

# -- the table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Effect:
    id: str
    text: str
    by_degree: dict[str, int]  # degree id (ordinary, good, amazing) -> number


@dataclass(frozen=True)
class RollDef:
    id: str
    name: str
    phase: str
    crew_rolls: bool
    effect: str  # an effect id, or "replaces_crew_check"


@dataclass(frozen=True)
class Station:
    id: str
    name: str
    description: str
    roll: str | None
    other_rolls: tuple[str, ...]
    hands_on: tuple[str, ...]
    lead: tuple[str, ...]
    lead_effect: str
    leadable: bool
    directs: tuple[str, ...]
    several_rolls: bool
    note: str


@dataclass(frozen=True)
class Place:
    """Somewhere a character can be instead of a station (brig, sickbay, away)."""

    id: str
    name: str
    aboard: bool
    default_posture: str


@dataclass(frozen=True)
class StationTable:
    stations: dict[str, Station]
    off_station: dict[str, Place]
    postures: dict[str, str]
    default_posture: dict[str, str]  # station id (or no_station) -> posture
    rolls: dict[str, RollDef]
    effects: dict[str, Effect]

    def station(self, station_id: str) -> Station:
        if station_id not in self.stations:
            raise RulesError(
                f"unknown station {station_id!r}{_hint(station_id, self.stations)}: expected "
                f"one of {', '.join(self.stations)}"
            )
        return self.stations[station_id]

    def posture_at(self, place: str | None) -> str:
        """The posture a character gets at a station or place when the GM gives none."""
        if place is None:
            return self.default_posture[NO_STATION]
        if place in self.off_station:
            return self.off_station[place].default_posture
        return self.default_posture[self.station(place).id]

    @property
    def places(self) -> tuple[str, ...]:
        """Every place an assignment may name: the stations, then the off-station places."""
        return (*self.stations, *self.off_station)


def _hint(word: str, options: Iterable[str]) -> str:
    close = get_close_matches(word, sorted(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


_EFFECT_DEGREES = (Degree.ORDINARY.value, Degree.GOOD.value, Degree.AMAZING.value)


@cached_table
def station_table() -> StationTable:
    """The table, read and checked once per process."""
    root = load_table("stations")
    root.only_keys(
        {"postures", "default_posture", "off_station", "effects", "rolls", "stations"},
        what="stations table",
    )
    postures = {str(k): v.str() for k, v in root["postures"].items()}
    off_station: dict[str, Place] = {}
    for key, node in root["off_station"].items():
        node.only_keys({"name", "aboard", "default_posture"}, what=str(key))
        off_station[str(key)] = Place(
            str(key),
            node["name"].str(),
            node["aboard"].bool(),
            node["default_posture"].choice(list(postures)),
        )
    effects: dict[str, Effect] = {}
    for key, node in root["effects"].items():
        node.only_keys({"text", *_EFFECT_DEGREES}, what=f"effect {key}")
        effects[str(key)] = Effect(
            str(key), node["text"].str(), {d: node[d].int() for d in _EFFECT_DEGREES}
        )
    rolls: dict[str, RollDef] = {}
    for key, node in root["rolls"].items():
        node.only_keys({"name", "phase", "crew_rolls", "effect"}, what=f"roll {key}")
        rolls[str(key)] = RollDef(
            str(key),
            node["name"].str(),
            node["phase"].str(),
            node["crew_rolls"].bool(),
            node["effect"].choice(["replaces_crew_check", *effects]),
        )
    skills = list(character_table().skills)
    stations_node = root["stations"]
    station_ids = [str(k) for k in stations_node.mapping()]
    stations: dict[str, Station] = {}
    for key, node in stations_node.items():
        node.only_keys(
            {
                "name",
                "description",
                "roll",
                "other_rolls",
                "hands_on",
                "lead",
                "lead_effect",
                "leadable",
                "directs",
                "several_rolls",
                "note",
            },
            what=f"station {key}",
        )
        roll_node = node["roll"]
        roll = None if roll_node.value is None else roll_node.choice(list(rolls))
        others = tuple(n.choice(list(rolls)) for n in node.get("other_rolls", []).list())
        hands_on = tuple(n.choice(skills) for n in node["hands_on"].list())
        if hands_on and roll is None:
            raise node["hands_on"].error("no hands-on skills for a station without a roll")
        directs = tuple(
            n.choice([s for s in station_ids if s != key]) for n in node["directs"].list()
        )
        note_node = node.get("note", "")
        stations[str(key)] = Station(
            id=str(key),
            name=node["name"].str(),
            description=" ".join(node["description"].str().split()),
            roll=roll,
            other_rolls=others,
            hands_on=hands_on,
            lead=tuple(n.choice(skills) for n in node["lead"].list()),
            lead_effect=node["lead_effect"].choice(list(effects)),
            leadable=node["leadable"].bool() and roll is not None,
            directs=directs,
            several_rolls=node["several_rolls"].bool(),
            note=note_node.str(nonempty=False) if note_node.value is not None else "",
        )
    clash = set(stations) & set(off_station)
    if clash:
        raise root["off_station"].error("place names that are not station ids", sorted(clash))
    posture_node = root["default_posture"]
    posture_node.only_keys({*stations, NO_STATION}, what="default_posture")
    default_posture = {str(k): v.choice(list(postures)) for k, v in posture_node.items()}
    missing = [s for s in (*stations, NO_STATION) if s not in default_posture]
    if missing:
        raise posture_node.error(f"a posture for every station and {NO_STATION}", got=missing)
    return StationTable(stations, off_station, postures, default_posture, rolls, effects)


def station_ids() -> tuple[str, ...]:
    return tuple(station_table().stations)


def leadership_bonus(degree: Degree, station_id: str | None = None) -> int:
    """The step bonus a leader's check of this degree lends the team (0 when it fails).

    With a station, that station's lead effect (boarding parties use their own); without
    one, the ordinary Leadership-at-a-station effect.
    """
    table = station_table()
    effect_id = table.station(station_id).lead_effect if station_id else "leadership"
    return table.effects[effect_id].by_degree.get(degree.value, 0)


# -- assignments --------------------------------------------------------------------------


@dataclass(frozen=True)
class Assignment:
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
        raise RulesError(f"unknown character {character_id!r}{_hint(character_id, characters)}")
    if ships is not None and ship_id not in ships:
        raise RulesError(f"unknown ship {ship_id!r}{_hint(ship_id, ships)}")
    if place not in table.places:
        raise RulesError(
            f"unknown station {place!r}{_hint(place, table.places)}: expected one of "
            f"{', '.join(table.places)}"
        )
    if posture is None:
        posture = table.posture_at(place)
    if posture not in table.postures:
        raise RulesError(f"unknown posture {posture!r}: expected {', '.join(table.postures)}")
    if task not in TASKS:
        raise RulesError(f"unknown task {task!r}: expected {', '.join(TASKS)}")
    if leads is not None and leads not in table.stations:
        raise RulesError(f"unknown station {leads!r}{_hint(leads, table.stations)} to lead")
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


# -- the board ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Occupant:
    """One character on the board: what they do this round and with what score."""

    character_id: str
    name: str
    station_id: str  # where they are
    posture: str
    task: Task
    target: str | None  # the station whose roll they make or lead
    skill: str | None  # skill id used (None when standing by or out of action)
    basis: str | None  # specialty, broad
    score: int | None
    step: int | None
    note: str = ""  # `why` in words
    why: BoardNote | None = None  # why they do less than asked (None: they do it)


@dataclass(frozen=True)
class StationRoll:
    """One roll a station makes this round: by a character (hands on) or by the crew."""

    roll: str  # roll id from the table (attack, maneuver, ...)
    roller: str | None  # character id; None is the crew
    skill: str | None  # skill id used; None for the crew check
    basis: str  # specialty, broad or crew
    score: int
    step: int
    led_by: str | None = None  # character id whose Leadership bonus applies to this roll


@dataclass(frozen=True)
class StationLine:
    station_id: str
    name: str
    roll: str | None
    occupants: tuple[Occupant, ...]  # characters at this station
    rolls: tuple[StationRoll, ...]  # empty: no roll this round
    leader: Occupant | None  # may sit at another station (command, combat information)
    note: str = ""

    @property
    def main_roll(self) -> StationRoll | None:
        """The roll the leader helps, else the first: what the board shows as the score."""
        for roll in self.rolls:
            if roll.led_by is not None:
                return roll
        return self.rolls[0] if self.rolls else None

    @property
    def score(self) -> int | None:
        main = self.main_roll
        return main.score if main else None

    @property
    def step(self) -> int | None:
        main = self.main_roll
        return main.step if main else None


@dataclass(frozen=True)
class StationBoard:
    ship_id: str
    crew_score: int
    lines: tuple[StationLine, ...]
    off_station: tuple[Assignment, ...]  # this ship's characters in the brig, sickbay, away

    def line(self, station_id: str) -> StationLine:
        for line in self.lines:
            if line.station_id == station_id:
                return line
        raise RulesError(f"unknown station {station_id!r}")

    def occupant(self, character_id: str) -> Occupant | None:
        for line in self.lines:
            for occupant in line.occupants:
                if occupant.character_id == character_id:
                    return occupant
        return None


@dataclass
class _Seat:
    """Working state for one character while the board is resolved."""

    assignment: Assignment
    character: Character
    hands_on: SkillScore | None
    lead: SkillScore | None
    lead_target: str | None
    task: Task = "standing_by"
    why: BoardNote | None = None


def _seat(assignment: Assignment, character: Character) -> _Seat:
    table = station_table()
    station = table.stations[assignment.place]
    hands_on = character.best_skill(station.hands_on) if station.roll else None
    target_id = assignment.leads or station.id
    target = table.stations[target_id]
    lead = character.best_skill(target.lead) if target.leadable else None
    seat = _Seat(assignment, character, hands_on, lead, target_id if lead else None)
    state = character.state
    if state != "ok":
        seat.task = "out_of_action"
        seat.why = BoardNote("out_of_action", station.id, station.name, state=state)
        return seat
    wants = assignment.task
    if assignment.leads is not None:
        wants = "leading"
    if wants == "hands_on" or (wants == "auto" and hands_on is not None):
        if hands_on is not None:
            seat.task = "hands_on"
        else:
            seat.why = BoardNote("lacks_hands_on", station.id, station.name, station.hands_on)
    elif wants == "leading" or (wants == "auto" and lead is not None):
        if lead is not None:
            seat.task = "leading"
        else:
            seat.why = BoardNote("lacks_lead", target.id, target.name, target.lead)
    else:
        seat.why = BoardNote("station_note", station.id, station.name, station_note=station.note)
    return seat


def _occupant(seat: _Seat) -> Occupant:
    a = seat.assignment
    used: SkillScore | None = None
    target: str | None = None
    if seat.task == "hands_on":
        used, target = seat.hands_on, a.place
    elif seat.task == "leading":
        used, target = seat.lead, seat.lead_target
    return Occupant(
        character_id=a.character_id,
        name=seat.character.name,
        station_id=a.place,
        posture=a.posture,
        task=seat.task,
        target=target,
        skill=used.used if used else None,
        basis=used.basis if used else None,
        score=used.score if used else None,
        step=used.step if used else None,
        note=note_text(seat.why) if seat.why is not None else "",
        why=seat.why,
    )


def _best_first(seats: list[_Seat], key: str) -> list[_Seat]:
    """Seats ordered best chance first; ties keep the GM's assignment order."""

    def margin(seat: _Seat) -> float:
        found: SkillScore | None = getattr(seat, key)
        return found.expected_margin if found else float("-inf")

    return sorted(seats, key=margin, reverse=True)


def station_board(
    ship_id: str,
    crew_score: int,
    characters: Iterable[Character] | Mapping[str, Character],
    assignments: Iterable[Assignment],
) -> StationBoard:
    """Who is at each station of a ship, and the score and step each station rolls.

    `crew_score` is the ship's crew check score (from its crew quality). Pure: nothing is
    rolled; the Leadership bonus depends on the leader's roll (`leadership_bonus`).
    """
    validate_score(crew_score)
    table = station_table()
    crew_step = checks_table().base_step["crew"]
    by_id = dict(characters) if isinstance(characters, Mapping) else {c.id: c for c in characters}
    ship_assignments = [a for a in assignments if a.ship_id == ship_id]
    seats: list[_Seat] = []
    for assignment in ship_assignments:
        if assignment.character_id not in by_id:
            raise RulesError(f"assignment names unknown character {assignment.character_id!r}")
        if assignment.station_id is not None:
            seats.append(_seat(assignment, by_id[assignment.character_id]))

    # One hands-on roll per station unless the station makes several.
    rollers: dict[str, list[_Seat]] = {s: [] for s in table.stations}
    for station_id, station in table.stations.items():
        candidates = [s for s in seats if s.assignment.place == station_id and s.task == "hands_on"]
        ordered = _best_first(candidates, "hands_on")
        keep = ordered if station.several_rolls else ordered[:1]
        for seat in ordered[len(keep) :]:
            first = keep[0]
            kind: NoteKind = "roll_taken"
            if seat.assignment.task == "auto" and seat.lead is not None:
                seat.task, kind = "leading", "leads_instead"
            else:
                seat.task = "standing_by"
            seat.why = BoardNote(
                kind,
                station_id,
                station.name,
                by=first.assignment.character_id,
                by_name=first.character.name,
            )
        rollers[station_id] = [s for s in candidates if s in keep]

    # One leader per station's team.
    leaders: dict[str, _Seat] = {}
    for station_id in table.stations:
        candidates = [s for s in seats if s.task == "leading" and s.lead_target == station_id]
        ordered = _best_first(candidates, "lead")
        if ordered:
            leaders[station_id] = ordered[0]
        for seat in ordered[1:]:
            seat.task = "standing_by"
            seat.why = BoardNote(
                "team_led",
                station_id,
                table.stations[station_id].name,
                by=ordered[0].assignment.character_id,
                by_name=ordered[0].character.name,
            )

    lines: list[StationLine] = []
    for station_id, station in table.stations.items():
        rolls: list[StationRoll] = []
        if station.roll is not None:
            roll_def = table.rolls[station.roll]
            for seat in rollers[station_id]:
                found = seat.hands_on
                assert found is not None
                rolls.append(
                    StationRoll(
                        station.roll,
                        seat.assignment.character_id,
                        found.used,
                        found.basis,
                        found.score,
                        found.step,
                    )
                )
            if roll_def.crew_rolls and (station.several_rolls or not rolls):
                rolls.append(StationRoll(station.roll, None, None, "crew", crew_score, crew_step))
        leader = leaders.get(station_id)
        if leader is not None and rolls:
            crew_index = next((i for i, r in enumerate(rolls) if r.roller is None), 0)
            rolls[crew_index] = replace(rolls[crew_index], led_by=leader.assignment.character_id)
        if station.roll is None:
            note = station.note or "no roll of its own"
        elif not rolls:
            note = f"no {table.rolls[station.roll].name.lower()} without a character"
        else:
            note = ""
        lines.append(
            StationLine(
                station_id=station_id,
                name=station.name,
                roll=station.roll,
                occupants=tuple(_occupant(s) for s in seats if s.assignment.place == station_id),
                rolls=tuple(rolls),
                leader=_occupant(leader) if leader is not None else None,
                note=note,
            )
        )
    off = tuple(a for a in ship_assignments if a.station_id is None)
    return StationBoard(ship_id, crew_score, tuple(lines), off)
