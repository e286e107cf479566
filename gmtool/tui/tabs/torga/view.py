"""The Torga IV tab's view: the map, the roster and log beside it, the standing line, the
action panel and the status under it, all drawn from the saved game and the tab's mode.

`TorgaView` is the tab's drawing half; `pane.SkirmishPane` adds the keys and what they do.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import ContentSwitcher, Input, Static

from gmtool.actions import skirmish as game_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.reads.skirmish import SkirmishGame, load_game
from gmtool.rules.skirmish import GameState, legal_actions, plan_move, ready_figures, torga_iv
from gmtool.rules.skirmish.engine import FIRE, deployment_preview
from gmtool.rules.skirmish.outcome import standing
from gmtool.tui.action_table import bindings
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.torga.chart import SimulationChart
from gmtool.tui.tabs.torga.keys import DESTINATION_KEYS
from gmtool.tui.tabs.torga.log import GameLog, log_text
from gmtool.tui.tabs.torga.map import MapView, SkirmishMap
from gmtool.tui.tabs.torga.panel import Choice, figure_line, move_line, pick_text, roster_table
from gmtool.tui.tabs.torga.rows import share_rows, text_rows
from gmtool.tui.tabs.torga.rules_card import rules_card
from gmtool.tui.tabs.torga.simulation import SimulatingPane
from gmtool.tui.tabs.torga.standing import standing_text

# What the keys do right now: looking at the table, placing a move, or picking a target.
BROWSE = "browse"
MOVING = "move"
PICKING = "pick"

STANDING_ROWS = 2  # the standing line's height (#sk-standing)


class DestinationInput(Input):
    """Where a move goes, typed as x,y: enter moves there (the tab's Confirm key)."""

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        *bindings(DESTINATION_KEYS)
    ]

    async def action_confirm(self) -> None:
        await self.action_submit()


def parse_point(text: str) -> tuple[float, float] | None:
    """`x,y` (or `x y`) in inches, or None when the text is not two numbers."""
    parts = [p for p in re.split(r"[,\s;]+", text.strip()) if p]
    if len(parts) != 2:
        return None
    try:
        return float(parts[0]), float(parts[1])
    except ValueError:
        return None


class TorgaView(SimulatingPane):
    """The drawing half of the Torga IV tab."""

    DEFAULT_CSS = tab_css(__file__, "torga.tcss")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game: SkirmishGame | None = None
        self.preview: GameState | None = None
        self.selected: str | None = None
        self.mode = BROWSE
        self.cursor: tuple[float, float] = (0.0, 0.0)
        self.pick_kind = ""
        self.pick_options: list[Choice] = []
        self.pick_index = 0
        self.kinds: frozenset[str] = frozenset()  # what the selected figure may do now
        self.undo_label: str | None = None  # what ctrl+z would take back
        self.redo_label: str | None = None  # what ctrl+y would do again
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
            self.show_status(str(exc), error=True)
            return
        self._reset_view()
        if self.game is None:
            self.show_status("No game yet: press n to start one.")
        elif self.game.state.over:
            self.show_status("The game is over: n starts a new one, ctrl+z takes back the end.")
        else:
            self.show_status("Game resumed where it was left.")

    def _read_history(self) -> None:
        """What ctrl+z and ctrl+y would take back or do again (read after each change)."""
        self.undo_label, self.redo_label = game_actions.history(self.campaign)

    def _reset_view(self) -> None:
        self.mode = BROWSE
        self.selected = None
        self._hide_input()
        if self.game is None and self.preview is None:
            scenario = torga_iv()
            self.preview = deployment_preview(scenario)
        self._fix_selection()
        self._rebuild_log()
        self._read_history()
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
        kinds = self._kind_list()
        if self.mode == BROWSE:  # moving or picking: the keys of the pick stay as they were
            self.kinds = frozenset(kinds)
        self.query_one("#sk-map", SkirmishMap).show(self._map_view(state))
        # The roster keeps its height for a scenario: no new layout unless that changes.
        rows = len(state.figures) + len(state.scenario.sides)
        ready = set(self._ready_ids())
        self.query_one("#sk-roster", Static).update(
            roster_table(state, self.game, self.selected, ready), layout=rows != self._roster_rows
        )
        self._roster_rows = rows
        self._keep_selected_in_view(state)
        self._draw_standing()
        self._draw_action_panel(kinds)
        # The footer redraws all its keys when asked (slow): only when what they do changes.
        keys_state = (
            self.mode,
            self.pick_kind,
            self.state is None,
            state.over,
            self.kinds,
            self.undo_label is None,
            self.redo_label is None,
            len(ready) > 1,
        )
        if keys_state != self._keys_state:
            self._keys_state = keys_state
            self.refresh_bindings()

    def _keep_selected_in_view(self, state: GameState) -> None:
        """Scroll the roster (when it has fewer rows than figures, at 80x24) to the
        selected figure's row."""
        if self.selected is None:
            return
        row = 0
        for side in state.scenario.sides:
            row += 1
            for fig in state.figures:
                if fig.side != side.id:
                    continue
                if fig.id == self.selected:
                    box = self.query_one("#sk-roster-box", VerticalScroll)
                    height = box.size.height
                    if height and not box.scroll_y <= row < box.scroll_y + height:
                        box.scroll_to(y=max(row - height // 2, 0), animate=False)
                    return
                row += 1

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

    def _draw_action_panel(self, kinds: list[str]) -> None:
        state = self.state
        text: str | Text
        if state is None or state.over or self.game is None:
            text = ""
        elif self.mode == MOVING and self.selected is not None:
            text = move_line(state, self.selected, self.cursor)
        elif self.mode == PICKING and self.pick_options:
            text = pick_text(self.pick_kind, self.pick_options, self.pick_index)
        else:
            width = self.query_one("#sk-action", Static).size.width or 78
            text = figure_line(state, self.game, self.selected, kinds, width)
        self.query_one("#sk-action", Static).update(text, layout=False)
        self._panel_text = text
        self._fit_rows()

    def _kind_list(self) -> list[str]:
        """The kinds of the selected figure's legal actions, one per action (none while
        moving or picking, or when nobody can act)."""
        state = self.state
        if state is None or state.over or self.selected is None or self.mode != BROWSE:
            return []
        return [a.kind for a in legal_actions(state, self.selected)]

    def _panel_width(self) -> int:
        return self.query_one("#sk-action", Static).size.width or self.app.size.width

    # -- the log and the status ----------------------------------------------------------------
    def _rebuild_log(self) -> None:
        log = self.query_one("#sk-log", GameLog)
        if self.game is None:
            log.show([Text("The game log shows every action and die here.", "#808080")])
            return
        log.show([log_text(line) for line in self.game.log])

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

    # -- modes and the side panel ----------------------------------------------------------
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

    def _show_table(self) -> None:
        self.query_one("#sk-side", ContentSwitcher).current = "sk-table"
        self.query_one("#sk-roster-box").display = True
