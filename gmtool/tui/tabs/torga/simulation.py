"""The Torga IV tab's simulations (s) and sweeps (S), run in a worker thread by the chart
that draws them, which posts `Simulated` to the tab when they end."""

from __future__ import annotations

from collections.abc import Callable

from textual import work
from textual.message import Message
from textual.worker import Worker, WorkerState, get_current_worker

from gmtool.rules.skirmish import Scenario, SimulationSummary, simulate
from gmtool.tui.tabs.torga.chart import SimulationChart
from gmtool.tui.tabs.torga.sweep import Sweep, SweepResult

SIMULATION_GROUP = "skirmish-simulation"
DEFAULT_SIMULATION_GAMES = 1000
# Games a value in a sweep: each value is its own batch, so fewer than a plain run.
DEFAULT_SWEEP_GAMES = 500

Result = SimulationSummary | SweepResult
Progress = Callable[[int, int], None]


class SimulationProgress(Message):
    """Games done of the total, posted from the worker thread."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class SimulationCancelled(Exception):
    """Raised inside the worker to stop a simulation nobody waits for."""


class SimulationPanel(SimulationChart):
    """The chart beside the map, and the worker that plays the games it draws."""

    class Simulated(Message):
        """The games ended: their `result`, or the `error` that stopped them."""

        def __init__(self, result: Result | None, error: BaseException | None = None) -> None:
            super().__init__()
            self.result = result
            self.error = error

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.worker: Worker[Result] | None = None

    @property
    def running(self) -> bool:
        worker = self.worker
        return worker is not None and worker.state in (WorkerState.PENDING, WorkerState.RUNNING)

    def run_simulation(self, scenario: Scenario, games: int, seed: int) -> None:
        """Play `games` of the scenario (the chart marks its victory's standing line)."""
        self.show_progress(0, games)
        self.needed = scenario.victory.standing
        self.worker = self._simulate(scenario, games, seed)

    def run_sweep(self, sweep: Sweep, games: int, seed: int) -> None:
        """Play `games` of the scenario at each value of the sweep."""
        self.show_progress(0, games * len(sweep.values))
        self.worker = self._sweep(sweep, games, seed)

    def _progress(self, offset: int, total: int) -> Progress:
        worker = get_current_worker()

        def progress(done: int, _games: int) -> None:
            if worker.is_cancelled:
                raise SimulationCancelled()
            self.post_message(SimulationProgress(offset + done, total))

        return progress

    @work(thread=True, exclusive=True, group=SIMULATION_GROUP, exit_on_error=False)
    def _simulate(self, scenario: Scenario, games: int, seed: int) -> SimulationSummary:
        return simulate(scenario, games, seed, jobs=1, progress=self._progress(0, games))

    @work(thread=True, exclusive=True, group=SIMULATION_GROUP, exit_on_error=False)
    def _sweep(self, sweep: Sweep, games: int, seed: int) -> SweepResult:
        total = games * len(sweep.values)
        summaries = [
            simulate(scenario, games, seed, jobs=1, progress=self._progress(i * games, total))
            for i, scenario in enumerate(sweep.scenarios)
        ]
        return SweepResult(sweep.key, sweep.values, tuple(summaries))

    def on_simulation_progress(self, message: SimulationProgress) -> None:
        message.stop()
        if self.progress is not None:
            self.show_progress(message.done, message.total)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != SIMULATION_GROUP or event.worker is not self.worker:
            return
        event.stop()
        if event.state == WorkerState.SUCCESS:
            result = event.worker.result
            if isinstance(result, SweepResult):
                self.show_sweep(result)
            elif isinstance(result, SimulationSummary):
                self.show_summary(result, self.needed)
            if result is not None:
                self.post_message(self.Simulated(result))
        elif event.state == WorkerState.ERROR:
            self.show_message(f"The simulation stopped: {event.worker.error}")
            self.post_message(self.Simulated(None, event.worker.error))
