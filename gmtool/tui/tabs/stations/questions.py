"""The choices the Stations tab's keys put to the GM (where to put a character, who goes
to a place, what a character does at a directing station), each with the request its
answer makes: plain values the pane shows in a `ChoiceDialog` and carries out."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from rich.text import Text

from gmtool.actions.party import place_name
from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.characters import Party
from gmtool.rules.stations import Assignment, StationBoard, assignment_of, station_table
from gmtool.tui.dialogs.choice import TITLE_ROOM
from gmtool.tui.tabs.stations.orders import Put, SetTask, team_options, team_request
from gmtool.tui.tabs.stations.places import (
    char_name,
    character_options,
    now_words,
    place_options,
    ship_name,
)


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

    def request(self, answer: str) -> Put | SetTask:
        """What the GM's answer asks for."""
        if self.team_of is not None:
            return team_request(self.team_of, answer)
        if self.who is None:
            return Put(answer, self.ship_id, self.place or "", self.moving)
        return Put(self.who, self.ship_id, answer, self.moving)


def where_to(
    party: Party,
    ships: Sequence[ShipRecord],
    shown: str | None,
    board: StationBoard | None,
    who: str,
    ship_id: str,
    moving: bool,
    initial: str | None,
) -> Question:
    """Where to put (or move) `who` aboard `ship_id`, the list starting on `initial`. A
    placed character can only move, and the title says from where; the ship is named when
    there is room."""
    name = char_name(party, who)
    title = f"Where to {'move' if moving else 'put'} {name}?"
    current = assignment_of(party.assignments, who)
    if current is not None:
        title = f"Where to move {name}, now {now_words(current, ships, shown)}?"
    ship = ship_name(ships, ship_id)
    if len(title) + len(ship) + 3 <= TITLE_ROOM:
        title += f" ({ship})"
    options = place_options(board, ship_id)
    return Question(title, options, initial, ship_id, who=who, moving=moving)


def who_goes(
    party: Party, ships: Sequence[ShipRecord], ship_id: str, place: str, moving: bool
) -> Question:
    """Who goes to `place` of the ship shown (`ship_id`)."""
    title = f"Who goes to {place_name(place)}? ({ship_name(ships, ship_id)})"
    options = character_options(party, ships, ship_id, place)
    return Question(title, options, None, ship_id, place=place, moving=moving)


def off_to(
    party: Party, ships: Sequence[ShipRecord], board: StationBoard | None, who: str, ship_id: str
) -> Question:
    """Which place off station (brig, sickbay, away) `who` is in."""
    title = f"Where is {char_name(party, who)}? ({ship_name(ships, ship_id)})"
    options = place_options(board, ship_id, off_only=True)
    return Question(title, options, None, ship_id, who=who)


def team_question(party: Party, current: Assignment) -> Question:
    """What the character at a directing station does: the board's choice, hands-on, or
    which team to lead."""
    station = station_table().stations[current.station_id or ""]
    options, initial = team_options(current)
    title = f"What does {char_name(party, current.character_id)} do at {station.name}?"
    return Question(title, options, initial, current.ship_id, team_of=current)
