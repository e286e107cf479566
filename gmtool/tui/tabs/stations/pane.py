"""The Stations tab: the party at battle stations on one ship, and the party's characters.

The board renders `gmtool.rules.stations.station_board` for the chosen ship; every key asks
an action of `gmtool.actions.party` (assign, move, task, posture, characters, party files,
undo, redo) or `gmtool.actions.station_rolls` (Enter rolls a row's check), which checks it
and saves the whole party as one commit, so ctrl+z steps back one action and a restart finds
it all. The pane holds what the tab shows; the words, the choices and the fitting are plain
functions beside it (places.py, orders.py, fitting.py, offered.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Select, Static

from gmtool.actions import party as party_actions
from gmtool.actions.errors import ActionRefused, StoreError
from gmtool.actions.party import StationChanged, UndoState, place_name
from gmtool.actions.reads.party import campaign_ships, load_party_state
from gmtool.actions.reads.ships import ShipRecord
from gmtool.actions.station_rolls import roll_station_check
from gmtool.rules.characters import Character, Party
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import StationBoard, assignment_of, station_board, station_table
from gmtool.tui.action_table import TabAction
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.stations.board import BoardRow, board_rows
from gmtool.tui.tabs.stations.board_view import StationsBoard
from gmtool.tui.tabs.stations.character_form import CharacterForm
from gmtool.tui.tabs.stations.keys import ACTIONS, HELP
from gmtool.tui.tabs.stations.offered import LIST, Moment, offered
from gmtool.tui.tabs.stations.orders import Put, SetTask, lead_toggle, next_posture
from gmtool.tui.tabs.stations.party_dialogs import export_dialog, import_dialog, undo_question
from gmtool.tui.tabs.stations.places import (
    char_name,
    crew_words,
    now_words,
    roll_words,
    ship_label,
    ship_name,
    ship_to_show,
    task_words,
    where_words,
)
from gmtool.tui.tabs.stations.questions import Question, off_to, team_question, where_to, who_goes
from gmtool.tui.tabs.stations.widgets import (
    BoardTable,
    PartyList,
    ProblemNote,
    unreadable_party_text,
)

NO_CHARACTERS = "No characters yet: n creates one, i imports a party file."


class StationsPane(GmPane):
    TAB_ID = "stations"
    TITLE = "Stations"
    HELP = HELP
    ACTIONS: ClassVar[tuple[TabAction, ...]] = ACTIONS
    DEFAULT_CSS = tab_css(__file__, "stations.tcss")

    NARROW = 110  # below this width the side list is narrower

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.party = Party(())
        self.ships: list[ShipRecord] = []
        self.ship_id: str | None = None
        self.board: StationBoard | None = None
        self.rows: list[BoardRow] = []
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
        # Other tabs (ships, hazards, battles) may have changed the party or the ships;
        # nothing saved since the last read: the board is as it was.
        if self.is_mounted and self.saved_since_read():
            self.reload()

    def on_resize(self) -> None:
        self.set_class(self.size.width < self.NARROW, "-narrow")

    def focus_default(self) -> None:
        if self.party_problem is not None:
            self.query_one("#party-problem", ProblemNote).focus()
        else:
            self.query_one("#board", BoardTable).focus()

    def show_status(self, text: str | Text, error: bool = False) -> None:
        status = self.query_one("#stations-status", Static)
        status.set_class(error, "error")
        status.update(text)

    # -- what is offered --------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys offered where the cursor is (offered.py)."""
        mounted = self.is_mounted
        row = self._row() if mounted and self.rows else None
        now = Moment(
            readable=self.party_problem is None,
            can_undo=self.undo_state.undo is not None,
            can_redo=self.undo_state.redo is not None,
            focus=self.query_one(StationsBoard).focus_place() if mounted else None,
            row_check=row is not None and row.check is not None,
            row_character=row is not None and row.character_id is not None,
            characters=bool(self.party.characters),
        )
        return offered(action, now)

    def _refused(self) -> bool:
        """True (and says so) while the party cannot be read: nothing may touch it."""
        if self.party_problem is None:
            return False
        self.show_status(
            "Not done: the party cannot be read (see above); nothing was changed.", True
        )
        return True

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
        self.ship_id = ship_to_show(self.ships, self.party, self.ship_id)
        select = self.query_one("#ship-select", Select)
        with self.prevent(Select.Changed):
            select.set_options([(ship_label(s), s.id) for s in self.ships])
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

    def _refresh_view(self, follow: str | None = None) -> None:
        ship = next((s for s in self.ships if s.id == self.ship_id), None)
        self.board = None
        if ship is not None:
            spec, party = ship.spec, self.party
            try:
                self.board = station_board(
                    ship.id, spec.crew_check_score, party.characters, party.assignments
                )
            except RulesError as exc:
                self.show_status(f"Cannot show the stations: {exc}", error=True)
        self.query_one("#crew-info", Label).update(crew_words(ship))
        self.rows = board_rows(self.board, self.party) if self.board is not None else []
        shown = self.query_one(StationsBoard)
        shown.show(self.party, self.ships, self.ship_id, self.rows)
        self._show_detail()
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

    def _show_detail(self) -> None:
        detail = self.query_one("#station-detail", Static)
        detail.update(self._row().detail if self.rows else "")

    @on(BoardTable.RowHighlighted, "#board")
    def _row_highlighted(self) -> None:
        self._show_detail()
        self.refresh_bindings()  # the keys offered follow the row (a crew row has no one)

    @on(BoardTable.RollAsked)
    def _roll_asked(self) -> None:
        self.action_roll_check()

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
            name = char_name(self.party, event.option.id or "")
            self.show_status(f"{name} is unassigned: a chooses a station.")
            return
        if assignment.ship_id != self.ship_id:
            self._set_ship(assignment.ship_id)
        self.query_one(StationsBoard).cursor_to(assignment.character_id)
        self.focus_default()

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
        """The character the key acts on; None (and said) while the party does not read or
        no character is highlighted."""
        if self._refused():
            return None
        who = self._selected_character()
        if who is None:
            where = "in the character list" if self._list_focused() else "on the board"
            self.show_status(f"Nothing to {what}: highlight a character {where} first.", error=True)
        return who

    def _need_ship(self) -> str | None:
        if self.ship_id is None:
            self.show_status("No ship to put anyone on: the campaign has no ships yet.", error=True)
        return self.ship_id

    def _char_name(self, character_id: str) -> str:
        return char_name(self.party, character_id)

    def _set_ship(self, ship_id: str) -> None:
        self.ship_id = ship_id
        with self.prevent(Select.Changed):
            self.query_one("#ship-select", Select).value = ship_id
        self._refresh_view()

    # -- carrying out a change --------------------------------------------------------------
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

    def _ask(self, question: Question) -> None:
        """Put a choice to the GM; the answer's request is carried out (none: cancelled)."""

        def answered(choice: str | None) -> None:
            if choice is None:
                return
            request = question.request(choice)
            if isinstance(request, Put):
                self._put(request)
            else:
                self._set_task(request)

        dialog = ChoiceDialog(question.title, list(question.options), question.initial)
        self.app.push_screen(dialog, answered)

    def _put(self, put: Put) -> None:
        """Put a character at a place: assign when unplaced, else move (the lists say so)."""
        who, ship_id, place = put.who, put.ship_id, put.place
        name = self._char_name(who)
        current = assignment_of(self.party.assignments, who)
        if current is not None and (current.ship_id, current.place) == (ship_id, place):
            self.show_status(f"Not changed: {name} is already {where_words(current, self.ships)}.")
            return
        campaign = self.campaign
        if current is None and not put.moving:
            self._change(lambda: party_actions.assign_station(campaign, who, ship_id, place))
            return
        said = f"Moved {name} to {place_name(place)} ({ship_name(self.ships, ship_id)})"
        if current is not None:
            said += f"; was {now_words(current, self.ships, self.ship_id)}"
        self._change(
            lambda: party_actions.move_to_station(campaign, who, ship_id, place),
            done=lambda _changed: f"{said}.",
        )

    def _set_task(self, request: SetTask) -> None:
        who, task = request.who, request.task

        def done(changed: StationChanged) -> str:
            occupant = self.board.occupant(who) if self.board else None
            return task_words(self._char_name(who), task, occupant, changed.label)

        self._change(
            lambda: party_actions.set_task(self.campaign, who, task, request.leads), done=done
        )

    # -- the station keys -------------------------------------------------------------------
    def action_assign(self) -> None:
        if not self._refused():
            self._place_or_pick(moving=False)

    def action_move(self) -> None:
        if not self._refused():
            self._place_or_pick(moving=True)

    def _place_or_pick(self, moving: bool) -> None:
        """From the list (or a character's board row when moving): where to put them; from
        any other board row: who goes to its place."""
        ship_id = self._need_ship()
        if ship_id is None:
            return
        if not self.party.characters:
            self.show_status(NO_CHARACTERS, error=True)
            return
        listed = self._list_focused()
        if listed or (moving and self.rows and self._row().character_id):
            who = self._selected_character()
            if who is not None:
                initial = self._row().place if self.rows and listed else None
                shown = self.party, self.ships, self.ship_id, self.board
                self._ask(where_to(*shown, who, ship_id, moving, initial))
        elif self.rows:
            self._ask(who_goes(self.party, self.ships, ship_id, self._row().place, moving))

    def action_off_station(self) -> None:
        who = self._need_character("send off station")
        if who is None:
            return
        current = assignment_of(self.party.assignments, who)
        ship_id = current.ship_id if current else self._need_ship()
        if ship_id is not None:
            self._ask(off_to(self.party, self.ships, self.board, who, ship_id))

    def action_posture(self) -> None:
        who = self._need_character("change posture of")
        if who is None:
            return
        new = next_posture(assignment_of(self.party.assignments, who))
        self._change(lambda: party_actions.set_station_posture(self.campaign, who, new))

    def action_lead(self) -> None:
        """l: hands-on or leading; at a station that directs others, which team to lead."""
        who = self._need_character("lead with")
        if who is None:
            return
        current = assignment_of(self.party.assignments, who)
        if current is None or current.station_id is None:
            self.show_status(
                f"{self._char_name(who)} is at no station: only a station has a task.", True
            )
        elif station_table().stations[current.station_id].directs:
            self._ask(team_question(self.party, current))
        else:
            self._set_task(lead_toggle(current, self.board))

    def action_unassign(self) -> None:
        who = self._need_character("unassign")
        if who is not None:
            self._change(lambda: party_actions.leave_station(self.campaign, who))

    def action_next_ship(self) -> None:
        if self._refused():
            return
        if not self.ships:
            self.show_status("The campaign has no ships yet.", error=True)
            return
        ids = [s.id for s in self.ships]
        index = ids.index(self.ship_id) if self.ship_id in ids else -1
        self._set_ship(ids[(index + 1) % len(ids)])
        self.show_status(f"Showing {ship_name(self.ships, self.ship_id or '')}.")

    def action_roll_check(self) -> None:
        """Enter on a board row: roll exactly the check the row shows, into the log."""
        if self._refused() or not self.rows or self.ship_id is None:
            return
        row = self._row()
        if row.check is None:
            self.show_status(
                "Nothing to roll on this row: no one here rolls this round.", error=True
            )
            return
        try:
            rolled = roll_station_check(self.campaign, self.ship_id, row.place, row.character_id)
        except (RulesError, StoreError) as exc:
            self.show_status(f"Not rolled: {exc}", error=True)
            return
        self.mark_made_here()
        self.show_status(roll_words(rolled))

    # -- the party's characters, undo and redo ----------------------------------------------
    def action_undo(self) -> None:
        """ctrl+z: take back the party's last change and say what it was; a change not made
        on this tab just now (an injury, an earlier session's) is named in a question first."""
        if self._refused():
            return
        label = self.undo_state.undo
        if label is None:
            self.show_status("Nothing to undo here.", error=True)
        elif self.made_here and self.made_here[-1] == label:
            self._undo()
        else:
            self.app.push_screen(
                undo_question(label),
                lambda yes: self._undo() if yes else self.show_status(f"Not undone: {label}."),
            )

    def _undo(self) -> None:
        try:
            undone = party_actions.undo(self.campaign)
        except (party_actions.InjuryStepRefused, StoreError) as exc:
            self.show_status(f"Not undone: {exc}", error=True)
            return
        except ActionRefused:
            self.show_status("Nothing to undo here.", error=True)
            return
        if self.made_here and self.made_here[-1] == undone.label:
            self.made_here.pop()
        self.reload()
        self.show_status(f"Undone: {undone.label}. (ctrl+y redoes)")

    def action_redo(self) -> None:
        """ctrl+y: do again what ctrl+z took back (its rolls count again, never re-rolled)."""
        if self._refused():
            return
        try:
            redone = party_actions.redo(self.campaign)
        except ActionRefused:
            self.show_status("Nothing to redo here.", error=True)
            return
        except StoreError as exc:
            self.show_status(f"Not redone: {exc}", error=True)
            return
        self._saved(f"Redone: {redone.label}. (ctrl+z undoes)")

    def _saved(self, said: str) -> None:
        """A change to the party saved: read it back, note it as made here, say what it was."""
        self.reload()
        self.mark_made_here()
        self.show_status(said)

    def _save_new(self, character: Character) -> Character:
        return party_actions.add_character(self.campaign, character).character

    def _save_edit(self, character: Character) -> Character:
        return party_actions.edit_character(self.campaign, character).character

    def action_new_character(self) -> None:
        if self._refused():
            return

        def done(character: Character | None) -> None:
            if character is None:
                return
            self._saved(f"{character.name} joins the party, unassigned: a puts them at a station.")
            if character.id in self.party.ids:
                listed = self.query_one("#party-list", PartyList)
                listed.highlighted = self.party.ids.index(character.id)
                listed.focus()

        self.app.push_screen(CharacterForm(self._save_new), done)

    def action_edit_character(self) -> None:
        who = self._need_character("edit")
        if who is None:
            return

        def done(saved: Character | None) -> None:
            if saved is not None:
                self._saved(f"Saved {saved.name}. (ctrl+z undoes)")

        self.app.push_screen(CharacterForm(self._save_edit, self.party.character(who)), done)

    def action_delete_character(self) -> None:
        who = self._need_character("delete")
        if who is None:
            return
        name = self._char_name(who)

        def answered(yes: bool | None) -> None:
            if not yes:
                self.show_status(f"{name} was not deleted.")
                return
            try:
                party_actions.delete_character(self.campaign, who)
            except (RulesError, StoreError) as exc:
                self.show_status(f"Not deleted: {exc}", error=True)
                return
            self._saved(f"Deleted {name}. (ctrl+z undoes)")

        question = f"Delete {name} and their station from the campaign?"
        self.app.push_screen(ConfirmDialog(question), answered)

    def action_import(self) -> None:
        if self._refused():
            return

        def run(path: Path, replace: bool) -> str:
            return party_actions.import_party(self.campaign, path, replace_party=replace).describe()

        def imported(message: str | None) -> None:
            if message is not None:
                self._file_done(message)
                self.mark_made_here()

        self.app.push_screen(import_dialog(run), imported)

    def action_export(self) -> None:
        if self._refused():
            return

        def run(path: Path, overwrite: bool) -> str:
            done = party_actions.export_party(self.campaign, path, overwrite=overwrite)
            return f"Exported {done.characters} characters to {done.path}."

        self.app.push_screen(export_dialog(run), self._file_done)

    def _file_done(self, message: str | None) -> None:
        if message is not None:
            self.reload()
            self.show_status(message[0].upper() + message[1:])
