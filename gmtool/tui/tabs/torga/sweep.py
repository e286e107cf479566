"""A sweep in the Torga IV tab: one batch of simulated games per value of a scenario setting
(the same `KEY=V1,V2,...` as `gmtool skirmish simulate --sweep`), drawn as a plot of the
victory side's win rate per value with its 95% interval.

It is drawn with the simulation chart's bars, not a plotting library: a row per value
reads at 80x24 and costs no import at start-up.
"""

from __future__ import annotations

from typing import Any

import msgspec
from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.outcome import END_REASONS, EndReason
from gmtool.rules.skirmish.scenario import Scenario
from gmtool.rules.skirmish.simulate import SimulationSummary
from gmtool.rules.skirmish.variants import parse_sweep, with_settings
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.torga.bars import MUTED, rate_bar
from gmtool.tui.tabs.torga.map import SIDE_COLOURS

EXAMPLE = "victory.turn=8,10,12"
MAX_VALUES = 12  # rows the plot has room for at 80x24


class Sweep(msgspec.Struct, frozen=True):
    """What to play: the setting, its values, and the scenario for each value."""

    key: str
    values: tuple[Any, ...]
    scenarios: tuple[Scenario, ...]


class SweepResult(msgspec.Struct, frozen=True):
    key: str
    values: tuple[Any, ...]
    summaries: tuple[SimulationSummary, ...]


def read_sweep(text: str, scenario: Scenario) -> Sweep:
    """The sweep a GM typed, every value's scenario checked before a game is played."""
    key, values = parse_sweep(text)
    if len(values) > MAX_VALUES:
        raise RulesError(f"sweep at most {MAX_VALUES} values at a time (got {len(values)})")
    scenarios = tuple(with_settings(scenario, [(key, value)]) for value in values)
    return Sweep(key, tuple(values), scenarios)


def _ending_short(reason: EndReason) -> str:
    return {
        EndReason.HELD_OUT: "held",
        EndReason.FELL_SHORT: "short",
        EndReason.WIPED_OUT: "wiped",
        EndReason.ENEMY_WIPED_OUT: "won",
        EndReason.ENEMY_WIPED_OUT_TOO_FEW: "won<",
    }[reason]


def sweep_text(result: SweepResult, width: int) -> Text:
    """The plot: a row per value with the win rate, its bar (▒ the 95% interval) and the
    ending most games had."""
    width = max(width, 30)
    first = result.summaries[0]
    name = first.side_names[0]
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{name} win rate by {result.key}\n", "bold")
    text.append(f"{first.games} games a value, seed {first.seed} (▒ = 95% range)\n", MUTED)
    labels = [str(value) for value in result.values]
    label_width = max(len(label) for label in labels)
    bar_width = max(width - label_width - 8, 6)
    colour = Style(color=SIDE_COLOURS[0], bold=True)
    for label, summary in zip(labels, result.summaries, strict=True):
        low, high = summary.interval(0)
        text.append(f"{label:>{label_width}} ", colour)
        text.append(f"{summary.win_rate(0):6.1%} ")
        text.append_text(rate_bar(summary.win_rate(0), low, high, bar_width))
        text.append("\n")
    text.append("How the games ended:\n", "bold")
    for label, summary in zip(labels, result.summaries, strict=True):
        parts = [
            f"{_ending_short(r)} {summary.endings[r]}" for r in END_REASONS if summary.endings[r]
        ]
        text.append(f"{label:>{label_width}} ", colour)
        text.append(" ".join(parts) + "\n")
    mine, theirs = first.side_names
    text.append(
        f"held/short: the time came, {mine} enough/too few\n"
        f"wiped: {mine} gone; won/won<: {theirs} gone, {mine} enough/too few",
        MUTED,
    )
    return text


class SweepScreen(GmDialog[Sweep | None]):
    """Type the setting and its values; enter checks them all and starts the sweep."""

    DEFAULT_CSS = tab_css(__file__, "sweep.tcss")
    ACTIONS = (save_action("start", "Start", "Start the sweep of the settings typed"),)

    def __init__(self, scenario: Scenario, games: int) -> None:
        super().__init__()
        self.scenario = scenario
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical(id="sw-box", classes="dialog-box"):
            yield Static(f"[b]Sweep a setting[/b]: {self.games} games a value, both automatic")
            yield Input(value=EXAMPLE, id="sw-input", compact=True)
            yield Static("", id="sw-error", classes="dialog-error")
            yield Static(
                "A setting of the scenario file by its dotted name and its values, as "
                "gmtool skirmish simulate --sweep takes them: victory.turn=8,10,12, "
                "weapons.energy_rifle.wounds=1,2, cover.within=0,2,4.",
                id="sw-hint",
                classes="dialog-hint",
            )
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#sw-input", Input).focus()

    @on(Input.Submitted, "#sw-input")
    def action_start(self) -> None:
        text = self.query_one("#sw-input", Input).value
        try:
            sweep = read_sweep(text, self.scenario)
        except RulesError as exc:
            self.query_one("#sw-error", Static).update(f"Not started: {exc}")
            return
        self.dismiss(sweep)
