"""Dice & Log tab: roll dice and ALTERNITY checks, and read the campaign's whole roll log. The
cursor starts in the log, so the tab keys (1-6) work from start-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.lazy import Lazy
from textual.message import Message
from textual.widgets import DataTable, Input, Label, Static

from gmtool.actions.errors import ActionRefused, StoreError
from gmtool.actions.reads.rolls import RollEntry
from gmtool.rules.errors import RulesError
from gmtool.rules.session_facts import RollMark
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.dice.keys import ACTIONS, FIELD_KEYS, HELP
from gmtool.tui.tabs.dice.roll_log import (
    MARK_WORDS,
    PAGE_ROWS,
    RollLogTable,
    check_text,
    entry_cells,
    entry_summary,
    matches,
    rolled_text,
)
from gmtool.tui.widgets.number_field import NumberField

if TYPE_CHECKING:
    from gmtool.actions.roll_marks import RollMarked

# What `m` makes of a roll's mark: marked, then behind the screen, then unmarked.
NEXT_MARK: dict[object, RollMark | None] = {None: RollMark.PLAYERS, RollMark.PLAYERS: RollMark.GM}


class DiceLogPane(GmPane):
    TAB_ID = "dice"
    TITLE = "Dice & Log"
    HELP = HELP
    ACTIONS = ACTIONS
    STATUS_LINE = "last-roll"
    DEFAULT_CSS = tab_css(__file__, "dice.tcss")

    class RollsSaved(Message):
        """Rolls were saved somewhere in the app: the log may have grown."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: dict[str, RollEntry] = {}  # the log's rows by key: the entries shown
        self._more = False  # older matching rolls than the last row shown
        # marks changed in this sitting, each with the log's next roll number then: ctrl+z
        # takes a mark back while no roll was made after it
        self._marks_done: list[tuple[RollMarked, int]] = []
        self._marks_undone: list[tuple[RollMarked, int]] = []

    def compose(self) -> ComposeResult:
        # Built just after the first frame: the GM sees the app at once, and the keys pressed
        # meanwhile wait for the log's cursor (key_hold.py).
        with Lazy(Vertical(id="dice-body")):
            with Horizontal(id="roll-row", classes="form-row"):
                yield Label("Dice", classes="field-label")
                yield Input(placeholder="2d6+1, d8w", id="dice-expr", compact=True)
                yield Label("Check score", classes="field-label")
                yield NumberField(placeholder="14", id="check-score", minimum=1, compact=True)
                yield Label("step", classes="field-label")
                yield Input(value="0", id="check-step", compact=True)
            with Horizontal(id="purpose-row", classes="form-row"):
                yield Label("For", classes="field-label")
                yield Input(placeholder="what the roll is for", id="purpose", compact=True)
                yield Label("Filter", classes="field-label")
                yield Input(placeholder="search the log", id="log-filter", compact=True)
            yield Static("d: type dice and Enter · c: a check's score and step", id="last-roll")
            yield RollLogTable(id="roll-log", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        self.campaign.on_record(lambda _entries: self.post_message(self.RollsSaved()))
        # rolls numbered from here on were made while the tab is open: in sight
        self._first_new_roll = self._next_roll()

    # -- focus ------------------------------------------------------------------------------
    def focus_default(self) -> None:
        """The log: the tab keys work at once, and d, c, f, / go to the fields. Raises
        NoMatches while the log is still being built (the app tries again)."""
        self.query_one(RollLogTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        typing = isinstance(self.screen.focused, Input)
        if action in FIELD_KEYS:
            return not typing  # in a field the letter is typed
        if action == "to_log":
            return typing
        return True

    def action_focus_field(self, field_id: str) -> None:
        self.query_one(f"#{field_id}", Input).focus()

    def action_to_log(self) -> None:
        try:
            self.focus_default()
        except NoMatches:  # the log is built a moment after start-up; leave the field
            self.screen.set_focus(None)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.refresh_bindings()  # the footer offers field keys only outside the fields
        if isinstance(event.widget, RollLogTable):
            self.show_entry_under_cursor()  # the row under the cursor, written out whole

    def on_descendant_blur(self) -> None:
        self.refresh_bindings()

    # -- rolling ----------------------------------------------------------------------------
    def _purpose(self) -> str:
        return self.query_one("#purpose", Input).value.strip()

    @on(Input.Submitted, "#purpose")
    def _purpose_typed(self) -> None:
        """Enter after typing what a roll is for: on to the dice, the usual next thing."""
        self.action_focus_field("dice-expr")

    @on(Input.Submitted, "#dice-expr")
    def roll_dice(self) -> None:
        from rich.text import Text

        text = self.query_one("#dice-expr", Input).value
        from gmtool.actions import dice as dice_actions  # loaded on the first roll

        try:
            rolled = dice_actions.roll_dice(self.campaign, text, self._purpose())
        except (RulesError, StoreError) as exc:
            self.show_status(f"Not rolled: {exc}", error=True)
            return
        self.show_status(Text.assemble(("Rolled ", "bold"), rolled.roll.describe()))

    @on(Input.Submitted, "#check-score")
    @on(Input.Submitted, "#check-step")
    def roll_a_check(self) -> None:
        score_text = self.query_one("#check-score", Input).value.strip()
        step_text = self.query_one("#check-step", Input).value.strip() or "0"
        try:
            score = int(score_text)
        except ValueError:
            self.show_status("Not rolled: type the check score, a whole number from 1 to 30", True)
            self.query_one("#check-score", Input).focus()
            return
        try:
            step = int(step_text.replace(" ", ""))
        except ValueError:
            self.show_status("Not rolled: the step is a whole number such as -1, 0 or +2", True)
            self.query_one("#check-step", Input).focus()
            return
        # The checks table (and YAML) loads on the first check, not at start-up.
        from gmtool.actions import dice as dice_actions

        try:
            rolled = dice_actions.roll_a_check(self.campaign, score, step, self._purpose())
        except (RulesError, StoreError) as exc:
            self.show_status(f"Not rolled: {exc}", error=True)
            return
        self.show_status(check_text(rolled.check))

    # -- marks ----------------------------------------------------------------------------
    def _next_roll(self) -> int:
        return self.campaign.rolls.next_id if self.campaign.rolls else 0

    def action_mark(self) -> None:
        """m: mark the roll under the cursor to remember; on a marked roll, mark it behind
        the screen; on one marked so, take the mark off."""
        entry = self._entry_under_cursor()
        if entry is None:
            self.show_status("Nothing to mark: the log has no roll yet.", error=True)
            return
        mark = NEXT_MARK.get(entry.get("marked"))
        changed = self._set_mark(int(entry["id"]), mark, "Not marked")
        if changed is not None:
            self._marks_done.append((changed, self._next_roll()))
            self._marks_undone.clear()
            self._say_mark(changed, "")

    def _set_mark(self, roll_id: int, mark: RollMark | None, refused: str) -> RollMarked | None:
        from gmtool.actions.roll_marks import mark_roll

        try:
            changed = mark_roll(self.campaign, roll_id, mark)
        except (ActionRefused, StoreError) as exc:
            self.show_status(f"{refused}: {exc}", error=True)
            return None
        self._keep_cursor_on(roll_id)
        return changed

    def _say_mark(self, changed: RollMarked, how: str) -> None:
        words = "no longer marked" if changed.mark is None else MARK_WORDS[changed.mark]
        self.show_status(
            f"{how}Roll #{changed.roll_id}, {changed.expression} = {changed.total}, is {words}."
        )

    def _keep_cursor_on(self, roll_id: int) -> None:
        table = self.query_one(RollLogTable)
        row = table.cursor_row
        self.reload_log()
        key = str(roll_id)
        table.move_cursor(row=table.get_row_index(key) if key in self._shown else row)

    def _entry_under_cursor(self) -> RollEntry | None:
        found = self.query(RollLogTable)
        if not found or not found.first().row_count:
            return None
        table = found.first()
        row_key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return self._shown.get(str(row_key.value))

    def _step_mark(self, redo: bool) -> bool:
        """ctrl+z (ctrl+y) right after a mark, no roll since: the mark as it was (again).
        False: no mark to step, the rolls' history goes on."""
        done, undone = self._marks_done, self._marks_undone
        steps, other = (undone, done) if redo else (done, undone)
        if not steps or steps[-1][1] != self._next_roll():
            steps.clear()
            return False
        changed, at = steps.pop()
        mark = changed.mark if redo else changed.before
        now = self._set_mark(changed.roll_id, mark, "Not redone" if redo else "Not undone")
        if now is not None:
            other.append((changed, at))
            self._say_mark(now, "Redone: " if redo else "Undone: ")
        return True

    # -- undo and redo --------------------------------------------------------------------
    def action_undo(self) -> None:
        """ctrl+z: the last mark taken back, else the last roll of this tab marked undone (one
        out of sight, filtered out or from before this sitting, is asked about first)."""
        from gmtool.actions import dice as dice_actions

        if self._step_mark(redo=False):
            return

        try:
            last = dice_actions.roll_to_undo(self.campaign)
        except StoreError as exc:
            self.show_status(f"Not undone: {exc}", error=True)
            return
        if last is None:
            self.show_status("Nothing to undo: no roll of this tab is left.", error=True)
            return
        first = last.roll_ids[0]
        if self.shows_roll(first) and first >= self._first_new_roll:
            self._step_rolls(redo=False)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._step_rolls(redo=False)

        from gmtool.tui.dialogs import ConfirmDialog  # loaded on the first undo, not at start-up

        when = last.time[:16].replace("T", " ")
        where = "not in the log as filtered" if not self.shows_roll(first) else "from before"
        self.app.push_screen(
            ConfirmDialog(
                f"Undo roll #{first}, {rolled_text(last)}, rolled {when}?",
                detail=f"It is {where} this sitting. It stays in the log, marked undone; "
                "ctrl+y brings it back.",
            ),
            answered,
        )

    def action_redo(self) -> None:
        """ctrl+y: the mark or the roll the last undo took back, as it was rolled."""
        if not self._step_mark(redo=True):
            self._step_rolls(redo=True)

    def _step_rolls(self, redo: bool) -> None:
        """The last roll of this tab marked undone, or (`redo`) back in the log."""
        from gmtool.actions import history
        from gmtool.actions.dice import RollsUndone

        try:
            result = (history.redo if redo else history.undo)(self.campaign, history.DICE)
        except StoreError as exc:
            self.show_status(f"Not {'redone' if redo else 'undone'}: {exc}", error=True)
            return
        if isinstance(result, history.Refused):
            self.show_status(
                "Nothing to redo: no roll was undone since the last one."
                if redo
                else "Nothing to undo: no roll of this tab is left.",
                error=True,
            )
            return
        rolls = result.detail
        assert isinstance(rolls, RollsUndone)
        said = f"roll #{rolls.roll_ids[0]}, {rolled_text(rolls)}"
        if redo:
            self.show_status(f"Redone: {said}, is back.")
        else:
            self.show_status(f"Undone: {said}, is marked undone (ctrl+y brings it back).")
        self.reload_log()

    # -- the log ----------------------------------------------------------------------------
    def on_roll_log_table_ready(self, _message: RollLogTable.Ready) -> None:
        self.reload_log()
        focused = self.app.focused
        if self.gm_app.current_tab().tab_id == self.TAB_ID and (
            focused is None or self not in focused.ancestors
        ):  # start-up: the cursor on it, unless the GM already put it in one of the fields
            self.focus_default()

    def on_roll_log_table_resized(self, _message: RollLogTable.Resized) -> None:
        table = self.query_one(RollLogTable)
        if self._more and table.row_count < table.size.height:
            self._fill_page(table)

    @on(DataTable.RowHighlighted, "#roll-log")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The row under the cursor, whole, in the line above the log (long purposes are
        cut off at 80 columns); on the last row, the next page comes in below it."""
        if event.data_table.has_focus:
            self.show_entry_under_cursor()
        if self._more and event.cursor_row >= event.data_table.row_count - 1:
            self._fill_page(self.query_one(RollLogTable))

    def show_entry_under_cursor(self) -> None:
        if (entry := self._entry_under_cursor()) is not None:
            self.show_status(entry_summary(entry))

    def shows_roll(self, roll_id: int) -> bool:
        return str(roll_id) in self._shown

    @on(Input.Changed, "#log-filter")
    def _filter_changed(self) -> None:
        self.reload_log()

    def on_dice_log_pane_rolls_saved(self, _message: RollsSaved) -> None:
        self.reload_log()

    def reload_log(self) -> None:
        """The log from its newest roll, one page of the rolls that match the filter."""
        found = self.query(RollLogTable)
        if not found:
            return  # not mounted yet: it fills itself when it is
        table = found.first()
        table.clear()
        self._shown = {}
        self._fill_page(table)

    def _fill_page(self, table: RollLogTable) -> None:
        """Add the next page of matching rolls below those shown."""
        needle = self.query_one("#log-filter", Input).value.strip()
        oldest_shown = min((int(key) for key in self._shown), default=None)
        page = max(PAGE_ROWS, table.size.height)  # a tall screen is filled
        added = 0
        self._more = False
        try:
            for entry in self.campaign.roll_log():
                if oldest_shown is not None and entry["id"] >= oldest_shown:
                    continue
                if not matches(entry, needle):
                    continue
                if added >= page:
                    self._more = True
                    return
                table.add_row(*entry_cells(entry), key=str(entry["id"]))
                self._shown[str(entry["id"])] = entry
                added += 1
        except StoreError as exc:  # a damaged older chunk: the rolls above it still show
            self.show_status(f"The older rolls do not read: {exc}", error=True)
