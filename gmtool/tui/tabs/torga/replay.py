"""Replaying a skirmish game step by step (r in the Torga IV tab), read from the game's
replay file: nothing is played or saved."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from gmtool.actions.reads.skirmish import ReplayStep
from gmtool.rules.skirmish.outcome import standing
from gmtool.rules.skirmish.turn_modes import LogLine
from gmtool.tui.action_table import TabAction
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.torga.log import log_text
from gmtool.tui.tabs.torga.map import MapView, SkirmishMap
from gmtool.tui.tabs.torga.standing import standing_text


class ReplayScreen(GmDialog[None]):
    """One saved step at a time: ←/→ step, home/end the first and last, escape closes."""

    DEFAULT_CSS = tab_css(__file__, "replay.tcss")
    ACTIONS = (
        TabAction("left", "step(-1)", "Back", "The step before"),
        TabAction("right", "step(1)", "On", "The step after"),
        TabAction("home", "go(0)", "First", "The first step"),
        TabAction("end", "go(-1)", "Last", "The last step"),
    )

    def __init__(self, steps: list[ReplayStep], players: dict[str, str]) -> None:
        super().__init__()
        self.steps = steps
        self.players = players
        self.index = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="rp-box"):
            yield Static(id="rp-head")
            yield SkirmishMap(id="rp-map", reserve=(4, 11))
            yield Static(id="rp-standing")
            yield Static(id="rp-lines")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_step()

    def show_step(self) -> None:
        step = self.steps[self.index]
        state = step.state
        self.query_one("#rp-head", Static).update(
            f"Replay: step {self.index + 1} of {len(self.steps)}: {step.label}"
        )
        self.query_one("#rp-map", SkirmishMap).show(MapView(state))
        width = self.app.size.width - 2
        self.query_one("#rp-standing", Static).update(
            standing_text(standing(state), state.scenario, self.players, width)
        )
        lines = [log_text(LogLine(kind, text, auto)) for kind, text, auto in step.lines]
        self.query_one("#rp-lines", Static).update(Text("\n").join(lines))

    def action_step(self, delta: int) -> None:
        self.action_go(min(max(self.index + delta, 0), len(self.steps) - 1))

    def action_go(self, index: int) -> None:
        """Show the step at `index` (-1: the last)."""
        self.index = index % len(self.steps)
        self.show_step()
