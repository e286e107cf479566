"""The Journal tab's action table and the help above it."""

from __future__ import annotations

from gmtool.tui.action_table import TabAction

HELP = """\
What happened at the table, session by session. The list on the left is the campaign's game
sessions, newest first (F2 starts and ends one); on the right, the chosen session's timeline:
battles (sides, rounds, how each ended, the dead), injuries, treatments and rests, ship
repairs and new crews, Torga IV games, the notable rolls (Amazing successes, Critical
Failures and the rolls marked with m in the Dice & Log tab) and the GM's notes. Everything
is read from what the other tabs saved.

- **Notes**: ctrl+j, from any tab, adds a timestamped note to the open session; ctrl+z just
  after takes it back. Here, e edits the note under the cursor and Delete deletes it;
  ctrl+z and ctrl+y take back and redo the chosen session's note changes.
- **Recap**: v shows the session's recap, p the players' cut (no enemy numbers, no GM notes,
  of the rolls only those marked in front of the players), and s saves both under the
  campaign's `reports/` (`session-N.md`, `session-N-players.md`), the same text `gmtool
  session report N` prints.
- **Chart**: c turns the timeline into a chart of the party's wounds and mortal damage at
  the end of each session, again to each campaign ship's damage and crew after each of its
  battles, and back.
"""

ACTIONS = (
    TabAction("e", "edit_note", "Edit note", "Edit the note under the cursor"),
    TabAction(
        "delete",
        "delete_note",
        "Delete note",
        "Delete the note under the cursor (ctrl+z brings it back)",
        keys=("d",),
    ),
    TabAction("v", "view_recap", "Recap", "Show the chosen session's recap"),
    TabAction("p", "view_recap(True)", "Players' recap", "Show the recap the players may read"),
    TabAction("s", "save_recap", "Save recap", "Save the recap under the campaign's reports/"),
    TabAction("c", "chart", "Chart", "Timeline, the party's chart, the ships' chart in turn"),
    TabAction("ctrl+z", "undo", "Undo", "Take back the chosen session's last note change"),
    TabAction("ctrl+y", "redo", "Redo", "Do the note change taken back again"),
)
