"""The board beside the party list, drawn from the values the Stations pane gives and fitted
again whenever either changes size: names by one rule in both (all whole only when every name
fits in both, so the two never show one person differently), places and tasks shortened on a
narrow board. It keeps only what it last drew, to draw it again at a new size."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label

from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.characters import Party
from gmtool.rules.stations import assignment_of
from gmtool.tui.styles import state_text
from gmtool.tui.tabs.stations.board import (
    BOARD_COLUMNS,
    BoardRow,
    board_columns,
    cut_cell,
    short_place,
    with_text,
)
from gmtool.tui.tabs.stations.offered import BOARD, ELSEWHERE, LIST
from gmtool.tui.tabs.stations.places import NO_CHARACTERS, where_text
from gmtool.tui.tabs.stations.widgets import BoardTable, PartyList, Resized, party_title
from gmtool.tui.widgets.names import fit_names


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
        entries.append((Text(NO_CHARACTERS, "dim"), None))
    return entries, unassigned


class StationsBoard(Horizontal):
    """The board (`#board`) and the party list (`#party-list`) under its title."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._party = Party(())
        self._ships: Sequence[ShipRecord] = ()
        self._ship_id: str | None = None
        self._rows: Sequence[BoardRow] = ()
        # the width the board and the list were last drawn at, and whether every name whole
        self._board_drawn: tuple[int, bool] | None = None
        self._list_drawn: tuple[int, bool] | None = None

    def compose(self) -> ComposeResult:
        yield BoardTable(id="board", cursor_type="row", zebra_stripes=True)
        with Vertical(id="party-side"):
            yield Label("Characters", id="party-title")
            yield PartyList(id="party-list")

    def show(
        self, party: Party, ships: Sequence[ShipRecord], ship_id: str | None, rows: list[BoardRow]
    ) -> None:
        """Draw the board's `rows` and the whole party (`ship_id` is the ship shown)."""
        self._party, self._ships, self._ship_id, self._rows = party, ships, ship_id, rows
        self._draw_board()
        self._draw_party()

    def focus_place(self) -> str:
        """Where the focus is: on the board, in the list or elsewhere (the ship list)."""
        focused = self.screen.focused
        if focused is self.query_one("#board", BoardTable):
            return BOARD
        return LIST if focused is self.query_one("#party-list", PartyList) else ELSEWHERE

    def cursor_to(self, character_id: str, animate: bool = True) -> None:
        """The board's cursor on the character's row (when they are on the ship shown)."""
        index = next((i for i, r in enumerate(self._rows) if r.character_id == character_id), None)
        if index is not None:
            self.query_one("#board", BoardTable).move_cursor(row=index, animate=animate)

    @on(Resized)
    def _resized(self, event: Resized) -> None:
        event.stop()
        if not self.is_mounted:
            return
        whole = self._names_whole()  # either's width may change it: both follow
        if self._board_drawn != (self.query_one("#board", BoardTable).size.width, whole):
            self._draw_board()
        if self._list_drawn != (self.query_one("#party-list", PartyList).size.width, whole):
            self._draw_party()

    def _names_whole(self) -> bool:
        who = dict(board_columns(self.query_one("#board", BoardTable).size.width))["Who"]
        listed = (self.query_one("#party-list", PartyList).size.width or 26) - 2
        return names_whole(self._party, self._rows, who, listed)

    def _draw_board(self) -> None:
        table = self.query_one("#board", BoardTable)
        columns = board_columns(table.size.width)
        whole = self._names_whole()
        self._board_drawn = (table.size.width, whole)
        cells = board_cells(self._rows, columns, whole)
        table.show(columns, [(r.key, c) for r, c in zip(self._rows, cells, strict=True)])

    def _draw_party(self) -> None:
        options = self.query_one("#party-list", PartyList)
        width = (options.size.width or 26) - 2
        whole = self._names_whole()
        self._list_drawn = (options.size.width, whole)
        entries, unassigned = party_entries(self._party, self._ships, self._ship_id, width, whole)
        options.show(entries, options.character_id)
        title = self.query_one("#party-title", Label)
        title.set_class(unassigned > 0, "unassigned")
        title.update(party_title(len(self._party.characters), unassigned, width + 2))
