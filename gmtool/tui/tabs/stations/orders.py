"""What the Stations tab's keys ask for, as typed requests: a character put at a place, a
task, a posture, off their station, or a refusal to say. The pane carries each request out
with one `actions.party` call."""

from __future__ import annotations

import msgspec
from rich.text import Text

from gmtool.rules.stations import Assignment, StationBoard, station_table


class Put(msgspec.Struct, frozen=True):
    """Put a character at a place of a ship: assign when unplaced, else move."""

    who: str
    ship_id: str
    place: str
    moving: bool


class SetTask(msgspec.Struct, frozen=True):
    """Give a character at a station a task ('auto', 'hands_on', 'leading'), leading
    another station's team when `leads` names it."""

    who: str
    task: str
    leads: str | None = None


class SetPosture(msgspec.Struct, frozen=True):
    """A character's posture for hazard rolls ('secure', 'vulnerable')."""

    who: str
    posture: str


class Leave(msgspec.Struct, frozen=True):
    """Take a character off their station (unassigned)."""

    who: str


class Refusal(msgspec.Struct, frozen=True):
    """Why the key does nothing now, for the status line."""

    text: str


Request = Put | SetTask | SetPosture | Leave


LEAD = "lead:"  # a team choice's prefix: the station whose team is led


def team_options(current: Assignment) -> tuple[list[tuple[str, Text | str]], str]:
    """What a character at a directing station may do (the board's choice, hands-on, lead
    its own team or a team it directs), and the choice now."""
    table = station_table()
    station = table.stations[current.station_id or ""]
    options: list[tuple[str, Text | str]] = [("auto", "Let the board choose (auto)")]
    if station.hands_on:
        options.append(("hands_on", f"Hands-on: {table.rolls[station.roll or ''].name}"))
    options += [  # its own team first, then those it directs
        (f"{LEAD}{s}", f"Lead the {table.stations[s].name} team")
        for s in (station.id, *station.directs)
        if table.stations[s].leadable
    ]
    initial = f"{LEAD}{current.leads}" if current.leads else current.task
    return options, initial


def team_request(current: Assignment, choice: str) -> SetTask:
    """The task a team choice asks for (leading one's own station's team leads no other)."""
    if not choice.startswith(LEAD):
        return SetTask(current.character_id, choice)
    target = choice.removeprefix(LEAD)
    return SetTask(
        current.character_id, "leading", None if target == current.station_id else target
    )


def lead_toggle(current: Assignment, board: StationBoard | None) -> SetTask:
    """l at a station that directs no other: leading when hands-on (as set or as the board
    has it now), hands-on otherwise."""
    occupant = board.occupant(current.character_id) if board else None
    doing = occupant.task if occupant is not None else current.task
    task = "leading" if doing == "hands_on" or current.task == "hands_on" else "hands_on"
    return SetTask(current.character_id, task)


def next_posture(current: Assignment | None) -> str:
    """p: the posture after the character's own (the table's first when unplaced)."""
    postures = list(station_table().postures)
    now = current.posture if current else postures[0]
    return postures[(postures.index(now) + 1) % len(postures)]
