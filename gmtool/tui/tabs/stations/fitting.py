"""The board's rows and the party list's entries fitted to their widths: names by one rule
in both (all whole only when every name fits in both, so the two never show one person
differently), long places and tasks shortened, the narrow board's columns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.characters import Party
from gmtool.rules.stations import assignment_of
from gmtool.tui.tabs.stations.board import BOARD_COLUMNS, BoardRow, cut_cell, short_place, with_text
from gmtool.tui.tabs.stations.character_form import state_text
from gmtool.tui.tabs.stations.places import where_text
from gmtool.tui.widgets.names import fit_names

EMPTY_PARTY = "No characters yet: n creates one, i imports a party file."


def names_whole(party: Party, rows: Sequence[BoardRow], who_width: int, list_width: int) -> bool:
    """Whether the board (its Who column `who_width` wide) and the list (`list_width`
    cells for a name) show every name whole: only when every name fits in both."""
    on_board = {r.character_id for r in rows if r.character_id is not None}
    return all(
        len(c.name) <= list_width and (c.id not in on_board or len(c.name) <= who_width)
        for c in party.characters
    )


def board_cells(
    rows: Sequence[BoardRow], columns: Sequence[tuple[str, int]], whole: bool
) -> list[tuple[Any, ...]]:
    """Each row's cells for the board's `columns` (from `board.board_columns`)."""
    widths = dict(columns)
    narrow = len(columns) < len(BOARD_COLUMNS)
    people = [r for r in rows if r.character_id is not None]
    plain = [c.plain if isinstance(c, Text) else str(c) for c in (r.cells[1] for r in people)]
    fitted = dict(zip([r.key for r in people], fit_names(plain, widths["Who"], whole), strict=True))
    shown: list[tuple[Any, ...]] = []
    for row in rows:
        place = row.cells[0]
        if isinstance(place, Text) and place.plain:
            place = Text(short_place(place.plain, widths["Station"]), style=place.style)
        task = row.cells[2]
        if isinstance(task, Text) and len(task.plain) > widths["Task"]:
            task = Text("leading", style=task.style)  # "leads Sensors": the detail says
        who = row.cells[1]
        if row.key in fitted:
            who = with_text(who, fitted[row.key])
        cells = (place, who, task, *row.cells[3:])
        if narrow:  # no Skill column; postures to three letters
            cells = (*cells[:3], cells[4], str(cells[5])[:3])
        else:  # a station's note in the Skill column ends in "…" (the detail has it whole)
            cells = (*cells[:3], cut_cell(cells[3], widths["Skill"]), *cells[4:])
        shown.append(cells)
    return shown


def party_entries(
    party: Party, ships: Sequence[ShipRecord], shown: str | None, width: int, whole: bool
) -> tuple[list[tuple[Text, str | None]], int]:
    """The party list's entries (text, character id) in `width` cells, and how many of the
    party are unassigned."""
    names = fit_names([c.name for c in party.characters], width, whole)
    entries: list[tuple[Text, str | None]] = []
    unassigned = 0
    for character, name_shown in zip(party.characters, names, strict=True):
        where = where_text(party, ships, shown, character, width - 2)
        placed = assignment_of(party.assignments, character.id) is not None
        unassigned += not placed
        name = Text(name_shown, style="bold" if placed else "")
        if character.state != "ok":
            name.append("  ")
            name.append_text(state_text(character.state))
        entries.append((Text.assemble(name, "\n  ", where), character.id))
    if not party.characters:
        entries.append((Text(EMPTY_PARTY, "dim"), None))
    return entries, unassigned
