"""The Stations tab's widgets: the board, the party list and the note shown when the party
does not read. They draw the values the tab gives them and tell it of a resize and the
board's Enter by message."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import BindingType
from textual.message import Message
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from gmtool.tui.action_table import bindings
from gmtool.tui.tabs.stations.keys import ROLL
from gmtool.tui.widgets.steady import KeepsSize

RowCells = tuple[str, tuple[Any, ...]]  # a board row's key and its cells


class Resized(Message):
    """The board or the party list changed size: the tab fits the names again."""


class ProblemNote(Static, can_focus=True):
    """What stops the tab (the party does not read), in its main area; it takes the focus,
    so no key of the hidden board or list acts."""


class BoardTable(KeepsSize, DataTable[Any]):
    """The station board. Enter rolls the highlighted row's check (the tab's `ROLL`, in
    place of the table's own Enter, so the footer shows it)."""

    BINDINGS: ClassVar[list[BindingType]] = [*bindings([ROLL])]

    class RollAsked(Message):
        """Enter on the board: the tab rolls the highlighted row's check."""

    can_roll = False  # set by the tab: the party reads and the highlighted row has a check

    def action_roll_check(self) -> None:
        self.post_message(self.RollAsked())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == ROLL.action:
            return self.can_roll
        return super().check_action(action, parameters)

    def on_resize(self) -> None:
        self.post_message(Resized())

    def show(self, columns: Sequence[tuple[str, int]], rows: Sequence[RowCells]) -> None:
        """Draw `rows` (key, cells) under `columns`, the cursor staying on the row of the
        same key (else at the same place)."""
        keys = [key for key, _cells in rows]
        old_key = self.ordered_rows[self.cursor_row].key.value if self.row_count else None
        index = keys.index(old_key) if old_key in keys else min(self.cursor_row, len(rows) - 1)
        self.clear(columns=True)
        for label, width in columns:
            self.add_column(label, width=width)
        for key, cells in rows:
            self.add_row(*cells, key=key)
        if rows:
            self.move_cursor(row=index, animate=False)


class PartyList(KeepsSize, OptionList):
    """The party's characters; Enter shows the highlighted one on the board."""

    def on_resize(self) -> None:
        self.post_message(Resized())

    @property
    def character_id(self) -> str | None:
        """The highlighted character (None: no one)."""
        option = self.highlighted_option
        return option.id if option is not None else None

    def highlight(self, character_id: str) -> None:
        """The cursor on a character (just added), the list focused."""
        ids = [self.get_option_at_index(i).id for i in range(self.option_count)]
        if character_id in ids:
            self.highlighted = ids.index(character_id)
            self.focus()

    def show(self, entries: Sequence[tuple[Text, str | None]], highlighted: str | None) -> None:
        """List `entries` (text, character id), keeping the highlight on `highlighted`."""
        self.set_options(Option(text, id=character_id) for text, character_id in entries)
        ids = [i for _text, i in entries if i is not None]
        if ids:
            self.highlighted = ids.index(highlighted) if highlighted in ids else 0


def party_title(count: int, unassigned: int, width: int) -> str:
    """The party list's title in `width` cells: 'Party 8: 1 unassigned', shorter when that
    does not fit ('1 of 8 unassigned'); the label wraps what still does not."""
    if count == 0:
        return "Party: no one yet"
    if unassigned == 0:
        choices = [f"Party {count}: all placed", f"All {count} placed"]
    else:
        choices = [f"Party {count}: {unassigned} unassigned", f"{unassigned} of {count} unassigned"]
    return next((c for c in choices if len(c) <= width), choices[-1])


NOT_DONE = "Not done: the party cannot be read (see above); nothing was changed."


def unreadable_party_text(problem: str) -> str:
    """What the tab says in its main area when the saved party does not read: the store's
    message (the file, why, and any good backup) and what the GM can do about it."""
    return (
        "The party cannot be read, so this tab changes nothing until it can: no new "
        "characters, no edits, no stations, no import and no undo (each would have to "
        "rewrite the party file).\n\n"
        f"{problem[0].upper()}{problem[1:]}\n\n"
        "What to do: close gmtool (ctrl+q), then copy the good backup over the file if one "
        "is named above, or mend the file by hand. Moving the file aside starts an empty "
        "party (i then imports a party YAML file, such as an export). The other tabs still "
        "work; this one reads the file again each time it is shown."
    )
