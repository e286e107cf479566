"""Torga IV tab: the ground skirmish played on a map in the terminal.

The pane holds the saved game and what the GM is doing with it; each key asks one
`actions.skirmish` call. Which keys work, what a play key asks and what is drawn are plain
functions of values (offered.py, orders.py, view.py), tested without the app.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partialmethod
from typing import Any, ParamSpec, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from gmtool.actions import history
from gmtool.actions import skirmish as game_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.reads.skirmish import Played, SkirmishGame, game_steps, load_game
from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import Action, GameOptions, GameState, torga_iv
from gmtool.rules.skirmish.engine import AIM, FIRE, HAND_TO_HAND, HOLD, PICK_UP, deployment_preview
from gmtool.rules.skirmish.turn_modes import settings_text
from gmtool.tui.dialogs import build_ahead, kept_dialog
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.torga import chart, orders, view
from gmtool.tui.tabs.torga.chart import SimulationPanel
from gmtool.tui.tabs.torga.keys import ACTIONS, HELP
from gmtool.tui.tabs.torga.log import GameLog, log_text
from gmtool.tui.tabs.torga.map import SkirmishMap
from gmtool.tui.tabs.torga.new_game import NEW_GAME_FORM, NewGameChoice, NewGameScreen
from gmtool.tui.tabs.torga.offered import Moment, offered, why_not
from gmtool.tui.tabs.torga.panel import Choice, roster_table
from gmtool.tui.tabs.torga.replay import ReplayScreen
from gmtool.tui.tabs.torga.settings import SettingsScreen
from gmtool.tui.tabs.torga.sweep import Sweep, SweepScreen
from gmtool.tui.tabs.torga.view import BROWSE, MOVING, PICKING, Play
from gmtool.tui.tabs.torga.widgets import SidePanel, UnderMap

__all__ = ["BROWSE", "MOVING", "PICKING", "TAB_ID", "TITLE", "SkirmishPane"]

TAB_ID = "torga"
TITLE = "Torga IV"

STANDING_ROWS = 2  # the standing line's height (#sk-standing)

P = ParamSpec("P")
T = TypeVar("T")


class SkirmishPane(GmPane):
    TAB_ID = TAB_ID
    TITLE = TITLE
    HELP = HELP
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
        # what ctrl+z would take back and ctrl+y do again (read after each change)
        self.undo_label: str | None = None
        self.redo_label: str | None = None
        self.simulation_games = chart.DEFAULT_SIMULATION_GAMES
        self.sweep_games = chart.DEFAULT_SWEEP_GAMES
        self._keys_moment: Moment | None = None  # what decided the footer's keys last

    def compose(self) -> ComposeResult:
        with Horizontal(id="sk-top"):
            yield SkirmishMap(id="sk-map")
            with SidePanel(initial="sk-table", id="sk-side"):
                with Vertical(id="sk-table"):
                    with VerticalScroll(id="sk-roster-box", can_focus=False):
                        yield Static(id="sk-roster")
                    yield GameLog(id="sk-log")
                yield SimulationPanel(id="sk-sim")
        yield Static(id="sk-standing")
        yield UnderMap(id="sk-under")

    def on_mount(self) -> None:
        self.load()
        self.focus_default()
        # n's dialog built while the GM reads the tab: n then only shows it
        self.call_after_refresh(build_ahead, self.app, NEW_GAME_FORM, NewGameScreen)

    def focus_default(self) -> None:
        self.query_one("#sk-map", SkirmishMap).focus()

    def help_text(self) -> str:
        """The prose and keys, then the rules card of the scenario in play."""
        return f"{super().help_text()}\n\n{view.rules_for(self.state)}"

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
            typing=self.query_one(UnderMap).typing,
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
        if self._reload():
            self.show_status(view.loaded_words(self.game))

    def _reload(self) -> bool:
        """Read the game back; False, and said, when it does not read."""
        problem = None
        try:
            self.game = load_game(self.campaign)
        except StoreError as exc:
            self.game, problem = None, str(exc)
        self._reset_view()
        if problem is not None:
            self._refuse(problem)
        return problem is None

    def _reset_view(self) -> None:
        if self.game is None and self.preview is None:
            self.preview = deployment_preview(torga_iv())
        self.query_one("#sk-log", GameLog).show(view.log_lines(self.game))
        self._browse_anew()

    def _browse_anew(self) -> None:
        """The game changed: back to browsing, the first figure that may act selected, and
        what undo and redo would do read again."""
        ready = view.ready_ids(self.state)
        self.selected = ready[0] if ready else None
        self.undo_label, self.redo_label = game_actions.history(self.campaign)
        self._set_mode(BROWSE)

    def _shown_state(self) -> GameState:
        """The game's state, or the deployment shown while there is no game."""
        state = self.state or self.preview
        assert state is not None  # the preview is drawn as soon as there is no game
        return state

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
        rows = len(state.figures) + len(state.scenario.sides)
        roster = roster_table(state, self.game, self.selected, set(ready))
        self.query_one(SidePanel).show_roster(roster, rows, view.roster_row(state, self.selected))
        line = self.query_one("#sk-standing", Static)
        width = line.size.width or self.app.size.width
        line.update(view.standing_line(self.game, width), layout=False)
        if self.state is not None:
            self.query_one("#sk-action", Static).display = not self.state.over
        width = self.query_one("#sk-action", Static).size.width or 78
        self.query_one(UnderMap).show_panel(view.action_text(self.game, play, kinds, width))
        self._fit_rows()
        # the footer redraws all its keys when asked (slow): only when what they do changes
        moment = self._moment()
        if moment != self._keys_moment:
            self._keys_moment = moment
            self.refresh_bindings()

    def on_game_log_overflowed(self, message: GameLog.Overflowed) -> None:
        self.refresh_bindings()  # the log's page keys come and go with it

    def show_status(self, text: str | Text, error: bool = False) -> None:
        self.query_one(UnderMap).show_status(text, error)
        self._fit_rows()

    def _refuse(self, text: str) -> None:
        self.show_status(text, error=True)

    def on_resize(self) -> None:
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Share the rows under the map between the action panel and the status."""
        if self.size.height:  # else not laid out yet: on_resize comes back
            room = self.size.height - self.query_one(SkirmishMap).wanted_height - STANDING_ROWS
            self.query_one(UnderMap).fit(room, self.size.width, self.mode == BROWSE)

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        if mode != MOVING:
            self._hide_input()
        self.refresh_view()

    def _hide_input(self) -> None:
        if self.query_one(UnderMap).close_box():
            self.focus_default()

    # -- playing ------------------------------------------------------------------------------
    def _carry_out(self, order: orders.Order | None) -> None:
        """A play key's order: an action played, a pick opened or turned, a move to place,
        or why not."""
        if isinstance(order, orders.Refusal):
            self._refuse(order.text)
        elif isinstance(order, Action):
            game = self.game
            if game is not None:
                self._played(lambda: game_actions.act(self.campaign, game, order))
        elif isinstance(order, orders.NextChoice):
            self.action_choose(1)
        elif isinstance(order, orders.Pick):
            self.pick_kind, self.pick_options, self.pick_index = order.kind, order.options, 0
            self._set_mode(PICKING)
            self.show_status(f"{len(order.options)} to choose from: enter to confirm.")
        elif isinstance(order, orders.PlaceMove):
            self.cursor = order.cursor
            self._set_mode(MOVING)
            self.show_status(order.words)

    def _tried(
        self, not_done: str, ask: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> T | None:
        """What `ask` returns, or None when the rules or the store refuse it: the status line
        says why after `not_done` ("Not played"), and nothing was saved."""
        try:
            return ask(*args, **kwargs)
        except (RulesError, StoreError) as exc:
            self._refuse(f"{not_done}: {exc}")
            return None

    def _played(self, ask: Callable[[], Played]) -> None:
        """Ask one play of the game and draw what it did, or say why not."""
        played = self._tried("Not played", ask)
        if played is not None:
            self._after(played)

    def _after(self, played: Played) -> None:
        self.game = played.game
        self.query_one("#sk-log", GameLog).add([log_text(line) for line in played.lines])
        if self.query_one(SidePanel).chart_shown:
            self.query_one(SidePanel).show_table()
        self._browse_anew()
        self.show_status(view.played_words(played, self.game.mode))

    def _simple(self, kind: str, what: str) -> None:
        self._carry_out(orders.simple(self.state, self.selected, kind, what))

    action_aim = partialmethod(_simple, AIM, "aimed")
    action_hold = partialmethod(_simple, HOLD, "held")

    def _app_plays(self, play: Callable[[Any, SkirmishGame], Played]) -> None:
        who = orders.actor(self.state, self.selected, "played")
        game = self.game
        if isinstance(who, orders.Refusal):
            self._refuse(who.text)
        elif game is not None:
            self._played(lambda: play(self.campaign, game))

    action_automatic = partialmethod(_app_plays, game_actions.let_the_app_play)
    action_automatic_turn = partialmethod(_app_plays, game_actions.play_rest_of_turn)

    def action_next_figure(self, step: int = 1) -> None:
        who = orders.next_figure(self.state, self.selected, step)
        if isinstance(who, orders.Refusal):
            self._refuse(who.text)
        else:
            self.selected = who
            self._set_mode(BROWSE)

    action_previous_figure = partialmethod(action_next_figure, -1)

    def action_choose(self, step: int) -> None:
        """The next (or previous) target or weapon while picking."""
        if self.mode == PICKING and self.pick_options:
            self.pick_index = (self.pick_index + step) % len(self.pick_options)
            self.refresh_view()

    def _pick(self, kind: str) -> None:
        """f, h, p: a pick's choices, their details fitted to the action panel's width."""
        width = self.query_one("#sk-action", Static).size.width or self.app.size.width
        self._carry_out(orders.pick(self.state, self._play_now(), kind, width))

    action_fire = partialmethod(_pick, FIRE)
    action_hand_to_hand = partialmethod(_pick, HAND_TO_HAND)
    action_pick_up = partialmethod(_pick, PICK_UP)

    def action_move(self) -> None:
        self._carry_out(orders.place_move(self.state, self.selected))

    def action_cursor(self, dx: float, dy: float) -> None:
        if self.mode == MOVING:
            scenario = self._shown_state().scenario
            self.cursor = orders.moved_cursor(self.cursor, dx, dy, scenario.width, scenario.depth)
            self.refresh_view()

    def action_type_destination(self) -> None:
        self.query_one(UnderMap).open_box(f"{self.cursor[0]:g},{self.cursor[1]:g}")
        self._fit_rows()

    @on(UnderMap.Destination)
    def _destination(self, event: UnderMap.Destination) -> None:
        """A destination typed: the cursor follows it; Enter (`entered`) moves there."""
        if event.point is None:
            self._refuse(f"Not moved: type the destination as x,y in inches (got {event.text!r}).")
        elif event.entered:
            self.cursor = event.point
            self.action_confirm()
        elif self.mode == MOVING:
            self.cursor = event.point
            self.refresh_view()

    def action_confirm(self) -> None:
        self._carry_out(orders.confirm(self.state, self._play_now()))

    def action_cancel(self) -> None:
        if self.query_one(UnderMap).typing and self.query_one("#sk-move-to").has_focus:
            self._hide_input()  # escape in the box closes it, the move still placed
        else:
            self._set_mode(BROWSE)
            self.show_status("Cancelled: nothing was played.")

    # -- new game, settings, replay, export, undo ---------------------------------------------
    def action_new_game(self) -> None:
        asked = kept_dialog(
            self.app, NEW_GAME_FORM, NewGameScreen, NewGameScreen, NewGameScreen.renew
        )
        self.app.push_screen(asked, self._new_game_chosen)

    action_start_again = action_new_game  # n at game over, named so in the footer

    def _new_game_chosen(self, choice: NewGameChoice | None) -> None:
        if choice is None:
            self.show_status("No new game: the game in play is unchanged.")
            return
        scenario, mode = choice
        played = self._tried("Not started", game_actions.start, self.campaign, scenario, mode)
        if played is not None:
            self.game = played.game
            self._reset_view()
            self.show_status(view.new_game_words(scenario, mode))

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
        change = game_actions.change_settings
        played = self._tried("Settings not changed", change, self.campaign, self.game, options)
        if played is not None:
            self._after(played)
            self.show_status(f"{settings_text(played.game.state)} (ctrl+z takes it back)")

    def _read_game(
        self, what: str, not_done: str, read: Callable[[Any, SkirmishGame], T]
    ) -> T | None:
        """What `read` gives of the game in play (its replay, its exported log), or None and
        the status line says why not."""
        if self.game is None:
            self._refuse(f"Nothing to {what}: {orders.NO_GAME}.")
            return None
        return self._tried(not_done, read, self.campaign, self.game)

    def action_replay(self) -> None:
        steps = self._read_game("replay", "No replay", game_steps)
        if steps is not None and self.game is not None:
            self.app.push_screen(ReplayScreen(steps, view.players(self.game)))

    def action_export_log(self) -> None:
        path = self._read_game("export", "Not exported", game_actions.export_log)
        if path is not None:
            self.show_status(f"The game's log is in {path}.")

    action_replay_in_play = action_replay  # r and e in play: the game so far
    action_export_in_play = action_export_log

    def _history_step(self, undone: bool) -> None:
        """ctrl+z takes back the last saved action (with the app's reply in solo play) and
        its dice; ctrl+y does it again as it was saved (the same dice, not rolled)."""
        step = history.undo if undone else history.redo
        not_done = "Not undone" if undone else "Not redone"
        done = self._tried(not_done, step, self.campaign, history.SKIRMISH)
        if isinstance(done, history.Refused):
            self._refuse(f"{done.text[:1].upper()}{done.text[1:]}.")
        elif done is not None and self._reload():
            self.show_status(view.history_words(done.label, done.rolls, undone))

    action_undo = partialmethod(_history_step, True)
    action_redo = partialmethod(_history_step, False)

    def action_scroll_log(self, pages: int) -> None:
        log = self.query_one("#sk-log", GameLog)
        log.scroll_back(pages * max(log.content_size.height - 1, 1))

    def action_toggle_view(self) -> None:
        self.query_one(SidePanel).turn()
        self.refresh_bindings()

    # -- simulations --------------------------------------------------------------------------
    def _busy(self) -> bool:
        running = self.query_one(SimulationPanel).running
        if running:
            self._refuse("The simulation is already running: its chart shows when it ends.")
        return running

    def action_simulate(self) -> None:
        if not self._busy():
            scenario = self._shown_state().scenario  # Torga IV's deployment when no game
            games = self.simulation_games
            self.query_one(SidePanel).show_chart()
            self.show_status(f"Simulating {games} games of {scenario.name} in the background…")
            self.query_one(SimulationPanel).run_simulation(scenario, games, self.campaign.seed)

    def action_sweep(self) -> None:
        if not self._busy():
            scenario = self._shown_state().scenario
            self.app.push_screen(SweepScreen(scenario, self.sweep_games), self._sweep_chosen)

    def _sweep_chosen(self, sweep: Sweep | None) -> None:
        if sweep is None:
            self.show_status("No sweep: nothing was simulated.")
        else:
            self.query_one(SidePanel).show_chart()
            values = ", ".join(str(v) for v in sweep.values)
            self.show_status(f"Sweeping {sweep.key} over {values}: {self.sweep_games} games each…")
            self.query_one(SimulationPanel).run_sweep(sweep, self.sweep_games, self.campaign.seed)

    @on(SimulationPanel.Simulated)
    def _simulated(self, event: SimulationPanel.Simulated) -> None:
        if event.result is None:
            self._refuse(f"The simulation stopped: {event.error}")
        else:
            shown = self.query_one(SidePanel).chart_shown
            self.show_status(view.simulation_words(event.result, shown))
