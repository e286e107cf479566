"""Torga IV tab: the ground skirmish played on a map in the terminal.

The tab draws the game the store keeps (`gmtool.store.skirmish`) through its view
(`view.py`), offers the acting figure's actions by key (`keys.py`, the one action table),
measures moves and shots through the rules engine before the GM commits, and saves every
action at once (ctrl+z undoes it, ctrl+y redoes it). In solo play the app answers each
Federation activation with the Jem'Hadar's, step by step in the log. The balance
simulation runs in a worker thread and draws its result as a chart in the side panel.
"""

from __future__ import annotations

from textual import on
from textual.widgets import ContentSwitcher, Input

from gmtool.actions import skirmish as game_actions
from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import ACTION_KINDS, Action, GameOptions, move_allowance, plan_move
from gmtool.rules.skirmish.engine import AIM, FIRE, HAND_TO_HAND, HOLD, MOVE, PICK_UP
from gmtool.store.errors import StoreError
from gmtool.store.skirmish import (
    AUTOMATIC,
    MANUAL,
    SOLO,
    Played,
    load_game,
    settings_text,
    solo_side,
)
from gmtool.store.skirmish_replay import game_steps
from gmtool.tui.tabs.torga.keys import ACTIONS, HELP
from gmtool.tui.tabs.torga.log import GameLog, log_text
from gmtool.tui.tabs.torga.new_game import NewGameChoice, NewGameScreen
from gmtool.tui.tabs.torga.panel import Choice
from gmtool.tui.tabs.torga.picks import fire_choices, melee_choices, pick_up_choices
from gmtool.tui.tabs.torga.replay import ReplayScreen
from gmtool.tui.tabs.torga.settings import SettingsScreen
from gmtool.tui.tabs.torga.view import BROWSE, MOVING, PICKING, TorgaView, parse_point

TAB_ID = "torga"
TITLE = "Torga IV"

MODE_SHORT = {SOLO: "solo", MANUAL: "two players", AUTOMATIC: "both automatic"}

# The key actions that open a pick, and the engine action each picks for.
PICK_ACTIONS = {"fire": FIRE, "hand_to_hand": HAND_TO_HAND, "pick_up": PICK_UP}
# Keys offered only when the acting figure can do that now (the rest: always in play).
WHEN_ABLE = {**PICK_ACTIONS, "aim": AIM}

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
# Keys of the browsing mode only (not while a move or a pick is open).
BROWSE_ONLY_ACTIONS = frozenset(
    {
        "settings",
        "aim",
        "hold",
        "automatic",
        "automatic_turn",
        "simulate",
        "sweep",
        "toggle_view",
        "move",
        "undo",
        "redo",
    }
)


class SkirmishPane(TorgaView):
    TAB_ID = TAB_ID
    TITLE = TITLE
    HELP = HELP
    # Every key that works now is in the footer (check_action hides the rest), at 80x24 as
    # at 120x36: related keys share one footer item (a Binding.Group) to make room.
    ACTIONS = ACTIONS

    # -- key availability -----------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.state is not None and self.state.over
        if action in GAME_ONLY_ACTIONS and (self.state is None or over):
            return False  # no game, or the board is locked at game over
        if action in BROWSE_ONLY_ACTIONS and self.mode != BROWSE:
            return False
        if action == "undo":
            return self.undo_label is not None
        if action == "redo":
            return self.redo_label is not None
        if action in ("new_game", "start_again"):
            return self.mode == BROWSE and (action == "start_again") == over
        if action in ("confirm", "cancel"):
            return self.mode != BROWSE
        if action == "cursor":  # not while the destination is typed: the box has the keys
            return self.mode == MOVING and not self.query_one("#sk-move-to").has_class("shown")
        if action == "choose":
            return self.mode == PICKING
        if action in ("next_figure", "previous_figure"):
            return self.mode != PICKING and len(self._ready_ids()) > 1
        if action == "type_destination":
            return self.mode == MOVING
        if action in PICK_ACTIONS and self.mode == PICKING:
            return self.pick_kind == PICK_ACTIONS[action]  # the same key cycles the choice
        if action in WHEN_ABLE:
            return self.mode == BROWSE and WHEN_ABLE[action] in self.kinds
        if action in ("replay", "export_log", "replay_in_play", "export_in_play"):
            shown_now = action in ("replay", "export_log")
            return self.mode == BROWSE and self.state is not None and shown_now == over
        if action == "scroll_log":
            side = self.query_one("#sk-side", ContentSwitcher).current
            return side == "sk-table" and self.query_one("#sk-log", GameLog).overflows
        return True

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
        self._read_history()
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
    def _start_pick(self, kind: str, options: list[Choice], none: str) -> None:
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
        name = state.figure(who).name
        self._start_pick(
            FIRE,
            fire_choices(state, who, self._panel_width()),
            f"Not fired: {name} has no enemy in range and in sight.",
        )

    def action_hand_to_hand(self) -> None:
        who = self._actor("attacked")
        state = self.state
        if who is None or state is None:
            return
        name = state.figure(who).name
        self._start_pick(
            HAND_TO_HAND,
            melee_choices(state, who, self._panel_width()),
            f"Not attacked: {name} is in base contact with no enemy.",
        )

    def action_pick_up(self) -> None:
        who = self._actor("picked up")
        state = self.state
        if who is None or state is None:
            return
        name = state.figure(who).name
        self._start_pick(
            PICK_UP,
            pick_up_choices(state, who),
            f"Not picked up: no dropped weapon within {name}'s reach.",
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
            self._show_status(f"Undone: {undone.label}{dice}. ctrl+y does it again.")

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
            self._show_status(f"Redone: {redone.label}{dice}.")

    def _reload(self) -> bool:
        """Read the game back after an undo or redo; False (and said) when it does not
        read."""
        try:
            self.game = load_game(self.campaign)
        except StoreError as exc:
            self.game = None
            self._refuse(str(exc))
            return False
        self._reset_view()
        return True

    def action_scroll_log(self, pages: int) -> None:
        log = self.query_one("#sk-log", GameLog)
        log.scroll_back(pages * max(log.content_size.height - 1, 1))

    # -- the side panel -----------------------------------------------------------------
    def action_toggle_view(self) -> None:
        """Roster and log, then the log alone (more of it at 80x24), then the chart."""
        side = self.query_one("#sk-side", ContentSwitcher)
        roster = self.query_one("#sk-roster-box")
        if side.current == "sk-sim":
            side.current = "sk-table"
            roster.display = True
        elif roster.display:
            roster.display = False
        else:
            side.current = "sk-sim"
        self.refresh_bindings()
