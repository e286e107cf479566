"""The Torga IV tab's simulations: many games with both sides automatic (s), or a sweep of
a scenario setting (S), one batch of games per value. The pane runs these in a worker
thread; `progress` reports each game done and raises `SimulationCancelled` to stop."""

from __future__ import annotations

from collections.abc import Callable

from textual.message import Message

from gmtool.rules.skirmish import Scenario, SimulationSummary, simulate
from gmtool.tui.tabs.torga.sweep import Sweep, SweepResult

SIMULATION_GROUP = "skirmish-simulation"
DEFAULT_SIMULATION_GAMES = 1000
# Games a value in a sweep: each value is its own batch, so fewer than a plain run.
DEFAULT_SWEEP_GAMES = 500

Progress = Callable[[int, int], None]


class SimulationProgress(Message):
    """Games done of the total, posted from the worker to the pane."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class SimulationCancelled(Exception):
    """Raised inside the worker to stop a simulation nobody waits for any more."""


def run_simulation(
    scenario: Scenario, games: int, seed: int, progress: Progress
) -> SimulationSummary:
    return simulate(scenario, games, seed, jobs=1, progress=progress)


def run_sweep(sweep: Sweep, games: int, seed: int, progress: Progress) -> SweepResult:
    """Each value's batch in turn; `progress` counts the games of all of them."""
    total = games * len(sweep.values)
    summaries: list[SimulationSummary] = []
    for index, scenario in enumerate(sweep.scenarios):

        def batch(done: int, _games: int, offset: int = index * games) -> None:
            progress(offset + done, total)

        summaries.append(simulate(scenario, games, seed, jobs=1, progress=batch))
    return SweepResult(sweep.key, sweep.values, tuple(summaries))
