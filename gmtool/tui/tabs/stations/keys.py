"""The Stations tab's one table of keys (the board's Enter too, as `ROLL`), and its help.
Each place of the cursor offers only its own keys, so the footer stays within two rows at
80 columns."""

from __future__ import annotations

from gmtool.tui.action_table import TabAction

HELP = """\
Put the party at battle stations before a fight. Pick a ship; the board shows its twelve
stations, who is at each, what each character does this round (**hands-on**: rolls the
station's check with their own skill; **leading**: a Leadership check that helps the team's
roll; **stand by**: adds nothing this round), the skill and the score and step that will be
rolled, and each character's posture for hazard rolls (**secure**: strapped in; **vulnerable**:
moving about). A station nobody takes rolls the crew check score of the ship's crew quality.
One station, one roll per round: when two characters could take the same roll, the better
one rolls and the other stands by (or leads). Off-station characters (brig, sickbay, away)
are listed under the stations. A Score marked * has a step below the step ladder: it is
rolled at the ladder's lowest rung, and the line under the board says so.

Enter on a row rolls exactly the check that row shows (its score and step) and saves it in
the roll log with what it was for; ctrl+z takes the roll back like any change.

The list on the right is the whole party: where each character is, **unassigned** ones
highlighted; Enter on a character shows them on the board. Every change is saved at once;
ctrl+z undoes the last one and says what it took back (it asks first when the last change
was not made on this tab just now, such as an injury), ctrl+y does it again. Tab moves
between the ship list, the board and the character list; the keys offered follow the
cursor (the board's keys act on its highlighted row, the list's on its character).
"""

ROLL = TabAction(
    "enter",
    "roll_check",
    "Roll",
    "roll the check the highlighted board row shows (its score and step) into the log",
)

ACTIONS: tuple[TabAction, ...] = (
    ROLL,
    TabAction("a", "assign", "Assign",
              "on the board: choose who goes to this station; in the list: choose a place"),
    TabAction("m", "move", "Move",
              "move the highlighted character to a place you choose (on a crew row: choose who)"),
    TabAction("o", "off_station", "Off", "off station: brig, sickbay or away from the ship"),
    TabAction("p", "posture", "Posture", "posture: secure / vulnerable"),
    TabAction("l", "lead", "Lead", "leading / hands-on (from Command or Combat information: "
              "choose the team to lead)"),
    TabAction("u", "unassign", "Unassign", "unassign: take the character off their station"),
    TabAction("s", "next_ship", "Ship", "switch to the next ship"),
    TabAction("n", "new_character", "New", "new character"),
    TabAction("e", "edit_character", "Edit",
              "edit the highlighted character (abilities, skills, damage)"),
    TabAction("x", "delete_character", "Delete", "delete the highlighted character (asks first)"),
    TabAction("i", "import", "Import", "import a party YAML file (characters and stations; "
              "nothing changes if it has a mistake)"),
    TabAction("ctrl+e", "export", "Export", "export the party as YAML"),
    TabAction("ctrl+z", "undo", "Undo", "undo the last change made to the party (says what)"),
    TabAction("ctrl+y", "redo", "Redo", "redo the change ctrl+z took back"),
)  # fmt: skip

# What each place of the cursor offers (the rest of the table is greyed out there).
BOARD_KEYS = frozenset(
    {"roll_check", "assign", "move", "off_station", "posture", "lead", "unassign"}
    | {"next_ship", "new_character", "edit_character"}
)
LIST_KEYS = frozenset(
    {"assign", "move", "off_station", "posture", "new_character", "edit_character"}
    | {"delete_character", "import", "export"}
)
OTHER_KEYS = frozenset({"next_ship", "new_character", "import", "export"})
# The keys that act on the highlighted row's character (hidden on a crew or empty row).
CHARACTER_KEYS = frozenset({"off_station", "posture", "lead", "unassign", "edit_character"})

PARTY_ACTIONS = frozenset(entry.action for entry in ACTIONS)
"""The tab's actions read or change the saved party: all off while it cannot be read."""
