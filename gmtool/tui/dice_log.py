"""Dice & Log tab: roll dice and ALTERNITY checks, and read the campaign's whole roll log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.lazy import Lazy
from textual.message import Message
from textual.widgets import DataTable, Input, Label, Static

from gmtool.actions.errors import ActionRefused
from gmtool.rules.errors import RulesError
from gmtool.store.errors import StoreError
from gmtool.store.rolllog import RollEntry
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import DEGREE_STYLE

if TYPE_CHECKING:
    from gmtool.rules.checks import CheckResult

SHOWN_ROWS = 500
DICE_CELL_WIDTH = 24  # longer dice are cut in the table; the line above it shows them all

HELP = """\
Roll dice and ALTERNITY checks; every roll of the campaign, from any tab, is listed below,
newest first, and saved the moment it is made.

- **Dice**: type an expression and press Enter: `2d6+1`, `d20`, `d4-1`, or damage with its
  track letter: `d6+1w`, `2d4s`, `d8m` (s stun, w wound, m mortal, c critical).
- **Check**: type the score (1-30) and the step, then Enter. The step is the sum of the
  modifiers: a bonus is negative (`-1` is -d4), a penalty positive (`+1` is +d4); broad skills
  and feats start at +1. Degrees: Amazing, Good, Ordinary, Failure, Critical Failure.
- **For**: what the roll is for; it is saved with the roll.
- **Filter**: show only rolls whose purpose, expression or result contains the text;
  `session 2` shows the rolls of one game session (F2 starts and ends sessions).
- **The log**: newest first; what each roll was for is the last column. The row under the
  cursor is written out whole above the log, however long its purpose.

| key | does |
|---|---|
| enter | roll (in Dice, Score or Step); in For, go on to Dice |
| ctrl+z | undo the last roll made here (it stays in the log, marked undone) |
| escape | leave the field, go to the log |
| d / c / f / / | (in the log) go to Dice / Score / For / Filter |
"""


def all_dice(entry: RollEntry) -> str:
    """Every die of a roll as rolled ("14 4", a subtracted die "-3"), then its modifier."""
    text = " ".join(
        ("-" if sign < 0 else "") + str(value) for _sides, value, sign in entry.get("dice", [])
    )
    if entry.get("modifier"):
        text += f" {entry['modifier']:+d}"
    return text


def entry_cells(entry: RollEntry) -> tuple[Any, ...]:
    """A log entry as table cells: id, time, roll, dice, total, result, for.

    What the roll was for comes last: it can be long (a hazard roll names ship, station and
    character), and at 80 columns it must not push the total and result off the screen.
    """
    undone = bool(entry.get("undone"))
    time = str(entry.get("time", ""))[5:16].replace("T", " ")
    dice_text = all_dice(entry)
    if len(dice_text) > DICE_CELL_WIDTH:  # a +96d20 check must not push the total away
        dice_text = dice_text[: DICE_CELL_WIDTH - 1].rsplit(" ", 1)[0] + " …"
    if entry["kind"] == "check":
        degree = entry.get("degree") or ""
        result = Text(degree.replace("_", " ").title(), style=DEGREE_STYLE.get(degree, ""))
    else:
        result = Text(entry.get("track") or "")
    if undone:
        result = Text("undone", style="dim strike")
    style = "dim" if undone else ""
    return (
        Text(str(entry["id"]), style=style),
        Text(time, style=style),
        Text(str(entry.get("expression", "")), style=style),
        Text(dice_text, style=style),
        Text(str(entry.get("total", "")), style=style),
        result,
        Text(str(entry.get("for", "")), style=style),
    )


def entry_summary(entry: RollEntry) -> Text:
    """One log entry in a line, whole: shown when the GM moves onto it in the log."""
    number, time, expression, _cut_dice, total, result, purpose = entry_cells(entry)
    summary = Text.assemble(("#", "bold"), (number.plain, "bold"), f"  {time.plain}  ")
    if purpose.plain:
        summary.append(f"{purpose.plain}: ")
    summary.append(f"{expression.plain} [{all_dice(entry)}] = {total.plain}")
    if result.plain:
        summary.append(" -> ")
        summary.append(result)
    if entry.get("session"):
        summary.append(f"  (session {entry['session']})", style="dim")
    return summary


def check_text(check: CheckResult) -> Text:
    """A check as rolled, its degree in the degree's colour."""
    style = DEGREE_STYLE[check.degree.value]
    return Text.assemble(("Check ", "bold"), check.dice_text(), " -> ", (check.degree.label, style))


