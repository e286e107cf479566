"""The orders of the Stations tab's station keys, decided from what the tab shows: a choice
to put to the GM (where to put a character, who goes to a place, what a character does at
a directing station), a request, or a refusal. A choice carries the request its answer
makes; the pane shows it in a `ChoiceDialog` and carries the answer out."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from rich.text import Text

from gmtool.actions.party import place_name
from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.characters import Party
from gmtool.rules.stations import Assignment, StationBoard, assignment_of, station_table
from gmtool.tui.dialogs.choice import TITLE_ROOM
from gmtool.tui.tabs.stations.board import BoardRow
from gmtool.tui.tabs.stations.orders import (
    Put,
    Refusal,
    Request,
    SetTask,
    lead_toggle,
    team_options,
    team_request,
)
from gmtool.tui.tabs.stations.places import (
    NO_CHARACTERS,
    char_name,
    character_options,
    now_words,
    place_options,
    ship_name,
    where_words,
)

NO_SHIP = "No ship to put anyone on: the campaign has no ships yet."


class Shown(msgspec.Struct, frozen=True):
    """What the tab shows: the party, the campaign's ships, the ship shown and its board."""

    party: Party
    ships: Sequence[ShipRecord]
    ship_id: str | None
    board: StationBoard | None


class Question(msgspec.Struct, frozen=True):
    """A choice for the GM. The answer is a place for `who`, or (`who` None) the character
    to put at `place`, or (`team_of`) the task of the character at that assignment."""

    title: str
    options: Sequence[tuple[str, Text | str]]
    initial: str | None
    ship_id: str
    who: str | None = None
    place: str | None = None
    moving: bool = True
    team_of: Assignment | None = None

    def request(self, answer: str | None) -> Put | SetTask | None:
        """What the GM's answer asks for (None: Escape, nothing)."""
        if answer is None:
            return None
        if self.team_of is not None:
            return team_request(self.team_of, answer)
        if self.who is None:
            return Put(answer, self.ship_id, self.place or "", self.moving)
        return Put(self.who, self.ship_id, answer, self.moving)


Order = Question | Request | Refusal


def placing(
    shown: Shown, listed: bool, row: BoardRow | None, who: str | None, moving: bool
) -> Order | None:
    """a and m: from the list (`listed`), or from a character's board `row` when moving,
    where to put `who`; from any other row, who goes to its place."""
    ship_id = shown.ship_id
    if ship_id is None:
        return Refusal(NO_SHIP)
    if not shown.party.characters:
        return Refusal(NO_CHARACTERS)
    if listed or (moving and row is not None and row.character_id):
        if who is None:
            return None
        initial = row.place if row is not None and listed else None
        return where_to(shown, who, ship_id, moving, initial)
    return who_goes(shown, ship_id, row.place, moving) if row is not None else None


def off_station(shown: Shown, who: str) -> Order:
    """o: which place off station (brig, sickbay, away) `who` is in, aboard their ship."""
    current = assignment_of(shown.party.assignments, who)
    ship_id = current.ship_id if current else shown.ship_id
    if ship_id is None:
        return Refusal(NO_SHIP)
    title = f"Where is {char_name(shown.party, who)}? ({ship_name(shown.ships, ship_id)})"
    options = place_options(shown.board, ship_id, off_only=True)
    return Question(title, options, None, ship_id, who=who)


def leading(shown: Shown, who: str) -> Order:
    """l: hands-on or leading; at a station that directs others, which team to lead."""
    current = assignment_of(shown.party.assignments, who)
    if current is None or current.station_id is None:
        name = char_name(shown.party, who)
        return Refusal(f"{name} is at no station: only a station has a task.")
    station = station_table().stations[current.station_id]
    if not station.directs:
        return lead_toggle(current, shown.board)
    options, initial = team_options(current)
    title = f"What does {char_name(shown.party, who)} do at {station.name}?"
    return Question(title, options, initial, current.ship_id, team_of=current)


def where_to(shown: Shown, who: str, ship_id: str, moving: bool, initial: str | None) -> Question:
    """Where to put (or move) `who` aboard `ship_id`, the list starting on `initial`. A
    placed character can only move, and the title says from where; the ship is named when
    there is room."""
    name = char_name(shown.party, who)
    title = f"Where to {'move' if moving else 'put'} {name}?"
    current = assignment_of(shown.party.assignments, who)
    if current is not None:
        title = f"Where to move {name}, now {now_words(current, shown.ships, shown.ship_id)}?"
    ship = ship_name(shown.ships, ship_id)
    if len(title) + len(ship) + 3 <= TITLE_ROOM:
        title += f" ({ship})"
    options = place_options(shown.board, ship_id)
    return Question(title, options, initial, ship_id, who=who, moving=moving)


def who_goes(shown: Shown, ship_id: str, place: str, moving: bool) -> Question:
    """Who goes to `place` of the ship shown (`ship_id`)."""
    title = f"Who goes to {place_name(place)}? ({ship_name(shown.ships, ship_id)})"
    options = character_options(shown.party, shown.ships, ship_id, place)
    return Question(title, options, None, ship_id, place=place, moving=moving)


class PutPlan(msgspec.Struct, frozen=True):
    """How a `Put` is carried out: not at all (`already` says why), as an assignment, or
    as a move (`said` says from where)."""

    already: str | None
    assign: bool = False
    said: str = ""


def put_plan(shown: Shown, put: Put) -> PutPlan:
    """Assign when unplaced (and not moving), move otherwise, nothing when already there."""
    name = char_name(shown.party, put.who)
    current = assignment_of(shown.party.assignments, put.who)
    if current is not None and (current.ship_id, current.place) == (put.ship_id, put.place):
        return PutPlan(f"Not changed: {name} is already {where_words(current, shown.ships)}.")
    if current is None and not put.moving:
        return PutPlan(None, assign=True)
    said = f"Moved {name} to {place_name(put.place)} ({ship_name(shown.ships, put.ship_id)})"
    if current is not None:
        said += f"; was {now_words(current, shown.ships, shown.ship_id)}"
    return PutPlan(None, said=f"{said}.")
