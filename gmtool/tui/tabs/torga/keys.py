"""The Torga IV tab's one action table: its keys, footer, palette and help are built from it.

The footer shows a key only while it applies (fire only when the acting figure can, the
log's page keys only when it overflows), and related keys share one item, so the keys of
a usual moment fit in two rows at 80 columns.
"""

from __future__ import annotations

from textual.binding import Binding

from gmtool.tui.action_table import TabAction

FIGURE_KEYS = Binding.Group("Who")  # the next or previous figure that may act
AUTO_KEYS = Binding.Group("Auto")  # the automatic player: this activation, the turn
POINT_KEYS = Binding.Group("Point", compact=True)  # moving: the destination
CHOICE_KEYS = Binding.Group("Choose")  # picking: the target or weapon
HALF_KEYS = Binding.Group("½ in", compact=True)
SIMULATION_KEYS = Binding.Group("Odds")  # the balance simulation and a sweep
LOG_KEYS = Binding.Group("Log", compact=True)  # pg↑↓: page back, page on

# The arrows that move a move's destination: an inch, or half an inch with shift.
ARROWS = {"left": (-1, 0, "←"), "right": (1, 0, "→"), "up": (0, -1, "↑"), "down": (0, 1, "↓")}

CONFIRM = TabAction("enter", "confirm", "Confirm", "Moving or picking: play the move or the pick")

ACTIONS: tuple[TabAction, ...] = (
    TabAction(
        "n",
        "new_game",
        "New",
        "New game: solo, two players or both automatic; Torga IV or a scenario file",
    ),
    TabAction(
        "n",
        "start_again",
        "New game: start again",
        "At game over: start a new game (the same dialog)",
        palette=False,
    ),
    TabAction(
        "f", "fire", "Fire", "Fire: cycle the targets in range (f, the arrows or tab); Enter shoots"
    ),
    TabAction("m", "move", "Move", "Move: place the destination with the arrows and see its cost"),
    TabAction(
        "a", "aim", "Aim", "Aim: a bonus on this figure's next shot this turn (lost if it moves)"
    ),
    TabAction(
        "h", "hand_to_hand", "Hand", "Hand-to-hand against an enemy in base contact (pick one)"
    ),
    TabAction("p", "pick_up", "Pick", "Pick up a dropped weapon within reach (pick one)"),
    TabAction("space", "hold", "Hold", "Hold: spend the action point doing nothing"),
    TabAction(
        "g", "automatic", "Auto", "Let the automatic player take this activation", group=AUTO_KEYS
    ),
    TabAction(
        "G",
        "automatic_turn",
        "Auto turn",
        "Let the automatic players take every activation left this turn (one undo step)",
        group=AUTO_KEYS,
    ),
    TabAction("tab", "next_figure", "Next", "The next figure that may act now", group=FIGURE_KEYS),
    TabAction(
        "shift+tab",
        "previous_figure",
        "Previous",
        "The previous figure that may act now",
        key_display="⇧tab",
        group=FIGURE_KEYS,
    ),
    TabAction(
        "t",
        "type_destination",
        "Type x,y",
        "Moving: type the destination as x,y in inches",
        palette=False,
    ),
    CONFIRM,
    TabAction("escape", "cancel", "Cancel", "Cancel a move or a pick", palette=False),
    *(
        TabAction(
            key,
            f"cursor({dx}, {dy})",
            key.title(),
            f"Moving: an inch {key}",
            palette=False,
            group=POINT_KEYS,
        )
        for key, (dx, dy, _arrow) in ARROWS.items()
    ),
    *(
        TabAction(
            f"shift+{key}",
            f"cursor({dx / 2:g}, {dy / 2:g})",
            f"{key.title()} half",
            f"Moving: half an inch {key}",
            key_display=f"⇧{arrow}",
            palette=False,
            group=HALF_KEYS,
        )
        for key, (dx, dy, arrow) in ARROWS.items()
    ),
    TabAction(
        "tab",
        "choose(1)",
        "Next",
        "Picking: the next target or weapon",
        keys=("right", "down"),
        key_display="tab→↓",
        palette=False,
        group=CHOICE_KEYS,
    ),
    TabAction(
        "shift+tab",
        "choose(-1)",
        "Previous",
        "Picking: the previous target or weapon",
        keys=("left", "up"),
        key_display="⇧tab←↑",
        palette=False,
        group=CHOICE_KEYS,
    ),
    TabAction(
        "ctrl+z",
        "undo",
        "Undo",
        "Undo the last action (the status line names it; its dice are marked undone)",
    ),
    TabAction(
        "ctrl+y",
        "redo",
        "Redo",
        "Redo the action last undone, with the app's reply (its dice kept, never re-rolled)",
    ),
    TabAction(
        "o",
        "settings",
        "Options",
        "Settings: wound effects, who acts first, which sides the app plays (undoable)",
    ),
    # r and e also work in play (the replay and the log so far); at game over they come
    # first in the footer
    TabAction(
        "r", "replay", "Replay", "Replay the game step by step from the deployment (← → home end)"
    ),
    TabAction("e", "export_log", "Export", "Export the game's whole log as Markdown to exports/"),
    TabAction(
        "r", "replay_in_play", "Replay", "Replay the game so far step by step", palette=False
    ),
    TabAction(
        "e", "export_in_play", "Export", "Export the game's log so far to exports/", palette=False
    ),
    TabAction(
        "s",
        "simulate",
        "Odds",
        "Run the balance simulation in the background (both sides automatic)",
        group=SIMULATION_KEYS,
    ),
    TabAction(
        "S",
        "sweep",
        "Sweep",
        "Sweep a setting (e.g. victory.turn=8,10,12): the win rate per value as a plot",
        group=SIMULATION_KEYS,
    ),
    TabAction(
        "v", "toggle_view", "View", "Side panel: roster and log, the log alone, or the chart"
    ),
    TabAction(
        "pageup",
        "scroll_log(1)",
        "Log back",
        "Page up: back through the game log (or the mouse wheel)",
        key_display="pg↑",
        palette=False,
        group=LOG_KEYS,
    ),
    TabAction(
        "pagedown",
        "scroll_log(-1)",
        "Log on",
        "Page down: on through the game log",
        key_display="↓",
        palette=False,
        group=LOG_KEYS,
    ),
)

