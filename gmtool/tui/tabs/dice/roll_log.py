"""The Dice & Log tab's roll log: the campaign's rolls as table rows, and the filter."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.message import Message
from textual.widgets import DataTable

from gmtool.actions.reads.rolls import RollEntry
from gmtool.rules.roll_records import DRAW_KIND, drawn_names
from gmtool.rules.session_facts import RollMark
from gmtool.tui.styles import DEGREE_STYLE
from gmtool.tui.widgets.steady import KeepsSize

if TYPE_CHECKING:
    from gmtool.actions.dice import RollsUndone
    from gmtool.rules.checks import CheckResult

PAGE_ROWS = 40
"""Rows the log shows at first (more on a taller screen); its last row brings as many more.
Filling the table is the costly part of any roll: 100 rows cost ~25 ms more on the big bench."""
# Beside a roll's number in the log: the GM marked it to remember.
MARK_SIGN = "*"
MARK_WORDS: dict[str, str] = {RollMark.PLAYERS: "marked", RollMark.GM: "marked, behind the screen"}
DICE_CELL_WIDTH = 24  # longer dice are cut in the table; the line above it shows them all


def all_dice(entry: RollEntry) -> str:
    """Every die of a roll as rolled ("14 4", a subtracted die "-3"), then its modifier."""
    text = " ".join(
        ("-" if sign < 0 else "") + str(value) for _sides, value, sign in entry.get("dice", [])
    )
    if entry.get("modifier"):
        text += f" {entry['modifier']:+d}"
    return text


def entry_cells(entry: RollEntry) -> tuple[Any, ...]:
    """A log entry as table cells; what the roll was for comes last: it can be long, and at 80
    columns it must not push the total and result off the screen."""
    undone = bool(entry.get("undone"))
    time = str(entry.get("time", ""))[5:16].replace("T", " ")
    dice_text = all_dice(entry)
    if len(dice_text) > DICE_CELL_WIDTH:  # a +96d20 check must not push the total away
        dice_text = dice_text[: DICE_CELL_WIDTH - 1].rsplit(" ", 1)[0] + " …"
    if entry["kind"] == "check":
        degree = entry.get("degree") or ""
        result = Text(degree.replace("_", " ").title(), style=DEGREE_STYLE.get(degree, ""))
    elif entry["kind"] == DRAW_KIND:  # its total is how many were drawn, not a sum
        result = Text("drawn")
    else:
        result = Text(entry.get("track") or "")
    if undone:
        result = Text("undone", style="dim strike")
    style = "dim" if undone else ""
    mark = MARK_SIGN if entry.get("marked") else ""
    return (
        Text(f"{entry['id']}{mark}", style=style),
        Text(time, style=style),
        Text(str(entry.get("expression", "")), style=style),
        Text(dice_text, style=style),
        Text(str(entry.get("total", "")), style=style),
        result,
        Text(str(entry.get("for", "")), style=style),
    )


def entry_summary(entry: RollEntry) -> Text:
    """One log entry in a line, whole: shown when the GM moves onto it in the log."""
    _number, time, expression, _cut_dice, total, result, purpose = entry_cells(entry)
    summary = Text.assemble(("#", "bold"), (str(entry["id"]), "bold"), f"  {time.plain}  ")
    if purpose.plain:
        summary.append(f"{purpose.plain}: ")
    summary.append(f"{expression.plain} [{all_dice(entry)}] = {total.plain}")
    if result.plain:
        summary.append(" -> ")
        summary.append(result)
    if drawn_names(entry):
        summary.append(f": {drawn_names(entry)}")
    if entry.get("session"):
        summary.append(f"  (session {entry['session']})", style="dim")
    if marked := entry.get("marked"):  # a mark this version does not know: behind the screen
        summary.append(f"  ({MARK_WORDS.get(str(marked), MARK_WORDS[RollMark.GM])})", style="bold")
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
    if entry.get("marked"):
        haystack += " marked"
    return needle.lower() in haystack


def rolled_text(rolls: RollsUndone) -> str:
    """A roll as undo and redo name it: "2d6+1 = 9 for Kira's jump"."""
    text = rolls.expression
    if rolls.total is not None:
        text += f" = {rolls.total}"
    if rolls.purpose:
        text += f" for {rolls.purpose}"
    return text


class RollLogTable(KeepsSize, DataTable[Any]):
    """The campaign's roll log, newest first. It tells the tab when it is ready to be
    filled and when its size changed (messages: it does not know the tab)."""

    class Ready(Message):
        """Mounted: the tab fills it."""

    class Resized(Message):
        """Its height changed: a taller log may want more rows than a page."""

    def on_mount(self) -> None:
        self.add_columns("#", "Time", "Roll", "Dice", "Total", "Result", "For")
        self.post_message(self.Ready())

    def on_resize(self) -> None:
        self.post_message(self.Resized())
