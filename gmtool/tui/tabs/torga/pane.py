"""Torga IV tab: the ground skirmish played on a map in the terminal.

The pane holds the saved game (`actions.reads.skirmish`) and what the GM is doing with it
(a figure selected, a move being placed, a target being picked); every key that plays asks
one `actions.skirmish` call and the pane draws the result. Which keys work is
`offered.py`'s, what is drawn `view.py`'s and `panel.py`'s (plain functions of values); the
balance simulation runs in a worker thread (`simulation.py`) and draws its chart beside the
map. In solo play the app answers each Federation activation with the Jem'Hadar's, step by
step in the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Static
from textual.worker import Worker, WorkerState, get_current_worker

from gmtool.actions import skirmish as game_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.reads.skirmish import Played, SkirmishGame, game_steps, load_game
from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import (
    Action,
    GameOptions,
    GameState,
    Scenario,
    SimulationSummary,
    move_allowance,
    plan_move,
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
from gmtool.rules.skirmish.turn_modes import AUTOMATIC, MANUAL, SOLO, settings_text, solo_side
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.torga import view
from gmtool.tui.tabs.torga.chart import SimulationChart
from gmtool.tui.tabs.torga.keys import ACTIONS, HELP
from gmtool.tui.tabs.torga.log import GameLog, log_text
from gmtool.tui.tabs.torga.map import SkirmishMap
from gmtool.tui.tabs.torga.new_game import NewGameChoice, NewGameScreen
from gmtool.tui.tabs.torga.offered import Moment, offered, why_not
from gmtool.tui.tabs.torga.panel import Choice, roster_table
from gmtool.tui.tabs.torga.picks import fire_choices, melee_choices, pick_up_choices
from gmtool.tui.tabs.torga.replay import ReplayScreen
from gmtool.tui.tabs.torga.rows import share_rows, text_rows
from gmtool.tui.tabs.torga.rules_card import rules_card
from gmtool.tui.tabs.torga.settings import SettingsScreen
from gmtool.tui.tabs.torga.simulation import (
    DEFAULT_SIMULATION_GAMES,
    DEFAULT_SWEEP_GAMES,
    SIMULATION_GROUP,
    Progress,
    SimulationCancelled,
    SimulationProgress,
    run_simulation,
    run_sweep,
)
from gmtool.tui.tabs.torga.standing import standing_text
from gmtool.tui.tabs.torga.sweep import Sweep, SweepResult, SweepScreen
from gmtool.tui.tabs.torga.view import BROWSE, MOVING, PICKING, Play
from gmtool.tui.tabs.torga.widgets import DestinationInput, SidePanel

__all__ = ["BROWSE", "MOVING", "PICKING", "TAB_ID", "TITLE", "SkirmishPane"]

TAB_ID = "torga"
TITLE = "Torga IV"

MODE_SHORT = {SOLO: "solo", MANUAL: "two players", AUTOMATIC: "both automatic"}
STANDING_ROWS = 2  # the standing line's height (#sk-standing)
NO_GAME = "there is no game yet; press n to start one"
Simulated = SimulationSummary | SweepResult


class SkirmishPane(GmPane):
    TAB_ID = TAB_ID
    TITLE = TITLE
    HELP = HELP
    # Every key that works now is in the footer (check_action hides the rest), at 80x24 as
    # at 120x36: related keys share one footer item (a Binding.Group) to make room.
    ACTIONS = ACTIONS
    DEFAULT_CSS = tab_css(__file__, "torga.tcss")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game: SkirmishGame | None = None
        self.preview: GameState | None = None  # the deployment shown while there is no game
        self.selected: str | None = None
        self.mode = BROWSE
        self.cursor: tuple[float, float] = (0.0, 0.0)
        self.pick_kind = ""
        self.pick_options: list[Choice] = []
        self.pick_index = 0
        self.kinds: frozenset[str] = frozenset()  # what the selected figure may do now
        self.undo_label: str | None = None  # what ctrl+z would take back
        self.redo_label: str | None = None  # what ctrl+y would do again
        self.simulation_games = DEFAULT_SIMULATION_GAMES
        self.sweep_games = DEFAULT_SWEEP_GAMES
        self.simulation: Simulated | None = None
        self._simulation_worker: Worker[Simulated] | None = None
        self._simulation_needed: int | None = None
        self._keys_state: tuple[object, ...] = ()
        self._roster_rows = 0
        self._panel_text: str | Text = ""  # what the action panel and the status show
        self._status_text: str | Text = ""

    def compose(self) -> ComposeResult:
        with Horizontal(id="sk-top"):
            yield SkirmishMap(id="sk-map")
            with SidePanel(initial="sk-table", id="sk-side"):
                with Vertical(id="sk-table"):
                    with VerticalScroll(id="sk-roster-box", can_focus=False):
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
        """The prose and keys, then the rules card of the scenario in play (Torga IV when
        none)."""
        state = self.state
        card = (
            rules_card(torga_iv()) if state is None else rules_card(state.scenario, state.options)
        )
        return f"{super().help_text()}\n\n{card}"

    # -- what is offered ----------------------------------------------------------------------
    def _moment(self) -> Moment:
        state = self.state
        return Moment(
            mode=self.mode,
            has_game=state is not None,
            over=state is not None and state.over,
            kinds=self.kinds,
            pick_kind=self.pick_kind,
            can_undo=self.undo_label is not None,
            can_redo=self.redo_label is not None,
            several_ready=len(view.ready_ids(state)) > 1,
            typing=self.query_one("#sk-move-to").has_class("shown"),
            log_pages=self.query_one(SidePanel).log_pages,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return offered(action, self._moment())

    def why_not(self, action: str) -> str | None:
        return why_not(action, self._moment())

    # -- the game -----------------------------------------------------------------------------
    @property
    def state(self) -> GameState | None:
        return self.game.state if self.game is not None else None

    def _play_now(self) -> Play:
        options = self.pick_options
        return Play(self.mode, self.selected, self.cursor, self.pick_kind, options, self.pick_index)

    def load(self) -> None:
        """Read the saved game (or show the Torga IV deployment when there is none)."""
        if not self._reload():
            return
        if self.game is None:
            self.show_status("No game yet: press n to start one.")
        elif self.game.state.over:
            self.show_status("The game is over: n starts a new one, ctrl+z takes back the end.")
        else:
            self.show_status("Game resumed where it was left.")

    def _reload(self) -> bool:
        """Read the game back (after an undo or redo too); False (and said) when it does
        not read."""
        try:
            self.game = load_game(self.campaign)
        except StoreError as exc:
            self.game = None
            self._reset_view()
            self._refuse(str(exc))
            return False
        self._reset_view()
        return True

    def _reset_view(self) -> None:
        self.mode = BROWSE
        self.selected = None
        self._hide_input()
        if self.game is None and self.preview is None:
            self.preview = deployment_preview(torga_iv())
        self._fix_selection()
        log = self.query_one("#sk-log", GameLog)
        if self.game is None:
            log.show([Text("The game log shows every action and die here.", "#808080")])
        else:
            log.show([log_text(line) for line in self.game.log])
        self._read_history()
        self.refresh_view()

    def _read_history(self) -> None:
        """What ctrl+z and ctrl+y would take back or do again (read after each change)."""
        self.undo_label, self.redo_label = game_actions.history(self.campaign)

    def _shown_state(self) -> GameState:
        state = self.state or self.preview
        assert state is not None
        return state

    def _fix_selection(self) -> None:
        ready = view.ready_ids(self.state)
        if self.selected not in ready:
            self.selected = ready[0] if ready else None

    # -- drawing ------------------------------------------------------------------------------
    def refresh_view(self) -> None:
        state, play = self._shown_state(), self._play_now()
        kinds = view.kind_list(self.state, play)
        if self.mode == BROWSE:  # moving or picking: the keys of the pick stay as they were
            self.kinds = frozenset(kinds)
        ready = frozenset(view.ready_ids(self.state))
        self.query_one("#sk-map", SkirmishMap).show(
            view.map_view(state, ready, self.game is not None, play)
        )
        # The roster keeps its height for a scenario: no new layout unless that changes.
        rows = len(state.figures) + len(state.scenario.sides)
        roster = roster_table(state, self.game, self.selected, set(ready))
        self.query_one("#sk-roster", Static).update(roster, layout=rows != self._roster_rows)
        self._roster_rows = rows
        self._keep_selected_in_view(state)
        self._draw_standing()
        width = self.query_one("#sk-action", Static).size.width or 78
        self._panel_text = view.action_text(self.game, play, kinds, width)
        self.query_one("#sk-action", Static).update(self._panel_text, layout=False)
        self._fit_rows()
        # The footer redraws all its keys when asked (slow): only when what they do changes.
        keys_state = (self.mode, self.pick_kind, self.state is None, state.over, self.kinds,
                      self.undo_label is None, self.redo_label is None, len(ready) > 1)  # fmt: skip
        if keys_state != self._keys_state:
            self._keys_state = keys_state
            self.refresh_bindings()

    def _keep_selected_in_view(self, state: GameState) -> None:
        """Scroll the roster (fewer rows than figures at 80x24) to the selected figure."""
        row = view.roster_row(state, self.selected)
        box = self.query_one("#sk-roster-box", VerticalScroll)
        height = box.size.height
        if row is not None and height and not box.scroll_y <= row < box.scroll_y + height:
            box.scroll_to(y=max(row - height // 2, 0), animate=False)

    def _draw_standing(self) -> None:
        line = self.query_one("#sk-standing", Static)
        state = self.state
        if state is None or self.game is None:
            line.update(
                "No game: the map shows the Torga IV deployment.\nPress n for a new game.",
                layout=False,
            )
            return
        width = line.size.width or self.app.size.width
        text = standing_text(standing(state), state.scenario, view.players(self.game), width)
        line.update(text, layout=False)
        self.query_one("#sk-action", Static).display = not state.over

    def on_game_log_overflowed(self, message: GameLog.Overflowed) -> None:
        self.refresh_bindings()  # the log's page keys come and go with it

    def show_status(self, text: str | Text, error: bool = False) -> None:
        status = self.query_one("#sk-status", Static)
        status.set_class(error, "error")
        status.update(text, layout=False)
        self._status_text = text
        self._fit_rows()

    def _refuse(self, text: str) -> None:
        self.show_status(text, error=True)

    def on_resize(self) -> None:
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Give the action panel and the status their rows under the map (rows.py)."""
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

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        if mode != MOVING:
            self._hide_input()
        self.refresh_view()

    def _hide_input(self) -> None:
        box = self.query_one("#sk-move-to", Input)
        if box.has_class("shown"):
            box.remove_class("shown")
            self.focus_default()

    # -- playing ------------------------------------------------------------------------------
    def _actor(self, what: str) -> str | None:
        """The selected figure if it may act, else a message and None."""
        state = self.state
        if state is None:
            self._refuse(f"Not {what}: {NO_GAME}.")
        elif state.over:
            self._refuse(f"Not {what}: the game is over; press n for a new one.")
        elif self.selected is None:
            self._refuse(f"Not {what}: no figure can act.")
        return None if state is None or state.over else self.selected

    def _play(self, action: Action) -> None:
        if self.game is not None:
            game = self.game
            self._played(lambda: game_actions.act(self.campaign, game, action))

    def _played(self, ask: Callable[[], Played]) -> None:
        """Ask one play of the game and draw what it did, or say why not (nothing saved)."""
        try:
            played = ask()
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
        self._read_history()
        side = self.query_one(SidePanel)
        if side.chart_shown:
            side.show_table()
        self.show_status(view.played_words(played, self.game.mode))
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
        game = self.game
        if self._actor("played") is not None and game is not None:
            self._played(lambda: game_actions.let_the_app_play(self.campaign, game))

    def action_automatic_turn(self) -> None:
        game = self.game
        if self._actor("played") is not None and game is not None:
            self._played(lambda: game_actions.play_rest_of_turn(self.campaign, game))

    def action_next_figure(self, step: int = 1) -> None:
        ready = view.ready_ids(self.state)
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

    def _start_pick(self, kind: str, what: str, none: str) -> None:
        """A pick of `kind`'s choices for the acting figure (`what` it is not, when it may
        not act; `none` says why there is nothing to pick, naming the figure)."""
        who = self._actor(what)
        state = self.state
        if who is None or state is None:
            return
        if self.mode == PICKING and self.pick_kind == kind:
            self.action_choose(1)  # the same key turns through the choices
            return
        width = self.query_one("#sk-action", Static).size.width or self.app.size.width
        options = {
            FIRE: lambda: fire_choices(state, who, width),
            HAND_TO_HAND: lambda: melee_choices(state, who, width),
            PICK_UP: lambda: pick_up_choices(state, who),
        }[kind]()
        if not options:
            self._refuse(none.format(name=state.figure(who).name))
            return
        self.pick_kind = kind
        self.pick_options = options
        self.pick_index = 0
        self._set_mode(PICKING)
        self.show_status(f"{len(options)} to choose from: enter to confirm.")

    def action_fire(self) -> None:
        self._start_pick(FIRE, "fired", "Not fired: {name} has no enemy in range and in sight.")

    def action_hand_to_hand(self) -> None:
        none = "Not attacked: {name} is in base contact with no enemy."
        self._start_pick(HAND_TO_HAND, "attacked", none)

    def action_pick_up(self) -> None:
        none = "Not picked up: no dropped weapon within {name}'s reach."
        self._start_pick(PICK_UP, "picked up", none)

    def action_move(self) -> None:
        who = self._actor("moved")
        state = self.state
        if who is None or state is None:
            return
        fig = state.figure(who)
        self.cursor = (fig.x, fig.y)
        self._set_mode(MOVING)
        self.show_status(f"Where to? {fig.name} may move {move_allowance(state, fig):g} in.")

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

    @on(Input.Changed, "#sk-move-to")
    def _typed(self, event: Input.Changed) -> None:
        point = view.parse_point(event.value)
        if point is not None and self.mode == MOVING:
            self.cursor = point
            self.refresh_view()

    @on(Input.Submitted, "#sk-move-to")
    def _typed_enter(self, event: Input.Submitted) -> None:
        point = view.parse_point(event.value)
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
        self.show_status("Cancelled: nothing was played.")

    # -- new game, settings, replay, export, undo ---------------------------------------------
    def action_new_game(self) -> None:
        self.app.push_screen(NewGameScreen(), self._new_game_chosen)

    def action_start_again(self) -> None:
        """n once the game is over: the footer says it starts again (same dialog)."""
        self.action_new_game()

    def _new_game_chosen(self, choice: NewGameChoice | None) -> None:
        if choice is None:
            self.show_status("No new game: the game in play is unchanged.")
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
        self.show_status(f"New game: {scenario.name} ({MODE_SHORT[choice.mode]}).{who}")

    def action_settings(self) -> None:
        state = self.state
        if state is not None and not state.over:
            self.app.push_screen(
                SettingsScreen(state.scenario, state.options), self._settings_chosen
            )

    def _settings_chosen(self, options: GameOptions | None) -> None:
        if options is None or self.game is None:
            self.show_status("Settings unchanged.")
            return
        if options == self.game.state.options:
            self.show_status("Settings unchanged: they are as they were.")
            return
        try:
            played = game_actions.change_settings(self.campaign, self.game, options)
        except (RulesError, StoreError) as exc:
            self._refuse(f"Settings not changed: {exc}")
            return
        self._after(played)
        self.show_status(f"{settings_text(played.game.state)} (ctrl+z takes it back)")

    def action_replay(self) -> None:
        if self.game is None:
            self._refuse(f"Nothing to replay: {NO_GAME}.")
            return
        try:
            steps = game_steps(self.campaign, self.game)
        except StoreError as exc:
            self._refuse(f"No replay: {exc}")
            return
        self.app.push_screen(ReplayScreen(steps, view.players(self.game)))

    def action_replay_in_play(self) -> None:
        self.action_replay()

    def action_export_in_play(self) -> None:
        self.action_export_log()

    def action_export_log(self) -> None:
        if self.game is None:
            self._refuse(f"Nothing to export: {NO_GAME}.")
            return
        try:
            path = game_actions.export_log(self.campaign, self.game)
        except StoreError as exc:
            self._refuse(f"Not exported: {exc}")
            return
        self.show_status(f"The game's log is in {path}.")

    def action_undo(self) -> None:
        """Take back the last saved action; the status names it (and the app's reply with
        it in solo play, which the label includes) and the dice it marks undone."""
        try:
            undone = game_actions.undo(self.campaign)
        except StoreError as exc:
            self._refuse(f"Not undone: {exc}")
            return
        if undone is None:
            self._refuse("Nothing to undo: no skirmish action is left to take back.")
            return
        if self._reload():
            dice = f" ({len(undone.roll_ids)} dice marked undone)" if undone.roll_ids else ""
            self.show_status(f"Undone: {undone.label}{dice}. ctrl+y does it again.")

    def action_redo(self) -> None:
        """Do the action last undone again as it was saved (the same dice, not rolled)."""
        try:
            redone = game_actions.redo(self.campaign)
        except StoreError as exc:
            self._refuse(f"Not redone: {exc}")
            return
        if redone is None:
            self._refuse("Nothing to redo: no undone skirmish action is left to do again.")
            return
        if self._reload():
            dice = f" ({len(redone.roll_ids)} dice as rolled before)" if redone.roll_ids else ""
            self.show_status(f"Redone: {redone.label}{dice}.")

    def action_scroll_log(self, pages: int) -> None:
        log = self.query_one("#sk-log", GameLog)
        log.scroll_back(pages * max(log.content_size.height - 1, 1))

    def action_toggle_view(self) -> None:
        """Roster and log, then the log alone (more of it at 80x24), then the chart."""
        self.query_one(SidePanel).turn()
        self.refresh_bindings()

    # -- simulations --------------------------------------------------------------------------
    def _simulated_scenario(self) -> Scenario:
        return self.game.scenario if self.game is not None else torga_iv()

    def _busy(self) -> bool:
        worker = self._simulation_worker
        if worker is not None and worker.state in (WorkerState.PENDING, WorkerState.RUNNING):
            self._refuse("The simulation is already running: its chart shows when it ends.")
            return True
        return False

    def action_simulate(self) -> None:
        if self._busy():
            return
        scenario = self._simulated_scenario()
        games = self.simulation_games
        self.query_one(SidePanel).show_chart(games)
        self.show_status(f"Simulating {games} games of {scenario.name} in the background…")
        self._simulation_needed = scenario.victory.standing
        self._simulation_worker = self._simulate(scenario, games, self.campaign.seed)

    def action_sweep(self) -> None:
        if not self._busy():
            screen = SweepScreen(self._simulated_scenario(), self.sweep_games)
            self.app.push_screen(screen, self._sweep_chosen)

    def _sweep_chosen(self, sweep: Sweep | None) -> None:
        if sweep is None:
            self.show_status("No sweep: nothing was simulated.")
            return
        games = self.sweep_games
        self.query_one(SidePanel).show_chart(games * len(sweep.values))
        values = ", ".join(str(v) for v in sweep.values)
        self.show_status(f"Sweeping {sweep.key} over {values}: {games} games each…")
        self._simulation_worker = self._sweep(sweep, games, self.campaign.seed)

    def _progress(self) -> Progress:
        """Posts each game done to the pane; stops the worker once it is cancelled."""
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise SimulationCancelled()
            self.post_message(SimulationProgress(done, total))

        return progress

    @work(thread=True, exclusive=True, group=SIMULATION_GROUP, exit_on_error=False)
    def _simulate(self, scenario: Scenario, games: int, seed: int) -> SimulationSummary:
        return run_simulation(scenario, games, seed, self._progress())

    @work(thread=True, exclusive=True, group=SIMULATION_GROUP, exit_on_error=False)
    def _sweep(self, sweep: Sweep, games: int, seed: int) -> SweepResult:
        return run_sweep(sweep, games, seed, self._progress())

    def on_simulation_progress(self, message: SimulationProgress) -> None:
        chart = self.query_one("#sk-sim", SimulationChart)
        if chart.progress is not None:
            chart.show_progress(message.done, message.total)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != SIMULATION_GROUP or event.worker is not self._simulation_worker:
            return
        chart = self.query_one("#sk-sim", SimulationChart)
        if event.state == WorkerState.SUCCESS:
            result = event.worker.result
            if not isinstance(result, SimulationSummary | SweepResult):
                return
            self.simulation = result
            if isinstance(result, SweepResult):
                chart.show_sweep(result)
            else:
                chart.show_summary(result, self._simulation_needed)
            chart_shown = self.query_one(SidePanel).chart_shown
            self.show_status(view.simulation_words(result, chart_shown))
        elif event.state == WorkerState.ERROR:
            chart.show_message(f"The simulation stopped: {event.worker.error}")
            self._refuse(f"The simulation stopped: {event.worker.error}")
