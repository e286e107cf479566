"""Torga IV tab: the ground skirmish played on a map in the terminal.

The tab draws the game the store keeps (`gmtool.store.skirmish`), offers the acting figure's
actions by key, measures moves and shots through the rules engine before the GM commits,
and saves every action at once (ctrl+z undoes it). In solo play the app answers each
Federation activation with the Jem'Hadar's, step by step in the log. The balance
simulation runs in a worker thread and draws its result as a chart in the side panel.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import ContentSwitcher, Input, Static

from gmtool.actions import skirmish as game_actions
from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import (
    ACTION_KINDS,
    Action,
    GameOptions,
    GameState,
    enemies_in_contact,
    legal_actions,
    move_allowance,
    plan_move,
    ready_figures,
    shots,
    torga_iv,
)
from gmtool.rules.skirmish.engine import (
    AIM,
    FIRE,
    HAND_TO_HAND,
    HOLD,
    MOVE,
    PICK_UP,
    deployment_preview,
)
from gmtool.rules.skirmish.outcome import standing
from gmtool.rules.skirmish.referee import melee_preview
from gmtool.store.errors import StoreError
from gmtool.store.skirmish import (
    AUTOMATIC,
    MANUAL,
    SOLO,
    Played,
    SkirmishGame,
    load_game,
    settings_text,
    solo_side,
)
from gmtool.store.skirmish_replay import game_steps
from gmtool.tui.tabs.torga.chart import SimulationChart
from gmtool.tui.tabs.torga.log import GameLog, log_text
from gmtool.tui.tabs.torga.map import (
    WOUND_STYLE,
    MapView,
    SkirmishMap,
    figure_symbols,
    short_name,
    side_style,
    wound_marker,
)
from gmtool.tui.tabs.torga.new_game import NewGameChoice, NewGameScreen
from gmtool.tui.tabs.torga.referee import fire_choice, fire_details, melee_lines
from gmtool.tui.tabs.torga.replay import ReplayScreen
from gmtool.tui.tabs.torga.rows import share_rows, text_rows
from gmtool.tui.tabs.torga.rules_card import rules_card
from gmtool.tui.tabs.torga.settings import SettingsScreen
from gmtool.tui.tabs.torga.simulation import SimulatingPane
from gmtool.tui.tabs.torga.standing import standing_text

TAB_ID = "torga"
TITLE = "Torga IV"

# What the keys do right now: looking at the table, placing a move, or picking a target.
BROWSE = "browse"
MOVING = "move"
PICKING = "pick"

MODE_SHORT = {SOLO: "solo", MANUAL: "two players", AUTOMATIC: "both automatic"}

PICK_VERBS = {FIRE: "Fire at", HAND_TO_HAND: "Attack", PICK_UP: "Pick up"}
# The key actions that open a pick, and the engine action each picks for.
PICK_ACTIONS = {"fire": FIRE, "hand_to_hand": HAND_TO_HAND, "pick_up": PICK_UP}
STANDING_ROWS = 2  # the standing line's height (#sk-standing)

# Keys shown as one footer item each
FIGURE_KEYS = Binding.Group("Figure")
POINT_KEYS = Binding.Group("Point", compact=True)  # moving: the destination
CHOICE_KEYS = Binding.Group("Choose")  # picking: the target or weapon
HALF_KEYS = Binding.Group("½ in", compact=True)
LOG_KEYS = Binding.Group("Log")

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

| key | does |
|---|---|
| n | new game: solo, two players or both automatic; Torga IV or a scenario file |
| tab / shift+tab | next / previous figure that may act now |
| f | fire: cycle the targets in range (f, the arrows or tab); enter shoots |
| m | move: place the destination with the arrows (an inch a step; shift: half an inch) |
| t | (moving) type the destination as `x,y` in inches |
| enter | (moving, picking) confirm |
| a | aim: a bonus on this figure's next shot this turn (lost if it moves) |
| h | hand-to-hand against an enemy in base contact (pick one, enter) |
| p | pick up a dropped weapon within reach (pick one, enter) |
| space | hold: spend the action point doing nothing |
| g | let the automatic player take this activation |
| G | let the automatic players take every activation left in this turn (one undo step) |
| escape | cancel a move or a pick |
| ctrl+z | undo the last action (its dice are marked undone in the log) |
| o | settings: wound effects, who acts first, which sides the app plays (saved, undoable) |
| s | run the balance simulation in the background (both sides automatic) |
| r | replay the game step by step from the deployment (← → home end, escape) |
| e | export the game's whole log as Markdown to the campaign's `exports/` folder |
| S | sweep a setting (e.g. `victory.turn=8,10,12`): the win rate per value as a plot |
| v | side panel: roster and log, the log alone, or the simulation chart |
| pgup / pgdn | page back and forth through the game log (or the mouse wheel) |

Each target shows its range (measured to a tenth of an inch), band, the weapon's number,
every modifier, the number the die must show or less and the chance to hit; hand-to-hand
shows both sides' modifiers (wounds included) and the exact chance of each outcome. A move
shows its distance, the obstacles it crosses and its cost against the figure's allowance
before you confirm it. Aiming needs an action point left to fire the aimed shot this turn.

In solo play, after each of your activations the Jem'Hadar activations are played at once;
their steps are listed in the log with `▸`. Undo takes back your action and their reply.
"""


