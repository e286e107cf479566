"""A sweep in the Torga IV tab: one batch of simulated games per value of a scenario setting
(the same `KEY=V1,V2,...` as `gmtool skirmish simulate --sweep`); chart.py draws it as a plot
of the victory side's win rate per value with its 95% interval."""

from __future__ import annotations

from typing import Any

import msgspec
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.scenario import Scenario
from gmtool.rules.skirmish.simulate import SimulationSummary
from gmtool.rules.skirmish.variants import parse_sweep, with_settings
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css

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


class SweepScreen(GmDialog[Sweep | None]):
    """Type the setting and its values; enter checks them all and starts the sweep."""

    DEFAULT_CSS = tab_css(__file__, "sweep.tcss")
    AUTO_FOCUS = "#sw-input"
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

    @on(Input.Submitted, "#sw-input")
    def action_start(self) -> None:
        text = self.query_one("#sw-input", Input).value
        try:
            sweep = read_sweep(text, self.scenario)
        except RulesError as exc:
            self.query_one("#sw-error", Static).update(f"Not started: {exc}")
            return
        self.dismiss(sweep)
