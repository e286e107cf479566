"""The Stations tab's pane, the only holder of its state. A key or a dialog gives a typed
request (orders.py, party_orders.py); `_carry_out` or `save` carries it out with one action
(`actions.party`; `actions.station_rolls` for Enter's roll; `actions.history` for undo and
redo), saved as one commit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Select, Static

from gmtool.actions import history
from gmtool.actions import party as party_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.party import StationChanged, UndoState
from gmtool.actions.reads.party import campaign_ships, load_party_state
from gmtool.actions.reads.ships import ShipRecord
from gmtool.actions.station_rolls import roll_station_check
from gmtool.rules.characters import Party
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import StationBoard, assignment_of
from gmtool.tui.action_table import TabAction
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.stations import party_orders, places, questions, widgets
from gmtool.tui.tabs.stations.board import BoardRow, board_rows
from gmtool.tui.tabs.stations.board_view import StationsBoard
from gmtool.tui.tabs.stations.character_form import CharacterForm
from gmtool.tui.tabs.stations.keys import ACTIONS, HELP
from gmtool.tui.tabs.stations.offered import LIST, Moment, offered
from gmtool.tui.tabs.stations.orders import Leave, Put, Refusal, SetPosture, SetTask, next_posture
from gmtool.tui.tabs.stations.party_orders import (
    DeleteCharacter,
    PartyRequest,
    UndoChange,
    export_dialog,
    import_dialog,
    undo_question,
)
from gmtool.tui.tabs.stations.questions import Order, Question, Shown
from gmtool.tui.tabs.stations.widgets import BoardTable, PartyList, ProblemNote


class StationsPane(GmPane):
    TAB_ID = "stations"
    TITLE = "Stations"
    HELP = HELP
    ACTIONS: ClassVar[tuple[TabAction, ...]] = ACTIONS
    STATUS_LINE = "stations-status"
    DEFAULT_CSS = tab_css(__file__, "stations.tcss")

    NARROW = 110  # below this width the side list is narrower

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.party = Party(())
        self.ships: list[ShipRecord] = []
        self.ship_id: str | None = None
        self.board: StationBoard | None = None
        self.rows: list[BoardRow] = []
        self.party_problem: str | None = None  # why the party or the ships do not read
        self.undo_state = UndoState(None, None)  # what ctrl+z and ctrl+y would do, read anew
        # the labels of the changes made on this tab: an undo of anything else asks first
        self.made_here: list[str] = []

    def compose(self) -> ComposeResult:
        with Horizontal(id="ship-row"):  # the ship list and the crew of the ship shown
            yield Label("Ship ", classes="field-label")
            yield Select[str]([], prompt="no ships", id="ship-select", compact=True)
            yield Label("", id="crew-info")
        yield StationsBoard(id="stations-main")
        yield ProblemNote("", id="party-problem")
        yield Static("", id="station-detail")
        yield Static(
            "Enter rolls a row's check; a assigns, n new character; F1 for every key.",
            id="stations-status",
        )

    def on_mount(self) -> None:
        self.reload()

    def on_show(self) -> None:
        # Other tabs (ships, hazards, battles) may have changed the party or the ships
        if self.is_mounted and self.saved_since_read():
            self.reload()

    def on_resize(self) -> None:
        self.set_class(self.size.width < self.NARROW, "-narrow")

    def focus_default(self) -> None:
        self.query_one("#board" if self.party_problem is None else "#party-problem").focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys offered where the cursor is (offered.py)."""
        mounted = self.is_mounted
        now = Moment(
            readable=self.party_problem is None,
            undo=self.undo_state,
            focus=self.query_one(StationsBoard).focus_place() if mounted else None,
            row=self._row() if mounted and self.rows else None,
            characters=bool(self.party.characters),
        )
        return offered(action, now)

    def _refused(self) -> bool:
        """True (and says so) while the party cannot be read: nothing may touch it."""
        if self.party_problem is not None:
            self.show_status(widgets.NOT_DONE, error=True)
        return self.party_problem is not None

    # -- reading and drawing ----------------------------------------------------------------
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
        self.ship_id = places.ship_to_show(self.ships, self.party, self.ship_id)
        select = self.query_one("#ship-select", Select)
        with self.prevent(Select.Changed):
            select.set_options((places.ship_label(s), s.id) for s in self.ships)
            if self.ship_id is not None:
                select.value = self.ship_id
        self._refresh_view()

    def _set_problem(self, problem: str | None) -> None:
        """Show the tab (None) or, in its place, why the party cannot be read."""
        was = self.party_problem
        self.party_problem = problem
        if problem is not None:
            self.forget_read()  # read again when shown: the GM may mend the file meanwhile
            self.party, self.board, self.rows = Party(()), None, []
            note = Text(widgets.unreadable_party_text(problem))
            self.query_one("#party-problem", ProblemNote).update(note)
            self.show_status("The party cannot be read: the keys that change it are off.", True)
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

    def _refresh_view(self, follow: str | None = None) -> None:
        ship = next((s for s in self.ships if s.id == self.ship_id), None)
        self.board = None
        try:
            self.board = places.ship_board(ship, self.party)
        except RulesError as exc:
            self.show_status(f"Cannot show the stations: {exc}", error=True)
        self.query_one("#crew-info", Label).update(places.crew_words(ship))
        self.rows = board_rows(self.board, self.party) if self.board is not None else []
        shown = self.query_one(StationsBoard)
        shown.show(self.party, self.ships, self.ship_id, self.rows)
        self._row_highlighted()
        if follow is not None:  # the board's cursor on a character just moved here
            shown.cursor_to(follow, animate=False)
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

    @on(BoardTable.RowHighlighted, "#board")
    def _row_highlighted(self) -> None:
        """The detail line says the row's whole story; the keys offered follow the row.

        Its height is fixed, so the board does not jump a row as the cursor moves and the
        screen is not laid out again on every key."""
        row = self._row() if self.rows else None
        self.query_one("#station-detail", Static).update(row.detail if row else "", layout=False)
        can_roll = self.party_problem is None and row is not None and row.check is not None
        self.query_one("#board", BoardTable).can_roll = can_roll
        self.refresh_bindings()

    @on(Select.Changed, "#ship-select")
    def _ship_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.ship_id:
            self.ship_id = event.value
            self._refresh_view()

    @on(PartyList.OptionSelected, "#party-list")
    def _character_chosen(self, event: PartyList.OptionSelected) -> None:
        """Enter on a character: show them on the board (switching ship if needed)."""
        assignment = assignment_of(self.party.assignments, event.option.id or "")
        if assignment is None:
            name = places.char_name(self.party, event.option.id or "")
            self.show_status(f"{name} is unassigned: a chooses a station.")
            return
        if assignment.ship_id != self.ship_id:
            self._set_ship(assignment.ship_id)
        self.query_one(StationsBoard).cursor_to(assignment.character_id)
        self.focus_default()

    def _set_ship(self, ship_id: str) -> None:
        self.ship_id = ship_id
        with self.prevent(Select.Changed):
            self.query_one("#ship-select", Select).value = ship_id
        self._refresh_view()

    # -- what the keys act on ---------------------------------------------------------------
    def _row(self) -> BoardRow:
        table = self.query_one("#board", BoardTable)
        return self.rows[min(table.cursor_row, len(self.rows) - 1)]

    def _list_focused(self) -> bool:
        return self.query_one(StationsBoard).focus_place() == LIST

    def _selected_character(self) -> str | None:
        """The character the keys act on: the list's when it has focus, else the board's."""
        if self._list_focused():
            return self.query_one("#party-list", PartyList).character_id
        return self._row().character_id if self.rows else None

    def _need_character(self, what: str) -> str | None:
        """The character the key acts on; None (said) while the party does not read or none."""
        if self._refused():
            return None
        who = self._selected_character()
        if who is None:
            where = "in the character list" if self._list_focused() else "on the board"
            self.show_status(f"Nothing to {what}: highlight a character {where} first.", error=True)
        return who

    # -- carrying out a change --------------------------------------------------------------
    def _change(
        self, act: Callable[[], StationChanged], done: Callable[[StationChanged], str] | None = None
    ) -> bool:
        """Ask a station action and show what it did (`done` says, else the action's label),
        or why it was refused (nothing saved)."""
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

    def _shown(self) -> Shown:
        return Shown(self.party, self.ships, self.ship_id, self.board)

    def _carry_out(self, order: Order | None) -> None:
        """An order of a key or a dialog's answer: a question is put to the GM, a refusal
        said, a request carried out with one action."""
        campaign = self.campaign
        match order:
            case Refusal(text):
                self.show_status(text, error=True)
            case Question(title, options, initial):
                chosen = ChoiceDialog(title, list(options), initial)
                self.app.push_screen(chosen, lambda answer: self._carry_out(order.request(answer)))
            case Put(who, ship_id, place):
                plan = questions.put_plan(self._shown(), order)
                if plan.already is not None:
                    self.show_status(plan.already)
                    return
                put = party_actions.assign_station if plan.assign else party_actions.move_to_station
                self._change(
                    lambda: put(campaign, who, ship_id, place),
                    done=None if plan.assign else lambda _changed: plan.said,
                )
            case SetTask(who, task, leads):  # the board drawn after the change says its choice
                self._change(
                    lambda: party_actions.set_task(campaign, who, task, leads),
                    done=lambda done: places.task_words(self.party, self.board, order, done.label),
                )
            case SetPosture(who, posture):
                self._change(lambda: party_actions.set_station_posture(campaign, who, posture))
            case Leave(who):
                self._change(lambda: party_actions.leave_station(campaign, who))

    # -- the station keys -------------------------------------------------------------------
    def action_assign(self) -> None:
        self._place(moving=False)

    def action_move(self) -> None:
        self._place(moving=True)

    def _place(self, moving: bool) -> None:
        if not self._refused():
            row = self._row() if self.rows else None
            who = self._selected_character()
            listed = self._list_focused()
            self._carry_out(questions.placing(self._shown(), listed, row, who, moving))

    def action_off_station(self) -> None:
        if who := self._need_character("send off station"):
            self._carry_out(questions.off_station(self._shown(), who))

    def action_posture(self) -> None:
        if who := self._need_character("change posture of"):
            new = next_posture(assignment_of(self.party.assignments, who))
            self._carry_out(SetPosture(who, new))

    def action_lead(self) -> None:
        if who := self._need_character("lead with"):
            self._carry_out(questions.leading(self._shown(), who))

    def action_unassign(self) -> None:
        if who := self._need_character("unassign"):
            self._carry_out(Leave(who))

    def action_next_ship(self) -> None:
        if self._refused():
            return
        if not self.ships:
            self.show_status("The campaign has no ships yet.", error=True)
            return
        self._set_ship(places.next_ship(self.ships, self.ship_id))
        self.show_status(f"Showing {places.ship_name(self.ships, self.ship_id or '')}.")

    @on(BoardTable.RollAsked)
    def action_roll_check(self) -> None:
        """Enter on a board row: roll exactly the check the row shows, into the log."""
        if self._refused() or not self.rows or self.ship_id is None:
            return
        row = self._row()
        if row.check is None:
            self.show_status("Nothing to roll on this row: no one here rolls this round.", True)
            return
        try:
            rolled = roll_station_check(self.campaign, self.ship_id, row.place, row.character_id)
        except (RulesError, StoreError) as exc:
            self.show_status(f"Not rolled: {exc}", error=True)
            return
        self.mark_made_here()
        self.show_status(places.roll_words(rolled))

    # -- undo and redo ----------------------------------------------------------------------
    def action_undo(self) -> None:
        """ctrl+z: take back the party's last change and say what it was; a change not made
        on this tab just now (an injury, an earlier session's) is named in a question first."""
        if self._refused():
            return
        label = self.undo_state.undo
        if label is None:
            self.show_status("Nothing to undo here.", error=True)
        elif self.made_here and self.made_here[-1] == label:
            self._order(UndoChange())
        else:
            self._ask_first(undo_question(label), UndoChange(), f"Not undone: {label}.")

    def action_redo(self) -> None:
        """ctrl+y: do again what ctrl+z took back (its rolls count again, never re-rolled)."""
        if not self._refused():
            self._order(UndoChange(redo=True))

    # -- the party's characters and its file ------------------------------------------------
    def save(self, request: PartyRequest) -> None:
        """Carry out a party request with its one action: read the party back and say what
        it did. A refusal raises, for the dialog that asked to show (it stays open)."""
        done = party_orders.act(self.campaign, request)
        if isinstance(done, history.Refused):
            self.show_status(party_orders.refused_words(done), error=True)
            return
        if done.undone is not None and self.made_here and self.made_here[-1] == done.undone:
            self.made_here.pop()
        self.reload()
        if done.step:
            self.mark_made_here()
        if done.highlight is not None:
            self.query_one("#party-list", PartyList).highlight(done.highlight)
        self.show_status(done.words)

    def _order(self, request: PartyRequest) -> None:
        """A key's party request carried out; its refusal said on the status line."""
        try:
            self.save(request)
        except (RulesError, StoreError) as exc:
            self.show_status(party_orders.not_done(request, exc), error=True)

    def _ask_first(self, question: ConfirmDialog, request: PartyRequest, kept: str) -> None:
        """The request carried out once the GM says yes; `kept` said otherwise."""
        said = self.show_status
        self.app.push_screen(question, lambda yes: self._order(request) if yes else said(kept))

    def action_new_character(self) -> None:
        if not self._refused():
            self.app.push_screen(CharacterForm(self.save))

    def action_edit_character(self) -> None:
        if who := self._need_character("edit"):
            self.app.push_screen(CharacterForm(self.save, self.party.character(who)))

    def action_delete_character(self) -> None:
        if who := self._need_character("delete"):
            name = places.char_name(self.party, who)
            question = ConfirmDialog(f"Delete {name} and their station from the campaign?")
            self._ask_first(question, DeleteCharacter(who, name), f"{name} was not deleted.")

    def action_import(self) -> None:
        if not self._refused():
            self.app.push_screen(import_dialog(self.save))

    def action_export(self) -> None:
        if not self._refused():
            self.app.push_screen(export_dialog(self.save))
