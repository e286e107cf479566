"""The Battle tab's one table of keys, and the help's prose above it.

A key is offered only when it applies (a weapon can fire, a step can be taken back, a
battle is open and still being fought), so the footer stays within two rows at 80 columns.
"""

from __future__ import annotations

from textual.binding import Binding

from gmtool.actions.battle_next import AUTOPILOT_HELP
from gmtool.tui.action_table import TabAction

HELP = """\
Play a narrative space battle round by round. space plays on: every roll, gmtool's side,
movement, hazards and crew losses, up to the next decision of a side you play (its heading,
a target, a special order worth giving, damage to type in); the status line says what is
asked and the cursor is on gmtool's own choice, so enter takes it. p plays to the end of the
round taking gmtool's choice for everyone; u takes the whole round back, ctrl+z one step.
The set-up form's "gmtool plays" picks the sides gmtool plays (side B, the enemy, unless
you pick another); w changes it mid-battle. How gmtool plays a side is listed at the
end of this help.

 The top line says where the round is (the
phase of the sequence of play and its step); the table shows both fleets: each ship's state,
its stun / wound / mortal / critical tracks (boxes marked of the track's points) and its crew
losses live (casualties: dead / badly / lightly wounded). **Actions now** lists what the GM
can do at this point; the panel beside it shows the weapons that can fire now with the score
that will be rolled and every step modifier, or what the highlighted action does. The log
below has every step of the battle with its dice, newest first; it wraps and scrolls (tab
moves into it, the arrows and page keys scroll it).

Every roll goes to the campaign's roll log; hazard rolls of characters aboard a ship that
marks damage go to the injury history (the Injuries tab). The battle is saved after every
step: quit at any moment and it reopens exactly there. ctrl+z takes the last step back (the
status line names it), its rolls marked undone and any injuries it did given back; ctrl+y
does it again as it was saved, its rolls unmarked, never rolled again. A step that hurt
characters, moved someone or ended the battle is not redone: play it again instead.

Set-up (n): a name, the starting range (starting_range in tables/narrative.yaml, contact as
shipped: the chapter's open-space encounter; pick closer for an ambush or an approach to a
planet), side A (the campaign's ships) and side B (its enemy ships, quick enemy ships from a
short form, or ships from spec files), and who commands each side (default: whoever is at
the flagship's command station), and each side's flagship (whose crew rolls the edge when
nobody commands; default its first ship). Who is where comes
from the station assignments (Stations tab) at every step: a move there, or with m, t or l
here, takes effect at the next roll and is logged. ctrl+z takes a move made here back on the
Stations tab too. g and k act on the ship under the cursor in the ship table.

Abandon ship (special orders), offered for a destroyed ship too while anyone is alive aboard
her: the bail-out takes its rounds (a time of N rounds is over at the end of the Nth full
round after this one); the crew still aboard fire nothing but defend against boarders and
can still blow her up. Once everyone who could leave has left she is a hulk: no heading, no
orders, boarded without a fight. A fleet with no ship
that can act drifts (it declares no heading and counts as holding); a fleet with no ship left
in the fight (destroyed, escaped or abandoned) ends the battle at the next edge (e).
tables/battle.yaml has these decisions.

Special orders: ramming opens a dialog that shows the ram check, the target's check to avoid
it and the damage each ship takes if it lands (by the other ship's class, tables/battle.yaml);
enter rams. Boarding opens a dialog with each side's boarding strength (troops fit to fight,
characters at the station) and what outnumbering gives; l switches our leader between a bonus
to our check and a penalty to theirs, d the defending leader's; enter boards. Transporter
boarding needs a transporter on line and someone to send, and stops at an energy screen that
is up: such an order is listed greyed, with the reason.

Delete (x): a battle set up by mistake or for practice leaves the campaign's list, with its
saved steps. It cannot be undone. What happened at the table stays: its rolls in the roll log,
the injuries it did on the characters and in the injury history; take the battle's steps back
with ctrl+z first if they should not count.

Once a battle is over only s, r, ctrl+z (takes the ending back), x, n and o are offered.

""" + "\n".join(AUTOPILOT_HELP)

# Footer groups, each one item with its keys side by side, keep the footer to two rows at
# 80 columns; F1 lists every key.
PLAY = Binding.Group("Play on")
ORDERS = Binding.Group("Orders")
BATTLES = Binding.Group("Battle")

