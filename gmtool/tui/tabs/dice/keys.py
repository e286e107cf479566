"""The Dice & Log tab's action table and the help above it."""

from __future__ import annotations

from gmtool.tui.action_table import TabAction

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
- **Mark**: `m` marks the roll under the cursor to remember (a `*` beside its number): the
  session's journal lists it, and so does the players' recap. `m` again marks it behind the
  screen (the GM's recap alone); once more takes the mark off. `ctrl+z` takes a mark back.
"""

# Keys that put the cursor in a field: offered while the cursor is not in one (typing a
# letter in a field types it).
FIELD_KEYS = frozenset({"focus_field", "mark"})

ACTIONS = (
    TabAction("d", "focus_field('dice-expr')", "Dice", "Type dice to roll: 2d6+1, d8w"),
    TabAction("c", "focus_field('check-score')", "Check", "Type a check's score and step"),
    TabAction("f", "focus_field('purpose')", "For", "Type what the next roll is for"),
    TabAction("slash", "focus_field('log-filter')", "Filter", "Filter the log", key_display="/"),
    TabAction(
        "m",
        "mark",
        "Mark",
        "Mark the roll under the cursor to remember (the players' recap lists it); again: "
        "behind the screen (the GM's recap alone); again: unmarked",
    ),
    TabAction("escape", "to_log", "To log", "Leave the field for the log", palette=False),
    TabAction(
        "ctrl+z",
        "undo",
        "Undo",
        "Take back the last mark, or mark the last roll made in this tab undone (it stays in "
        "the log); asks first when that roll is not in sight",
    ),
    TabAction("ctrl+y", "redo", "Redo", "Bring back the mark or the roll the last undo took back"),
)
