"""The Stations tab: the party at battle stations on one ship, and the party's characters.

The board renders `gmtool.rules.stations.station_board` for the chosen ship; every key asks
an action of `gmtool.actions.party` (assign, move, task, posture, characters, party files,
undo, redo) or `gmtool.actions.station_rolls` (Enter rolls a row's check), which checks it
and saves the whole party as one commit, so ctrl+z steps back one action and a restart finds
it all.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on

from gmtool.tui.action_table import TabAction
from gmtool.tui.tabs.stations.character_keys import CharacterKeys
from gmtool.tui.tabs.stations.keys import (
    ACTIONS,
    BOARD_KEYS,
    CHARACTER_KEYS,
    EVERYWHERE,
    HELP,
    LIST_KEYS,
    OTHER_KEYS,
    PARTY_ACTIONS,
)
from gmtool.tui.tabs.stations.station_keys import StationKeys
from gmtool.tui.tabs.stations.widgets import BoardTable


class StationsPane(StationKeys, CharacterKeys):
    TAB_ID = "stations"
    TITLE = "Stations"
    HELP = HELP
    ACTIONS: ClassVar[tuple[TabAction, ...]] = ACTIONS

    @on(BoardTable.RollAsked)
    def _roll_asked(self) -> None:
        self.action_roll_check()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer a key only where it means something: nothing that reads or writes the party
        while it does not read; undo and redo when there is a step; the board's keys for
        its row, the list's for its character, so the footer holds what works now."""
        if action not in PARTY_ACTIONS:
            return True
        if self.party_problem is not None:
            return False
        if action == "undo":
            return self.undo_state.undo is not None
        if action == "redo":
            return self.undo_state.redo is not None
        if action in EVERYWHERE:
            return True
        if not self.is_mounted:
            return True
        if self._board_focused():
            if action not in BOARD_KEYS:
                return False
            row = self._row() if self.rows else None
            if action == "roll_check":
                return row is not None and row.check is not None
            if action in CHARACTER_KEYS:
                return row is not None and row.character_id is not None
            return True
        if self._list_focused():
            return action in LIST_KEYS and (
                bool(self.party.characters) or action in {"new_character", "import", "export"}
            )
        return action in OTHER_KEYS
