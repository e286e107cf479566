"""The app's tabs, in order. A tab is a widget class with TAB_ID, TITLE and HELP (Markdown).

Modules are named here rather than imported so app.py stays small; each tab is imported when
the app is built.
"""

from __future__ import annotations

import importlib
from typing import Any

# (module, class) for every tab, left to right.
TAB_CLASSES: list[tuple[str, str]] = [
    ("gmtool.tui.dice_log", "DiceLogPane"),
    ("gmtool.tui.crew", "CrewPane"),
    ("gmtool.tui.stations", "StationsPane"),
    ("gmtool.tui.battle", "BattlePane"),
    ("gmtool.tui.injuries", "InjuriesPane"),
    ("gmtool.tui.skirmish", "SkirmishPane"),
]


def tab_classes() -> list[Any]:
    return [getattr(importlib.import_module(mod), cls) for mod, cls in TAB_CLASSES]
