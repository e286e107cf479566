"""Torga IV tab: the ground skirmish played on a map in the terminal.

The tab draws the saved game (`actions.reads.skirmish`) through its view
(`view.py`), offers the acting figure's actions by key (`keys.py`, the one action table),
measures moves and shots through the rules engine before the GM commits, and saves every
action at once (ctrl+z undoes it, ctrl+y redoes it). In solo play the app answers each
Federation activation with the Jem'Hadar's, step by step in the log. The balance
simulation runs in a worker thread and draws its result as a chart in the side panel.
"""

from __future__ import annotations

from textual.widgets import ContentSwitcher

from gmtool.actions import history
from gmtool.actions import skirmish as game_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.reads.skirmish import game_steps, load_game
from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import GameOptions
from gmtool.rules.skirmish.turn_modes import AUTOMATIC, MANUAL, SOLO, settings_text, solo_side
from gmtool.tui.tabs.torga.keys import ACTIONS, HELP
from gmtool.tui.tabs.torga.log import GameLog
from gmtool.tui.tabs.torga.new_game import NewGameChoice, NewGameScreen
from gmtool.tui.tabs.torga.offered import Moment, offered, why_not
from gmtool.tui.tabs.torga.play import PlayingPane
from gmtool.tui.tabs.torga.replay import ReplayScreen
from gmtool.tui.tabs.torga.settings import SettingsScreen
from gmtool.tui.tabs.torga.view import BROWSE, MOVING, PICKING

__all__ = ["BROWSE", "MOVING", "PICKING", "TAB_ID", "TITLE", "SkirmishPane"]

TAB_ID = "torga"
TITLE = "Torga IV"

MODE_SHORT = {SOLO: "solo", MANUAL: "two players", AUTOMATIC: "both automatic"}


class SkirmishPane(PlayingPane):
    TAB_ID = TAB_ID
    TITLE = TITLE
    HELP = HELP
    # Every key that works now is in the footer (check_action hides the rest), at 80x24 as
    # at 120x36: related keys share one footer item (a Binding.Group) to make room.
    ACTIONS = ACTIONS

    # -- key availability -----------------------------------------------------------------
    def _moment(self) -> Moment:
        state = self.state
        side = self.query_one("#sk-side", ContentSwitcher).current
        return Moment(
            mode=self.mode,
            has_game=state is not None,
            over=state is not None and state.over,
            kinds=self.kinds,
            pick_kind=self.pick_kind,
            can_undo=self.undo_label is not None,
            can_redo=self.redo_label is not None,
            several_ready=len(self._ready_ids()) > 1,
            typing=self.query_one("#sk-move-to").has_class("shown"),
            log_pages=side == "sk-table" and self.query_one("#sk-log", GameLog).overflows,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return offered(action, self._moment())

    def why_not(self, action: str) -> str | None:
        return why_not(action, self._moment())

    # -- new game and undo --------------------------------------------------------------------
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
        if state is None or state.over:
            return
        self.app.push_screen(SettingsScreen(state.scenario, state.options), self._settings_chosen)

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
        self.show_status(f"The game's log is in {path}.")

    def action_undo(self) -> None:
        """Take back the last saved action; the status names it (and the app's reply with
        it in solo play, which the label includes) and the dice it marks undone."""
        try:
            undone = history.undo(self.campaign, history.SKIRMISH)
        except StoreError as exc:
            self._refuse(f"Not undone: {exc}")
            return
        if isinstance(undone, history.Refused):
            self._refuse(f"{undone.text[:1].upper()}{undone.text[1:]}.")
            return
        if self._reload():
            dice = f" ({undone.rolls} dice marked undone)" if undone.rolls else ""
            self.show_status(f"Undone: {undone.label}{dice}. ctrl+y does it again.")

    def action_redo(self) -> None:
        """Do the action last undone again as it was saved (the same dice, not rolled)."""
        try:
            redone = history.redo(self.campaign, history.SKIRMISH)
        except StoreError as exc:
            self._refuse(f"Not redone: {exc}")
            return
        if isinstance(redone, history.Refused):
            self._refuse(f"{redone.text[:1].upper()}{redone.text[1:]}.")
            return
        if self._reload():
            dice = f" ({redone.rolls} dice as rolled before)" if redone.rolls else ""
            self.show_status(f"Redone: {redone.label}{dice}.")

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
