"""The Torga IV tab's simulations: many games with both sides automatic, run in a worker
thread with a progress bar in the side panel, then drawn as the balance chart (s) or, for a
sweep of a scenario setting (S), as a plot of the win rate per value.

`SimulatingPane` is the tab's base: it owns the worker and the chart, and asks the tab for
the scenario in play and for its status line.
"""

from __future__ import annotations

from typing import Any

from textual import work
from textual.message import Message
from textual.widgets import ContentSwitcher
from textual.worker import Worker, WorkerState, get_current_worker

from gmtool.actions.reads.skirmish import SkirmishGame
from gmtool.rules.skirmish import Scenario, SimulationSummary, simulate, torga_iv
from gmtool.tui.pane import GmPane
from gmtool.tui.tabs.torga.chart import SimulationChart
from gmtool.tui.tabs.torga.sweep import Sweep, SweepResult, SweepScreen

SIMULATION_GROUP = "skirmish-simulation"
DEFAULT_SIMULATION_GAMES = 1000
# Games a value in a sweep: each value is its own batch, so fewer than a plain run.
DEFAULT_SWEEP_GAMES = 500


class SimulationProgress(Message):
    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class _SimulationCancelled(Exception):
    """Raised inside the worker to stop a simulation nobody waits for any more."""


class SimulatingPane(GmPane):
    """The simulation half of the Torga IV tab."""

    game: SkirmishGame | None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.simulation_games = DEFAULT_SIMULATION_GAMES
        self.sweep_games = DEFAULT_SWEEP_GAMES
        self.simulation: SimulationSummary | SweepResult | None = None
        self._simulation_worker: Worker[SimulationSummary | SweepResult] | None = None
        self._simulation_needed: int | None = None

    def _simulated_scenario(self) -> Scenario:
        return self.game.scenario if self.game is not None else torga_iv()

    def _busy(self) -> bool:
        worker = self._simulation_worker
        if worker is not None and worker.state in (WorkerState.PENDING, WorkerState.RUNNING):
            self.show_status(
                "The simulation is already running: its chart shows when it ends.", error=True
            )
            return True
        return False

    def _show_chart(self, games: int) -> SimulationChart:
        self.query_one("#sk-side", ContentSwitcher).current = "sk-sim"
        chart = self.query_one("#sk-sim", SimulationChart)
        chart.show_progress(0, games)
        return chart

    def action_simulate(self) -> None:
        if self._busy():
            return
        scenario = self._simulated_scenario()
        games = self.simulation_games
        self._show_chart(games)
        self.show_status(f"Simulating {games} games of {scenario.name} in the background…")
        self._simulation_needed = scenario.victory.standing
        self._simulation_worker = self._simulate(scenario, games, self.campaign.seed)

    def action_sweep(self) -> None:
        if self._busy():
            return
        screen = SweepScreen(self._simulated_scenario(), self.sweep_games)
        self.app.push_screen(screen, self._sweep_chosen)

    def _sweep_chosen(self, sweep: Sweep | None) -> None:
        if sweep is None:
            self.show_status("No sweep: nothing was simulated.")
            return
        games = self.sweep_games
        self._show_chart(games * len(sweep.values))
        values = ", ".join(str(v) for v in sweep.values)
        self.show_status(f"Sweeping {sweep.key} over {values}: {games} games each…")
        self._simulation_worker = self._sweep(sweep, games, self.campaign.seed)

    @work(thread=True, exclusive=True, group=SIMULATION_GROUP, exit_on_error=False)
    def _simulate(self, scenario: Scenario, games: int, seed: int) -> SimulationSummary:
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise _SimulationCancelled()
            self.post_message(SimulationProgress(done, total))

        return simulate(scenario, games, seed, jobs=1, progress=progress)

    @work(thread=True, exclusive=True, group=SIMULATION_GROUP, exit_on_error=False)
    def _sweep(self, sweep: Sweep, games: int, seed: int) -> SweepResult:
        worker = get_current_worker()
        total = games * len(sweep.values)
        summaries: list[SimulationSummary] = []
        for index, scenario in enumerate(sweep.scenarios):

            def progress(done: int, _games: int, offset: int = index * games) -> None:
                if worker.is_cancelled:
                    raise _SimulationCancelled()
                self.post_message(SimulationProgress(offset + done, total))

            summaries.append(simulate(scenario, games, seed, jobs=1, progress=progress))
        return SweepResult(sweep.key, sweep.values, tuple(summaries))

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
            if result is None:
                return
            self.simulation = result
            if isinstance(result, SweepResult):
                chart.show_sweep(result)
                first = result.summaries[0].side_names[0]
                rates = ", ".join(
                    f"{value} {summary.win_rate(0):.0%}"
                    for value, summary in zip(result.values, result.summaries, strict=True)
                )
                text = f"Sweep done: {first} wins by {result.key}: {rates}."
            else:
                chart.show_summary(result, self._simulation_needed)
                first, second = result.side_names
                text = (
                    f"Simulation done: {first} {result.win_rate(0):.0%}, "
                    f"{second} {result.win_rate(1):.0%} of {result.games} games."
                )
            if self.query_one("#sk-side", ContentSwitcher).current != "sk-sim":
                text += " Press v to see the chart."
            self.show_status(text)
        elif event.state == WorkerState.ERROR:
            chart.show_message(f"The simulation stopped: {event.worker.error}")
            self.show_status(f"The simulation stopped: {event.worker.error}", error=True)
