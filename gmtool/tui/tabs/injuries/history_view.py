"""The Injuries tab's history: the filters (who, battle, session) and the entries they let
through, newest first, with the highlighted entry's detail below. A mixin of `InjuriesPane`,
which supplies the party, the status line and the widgets composed here."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.widgets import DataTable, Select, Static

from gmtool.actions.errors import StoreError
from gmtool.actions.reads.battles import battle_names, list_battles
from gmtool.actions.reads.injuries import InjuryEntry, newest_first
from gmtool.rules.characters import Party
from gmtool.rules.errors import RulesError
from gmtool.tui.pane import GmPane
from gmtool.tui.tabs.injuries.injury_text import (
    HISTORY_COLUMNS,
    entry_cells,
    entry_detail,
    entry_name,
    fit_history_columns,
)
from gmtool.tui.widgets.names import fit_names, untitled
from gmtool.tui.widgets.steady import KeepsSize

ALL = "*"
"""A filter's value for "no filter"."""
SHOWN_ENTRIES = 500


def fill_table(
    table: DataTable[Any],
    columns: Sequence[tuple[str, str]],
    rows: Sequence[tuple[str, Sequence[Text | str]]],
) -> None:
    """Put `rows` (key, cells) in `table` under `columns` (label, key), every column as wide
    as its widest cell.

    The widths are given, not left to DataTable's auto width: that is measured only when the
    table is next idle, and lines drawn before then (a filter chosen, a resize) were kept in
    its line cache at the old widths, so the columns stayed crushed to their labels
    ("Chi", "1" for #17) until something else redrew the table.
    """
    widths = [cell_len(label) for label, _ in columns]
    for _, cells in rows:
        for index, cell in enumerate(cells):
            text = cell.plain if isinstance(cell, Text) else str(cell)
            widths[index] = max(widths[index], cell_len(text))
    table.clear(columns=True)
    for (label, key), width in zip(columns, widths, strict=True):
        table.add_column(label, key=key, width=width)
    for key, cells in rows:
        table.add_row(*cells, key=key)


class HistoryTable(KeepsSize, DataTable[Any]):
    """The injury history; its columns are fitted to its width again after a resize."""

    def on_resize(self) -> None:
        pane = next((a for a in self.ancestors if isinstance(a, HistoryView)), None)
        if pane is not None and pane.is_mounted:
            pane.history_resized()