class DestinationInput(Input):
    """Where a move goes, typed as x,y: enter moves there (shown in the footer)."""

    BINDINGS = [Binding("enter", "submit", "Move there")]


def parse_point(text: str) -> tuple[float, float] | None:
    """`x,y` (or `x y`) in inches, or None when the text is not two numbers."""
    parts = [p for p in re.split(r"[,\s;]+", text.strip()) if p]
    if len(parts) != 2:
        return None
    try:
        return float(parts[0]), float(parts[1])
    except ValueError:
        return None


class SkirmishPane(SimulatingPane):
    TAB_ID = TAB_ID
    TITLE = TITLE
    HELP = HELP
    PALETTE = [
        ("New game", "Start a skirmish: solo, two players or both automatic", "action_new_game"),
        ("Fire", "Pick a target in range for the acting figure", "action_fire"),
        ("Move", "Place a move's destination and see its cost", "action_move"),
        ("Aim", "The acting figure aims for its next shot", "action_aim"),
        ("Hand-to-hand", "Attack an enemy in base contact", "action_hand_to_hand"),
        ("Pick up a weapon", "Take a dropped weapon within reach", "action_pick_up"),
        ("Hold", "Spend the action point doing nothing", "action_hold"),
        ("Automatic activation", "Let the automatic player act", "action_automatic"),
        (
            "Automatic play to the end of the turn",
            "The automatic players take every activation left this turn",
            "action_automatic_turn",
        ),
        ("Next figure", "Select the next figure that may act", "action_next_figure"),
        ("Undo the last action", "Take back the last saved action", "action_undo"),
        ("Replay the game", "Step through every saved step of the game", "action_replay"),
        ("Export the game log", "The whole log as Markdown in exports/", "action_export_log"),
        (
            "Settings of this game",
            "Wound effects, who acts first, which sides the app plays",
            "action_settings",
        ),
        ("Run the simulation", "Many games with both sides automatic", "action_simulate"),
        (
            "Sweep a setting",
            "One batch of games per value of a scenario setting, plotted",
            "action_sweep",
        ),
        ("Roster, log or simulation", "Switch the side panel", "action_toggle_view"),
    ]
    # Every key that works now is in the footer (check_action hides the rest), at 80x24 as
    # at 120x36: related keys share one footer item (a Binding.Group) to make room.
    BINDINGS = [
        Binding("n", "new_game", "New"),
        Binding("n", "start_again", "New game: start again"),
        Binding("f", "fire", "Fire"),
        Binding("m", "move", "Move"),
        Binding("a", "aim", "Aim"),
        Binding("h", "hand_to_hand", "Hand"),
        Binding("p", "pick_up", "Pick"),  # up: a dropped weapon (room at 80x24)
        Binding("space", "hold", "Hold"),
        Binding("g", "automatic", "Auto"),
        Binding("G", "automatic_turn", "Auto turn"),
        Binding("tab", "next_figure", "Next", group=FIGURE_KEYS),
        Binding("shift+tab", "previous_figure", "Previous", key_display="⇧tab", group=FIGURE_KEYS),
        Binding("t", "type_destination", "Type x,y"),
        Binding("enter", "confirm", "Confirm"),
        Binding("escape", "cancel", "Cancel"),
        Binding("left", "cursor(-1, 0)", "Left", group=POINT_KEYS),
        Binding("right", "cursor(1, 0)", "Right", group=POINT_KEYS),
        Binding("up", "cursor(0, -1)", "Up", group=POINT_KEYS),
        Binding("down", "cursor(0, 1)", "Down", group=POINT_KEYS),
        Binding("shift+left", "cursor(-0.5, 0)", "Left half", key_display="⇧←", group=HALF_KEYS),
        Binding("shift+right", "cursor(0.5, 0)", "Right half", key_display="⇧→", group=HALF_KEYS),
        Binding("shift+up", "cursor(0, -0.5)", "Up half", key_display="⇧↑", group=HALF_KEYS),
        Binding("shift+down", "cursor(0, 0.5)", "Down half", key_display="⇧↓", group=HALF_KEYS),
        Binding("tab,right,down", "choose(1)", "Next", key_display="tab→↓", group=CHOICE_KEYS),
        Binding(
            "shift+tab,left,up", "choose(-1)", "Previous", key_display="⇧tab←↑", group=CHOICE_KEYS
        ),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("o", "settings", "Options"),
        # r and e do the same in play and at game over (replay so far, export the log)
        Binding("r", "replay", "Replay"),
        Binding("e", "export_log", "Export log"),
        Binding("r", "replay_in_play", "Replay"),
        Binding("e", "export_in_play", "Export log"),
        Binding("s", "simulate", "Odds"),
        Binding("S", "sweep", "Sweep"),
        Binding("v", "toggle_view", "View"),
        Binding("pageup", "scroll_log(1)", "Log back", group=LOG_KEYS),
        Binding("pagedown", "scroll_log(-1)", "Log on", group=LOG_KEYS),
    ]
    DEFAULT_CSS = """
    SkirmishPane {
        height: 1fr;
    }
    #sk-top {
        height: 1fr;
    }
    #sk-side {
        width: 1fr;
        height: 1fr;
        margin-left: 1;
    }
    #sk-table {
        height: 1fr;
    }
    #sk-roster {
        height: auto;
    }
    #sk-standing {
        height: 2;
    }
    #sk-action {
        height: 1;
    }
    #sk-move-to {
        display: none;
        width: 30;
    }
    #sk-move-to.shown {
        display: block;
    }
    #sk-bottom {
        height: auto;
    }
    #sk-status {
        height: 1;
        width: 1fr;
    }
    #sk-status.error {
        color: $error;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game: SkirmishGame | None = None
        self.preview: GameState | None = None
        self.selected: str | None = None
        self.mode = BROWSE
        self.cursor: tuple[float, float] = (0.0, 0.0)
        self.pick_kind = ""
        self.pick_options: list[tuple[Action, str, str]] = []  # action, short text, details
        self.pick_index = 0
        self._keys_state: tuple[object, ...] = ()
        self._roster_rows = 0
        self._panel_text: str | Text = ""  # what the action panel and the status show
        self._status_text: str | Text = ""

    # -- layout -----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="sk-top"):
            yield SkirmishMap(id="sk-map")
            with ContentSwitcher(initial="sk-table", id="sk-side"):
                with Vertical(id="sk-table"):
                    yield Static(id="sk-roster")
                    yield GameLog(id="sk-log")
                yield SimulationChart(id="sk-sim")
        yield Static(id="sk-standing")
        yield Static(id="sk-action")
        with Horizontal(id="sk-bottom"):  # the typed destination beside the status: no row
            yield DestinationInput(
                placeholder="x,y in inches, then enter", id="sk-move-to", compact=True
            )
            yield Static(id="sk-status")

    def on_mount(self) -> None:
        self.load()
        self.focus_default()

    def focus_default(self) -> None:
        self.query_one("#sk-map", SkirmishMap).focus()

    def help_text(self) -> str:
        """The keys, then the rules card of the scenario in play (Torga IV when none)."""
        state = self.state
        if state is None:
            return f"{self.HELP}\n{rules_card(torga_iv())}"
        return f"{self.HELP}\n{rules_card(state.scenario, state.options)}"

    # -- the game -----------------------------------------------------------------------------
    @property
    def state(self) -> GameState | None:
        return self.game.state if self.game is not None else None

    def load(self) -> None:
        """Read the saved game (or show the Torga IV deployment when there is none)."""
        try:
            self.game = load_game(self.campaign)
        except StoreError as exc:
            self.game = None
            self._reset_view()
            self._show_status(str(exc), error=True)
            return
        self._reset_view()
        if self.game is None:
            self._show_status("No game yet: press n to start one.")
        elif self.game.state.over:
            self._show_status("The game is over: n starts a new one, ctrl+z takes back the end.")
        else:
            self._show_status("Game resumed where it was left.")

    def _reset_view(self) -> None:
        self.mode = BROWSE
        self.selected = None
        self._hide_input()
        if self.game is None and self.preview is None:
            scenario = torga_iv()
            self.preview = deployment_preview(scenario)
        self._fix_selection()
        self._rebuild_log()
        self.refresh_view()

    def _shown_state(self) -> GameState:
        state = self.state or self.preview
        assert state is not None
        return state

    def _ready_ids(self) -> list[str]:
        state = self.state
        if state is None or state.over:
            return []
        return [f.id for f in ready_figures(state)]

    def _fix_selection(self) -> None:
        ready = self._ready_ids()
        if self.selected not in ready:
            self.selected = ready[0] if ready else None

    # -- drawing ------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        state = self._shown_state()
        self.query_one("#sk-map", SkirmishMap).show(self._map_view(state))
        # The roster keeps its height for a scenario: no new layout unless that changes.
        rows = len(state.figures) + len(state.scenario.sides)
        self.query_one("#sk-roster", Static).update(
            self._roster(state), layout=rows != self._roster_rows
        )
        self._roster_rows = rows
        self._draw_standing()
        self._draw_action_panel()
        # The footer redraws all its keys when asked (slow): only when what they do changes.
        keys_state = (self.mode, self.pick_kind, self.state is None, self._shown_state().over)
        if keys_state != self._keys_state:
            self._keys_state = keys_state
            self.refresh_bindings()

    def _map_view(self, state: GameState) -> MapView:
        view = MapView(state, self.selected, frozenset(self._ready_ids()))
        if self.mode == MOVING and self.selected and self.game is not None:
            plan = plan_move(state, self.selected, *self.cursor)
            return MapView(state, self.selected, view.ready, self.cursor, plan.legal)
        if self.mode == PICKING and self.pick_options:
            target = self.pick_options[self.pick_index][0].target
            others = frozenset(a.target for a, _s, _d in self.pick_options if a.target)
            fire = self.pick_kind == FIRE and target is not None
            return MapView(
                state, self.selected, frozenset(), None, True, target, others, fire_line=fire
            )
        return view

    def _roster(self, state: GameState) -> RenderableType:
        scenario = state.scenario
        symbols = figure_symbols(scenario)
        ready = set(self._ready_ids())
        table = Table(
            box=None,
            padding=(0, 1, 0, 0),
            expand=True,
            show_edge=False,
            show_header=False,  # each side's row names the columns: one row less at 80x24
            pad_edge=False,
        )
        table.add_column("  Figure", ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column("AP", width=3, no_wrap=True)
        table.add_column("Wnd", width=3, no_wrap=True)
        table.add_column("Weapon", no_wrap=True, overflow="ellipsis")
        for side in scenario.sides:
            colour = side_style(scenario, side.id)
            standing = len(state.standing(side.id))
            who = ""
            if self.game is not None:
                who = " · app" if self.game.is_automatic(side.id) else " · GM"
            table.add_row(
                Text(f"  {side.name}", style=colour),
                Text("AP", style="bold"),
                Text("Wnd", style="bold"),
                f"{standing} up{who}",
            )
            for fig in state.figures:
                if fig.side != side.id:
                    continue
                row_style = Style()
                if fig.fallen:
                    row_style = Style(dim=True, strike=True)
                elif fig.id == self.selected:
                    row_style = Style(reverse=True)
                elif fig.id in ready:
                    row_style = Style(bold=True)
                weapon = scenario.weapon(fig.weapon).name
                if fig.aimed:
                    weapon += " +aim"
                wounds = Text(f"{fig.wounds}/{fig.action_points}")
                if fig.wounds and not fig.fallen:
                    wounds.stylize("#ffaf00")
                table.add_row(
                    Text.assemble(
                        (symbols[fig.id], colour),
                        (wound_marker(fig.wounds).ljust(1), WOUND_STYLE),
                        short_name(fig.name),
                    ),
                    "—" if fig.fallen else f"{fig.action_points_left}/{fig.action_points}",
                    wounds,
                    "fallen" if fig.fallen else weapon,
                    style=row_style,
                )
        return table

    def _draw_standing(self) -> None:
        line = self.query_one("#sk-standing", Static)
        state = self.state
        if state is None or self.game is None:
            line.update(
                "No game: the map shows the Torga IV deployment.\nPress n for a new game.",
                layout=False,
            )
            return
        players = {
            side.id: "app" if self.game.is_automatic(side.id) else "GM"
            for side in state.scenario.sides
        }
        width = line.size.width or self.app.size.width
        line.update(standing_text(standing(state), state.scenario, players, width), layout=False)
        self.query_one("#sk-action", Static).display = not state.over

    def _draw_action_panel(self) -> None:
        state = self.state
        text: str | Text
        if state is None or state.over:
            text = ""
        elif self.mode == MOVING:
            text = self._move_text(state)
        elif self.mode == PICKING:
            text = self._pick_text()
        else:
            text = self._figure_text(state)
        self.query_one("#sk-action", Static).update(text, layout=False)
        self._panel_text = text
        self._fit_rows()

    def _figure_text(self, state: GameState) -> Text:
        """One line on the selected figure: who, what it carries, what it can do now (the
        keys are in the footer). Long names and details give way at 80 columns."""
        assert self.game is not None
        if self.selected is None:
            return Text("Nobody can act.")
        fig = state.figure(self.selected)
        symbol = figure_symbols(state.scenario)[fig.id]
        weapon = state.scenario.weapon(fig.weapon).name
        if fig.aimed:
            weapon += ", aimed"
        if fig.wounds:
            weapon += f", {fig.wounds} wound{'s' if fig.wounds != 1 else ''}"
        if self.game.is_automatic(fig.side):
            facts = ["the app plays this side: g"]
        else:
            kinds = [a.kind for a in legal_actions(state, fig.id)]
            shots_open = kinds.count(FIRE)
            facts = [
                f"{shots_open} in range" if shots_open else "nobody in range",
                f"moves {move_allowance(state, fig):g} in",
            ]
            if AIM in kinds:
                facts.append("may aim")
            if HAND_TO_HAND in kinds:
                facts.append(f"{kinds.count(HAND_TO_HAND)} in contact")
            if PICK_UP in kinds:
                count = kinds.count(PICK_UP)
                facts.append(f"{count} weapon{'s' if count != 1 else ''} in reach")
        left = fig.action_points_left
        width = self.query_one("#sk-action", Static).size.width or 78
        place = f"at ({fig.x:.1f}, {fig.y:.1f})"
        variants: tuple[tuple[str, str, list[str]], ...] = (
            (fig.name, f"{left} of {fig.action_points} AP left", [place]),
            (short_name(fig.name), f"{left} of {fig.action_points} AP left", [place]),
            (short_name(fig.name), f"{left}/{fig.action_points} AP", [place]),
            (short_name(fig.name), f"{left}/{fig.action_points} AP", []),
        )
        for name, points, where in variants:
            about = " · ".join([points, weapon, *where, *facts])
            if len(symbol) + 1 + len(name) + 3 + len(about) <= width:
                break
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"{symbol} {name}", side_style(state.scenario, fig.side))
        text.append(" · " + about)
        return text

    def _move_text(self, state: GameState) -> Text:
        assert self.selected is not None
        x, y = self.cursor
        plan = plan_move(state, self.selected, x, y)
        names = {p.id: p.name for p in state.scenario.terrain}
        cost = state.scenario.movement.obstacle_cost
        text = Text()
        text.append(f"Move {short_name(state.figure(self.selected).name)} to ({x:.1f}, {y:.1f}): ")
        text.append(f"{plan.distance:.1f} in")
        for obstacle in plan.obstacles:
            text.append(f" + {names.get(obstacle, obstacle)} {cost:g}")
        text.append(f" = {plan.cost:.1f} of {plan.allowance:g} in · ")
        if plan.legal:
            text.append("allowed", "bold #5fd75f")
        else:
            text.append(f"not allowed: {plan.reason}", "bold #ff5f5f")
        return text

    def _pick_text(self) -> Text:
        """The choices on the first line, the picked one's details on the second (a detail
        of two lines puts its first after the choices: hand-to-hand's modifiers)."""
        text = Text()
        verb = PICK_VERBS.get(self.pick_kind, "Pick")
        text.append(f"{verb}: ", "bold")
        for index, (_action, short, _details) in enumerate(self.pick_options):
            if index:
                text.append(" ")
            style = "reverse bold" if index == self.pick_index else ""
            text.append(f" {short} ", style)
        details = self.pick_options[self.pick_index][2]
        if "\n" in details:
            first, details = details.split("\n", 1)
            text.append(f" · {first}")
        text.append("\n")
        text.append(details)
        return text

    # -- the log ------------------------------------------------------------------------------
    def _rebuild_log(self) -> None:
        log = self.query_one("#sk-log", GameLog)
        if self.game is None:
            log.show([Text("The game log shows every action and die here.", "#808080")])
            return
        log.show([log_text(line) for line in self.game.log])

    def _show_status(self, text: str | Text, error: bool = False) -> None:
        status = self.query_one("#sk-status", Static)
        status.set_class(error, "error")
        status.update(text, layout=False)
        self._status_text = text
        self._fit_rows()

    def on_resize(self) -> None:
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Give the action panel and the status their rows under the map (skirmish_rows)."""
        height, width = self.size.height, self.size.width
        if not height:
            return  # not laid out yet: on_resize comes back
        panel = self.query_one("#sk-action", Static)
        status = self.query_one("#sk-status", Static)
        room = height - self.query_one("#sk-map", SkirmishMap).wanted_height - STANDING_ROWS
        box = self.query_one("#sk-move-to", Input)
        width_style = box.styles.width
        beside = int(width_style.value) if box.has_class("shown") and width_style else 0
        console = self.app.console
        panel_rows = text_rows(self._panel_text, width, console) if panel.display else 0
        status_rows = text_rows(self._status_text, width - beside, console)
        rows = share_rows(room, panel_rows, status_rows, self.mode == BROWSE)
        for widget, wanted in zip((panel, status), rows, strict=True):
            if widget.styles.height is None or widget.styles.height.value != wanted:
                widget.styles.height = wanted

    def _refuse(self, text: str) -> None:
        self._show_status(text, error=True)

    # -- key availability -----------------------------------------------------------------
    # Keys that need a game: hidden from the footer until one is started (n).
    GAME_ONLY_ACTIONS = frozenset(
        {
            "fire",
            "move",
            "aim",
            "hand_to_hand",
            "pick_up",
            "hold",
            "automatic",
            "automatic_turn",
            "next_figure",
            "previous_figure",
            "type_destination",
            "settings",
        }
    )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.state is not None and self.state.over
        if action in self.GAME_ONLY_ACTIONS and (self.state is None or over):
            return False  # no game, or the board is locked at game over
        if action in ("new_game", "start_again"):
            return self.mode == BROWSE and (action == "start_again") == over
        if action in ("confirm", "cancel"):
            return self.mode != BROWSE
        if action == "cursor":  # not while the destination is typed: the box has the keys
            return self.mode == MOVING and not self.query_one("#sk-move-to").has_class("shown")
        if action == "choose":
            return self.mode == PICKING
        if action in ("next_figure", "previous_figure"):
            return self.mode != PICKING
        if action == "type_destination":
            return self.mode == MOVING
        if action in ("fire", "hand_to_hand", "pick_up"):
            return self.mode == BROWSE or (
                self.mode == PICKING and self.pick_kind == PICK_ACTIONS[action]
            )
        if action in ("replay", "export_log", "replay_in_play", "export_in_play"):
            shown_now = action in ("replay", "export_log")
            return self.mode == BROWSE and self.state is not None and shown_now == over
        if action in (
            "settings",
            "aim",
            "hold",
            "automatic",
            "automatic_turn",
            "simulate",
            "sweep",
            "toggle_view",
            "move",
        ):
            return self.mode == BROWSE
        return True

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        if mode != MOVING:
            self._hide_input()
        self.refresh_view()

    # -- playing ----------------------------------------------------------------------------
    def _actor(self, what: str) -> str | None:
        """The selected figure if it may act, else a message and None."""
        state = self.state
        if state is None:
            self._refuse(f"Not {what}: there is no game yet; press n to start one.")
            return None
        if state.over:
            self._refuse(f"Not {what}: the game is over; press n for a new one.")
            return None
        if self.selected is None:
            self._refuse(f"Not {what}: no figure can act.")
            return None
        return self.selected

    def _play(self, action: Action) -> None:
        if self.game is None:
            return
        try:
            played = game_actions.act(self.campaign, self.game, action)
        except (RulesError, StoreError) as exc:
            self._refuse(f"Not played: {exc}")
            return
        self._after(played)

    def _after(self, played: Played) -> None:
        self.game = played.game
        self.mode = BROWSE
        self._hide_input()
        self.selected = None
        self._fix_selection()
        self.query_one("#sk-log", GameLog).add([log_text(line) for line in played.lines])
        if self.query_one("#sk-side", ContentSwitcher).current == "sk-sim":
            self._show_table()
        own = [line.text for line in played.lines if not line.auto and line.kind != "turn"]
        replies = sum(1 for line in played.lines if line.auto and line.kind in ACTION_KINDS)
        message = " ".join(own) or played.label
        if self.game.mode == SOLO and replies and any(not line.auto for line in played.lines):
            steps = "activation" if replies == 1 else "activations"
            message += f" The app answered: {replies} {steps} (in the log)."
        self._show_status(message)
        self.refresh_view()

    def action_aim(self) -> None:
        who = self._actor("aimed")
        if who is not None:
            self._play(Action(AIM, who))

    def action_hold(self) -> None:
        who = self._actor("held")
        if who is not None:
            self._play(Action(HOLD, who))

    def action_automatic(self) -> None:
        if self._actor("played") is None or self.game is None:
            return
        try:
            played = game_actions.let_the_app_play(self.campaign, self.game)
        except (RulesError, StoreError) as exc:
            self._refuse(f"Not played: {exc}")
            return
        self._after(played)

    def action_automatic_turn(self) -> None:
        if self._actor("played") is None or self.game is None:
            return
        try:
            played = game_actions.play_rest_of_turn(self.campaign, self.game)
        except (RulesError, StoreError) as exc:
            self._refuse(f"Not played: {exc}")
            return
        self._after(played)

    def action_next_figure(self, step: int = 1) -> None:
        ready = self._ready_ids()
        if not ready:
            self._refuse("No figure can act now.")
            return
        index = ready.index(self.selected) if self.selected in ready else -1
        self.selected = ready[(index + step) % len(ready)]
        self._set_mode(BROWSE)

    def action_previous_figure(self) -> None:
        self.action_next_figure(-1)

    def action_choose(self, step: int) -> None:
        """The next (or previous) target or weapon while picking."""
        if self.mode == PICKING and self.pick_options:
            self.pick_index = (self.pick_index + step) % len(self.pick_options)
            self.refresh_view()

    # -- picking a target -------------------------------------------------------------------
    def _start_pick(self, kind: str, options: list[tuple[Action, str, str]], none: str) -> None:
        if self.mode == PICKING and self.pick_kind == kind:
            self.action_choose(1)
            return
        if not options:
            self._refuse(none)
            return
        self.pick_kind = kind
        self.pick_options = options
        self.pick_index = 0
        self._set_mode(PICKING)
        self._show_status(f"{len(options)} to choose from: enter to confirm.")

    def action_fire(self) -> None:
        who = self._actor("fired")
        state = self.state
        if who is None or state is None:
            return
        width = self._panel_width()
        options = [
            (
                Action(FIRE, who, shot.target),
                fire_choice(shot, state),
                fire_details(shot, state, width),
            )
            for shot in shots(state, who)
        ]
        name = state.figure(who).name
        self._start_pick(FIRE, options, f"Not fired: {name} has no enemy in range and in sight.")

    def action_hand_to_hand(self) -> None:
        who = self._actor("attacked")
        state = self.state
        if who is None or state is None:
            return
        fig = state.figure(who)
        width = self._panel_width()
        options = []
        for enemy in enemies_in_contact(state, fig):
            mods, outcomes = melee_lines(melee_preview(state, who, enemy.id), state, width)
            details = f"{mods}\n{outcomes}"
            options.append((Action(HAND_TO_HAND, who, enemy.id), short_name(enemy.name), details))
        self._start_pick(
            HAND_TO_HAND, options, f"Not attacked: {fig.name} is in base contact with no enemy."
        )

    def _panel_width(self) -> int:
        return self.query_one("#sk-action", Static).size.width or self.app.size.width

    def action_pick_up(self) -> None:
        who = self._actor("picked up")
        state = self.state
        if who is None or state is None:
            return
        fig = state.figure(who)
        weapons = {item.id: item for item in state.dropped}
        options = []
        for action in legal_actions(state, who):
            if action.kind != PICK_UP or action.target not in weapons:
                continue
            item = weapons[action.target]
            name = state.scenario.weapon(item.weapon).name
            details = (
                f"the {name} at ({item.x:.1f}, {item.y:.1f}); "
                f"{fig.name} leaves the {state.scenario.weapon(fig.weapon).name} there"
            )
            options.append((action, name, details))
        self._start_pick(
            PICK_UP, options, f"Not picked up: no dropped weapon within {fig.name}'s reach."
        )

    # -- moving -----------------------------------------------------------------------------
    def action_move(self) -> None:
        who = self._actor("moved")
        state = self.state
        if who is None or state is None:
            return
        fig = state.figure(who)
        self.cursor = (fig.x, fig.y)
        self._set_mode(MOVING)
        self._show_status(f"Where to? {fig.name} may move {move_allowance(state, fig):g} in.")

    def action_cursor(self, dx: float, dy: float) -> None:
        if self.mode != MOVING:
            return
        scenario = self._shown_state().scenario
        x = min(max(self.cursor[0] + dx, 0.0), scenario.width)
        y = min(max(self.cursor[1] + dy, 0.0), scenario.depth)
        self.cursor = (round(x * 2) / 2, round(y * 2) / 2)
        self.refresh_view()

    def action_type_destination(self) -> None:
        box = self.query_one("#sk-move-to", Input)
        box.add_class("shown")
        box.value = f"{self.cursor[0]:g},{self.cursor[1]:g}"
        box.focus()
        self._fit_rows()

    def _hide_input(self) -> None:
        box = self.query_one("#sk-move-to", Input)
        if box.has_class("shown"):
            box.remove_class("shown")
            self.focus_default()

    @on(Input.Changed, "#sk-move-to")
    def _typed(self, event: Input.Changed) -> None:
        point = parse_point(event.value)
        if point is not None and self.mode == MOVING:
            self.cursor = point
            self.refresh_view()

    @on(Input.Submitted, "#sk-move-to")
    def _typed_enter(self, event: Input.Submitted) -> None:
        point = parse_point(event.value)
        if point is None:
            self._refuse(f"Not moved: type the destination as x,y in inches (got {event.value!r}).")
            return
        self.cursor = point
        self.action_confirm()

    def action_confirm(self) -> None:
        if self.mode == MOVING and self.selected is not None and self.state is not None:
            x, y = self.cursor
            plan = plan_move(self.state, self.selected, x, y)
            if not plan.legal:
                self._refuse(f"Not moved: {plan.reason}.")
                return
            self._play(Action(MOVE, self.selected, x=x, y=y))
        elif self.mode == PICKING and self.pick_options:
            self._play(self.pick_options[self.pick_index][0])

    def action_cancel(self) -> None:
        box = self.query_one("#sk-move-to", Input)
        if box.has_class("shown") and box.has_focus:
            self._hide_input()
            return
        self._set_mode(BROWSE)
        self._show_status("Cancelled: nothing was played.")

    # -- new game and undo --------------------------------------------------------------------
    def action_new_game(self) -> None:
        self.app.push_screen(NewGameScreen(), self._new_game_chosen)

    def action_start_again(self) -> None:
        """n once the game is over: the footer says it starts again (same dialog)."""
        self.action_new_game()

    def _new_game_chosen(self, choice: NewGameChoice | None) -> None:
        if choice is None:
            self._show_status("No new game: the game in play is unchanged.")
            return
        try:
            played = game_actions.start(self.campaign, choice.scenario, choice.mode)
        except (RulesError, StoreError) as exc:
            self._refuse(f"Not started: {exc}")
            return
        self.game = played.game
        self._reset_view()
        scenario = choice.scenario
        who = ""
        if choice.mode == SOLO:
            who = f" The app plays the {scenario.side(solo_side(scenario)).name} side."
        self._show_status(f"New game: {scenario.name} ({MODE_SHORT[choice.mode]}).{who}")

    def action_settings(self) -> None:
        state = self.state
        if state is None or state.over:
            return
        self.app.push_screen(SettingsScreen(state.scenario, state.options), self._settings_chosen)

    def _settings_chosen(self, options: GameOptions | None) -> None:
        if options is None or self.game is None:
            self._show_status("Settings unchanged.")
            return
        if options == self.game.state.options:
            self._show_status("Settings unchanged: they are as they were.")
            return
        try:
            played = game_actions.change_settings(self.campaign, self.game, options)
        except (RulesError, StoreError) as exc:
            self._refuse(f"Settings not changed: {exc}")
            return
        self._after(played)
        self._show_status(f"{settings_text(played.game.state)} (ctrl+z takes it back)")

    def action_replay(self) -> None:
        if self.game is None:
            self._refuse("Nothing to replay: there is no game yet; press n to start one.")
            return
        try:
            steps = game_steps(self.campaign, self.game)
        except StoreError as exc:
            self._refuse(f"No replay: {exc}")
            return
        players = {
            side.id: "app" if self.game.is_automatic(side.id) else "GM"
            for side in self.game.scenario.sides
        }
        self.app.push_screen(ReplayScreen(steps, players))

    def action_replay_in_play(self) -> None:
        self.action_replay()

    def action_export_in_play(self) -> None:
        self.action_export_log()

    def action_export_log(self) -> None:
        if self.game is None:
            self._refuse("Nothing to export: there is no game yet; press n to start one.")
            return
        try:
            path = game_actions.export_log(self.campaign, self.game)
        except StoreError as exc:
            self._refuse(f"Not exported: {exc}")
            return
        self._show_status(f"The game's log is in {path}.")

    def action_undo(self) -> None:
        try:
            undone = game_actions.undo(self.campaign)
        except StoreError as exc:
            self._refuse(f"Not undone: {exc}")
            return
        if undone is None:
            self._refuse("Nothing to undo: no skirmish action is left to take back.")
            return
        try:
            self.game = load_game(self.campaign)
        except StoreError as exc:
            self.game = None
            self._refuse(str(exc))
            return
        self._reset_view()
        dice = f" ({len(undone.roll_ids)} dice marked undone)" if undone.roll_ids else ""
        self._show_status(f"Undone: {undone.label}{dice}.")

    def action_scroll_log(self, pages: int) -> None:
        log = self.query_one("#sk-log", GameLog)
        log.scroll_back(pages * max(log.content_size.height - 1, 1))

    # -- the side panel -----------------------------------------------------------------
    def action_toggle_view(self) -> None:
        """Roster and log, then the log alone (room for it at 80x24), then the chart."""
        side = self.query_one("#sk-side", ContentSwitcher)
        roster = self.query_one("#sk-roster", Static)
        if side.current == "sk-sim":
            side.current = "sk-table"
            roster.display = True
        elif roster.display:
            roster.display = False
        else:
            side.current = "sk-sim"

    def _show_table(self) -> None:
        self.query_one("#sk-side", ContentSwitcher).current = "sk-table"
        self.query_one("#sk-roster", Static).display = True
