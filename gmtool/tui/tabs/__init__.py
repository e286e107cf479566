"""The app's tabs, left to right. A tab is a GmPane subclass with TAB_ID, TITLE and HELP.

Each tab is named here by module and class with its id and title, so the app can draw the
tab bar without importing a single tab's code: a tab's module is imported the first time the
tab is shown (or when F1 or the command palette needs it). Start-up stays fast however many
tabs there are. Keep `tab_id` and `title` equal to the class's TAB_ID and TITLE (a test
checks).
"""

from __future__ import annotations

import importlib
from typing import Any

import msgspec


class TabSpec(msgspec.Struct, frozen=True):
    tab_id: str
    title: str
    module: str
    cls: str

    # the same names as on the pane classes, for code that reads either
    @property
    def TAB_ID(self) -> str:
        return self.tab_id

    @property
    def TITLE(self) -> str:
        return self.title

    def load(self) -> Any:
        """The pane class (imports its module on first use)."""
        return getattr(importlib.import_module(self.module), self.cls)


TAB_CLASSES: list[TabSpec] = [
    TabSpec("dice", "Dice & Log", "gmtool.tui.tabs.dice.pane", "DiceLogPane"),
    TabSpec("crew", "Crew", "gmtool.tui.tabs.crew.pane", "CrewPane"),
    TabSpec("stations", "Stations", "gmtool.tui.tabs.stations.pane", "StationsPane"),
    TabSpec("battle", "Battle", "gmtool.tui.tabs.battle.pane", "BattlePane"),
    TabSpec("injuries", "Injuries", "gmtool.tui.tabs.injuries.pane", "InjuriesPane"),
    TabSpec("torga", "Torga IV", "gmtool.tui.tabs.torga.pane", "SkirmishPane"),
    TabSpec("journal", "Journal", "gmtool.tui.tabs.journal.pane", "JournalPane"),
]
