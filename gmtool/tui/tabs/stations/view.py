"""The Stations tab's view: the ship row, the board, the party list and the status line,
loaded from the saved party and drawn to fit the width.

`StationsView` holds what the tab shows and the helpers its keys share (what the cursor is
on, saving a station change and saying what it did); the keys themselves are in
`station_keys.py` and `character_keys.py`, the table of keys in `keys.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from gmtool.actions import party as party_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.party import StationChanged, UndoState, place_name
from gmtool.actions.reads.party import campaign_ships, load_party_state
from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.characters import Character, Party
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import StationBoard, assignment_of, station_board
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.stations.board import (
    BOARD_COLUMNS,
    BoardRow,
    board_columns,
    board_rows,
    cut_cell,
    short_place,
    with_text,
)
from gmtool.tui.tabs.stations.character_form import state_text
from gmtool.tui.tabs.stations.widgets import (
    BoardTable,
    PartyList,
    ProblemNote,
    Resized,
    party_title,
    unreadable_party_text,
)
from gmtool.tui.widgets.names import fit_names


class StationsView(GmPane):
    """What the Stations tab shows, and the helpers its keys share."""

    DEFAULT_CSS = tab_css(__file__, "stations.tcss")

    NARROW = 110  # below this width the side list is narrower

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.party = Party(())
        self.ships: list[ShipRecord] = []
        self.ship_id: str | None = None
        self.board: StationBoard | None = None
        self.rows: list[BoardRow] = []
        self._board_width = 0
        self._party_width = 0
        # whether the board and the list were drawn with every name whole
        self._board_names_whole = True
        self._list_names_whole = True
        # why the saved party (or the ships) cannot be read; None when they read
        self.party_problem: str | None = None
        # what ctrl+z and ctrl+y would take back or do again, read after every change
        self.undo_state = UndoState(None, None)
        # the labels of the changes made on this tab since it was built: an undo of
        # anything else (an injury from another tab) asks first
        self.made_here: list[str] = []

    def compose(self) -> ComposeResult:
        with Horizontal(id="ship-row"):
            yield Label("Ship ", classes="field-label")
            yield Select[str]([], prompt="no ships", id="ship-select", compact=True)
            yield Label("", id="crew-info")
        with Horizontal(id="stations-main"):
            yield BoardTable(id="board", cursor_type="row", zebra_stripes=True)
            with Vertical(id="party-side"):
                yield Label("Characters", id="party-title")
                yield PartyList(id="party-list")
        yield ProblemNote("", id="party-problem")
        yield Static("", id="station-detail")
        yield Static(
            "Enter rolls a row's check; a assigns, n new character; F1 for every key.",
            id="stations-status",
        )

    def on_mount(self) -> None:
        self.reload()

    def on_show(self) -> None:
        # Other tabs (ships, hazards, battles) may have changed the party or the ships;
        # nothing saved since the last read: the board is as it was.
        if self.is_mounted and self.saved_since_read():
            self.reload()

    def on_resize(self) -> None:
        self.set_class(self.size.width < self.NARROW, "-narrow")

    @on(Resized)
    def _resized(self) -> None:
        if self.is_mounted:
            self.board_resized()
            self.party_resized()

    def party_resized(self) -> None:
        width = self.query_one("#party-list", OptionList).size.width
        if width != self._party_width:
            self._party_width = width
            self._render_party()
            if self._names_whole() != self._board_names_whole:
                self._render_board()  # the names there follow the list's

    def board_resized(self) -> None:
        width = self.query_one("#board", DataTable).size.width
        if width != self._board_width:
            self._board_width = width
            self._render_board()
            if self._names_whole() != self._list_names_whole:
                self._render_party()

    def _names_whole(self) -> bool:
        """Whether the board and the list show every name whole: only when every name
        fits in both, so that the two never show one person differently."""
        who = dict(board_columns(self.query_one("#board", DataTable).size.width))["Who"]
        listed = (self.query_one("#party-list", OptionList).size.width or 26) - 2
        on_board = {r.character_id for r in self.rows if r.character_id is not None}
        return all(
            len(c.name) <= listed and (c.id not in on_board or len(c.name) <= who)
            for c in self.party.characters
        )

    def focus_default(self) -> None:
        if self.party_problem is not None:
            self.query_one("#party-problem", ProblemNote).focus()
        else:
            self.query_one("#board", DataTable).focus()

    def _refused(self) -> bool:
        """True (and says so) while the party cannot be read: nothing may touch it."""
        if self.party_problem is None:
            return False
        self.show_status(
            "Not done: the party cannot be read (see above); nothing was changed.", True
        )
        return True

    # -- loading and rendering --------------------------------------------------------------
    def reload(self) -> None:
        self.note_read()
        try:
            self.party = load_party_state(self.campaign)
        except (RulesError, StoreError) as exc:
            self._set_problem(str(exc))
            return
        try:
            self.ships = campaign_ships(self.campaign)
        except (RulesError, StoreError) as exc:
            self._set_problem(f"the ships do not read: {exc}")
            return
        self._set_problem(None)
        ids = [s.id for s in self.ships]
        if self.ship_id not in ids:
            # Start on the ship most of the party is aboard (the first ship on a tie).
            aboard = [a.ship_id for a in self.party.assignments]
            self.ship_id = max(ids, key=lambda i: (aboard.count(i), -ids.index(i)), default=None)
        select = self.query_one("#ship-select", Select)
        with self.prevent(Select.Changed):
            select.set_options([(self._ship_label(s), s.id) for s in self.ships])
            if self.ship_id is not None:
                select.value = self.ship_id
        self._refresh_view()

    def _set_problem(self, problem: str | None) -> None:
        """Show the tab (None) or, in its place, why the party cannot be read."""
        was = self.party_problem
        self.party_problem = problem
        if problem is not None:
            self.forget_read()  # read again when shown: the GM may mend the file meanwhile
            self.party = Party(())
            self.board = None
            self.rows = []
            self.query_one("#party-problem", ProblemNote).update(
                Text(unreadable_party_text(problem))
            )
            self.show_status(
                "The party cannot be read: the keys that change it are off.", error=True
            )
        for selector in ("#ship-row", "#stations-main", "#station-detail"):
            self.query_one(selector).display = problem is None
        self.query_one("#party-problem").display = problem is not None
        if problem is None and was is not None:
            self.show_status("The party reads again.")
        if (problem is None) != (was is None):
            self.refresh_bindings()
            focused = self.screen.focused
            if focused is not None and self in focused.ancestors:
                self.focus_default()  # the focused widget was just hidden or shown

    @staticmethod
    def _ship_label(ship: ShipRecord) -> str:
        enemy = ", enemy" if ship.side == "enemy" else ""
        return f"{ship.spec.name} ({ship.id}{enemy})"

    def _ship(self) -> ShipRecord | None:
        return next((s for s in self.ships if s.id == self.ship_id), None)

    def _refresh_view(self, follow: str | None = None) -> None:
        ship = self._ship()
        self.board = None
        if ship is not None:
            try:
                self.board = station_board(
                    ship.id,
                    ship.spec.crew_check_score,
                    self.party.characters,
                    self.party.assignments,
                )
            except RulesError as exc:
                self.show_status(f"Cannot show the stations: {exc}", error=True)
            quality = ship.spec.crew_quality
            self.query_one("#crew-info", Label).update(
                f"crew {quality}: crew check {ship.spec.crew_check_score}"
            )
        else:
            # short enough for the row beside the ship list at 80 columns
            self.query_one("#crew-info", Label).update("No ships yet: add them in Crew (2).")
        self._render_board()
        self._render_party()
        if follow is not None:
            self._cursor_to(follow)
        self.read_undo_state()

    def mark_made_here(self) -> None:
        """Note that the party's newest undo step was made on this tab (just saved)."""
        self.read_undo_state()
        if self.undo_state.undo is not None:
            self.made_here.append(self.undo_state.undo)

    def read_undo_state(self) -> None:
        """What ctrl+z and ctrl+y would do now (the footer offers them only then)."""
        try:
            self.undo_state = party_actions.undo_state(self.campaign)
        except (RulesError, StoreError):
            self.undo_state = UndoState(None, None)
        self.refresh_bindings()

    def _cursor_to(self, character_id: str) -> None:
        """Keep the board's cursor on a character the GM just moved (when on this ship)."""
        table = self.query_one("#board", DataTable)
        for index, row in enumerate(self.rows):
            if row.character_id == character_id:
                table.move_cursor(row=index, animate=False)
                return

    def _render_board(self) -> None:
        table = self.query_one("#board", DataTable)
        old_key = self._row().key if self.rows and table.row_count else None
        old_index = table.cursor_row
        self.rows = board_rows(self.board, self.party) if self.board is not None else []
        table.clear(columns=True)
        columns = board_columns(table.size.width)
        for label, width in columns:
            table.add_column(label, width=width)
        widths = dict(columns)
        narrow = len(columns) < len(BOARD_COLUMNS)
        # every character's name by the same rule: all whole, or all without their titles
        people = [r for r in self.rows if r.character_id is not None]
        plain = [c.plain if isinstance(c, Text) else str(c) for c in (r.cells[1] for r in people)]
        self._board_names_whole = self._names_whole()
        shown = fit_names(plain, widths["Who"], self._board_names_whole)
        fitted = dict(zip([r.key for r in people], shown, strict=True))
        for row in self.rows:
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
            if not narrow:  # a station's note in the Skill column ends in "…" (the detail
                # line under the board has it whole)
                cells = (*cells[:3], cut_cell(cells[3], widths["Skill"]), *cells[4:])
            if narrow:  # no Skill column; postures to three letters
                cells = (*cells[:3], cells[4], str(cells[5])[:3])
            table.add_row(*cells, key=row.key)
        keys = [r.key for r in self.rows]
        if old_key in keys:
            table.move_cursor(row=keys.index(old_key), animate=False)
        elif self.rows:
            table.move_cursor(row=min(old_index, len(self.rows) - 1), animate=False)
        self._show_detail()

    def _render_party(self) -> None:
        options = self.query_one("#party-list", OptionList)
        highlighted = self._list_character()
        options.clear_options()
        unassigned = 0
        width = (options.size.width or 26) - 2
        self._list_names_whole = self._names_whole()
        names = fit_names([c.name for c in self.party.characters], width, self._list_names_whole)
        for character, shown in zip(self.party.characters, names, strict=True):
            where = self._where(character, width - 2)
            if where.plain == "unassigned":
                unassigned += 1
            state = character.state
            name = Text(shown, style="bold" if where.plain != "unassigned" else "")
            if state != "ok":
                name.append("  ")
                name.append_text(state_text(state))
            options.add_option(Option(Text.assemble(name, "\n  ", where), id=character.id))
        if not self.party.characters:
            options.add_option(
                Option(Text("No characters yet: n creates one, i imports a party file.", "dim"))
            )
        ids = self.party.ids
        if ids:
            options.highlighted = ids.index(highlighted) if highlighted in ids else 0
        title = self.query_one("#party-title", Label)
        title.set_class(unassigned > 0, "unassigned")
        title.update(party_title(len(self.party.characters), unassigned, width + 2))

    def _where(self, character: Character, width: int | None = None) -> Text:
        """Where a character is; in `width` cells (the party list) the posture gives way
        first (the board shows it), then the place's long words."""
        assignment = assignment_of(self.party.assignments, character.id)
        if assignment is None:
            return Text("unassigned", style="bold yellow")
        place = place_name(assignment.place)
        if assignment.ship_id == self.ship_id:
            text = f"{place}, {assignment.posture}"
            if width is not None and len(text) > width:
                text = short_place(place, width)
            return Text(text)
        ship = next((s for s in self.ships if s.id == assignment.ship_id), None)
        ship_name = ship.spec.name if ship else f"{assignment.ship_id} (no such ship)"
        return Text(f"{ship_name}: {place}", style="dim")

    def show_status(self, message: str | Text, error: bool = False) -> None:
        status = self.query_one("#stations-status", Static)
        status.set_class(error, "error")
        status.update(message)

    def _show_detail(self) -> None:
        detail = self.query_one("#station-detail", Static)
        detail.update(self._row().detail if self.rows else "")

    @on(DataTable.RowHighlighted, "#board")
    def _row_highlighted(self) -> None:
        self._show_detail()
        self.refresh_bindings()  # the keys offered follow the row (a crew row has no one)

    @on(Select.Changed, "#ship-select")
    def _ship_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.ship_id:
            self.ship_id = event.value
            self._refresh_view()

    @on(OptionList.OptionSelected, "#party-list")
    def _character_chosen(self, event: OptionList.OptionSelected) -> None:
        """Enter on a character: show them on the board (switching ship if needed)."""
        assignment = assignment_of(self.party.assignments, event.option.id or "")
        if assignment is None:
            self.show_status(
                f"{self._char_name(event.option.id or '')} is unassigned: a chooses a station."
            )
            return
        if assignment.ship_id != self.ship_id:
            self._set_ship(assignment.ship_id)
        for index, row in enumerate(self.rows):
            if row.character_id == assignment.character_id:
                self.query_one("#board", DataTable).move_cursor(row=index)
                break
        self.focus_default()

    # -- what the keys act on ---------------------------------------------------------------
    def _row(self) -> BoardRow:
        table = self.query_one("#board", DataTable)
        return self.rows[min(table.cursor_row, len(self.rows) - 1)]

    def _list_focused(self) -> bool:
        return self.screen.focused is self.query_one("#party-list", OptionList)

    def _board_focused(self) -> bool:
        return self.screen.focused is self.query_one("#board", DataTable)

    def _list_character(self) -> str | None:
        options = self.query_one("#party-list", OptionList)
        if options.highlighted is None or options.option_count == 0:
            return None
        return options.get_option_at_index(options.highlighted).id

    def _selected_character(self) -> str | None:
        """The character the keys act on: the list's when it has focus, else the board's."""
        if self._list_focused():
            return self._list_character()
        return self._row().character_id if self.rows else None

    def _char_name(self, character_id: str) -> str:
        try:
            return self.party.character(character_id).name
        except RulesError:
            return character_id

    def _need_character(self, what: str) -> str | None:
        who = self._selected_character()
        if who is None:
            where = "in the character list" if self._list_focused() else "on the board"
            self.show_status(f"Nothing to {what}: highlight a character {where} first.", error=True)
        return who

    def _need_ship(self) -> str | None:
        if self.ship_id is None:
            self.show_status("No ship to put anyone on: the campaign has no ships yet.", error=True)
        return self.ship_id

    def _ship_name(self, ship_id: str) -> str:
        ship = next((s for s in self.ships if s.id == ship_id), None)
        return ship.spec.name if ship else ship_id

    def _set_ship(self, ship_id: str) -> None:
        self.ship_id = ship_id
        with self.prevent(Select.Changed):
            self.query_one("#ship-select", Select).value = ship_id
        self._refresh_view()

    # -- saving -----------------------------------------------------------------------------
    def _change(
        self, act: Callable[[], StationChanged], done: Callable[[StationChanged], str] | None = None
    ) -> bool:
        """Ask a station action and show what it did, or why it was refused (nothing saved).

        `done` says what was done, once saved (else the action's label)."""
        try:
            changed = act()
        except (RulesError, StoreError) as exc:
            self.show_status(f"Not changed: {exc}", error=True)
            return False
        self.party = changed.party
        self._refresh_view(follow=None if self._list_focused() else changed.character_id)
        self.mark_made_here()
        label = changed.label
        said = done(changed) if done is not None else f"{label[0].upper()}{label[1:]}."
        self.show_status(f"{said} (ctrl+z undoes)")
        return True
