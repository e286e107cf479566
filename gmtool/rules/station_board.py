"""The station board: who is at each station of a ship this round and what it rolls.

`station_board` works out, for each station, whose score is rolled (a character's own
skill, or the crew check score) and who leads the team, keeping to "one station, one roll
per round". Pure: nothing is rolled here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Literal

import msgspec
from msgspec.structs import replace

from gmtool.rules.assignments import Assignment
from gmtool.rules.board_notes import BoardNote, NoteKind, note_text
from gmtool.rules.characters import Character
from gmtool.rules.checks import checks_table, validate_score
from gmtool.rules.errors import RulesError
from gmtool.rules.skills import SkillScore
from gmtool.rules.station_table import station_table

Task = Literal["hands_on", "leading", "standing_by", "out_of_action"]
"""What a character actually does this round, as the board resolves it."""

# -- the board ----------------------------------------------------------------------------


class Occupant(msgspec.Struct, frozen=True):
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


class StationRoll(msgspec.Struct, frozen=True):
    """One roll a station makes this round: by a character (hands on) or by the crew."""

    roll: str  # roll id from the table (attack, maneuver, ...)
    roller: str | None  # character id; None is the crew
    skill: str | None  # skill id used; None for the crew check
    basis: str  # specialty, broad or crew
    score: int
    step: int
    led_by: str | None = None  # character id whose Leadership bonus applies to this roll


class StationLine(msgspec.Struct, frozen=True):
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


class StationBoard(msgspec.Struct, frozen=True):
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


class _Seat(msgspec.Struct):
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
