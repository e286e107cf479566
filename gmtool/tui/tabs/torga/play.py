"""The Torga IV tab's play: the acting figure's actions (fire, move, aim, hand-to-hand, pick
up, hold, the automatic player), picking a target and placing a move before the GM
confirms. Each action is saved at once through `actions.skirmish` and drawn by the view.

`PlayingPane` is the middle of the tab's classes: the view below it draws, the pane above it
(`pane.SkirmishPane`) holds the key table and the game-wide keys (new game, undo, redo...).
"""

from __future__ import annotations

from textual import on
from textual.widgets import ContentSwitcher, Input

from gmtool.actions import skirmish as game_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.reads.skirmish import Played
from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import ACTION_KINDS, Action, move_allowance, plan_move
from gmtool.rules.skirmish.engine import AIM, FIRE, HAND_TO_HAND, HOLD, MOVE, PICK_UP
from gmtool.rules.skirmish.turn_modes import SOLO
from gmtool.tui.tabs.torga.log import GameLog, log_text
from gmtool.tui.tabs.torga.panel import Choice
from gmtool.tui.tabs.torga.picks import fire_choices, melee_choices, pick_up_choices
from gmtool.tui.tabs.torga.view import BROWSE, MOVING, PICKING, TorgaView, parse_point


class PlayingPane(TorgaView):
    """The acting figure's keys."""

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
        self.show_status(message)
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
        self.show_status(f"{len(options)} to choose from: enter to confirm.")

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
        self.show_status("Cancelled: nothing was played.")
