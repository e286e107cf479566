"""The Injuries tab's characters: one row each with their state and track bars (or, while
the party does not read, why not), and the ship a hazard roll starts on."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.text import Text
from textual.widgets import Static

from gmtool.rules.characters import Party
from gmtool.rules.stations import assignment_of
from gmtool.tui.tabs.injuries.injury_text import character_state_text, track_bar, tracks
from gmtool.tui.widgets.names import fit_names

WIDE_BAR = 8
NARROW_BAR = 5
NARROW_NAME = 22


class PartyProblem(Static, can_focus=True):
    """Why the party cannot be read, in place of the character table; it takes the focus."""


def character_columns() -> list[tuple[str, str]]:
    """The characters table's columns (label, key): name, state, then a bar per track."""
    return [("Character", "name"), ("State", "state")] + [
        (track.capitalize(), track) for track in tracks()
    ]


def character_rows(party: Party, narrow: bool) -> list[tuple[str, Sequence[Text | str]]]:
    """A row (character id, cells) per character: narrower bars and names on a small
    screen, the names shortened by one rule for all, as on the Stations tab."""
    width = NARROW_BAR if narrow else WIDE_BAR
    names = [c.name for c in party.characters]
    if narrow:
        names = fit_names(names, NARROW_NAME)
    rows: list[tuple[str, Sequence[Text | str]]] = []
    for character, name in zip(party.characters, names, strict=True):
        sizes = character.tracks
        bars = [track_bar(t, character.damage.get(t, 0), sizes[t], width) for t in tracks()]
        rows.append((character.id, [name, character_state_text(character), *bars]))
    return rows


def ship_of(party: Party, character_id: str | None, ship_ids: Collection[str]) -> str | None:
    """The ship a hazard roll starts on: the highlighted character's, else the first ship
    with anyone aboard (None: no ship of `ship_ids` has)."""
    if character_id is not None:
        assignment = assignment_of(party.assignments, character_id)
        if assignment is not None and assignment.ship_id in ship_ids:
            return assignment.ship_id
    for assignment in party.assignments:
        if assignment.ship_id in ship_ids:
            return assignment.ship_id
    return None