def matches(entry: RollEntry, needle: str) -> bool:
    if not needle:
        return True
    haystack = " ".join(
        str(entry.get(k, "")) for k in ("for", "expression", "degree", "source", "track", "kind")
    ).lower()
    if entry.get("session"):
        haystack += f" session {entry['session']}"
    return needle.lower() in haystack


class RollLogTable(DataTable[Any]):
    """The campaign's roll log, newest first; fills itself when mounted."""

    def on_mount(self) -> None:
        self.add_columns("#", "Time", "Roll", "Dice", "Total", "Result", "For")
        self._pane().reload_log()

    def on_focus(self) -> None:
        self._pane().show_entry_under_cursor()

    def _pane(self) -> DiceLogPane:
        return next(a for a in self.ancestors if isinstance(a, DiceLogPane))


class DiceLogPane(GmPane):
    TAB_ID = "dice"
    TITLE = "Dice & Log"
    HELP = HELP
    PALETTE = [
        ("Roll dice", "Put the cursor in the dice field", "focus_default"),
        ("Roll a check", "Put the cursor in the check score field", "focus_check"),
        ("Filter the log", "Put the cursor in the log filter", "focus_filter"),
        ("Undo the last roll", "Mark the last roll made in this tab undone", "action_undo"),
    ]
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo roll"),
        Binding("escape", "to_log", "To log", show=False),
        Binding("d", "focus_field('dice-expr')", "Dice", show=False),
        Binding("c", "focus_field('check-score')", "Check", show=False),
        Binding("f", "focus_field('purpose')", "For", show=False),
        Binding("slash", "focus_field('log-filter')", "Filter", show=False),
    ]

    class RollsSaved(Message):
        def __init__(self, entries: list[RollEntry]) -> None:
            super().__init__()
            self.entries = entries

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: dict[str, RollEntry] = {}  # the log's rows by key: the entries shown

    def compose(self) -> ComposeResult:
        with Horizontal(id="roll-row", classes="form-row"):
            yield Label("Dice", classes="field-label")
            yield Input(placeholder="2d6+1, d8w", id="dice-expr", compact=True)
            yield Label("Check score", classes="field-label")
            yield Input(placeholder="14", id="check-score", type="integer", compact=True)
            yield Label("step", classes="field-label")
            yield Input(value="0", id="check-step", compact=True)
        with Horizontal(id="purpose-row", classes="form-row"):
            yield Label("For", classes="field-label")
            yield Input(placeholder="what the roll is for", id="purpose", compact=True)
            yield Label("Filter", classes="field-label")
            yield Input(placeholder="search the log", id="log-filter", compact=True)
        yield Static("Type dice and press Enter, or a check score and step.", id="last-roll")
        # The log (up to SHOWN_ROWS rows) is built just after the first frame, so the GM sees
        # the app at once and can type while it fills.
        yield Lazy(RollLogTable(id="roll-log", cursor_type="row", zebra_stripes=True))

    def on_mount(self) -> None:
        self.campaign.on_record(lambda entries: self.post_message(self.RollsSaved(entries)))
        self.focus_default()

    # -- focus ------------------------------------------------------------------------------
    def focus_default(self) -> None:
        self.query_one("#dice-expr", Input).focus()

    def focus_check(self) -> None:
        self.query_one("#check-score", Input).focus()

    def focus_filter(self) -> None:
        self.query_one("#log-filter", Input).focus()

    def action_focus_field(self, field_id: str) -> None:
        self.query_one(f"#{field_id}", Input).focus()

    def action_to_log(self) -> None:
        tables = self.query(RollLogTable)
        if tables:
            tables.first().focus()
        else:  # the log is built a moment after start-up; leave the field all the same
            self.screen.set_focus(None)

    # -- rolling ----------------------------------------------------------------------------
    def _purpose(self) -> str:
        return self.query_one("#purpose", Input).value.strip()

    def _show(self, text: Text | str, error: bool = False) -> None:
        status = self.query_one("#last-roll", Static)
        status.set_class(error, "error")
        status.update(text)

    @on(Input.Submitted, "#purpose")
    def _purpose_typed(self) -> None:
        """Enter after typing what a roll is for: on to the dice, the usual next thing."""
        self.focus_default()

    @on(Input.Submitted, "#dice-expr")
    def roll_dice(self) -> None:
        text = self.query_one("#dice-expr", Input).value
        from gmtool.actions import dice as dice_actions  # loaded on the first roll

        try:
            rolled = dice_actions.roll_dice(self.campaign, text, self._purpose())
        except (RulesError, StoreError) as exc:
            self._show(f"Not rolled: {exc}", error=True)
            return
        self._show(Text.assemble(("Rolled ", "bold"), rolled.roll.describe()))

    @on(Input.Submitted, "#check-score")
    @on(Input.Submitted, "#check-step")
    def roll_a_check(self) -> None:
        score_text = self.query_one("#check-score", Input).value.strip()
        step_text = self.query_one("#check-step", Input).value.strip() or "0"
        try:
            score = int(score_text)
        except ValueError:
            self._show("Not rolled: type the check score, a whole number from 1 to 30", True)
            self.query_one("#check-score", Input).focus()
            return
        try:
            step = int(step_text.replace(" ", ""))
        except ValueError:
            self._show("Not rolled: the step is a whole number such as -1, 0 or +2", True)
            self.query_one("#check-step", Input).focus()
            return
        # The checks table (and YAML) loads on the first check, not at start-up.
        from gmtool.actions import dice as dice_actions

        try:
            rolled = dice_actions.roll_a_check(self.campaign, score, step, self._purpose())
        except (RulesError, StoreError) as exc:
            self._show(f"Not rolled: {exc}", error=True)
            return
        self._show(check_text(rolled.check))

    def action_undo(self) -> None:
        from gmtool.actions import dice as dice_actions

        try:
            undone = dice_actions.undo_last_roll(self.campaign)
        except ActionRefused:
            self._show("Nothing to undo: no roll of this tab is left.", error=True)
            return
        except StoreError as exc:
            self._show(f"Not undone: {exc}", error=True)
            return
        self._show(f"Undone: roll #{undone.roll_ids[0]} ({undone.expression}) is marked undone.")
        self.reload_log()

    # -- the log ----------------------------------------------------------------------------
    @on(DataTable.RowHighlighted, "#roll-log")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The row under the cursor, whole, in the line above the log: long purposes are
        cut off by the table's width at 80 columns."""
        if event.data_table.has_focus:
            self.show_entry_under_cursor()

    def show_entry_under_cursor(self) -> None:
        table = self.query_one(RollLogTable)
        if not table.row_count:
            return
        row_key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        entry = self._shown.get(str(row_key.value))
        if entry is not None:
            self._show(entry_summary(entry))

    @on(Input.Changed, "#log-filter")
    def _filter_changed(self) -> None:
        self.reload_log()

    def on_dice_log_pane_rolls_saved(self, _message: RollsSaved) -> None:
        self.reload_log()

    def reload_log(self) -> None:
        needle = self.query_one("#log-filter", Input).value.strip()
        found = self.query(RollLogTable)
        if not found:
            return  # not mounted yet: it fills itself when it is
        table = found.first()
        table.clear()
        self._shown = {}
        try:
            for entry in self.campaign.roll_log():
                if matches(entry, needle):
                    table.add_row(*entry_cells(entry), key=str(entry["id"]))
                    self._shown[str(entry["id"])] = entry
                    if len(self._shown) >= SHOWN_ROWS:
                        break
        except StoreError as exc:  # a damaged older chunk: the rolls above it still show
            self._show(f"The older rolls do not read: {exc}", error=True)