HELP = """\
The Torga IV ground skirmish (or any scenario file written like it), played on a map of the
table. The app knows where every figure stands, whose activation it is and how many action
points each has left; it measures every range, rolls every die (each lands in the Dice & Log
tab too), applies wounds, plays the Jem'Hadar in solo play and declares the winner. Every
action is saved at once: quit at any time and the game is there when you come back.

**The map**: rock walls `█`, the wreck `▓`, obstacles `▒` (crossing one costs extra inches;
a target close behind one, within the scenario's cover distance, is in cover), dropped
weapons `×`, faint dots every 6 inches. Picking a target draws the line of fire `·`.

**The standing line** under the map: the turn against the turn the Defiant arrives, who
acts, the figures standing on each side and what the Federation needs; at the end, who won
and why. The board is then locked: n starts a new game.
Figures are letters and numbers, told apart without colour: the first side's (Federation)
capitals and digits, the second side's (Jem'Hadar) small letters, soldier 1 is `a`; the
roster is the legend. A superscript beside a figure counts its wounds (`S¹`). The figure
whose activation it is is shown reversed, the others that may still act underlined.

**A turn** runs in action-point tiers: the sides alternate, one figure at a time, each
spending its first action point, then the second, then the third.

The footer offers a key only while it applies: f when a target is in range, h in base
contact, p with a dropped weapon in reach, a while the figure may aim, tab when another
figure may act too, pg↑↓ (page up, page down) when the log holds more than it shows,
ctrl+y after an undo.

Each target shows its range (measured to a tenth of an inch), band, the weapon's number,
every modifier, the number the die must show or less and the chance to hit; hand-to-hand
shows both sides' modifiers (wounds included) and the exact chance of each outcome. A move
shows its distance, the obstacles it crosses and its cost against the figure's allowance
before you confirm it. Aiming needs an action point left to fire the aimed shot this turn.

In solo play, after each of your activations the Jem'Hadar activations are played at once;
their steps are listed in the log with `▸`. Undo takes back your action and their reply
together, and says so; redo brings both back as they were (the same dice).
"""
