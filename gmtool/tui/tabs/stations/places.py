"""Where the party is, in the GM's words, and what the Stations tab's choice dialogs offer:
plain functions of the party, the campaign's ships and the board on show, so every key says
a place the same way."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gmtool.actions.party import place_name
from gmtool.actions.reads.ships import ShipRecord
from gmtool.actions.station_rolls import StationCheckRolled
from gmtool.rules.characters import Character, Party
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import (
    Assignment,
    StationBoard,
    assignment_of,
    station_board,
    station_table,
)
from gmtool.tui.styles import DEGREE_STYLE
from gmtool.tui.tabs.stations.board import doing, short_place
from gmtool.tui.tabs.stations.orders import SetTask

Options = list[tuple[str, Text]]

NO_CHARACTERS = "No characters yet: n creates one, i imports a party file."


def ship_label(ship: ShipRecord) -> str:
    """The ship list's entry: 'CSS Meridian (meridian)', the enemy's marked."""
    enemy = ", enemy" if ship.side == "enemy" else ""
    return f"{ship.spec.name} ({ship.id}{enemy})"


def ship_name(ships: Sequence[ShipRecord], ship_id: str) -> str:
    ship = next((s for s in ships if s.id == ship_id), None)
    return ship.spec.name if ship else ship_id


def char_name(party: Party, character_id: str) -> str:
    try:
        return party.character(character_id).name
    except RulesError:
        return character_id


def now_words(assignment: Assignment, ships: Sequence[ShipRecord], shown: str | None) -> str:
    """Where a character is, short: 'at Command', 'in sickbay', 'on CSS Tenacity, at
    Command' (the ship said only when it is not the `shown` one)."""
    place = place_name(assignment.place)
    words = f"at {place}" if assignment.station_id is not None else place[0].lower() + place[1:]
    if assignment.ship_id != shown:
        words = f"on {ship_name(ships, assignment.ship_id)}, {words}"
    return words


def where_words(assignment: Assignment, ships: Sequence[ShipRecord]) -> str:
    """'at the Bridge station of CSS Meridian', 'in sickbay (CSS Meridian)'."""
    ship = ship_name(ships, assignment.ship_id)
    place = place_name(assignment.place)
    if assignment.station_id is not None:
        return f"at the {place} station of {ship}"
    return f"{place[0].lower()}{place[1:]} ({ship})"


def where_text(
    party: Party,
    ships: Sequence[ShipRecord],
    shown: str | None,
    character: Character,
    width: int | None = None,
) -> Text:
    """Where a character is; in `width` cells (the party list) the posture gives way
    first (the board shows it), then the place's long words."""
    assignment = assignment_of(party.assignments, character.id)
    if assignment is None:
        return Text("unassigned", style="bold yellow")
    place = place_name(assignment.place)
    if assignment.ship_id == shown:
        text = f"{place}, {assignment.posture}"
        if width is not None and len(text) > width:
            text = short_place(place, width)
        return Text(text)
    ship = next((s for s in ships if s.id == assignment.ship_id), None)
    name = ship.spec.name if ship else f"{assignment.ship_id} (no such ship)"
    return Text(f"{name}: {place}", style="dim")


def place_options(board: StationBoard | None, ship_id: str, off_only: bool = False) -> Options:
    """The places of a ship to choose from, each station with who is there now (when the
    board on show is that ship's), then the places off station."""
    table = station_table()
    options: Options = []
    shown = board if board is not None and board.ship_id == ship_id else None
    if not off_only:
        for station in table.stations.values():
            who = ", ".join(o.name for o in shown.line(station.id).occupants) if shown else ""
            label = Text.assemble(station.name, (f"  {who}" if who else "", "dim"))
            options.append((station.id, label))
    return options + [(p.id, Text(p.name, style="italic")) for p in table.off_station.values()]


def character_options(
    party: Party, ships: Sequence[ShipRecord], shown: str | None, place: str
) -> Options:
    """The party for "who goes to `place`": the unassigned first, then the placed ones,
    each saying where they are now and that choosing them moves them here."""
    unplaced = [c for c in party.characters if assignment_of(party.assignments, c.id) is None]
    options: Options = [
        (c.id, Text.assemble(c.name, "\n  ", where_text(party, ships, shown, c))) for c in unplaced
    ]
    for character in party.characters:
        assignment = assignment_of(party.assignments, character.id)
        if assignment is None:
            continue
        now = now_words(assignment, ships, shown)
        here = assignment.ship_id == shown and assignment.place == place
        moves = " · already here" if here else " · moves here"
        text = Text.assemble(character.name, "\n  ", (f"now {now}", "dim"), (moves, "dim italic"))
        options.append((character.id, text))
    return options


def task_words(party: Party, board: StationBoard | None, request: SetTask, label: str) -> str:
    """What a task change did (`board` drawn after it): the board's choice says what it
    chose; a lead says the action's `label`."""
    name = char_name(party, request.who)
    occupant = board.occupant(request.who) if board else None
    if request.task == "auto" and occupant is not None:
        return f"{name}: the board chooses ({doing(occupant)} now)."
    if request.task == "hands_on":
        return f"{name} works hands-on."
    return f"{label}."


def roll_words(rolled: StationCheckRolled) -> Text:
    """A row's check rolled: what for, the dice and the degree in its colour."""
    result = rolled.result
    return Text.assemble(
        f"{rolled.purpose}: {result.dice_text()} -> ",
        (result.degree.label, DEGREE_STYLE.get(result.degree.value, "")),
        " (in the log; ctrl+z undoes)",
    )


def ship_board(ship: ShipRecord | None, party: Party) -> StationBoard | None:
    """The board of the ship shown (None: no ship); a party the board refuses raises."""
    if ship is None:
        return None
    return station_board(ship.id, ship.spec.crew_check_score, party.characters, party.assignments)


def ship_to_show(ships: Sequence[ShipRecord], party: Party, shown: str | None) -> str | None:
    """The ship shown: the one shown when it still exists, else the ship most of the party
    is aboard (the first ship on a tie)."""
    ids = [s.id for s in ships]
    if shown in ids:
        return shown
    aboard = [a.ship_id for a in party.assignments]
    return max(ids, key=lambda i: (aboard.count(i), -ids.index(i)), default=None)


def crew_words(ship: ShipRecord | None) -> str:
    """Beside the ship list: the crew's quality and check score (short enough for the row
    at 80 columns)."""
    if ship is None:
        return "No ships yet: add them in Crew (2)."
    return f"crew {ship.spec.crew_quality}: crew check {ship.spec.crew_check_score}"


def next_ship(ships: Sequence[ShipRecord], shown: str | None) -> str:
    """The ship after the one shown (the first after the last); `ships` is not empty."""
    ids = [s.id for s in ships]
    return ids[(ids.index(shown) + 1 if shown in ids else 0) % len(ids)]
