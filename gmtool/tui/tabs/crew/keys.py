"""The Crew tab's one table of keys, and its help. The keys that change ships are offered on the
ships list, those of the manifest or roster there; so the footer keeps to two rows at 80
columns, its order packed so that a damaged ship's condition keys still fit."""

from __future__ import annotations

from gmtool.tui.action_table import TabAction
from gmtool.tui.tabs.crew.short_words import short_words_key

# Keys that mend a ship, offered only where they mean something for it (condition.py).
CONDITION_KEYS = frozenset({"repair_ship", "replace_crew", "restore_ship", "scrap_ship"})
# Keys that change ships: offered while the ships list has the cursor.
SHIP_KEYS = CONDITION_KEYS | {"new_ship", "edit_ship", "import", "delete_ship", "regenerate"}
# Keys of the manifest or roster shown on the right: offered while it has the cursor.
LIST_KEYS = frozenset({"filter_crew", "export", "leave_list"})

ACTIONS = (
    TabAction("n", "new_ship", "New", "New ship: the ship form"),
    TabAction("e", "edit_ship", "Edit", "Edit the selected ship in the ship form"),
    TabAction("i", "import", "Import", "Import a ship spec file (asks for the path and the side)"),
    TabAction("x", "delete_ship", "Delete", "Delete the selected ship (asks first; with characters "
              "aboard, offers to take them off their stations; ctrl+z brings both back)"),
    TabAction("r", "regenerate", "Regen",
              "Regenerate: work the manifest out again and name a new crew (asks first)"),
    TabAction("R", "roster", "Roster", "Show the named roster"),
    TabAction("m", "manifest", "Manifest", "Show the crew manifest"),
    TabAction("slash", "search", "Search", "Search the roster by name, rank, post or department"),
    TabAction("p", "repair_ship", "Repair",
              "Repair: days in port or at sea (tables/repairs.yaml); care for the wounded too"),
    TabAction("c", "replace_crew", "Hands",
              "New crew for the dead and badly wounded: newly named hands take their posts"),
    TabAction("o", "restore_ship", "Restore",
              "Restore a destroyed, abandoned or scrapped ship: rebuilt and crewed (asks first)"),
    TabAction("X", "scrap_ship", "Scrap",
              "Scrap the ship: out of service, kept on the list (asks first)"),
    TabAction("f", "filter_crew", "Filter",
              "Filter the roster: all, the fit, the wounded, the dead"),
    TabAction("ctrl+e", "export", "Export", "Export the manifest or the roster as Markdown or CSV"),
    TabAction("escape", "leave_list", "Ships",
              "Back to the ships list (from the search field: to the roster)", key_display="esc"),
    TabAction("ctrl+z", "undo", "Undo",
              "Undo the last change to the ships (the status line names it)"),
    TabAction("ctrl+y", "redo", "Redo", "Redo the change ctrl+z took back"),
)  # fmt: skip

HELP = """\
The campaign's ships with their crews. Pick a ship on the left; the right shows its class,
hull points, crew quality and crew totals (basic, support, total), and either the **crew
manifest** (every department and post, with totals) or the **named roster** (every crew
member with a rank and a post). Names come from `tables/names.yaml`, drawn from a seed made
from the campaign and the ship, so they are the same in every session until you regenerate
them. Enter on a ship goes to its manifest or roster; Escape comes back. The keys that
change ships work from the ships list; search, filter and export from the list on the right.

Editing a ship works its manifest out again at once; crew whose posts still exist keep their
names, and only new places get new names. A saved crew never changes by itself when the crew
rules change (a new gmtool, or a house rule in `tables/crew.yaml`): the ships list marks its
crew count with `*` and the status line says what today's rules give; r regenerates it.
Two ships never share a name (case and spaces aside). Deleting a ship that characters stand
aboard asks whether to take them off their stations with it; undo brings both back.
Everything is saved the moment it happens; ctrl+z steps back one change at a time and the
status line names it (the demo campaign's own set-up is kept); ctrl+y does it again.

A spec file is YAML: `name`, `class`, `hull_points`, and optionally crew quality, flags,
counts and `systems` (see `gmtool crew --help`). A bad file is not imported: the message names
the file, the ship, the key with its line, and what was expected.

**In the ship form**: Enter or ctrl+s saves, Escape cancels (asking first when something was typed),
Tab moves between fields. In its systems list: a adds a system, e or Enter edits the
selected one, x removes it. A blank optional field means the default (acceleration and
target size from the class, durability from hull points).

**Condition.** Under the ship's crew totals, its status (operational, shaken, disabled,
crippled, destroyed; or abandoned, scrapped), its damage tracks (boxes marked of each) and the
crew aboard, with the last thing that happened to it. A battle's end writes them; the next
battle starts from them; stun clears when the battle ends. A destroyed, abandoned or
scrapped ship cannot join a battle until it is restored. ctrl+z takes back a repair, new
crew, scrap or restore (a battle's end is undone in the Battle tab).

**Casualties.** When a battle ends, each campaign ship's crew losses fall on its named crew:
the roster's Condition column says who is fit, lightly or badly wounded, or dead, and the
battle that hurt them; f shows all, the fit, the wounded, then the dead. The battle
report names them too. p (repair) gives the wounded days of care; c (new crew) puts newly
named hands in the posts of the dead and badly wounded (`tables/casualties.yaml`).
"""
HELP += f"\n{short_words_key()}\n"