ACTIONS: tuple[TabAction, ...] = (
    TabAction(
        "space",
        "play_on",
        "Play on",
        "Play every step that needs no decision of yours (rolls, gmtool's side, movement, "
        "hazards, crew losses) and stop at your next one, the cursor on gmtool's own choice",
        priority=True,  # first in the footer
        group=PLAY,
    ),
    TabAction(
        "p",
        "play_round",
        "Play round",
        "Play on to the end of the round, taking gmtool's choice for every decision (yours "
        "too); ctrl+z takes back one step, u the whole round",
        group=PLAY,
    ),
    TabAction(
        "ctrl+n",
        "advance",
        "Next",
        "Go on to the next step of the sequence of play, one step (says what is still to do)",
        group=PLAY,
    ),
    TabAction(
        "enter",
        "do_highlighted",
        "Do it",
        "Do the highlighted action (a dialog asks for any choice: heading, target, track)",
        priority=True,
        palette=False,
    ),
    TabAction("a", "attack", "Fire", "Fire a weapon that can fire now (enter rolls damage)"),
    TabAction(
        "d",
        "damage",
        "Damage",
        "Type damage in (ram, blast, a hit rolled at the table): on the ship you moved to in "
        "the table, else the ship just hit, else the enemy flagship",
    ),
    TabAction(
        "g",
        "gunner",
        "Gunner",
        "Put a character at a weapon of the ship in the table (or give it to the crew)",
        group=ORDERS,
    ),
    TabAction(
        "k",
        "knock_out",
        "Knock out",
        "Knock a system out: on the ship you moved to in the table, else the ship just hit, "
        "else the enemy flagship",
        group=ORDERS,
    ),
    TabAction(
        "c",
        "commander",
        "Commander",
        "Set who commands a side (nobody: the flagship's command station)",
        group=ORDERS,
    ),
    TabAction(
        "m",
        "move_station",
        "Move",
        "Move a character to a station of a ship (the Stations tab follows)",
        group=ORDERS,
    ),
    TabAction(
        "t",
        "take_over",
        "Take over",
        "A character takes over another's post aboard the same ship",
        group=ORDERS,
    ),
    TabAction(
        "l",
        "leave_ship",
        "Leave",
        "A character leaves the ship (escape pod, airlock, shuttle)",
        group=ORDERS,
    ),
    TabAction("ctrl+z", "undo", "Undo", "Take the last step back (the status line names it)"),
    TabAction(
        "ctrl+y", "redo", "Redo", "Do the step taken back again, as it was saved (no new roll)"
    ),
    TabAction("e", "end", "End", "End the battle (the summary is shown and saved)"),
    TabAction(
        "s",
        "summary",
        "Summary",
        "Show the battle summary: damage, crew losses, what each character did",
        group=BATTLES,
    ),
    TabAction(
        "r",
        "report",
        "Report",
        "Save and show the battle's Markdown report (rounds, hits, losses, injuries)",
        group=BATTLES,
    ),
    TabAction(
        "n",
        "new_battle",
        "New",
        "Set up a new battle: name, range, fleets, commanders",
        group=BATTLES,
    ),
    TabAction("o", "open_battle", "Open", "Open another battle of the campaign", group=BATTLES),
    TabAction(
        "x",
        "delete_battle",
        "Delete",
        "Delete the open battle (asks first; no undo: its rolls and injuries stay)",
        group=BATTLES,
    ),
    TabAction(
        "u",
        "undo_round",
        "Undo round",
        "Take back the whole round in one go (a round not begun yet: the one before)",
        group=BATTLES,
    ),
    TabAction(
        "w",
        "who_plays",
        "Who plays",
        "Choose the sides gmtool plays (its choices are listed in this help)",
        group=BATTLES,
    ),
)

# Keys that play a battle on: hidden once it is over, which leaves s, r, ctrl+z (takes the
# ending back), x, n and o.
PLAY_ACTIONS = frozenset(
    {a.action for a in ACTIONS if a.group in (PLAY, ORDERS)}
    | {"who_plays", "do_highlighted", "attack", "damage", "end"}
)
# Keys that only mean something in a battle: hidden while none is open, so an empty tab
# offers just n (new) and o (open).
BATTLE_ONLY_ACTIONS = PLAY_ACTIONS | {"undo", "redo", "undo_round", "summary", "report"}
