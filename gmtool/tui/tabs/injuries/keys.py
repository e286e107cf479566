"""The Injuries tab's one table of actions: its bindings, footer, palette and F1 keys.

The footer stays within two rows at 80 columns: `a` (all) shows only while a filter is set,
Escape (back) only while the cursor is away from the characters, undo and redo only when
there is something to take back or do again (the pane's `check_action`).
"""

from __future__ import annotations

from gmtool.tui.action_table import TabAction

ACTIONS = (
    TabAction("h", "hazard", "Hazard", "Hazard roll by hand for a ship (or class) that was hit"),
    TabAction("t", "treat", "Treat", "Treatment: the doctor rolls Medical Science for a character"),
    TabAction("g", "heal", "Heal", "Healing by your ruling: points, a note, or stabilize"),
    TabAction("r", "rest", "Rest", "Days of rest for the highlighted character or the party"),
    TabAction("d", "damage", "Damage", "Direct damage to a character: a number or dice"),
    TabAction("b", "bailout", "Bail-out", "Abandon ship: time rolled once, survivors by round"),
    TabAction("f", "filters", "Filters", "Go to the filters: one character, battle or session"),
    TabAction("a", "clear_filters", "All", "Clear the filters: everyone, every battle, session"),
    TabAction("escape", "to_characters", "Back", "Back to the characters", key_display="esc"),
    TabAction("ctrl+z", "undo", "Undo", "Undo the newest injury entry (or batch) or bail-out"),
    TabAction("ctrl+y", "redo", "Redo", "Redo what ctrl+z took back last"),
)
