"""The Injuries tab's one table of actions, and its help. The footer stays within two rows at
80 columns: the pane's `check_action` offers a key only where it applies."""

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

HELP = """\
Every character of the party with their **stun**, **wound** and **mortal** tracks and their
state (ok, knocked out, dying, dead; "stable" once a dying character is stabilized), and the
injury history below, newest first: when (time, game session, battle and round), the ship and
what hit it, every die rolled, what was marked, the tracks before → after, and the state.
Undone entries stay in the history, dimmed and struck through: nothing is ever lost, and a
new battle never resets anyone.

Hazards from the Battle tab land here by themselves. For a battle resolved your own way,
**h** rolls a hazard by hand: choose the ship that was hit (everyone aboard is ticked, with the
posture of their station: **secure** strapped in, **vulnerable** moving about) or just a ship
class, the most severe track the hit marked, and who rolls. Each rolls d20 against Table 3-1;
the endangered make a Personality feat check (+d4) and take the Table 3-2 injury for their
posture, with secondary damage and overflow. In the dialog space ticks a character, p
switches their posture and ctrl+r rolls and saves (again for another hit). **b** orders a
bail-out: its time is rolled once, and the table counts who gets clear each round (the
survivors start from the crew less the dead of the newest battle).

The filters show one character, one battle or one game session (F2 starts and ends sessions):
"what happened to Dax last session" is the character and the session.

**Enter** on a character shows only their history (again shows everyone); **tab** moves
between the filters, the characters and the history. **ctrl+z** takes back the newest entry
(a party's rest or a hazard roll whole: damage given back, the entries kept, dimmed) or the
last bail-out order, and says what it took back (whose and what, when it is not on screen);
**ctrl+y** does it again, with the same dice, until something new is saved.
"""
