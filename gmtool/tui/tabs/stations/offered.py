"""Which of the Stations tab's keys work where the cursor is: a pure function of a `Moment`
(what the pane holds and where the focus is), so the footer holds what works now."""

from __future__ import annotations

import msgspec

from gmtool.actions.party import UndoState
from gmtool.tui.tabs.stations.board import BoardRow
from gmtool.tui.tabs.stations.keys import (
    BOARD_KEYS,
    CHARACTER_KEYS,
    LIST_KEYS,
    OTHER_KEYS,
    PARTY_ACTIONS,
)

BOARD = "board"
LIST = "list"
ELSEWHERE = "elsewhere"  # the ship list, or nothing of the tab (before it is mounted: all)
# What the list offers with no character in it.
EMPTY_LIST_KEYS = frozenset({"new_character", "import", "export"})


class Moment(msgspec.Struct, frozen=True):
    """What decides the keys: whether the party reads, the undo steps, the focus, and what
    the board's highlighted row holds."""

    readable: bool
    undo: UndoState  # what ctrl+z and ctrl+y would do (None: nothing)
    focus: str | None  # BOARD, LIST, ELSEWHERE; None: the tab is not mounted yet
    row: BoardRow | None = None  # the board's highlighted row
    characters: bool = False  # the party has anyone


def offered(action: str, now: Moment) -> bool:
    """Nothing that reads or writes the party while it does not read; undo and redo when
    there is a step, wherever the cursor is; the board's keys for its row, the list's for
    its character."""
    if action not in PARTY_ACTIONS:
        return True
    if not now.readable:
        return False
    if action == "undo":
        return now.undo.undo is not None
    if action == "redo":
        return now.undo.redo is not None
    if now.focus is None:
        return True
    if now.focus == BOARD:
        if action == "roll_check":
            return now.row is not None and now.row.check is not None
        if action in CHARACTER_KEYS:
            return now.row is not None and now.row.character_id is not None
        return action in BOARD_KEYS
    if now.focus == LIST:
        return action in LIST_KEYS and (now.characters or action in EMPTY_LIST_KEYS)
    return action in OTHER_KEYS
