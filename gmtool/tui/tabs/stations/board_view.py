"""The board beside the party list, drawn from the values the Stations pane gives and fitted
again whenever either changes size: names by one rule in both, places and tasks shortened
on a narrow board. It keeps only what it last drew, to draw it again at a new size."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label

from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.characters import Party
from gmtool.tui.tabs.stations.board import BoardRow, board_columns
from gmtool.tui.tabs.stations.fitting import board_cells, names_whole, party_entries
from gmtool.tui.tabs.stations.offered import BOARD, ELSEWHERE, LIST
from gmtool.tui.tabs.stations.widgets import BoardTable, PartyList, Resized, party_title


class StationsBoard(Horizontal):
    """The board (`#board`) and the party list (`#party-list`) under its title."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._party = Party(())
        self._ships: Sequence[ShipRecord] = ()
        self._ship_id: str | None = None
        self._rows: Sequence[BoardRow] = ()
        self._board_width = 0
        self._party_width = 0
        # whether the board and the list were drawn with every name whole
        self._board_names_whole = True
        self._list_names_whole = True

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
        width = self.query_one("#board", BoardTable).size.width
        if width != self._board_width:
            self._board_width = width
            self._draw_board()
            if self._names_whole() != self._list_names_whole:
                self._draw_party()
        width = self.query_one("#party-list", PartyList).size.width
        if width != self._party_width:
            self._party_width = width
            self._draw_party()
            if self._names_whole() != self._board_names_whole:
                self._draw_board()  # the names there follow the list's

    def _names_whole(self) -> bool:
        who = dict(board_columns(self.query_one("#board", BoardTable).size.width))["Who"]
        listed = (self.query_one("#party-list", PartyList).size.width or 26) - 2
        return names_whole(self._party, self._rows, who, listed)

    def _draw_board(self) -> None:
        table = self.query_one("#board", BoardTable)
        columns = board_columns(table.size.width)
        self._board_names_whole = self._names_whole()
        cells = board_cells(self._rows, columns, self._board_names_whole)
        table.show(columns, [(r.key, c) for r, c in zip(self._rows, cells, strict=True)])

    def _draw_party(self) -> None:
        options = self.query_one("#party-list", PartyList)
        width = (options.size.width or 26) - 2
        self._list_names_whole = self._names_whole()
        entries, unassigned = party_entries(
            self._party, self._ships, self._ship_id, width, self._list_names_whole
        )
        options.show(entries, options.character_id)
        title = self.query_one("#party-title", Label)
        title.set_class(unassigned > 0, "unassigned")
        title.update(party_title(len(self._party.characters), unassigned, width + 2))