class HistoryView(GmPane):
    """The filters and the history; the pane below it in the class list gives what is
    declared here."""

    if TYPE_CHECKING:
        party: Party
        entries: list[InjuryEntry]
        battle_names: dict[str, str]
        party_problem: str | None
        _history_width: int

        def show_status(self, text: str | Text, error: bool = False) -> None: ...

    def _set_options(self, selector: str, options: list[tuple[str, Any]]) -> None:
        select = self.query_one(selector, Select)
        current = select.value
        if getattr(select, "_gm_options", None) == options:
            return
        select._gm_options = options  # type: ignore[attr-defined]
        with select.prevent(Select.Changed):
            select.set_options(options)
            values = [v for _, v in options]
            select.value = current if current in values else ALL

    def _fill_filters(self, everything: list[InjuryEntry]) -> None:
        people: dict[str, str] = {c.id: c.name for c in self.party.characters}
        for entry in everything:
            people.setdefault(str(entry["character"]), str(entry.get("character_name", "")))
        self._set_options(
            "#filter-character",
            [("everyone", ALL), *((name, cid) for cid, name in people.items())],
        )
        # battles set up on the Battle tab by name, newest first; then names typed by hand
        try:
            known = [(b.id, b.name) for b in list_battles(self.campaign)]
            names = battle_names(self.campaign)  # deleted battles keep their names here
        except (StoreError, RulesError):
            known, names = [], {}
        self.battle_names = names
        battles = [battle_id for battle_id, _ in reversed(known)]
        for entry in everything:
            battle = entry.get("battle")
            if battle is not None and str(battle) not in battles:
                battles.append(str(battle))
        self._set_options(
            "#filter-battle", [("every battle", ALL), *((names.get(b, b), b) for b in battles)]
        )
        sessions = [(f"{s['id']} · {s['title']}", s["id"]) for s in self.campaign.sessions()]
        self._set_options("#filter-session", [("every session", ALL), *reversed(sessions)])

    def filters(self) -> dict[str, Any]:
        """The filters as `history()` arguments (None: no filter)."""
        values = {}
        for name, selector in (
            ("character", "#filter-character"),
            ("battle", "#filter-battle"),
            ("session", "#filter-session"),
        ):
            value = self.query_one(selector, Select).value
            values[name] = None if value == ALL or value is Select.BLANK else value
        return values

    def _fill_history(
        self, everything: list[InjuryEntry] | None = None, select: int | None = None
    ) -> None:
        """The entries the filters let through, newest first; the cursor stays on the
        highlighted entry, or goes to entry `select` (scrolled into view)."""
        wanted = self.filters()
        # Without the whole history at hand, read newest first only as far as the table shows.
        entries = newest_first(self.campaign) if everything is None else iter(everything)
        matching = (
            e
            for e in entries
            if (wanted["character"] is None or e["character"] == wanted["character"])
            and (wanted["battle"] is None or e.get("battle") == wanted["battle"])
            and (wanted["session"] is None or e.get("session") == wanted["session"])
        )
        shown = list(islice(matching, SHOWN_ENTRIES))
        kept = self.highlighted_entry()
        self.entries = shown
        table = self.query_one("#injury-history", DataTable)
        keys = [key for _, key in HISTORY_COLUMNS]
        natural = [cell_len(label) for label, _ in HISTORY_COLUMNS]
        for entry in shown:
            cells = entry_cells(entry, self.battle_names)
            natural = [max(w, c.cell_len) for w, c in zip(natural, cells, strict=True)]
        widest = dict(zip(keys, natural, strict=True))
        room = self._history_room()
        widths = fit_history_columns(widest, room)
        names = [entry_name(e) for e in shown]
        if widths.get("who", widest["who"]) < widest["who"]:
            # names give way as on the Stations tab: all without their titles, then cut
            widest["who"] = max([cell_len("Who"), *(len(untitled(n)) for n in names)])
            widths = fit_history_columns(widest, room)
            names = fit_names(names, widths.get("who", widest["who"]))
        self._history_width = table.size.width
        rows = [
            (str(e["id"]), entry_cells(e, self.battle_names, widths, name))
            for e, name in zip(shown, names, strict=True)
        ]
        shown_columns = [(label, key) for label, key in HISTORY_COLUMNS if key in widths]
        index = [keys.index(key) for _, key in shown_columns]
        fill_table(table, shown_columns, [(key, [cells[i] for i in index]) for key, cells in rows])
        target = select if select is not None else (kept["id"] if kept is not None else None)
        if target is not None and any(e["id"] == target for e in shown):
            table.move_cursor(row=table.get_row_index(str(target)), animate=False)
        self._show_detail()

    def _history_room(self) -> int:
        """The cells the history's columns may take: its width less the scrollbar."""
        table = self.query_one("#injury-history", DataTable)
        width = table.size.width or self.size.width or self.app.size.width
        return width - table.styles.scrollbar_size_vertical

    def history_resized(self) -> None:
        """Fit the columns again when the history's width changed (a resize)."""
        width = self.query_one("#injury-history", DataTable).size.width
        if width and width != self._history_width:
            self._fill_history()

    def shows_entry(self, entry_id: int) -> bool:
        """Whether the history (as filtered) lists this entry."""
        return any(e["id"] == entry_id for e in self.entries)

    def filtered(self) -> bool:
        """Whether a filter is set (a clears them)."""
        return any(value is not None for value in self.filters().values())

    @on(Select.Changed, "#injury-filters Select")
    def _filter_changed(self) -> None:
        self._fill_history()
        self.refresh_bindings()

    def action_clear_filters(self) -> None:
        for selector in ("#filter-character", "#filter-battle", "#filter-session"):
            with self.query_one(selector, Select).prevent(Select.Changed):
                self.query_one(selector, Select).value = ALL
        self._fill_history()
        self.refresh_bindings()
        self.show_status("Showing everyone, every battle and every session.")

    @on(DataTable.RowSelected, "#injury-characters")
    def _character_chosen(self, event: DataTable.RowSelected) -> None:
        key = event.row_key.value
        select = self.query_one("#filter-character", Select)
        select.value = ALL if select.value == key else key

    @on(DataTable.RowHighlighted, "#injury-history")
    def _entry_highlighted(self) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        detail = self.query_one("#injury-detail", Static)
        entry = self.highlighted_entry()
        if entry is None:
            if self.filtered():
                detail.update("No injury matches the filters (a clears them).")
            elif self.party_problem is not None:
                detail.update("No injuries yet.")
            else:
                detail.update(
                    "No injuries yet: hazards from the Battle tab and h, t, d here land below."
                )
            return
        detail.update(entry_detail(entry, self.battle_names))

    def highlighted_entry(self) -> InjuryEntry | None:
        table = self.query_one("#injury-history", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((e for e in self.entries if str(e["id"]) == key), None)

    def entry_in_view(self, entry_id: int) -> str | None:
        """Why the GM cannot see this entry now ("hidden by the filters", "scrolled out of
        view"), or None when its row is on screen."""
        if not self.shows_entry(entry_id):
            return "hidden by the filters"
        table = self.query_one("#injury-history", DataTable)
        row = table.get_row_index(str(entry_id))
        top = round(table.scroll_y)
        rows = table.size.height - (table.header_height if table.show_header else 0)
        rows -= table.styles.scrollbar_size_horizontal if table.show_horizontal_scrollbar else 0
        return None if top <= row < top + max(rows, 0) else "scrolled out of view"
