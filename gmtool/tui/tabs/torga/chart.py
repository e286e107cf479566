"""The Torga IV tab's balance simulation (s) and sweeps (S): run in a worker thread by the
panel beside the map, which posts `Simulated` to the tab when they end, and drawn in text,
win rates with their 95% interval and how many of the victory side stand at the end, as bars
of Unicode blocks to an eighth of a cell (a plotting library would cost an import at start-up;
a row per value reads at 80x24)."""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text
from textual import work
from textual.message import Message
from textual.widget import Widget
from textual.worker import Worker, WorkerState, get_current_worker

from gmtool.rules.skirmish import Scenario, SimulationSummary, simulate
from gmtool.rules.skirmish.outcome import END_REASONS, EndReason
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.torga.map import SIDE_COLOURS
from gmtool.tui.tabs.torga.sweep import Sweep, SweepResult
from gmtool.tui.widgets.scaled_bar import EIGHTHS, EMPTY, FULL

INTERVAL = "▒"  # the part of a win-rate bar inside the 95% interval
TRACK = EMPTY  # the rest of a bar's track, as a damage bar's
MUTED = Style(color="#808080")


def bar(fraction: float, width: int) -> str:
    """A bar `fraction` of `width` cells long, to an eighth of a cell."""
    fraction = min(max(fraction, 0.0), 1.0)
    eighths = round(fraction * width * 8)
    full, part = divmod(eighths, 8)
    text = FULL * full + (EIGHTHS[part] if part else "")
    return text[:width]


def rate_row(text: Text, label: str, summary: SimulationSummary, which: int, width: int) -> None:
    """Side `which`'s win rate after its `label`, then a 0-100% track `width` cells long:
    solid up to the 95% interval's low end, shaded across it, light after."""
    low, high = summary.interval(which)
    colour = Style(color=SIDE_COLOURS[which % len(SIDE_COLOURS)], bold=True)
    text.append(label, colour)
    text.append(f"{summary.win_rate(which):6.1%} ")
    low_cells = round(low * width)
    high_cells = max(round(high * width), low_cells + 1) if high > low else low_cells
    high_cells = min(high_cells, width)
    text.append(FULL * low_cells)
    text.append(INTERVAL * (high_cells - low_cells))
    text.append(TRACK * (width - high_cells), MUTED)


def chart_text(summary: SimulationSummary, width: int, needed: int | None = None) -> Text:
    """The whole chart for a panel `width` cells wide; `needed` is how many of the victory
    side must stand for it to win (those bars in its colour, the others grey)."""
    width = max(width, 24)
    text = Text(no_wrap=True, overflow="ellipsis")
    # one line each for the heading and the footnote (the seed last): the whole chart fits
    # the panel's 15 rows at 80x24
    text.append(f"Balance: {summary.games} games", "bold")
    text.append(" (▒ = 95% range)\n", MUTED)
    label_width = max(len(name) for name in summary.side_names)
    numbers_width = 6  # " 52.3%"
    bar_width = max(width - label_width - numbers_width - 2, 6)
    for which, name in enumerate(summary.side_names):
        low, high = summary.interval(which)
        rate_row(text, f"{name:<{label_width}} ", summary, which, bar_width)
        text.append(f"\n{'':<{label_width}} {'':6} ")
        text.append(f"95%: {low:.1%} to {high:.1%}\n", MUTED)
    text.append(f"{summary.side_names[0]} standing at end", "bold")
    text.append(f" ({needed}+ wins)\n" if needed is not None else "\n", MUTED)
    counts = summary.standing_distribution
    most = max(counts) if counts else 0
    count_width = len(str(most))
    number_width = len(str(len(counts) - 1))
    standing_bar = max(width - number_width - count_width - 3, 4)
    colour = Style(color=SIDE_COLOURS[0])
    for standing, count in enumerate(counts):
        text.append(f"{standing:>{number_width}} ")
        drawn = bar(count / most if most else 0.0, standing_bar)
        winning = needed is None or standing >= needed
        text.append(f"{drawn:<{standing_bar}}", colour if winning else MUTED)
        text.append(f" {count:>{count_width}}\n")
    text.append(
        f"mean {summary.mean_standing:.1f} up, turn {summary.mean_final_turn:.1f}, "
        f"seed {summary.seed}",
        MUTED,
    )
    return text


def progress_text(done: int, total: int, width: int) -> Text:
    width = max(width, 12)
    text = Text(no_wrap=True)
    text.append(f"Simulating {done}/{total} games…\n", "bold")
    drawn = bar(done / total if total else 0.0, width)
    text.append(drawn)
    text.append(TRACK * (width - len(drawn)), MUTED)
    text.append("\n\nThe game goes on meanwhile: v shows the roster.", MUTED)
    return text


ENDING_SHORT = {EndReason.HELD_OUT: "held", EndReason.FELL_SHORT: "short",
                EndReason.WIPED_OUT: "wiped", EndReason.ENEMY_WIPED_OUT: "won",
                EndReason.ENEMY_WIPED_OUT_TOO_FEW: "won<"}  # fmt: skip


def sweep_text(result: SweepResult, width: int) -> Text:
    """The plot: a row per value with the win rate, its bar (▒ the 95% interval) and the
    ending most games had."""
    width = max(width, 30)
    first = result.summaries[0]
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{first.side_names[0]} win rate by {result.key}\n", "bold")
    text.append(f"{first.games} games a value, seed {first.seed} (▒ = 95% range)\n", MUTED)
    labels = [str(value) for value in result.values]
    label_width = max(len(label) for label in labels)
    bar_width = max(width - label_width - 8, 6)
    colour = Style(color=SIDE_COLOURS[0], bold=True)
    for label, summary in zip(labels, result.summaries, strict=True):
        rate_row(text, f"{label:>{label_width}} ", summary, 0, bar_width)
        text.append("\n")
    text.append("How the games ended:\n", "bold")
    for label, summary in zip(labels, result.summaries, strict=True):
        parts = [
            f"{ENDING_SHORT[r]} {summary.endings[r]}" for r in END_REASONS if summary.endings[r]
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


SIMULATION_GROUP = "skirmish-simulation"
DEFAULT_SIMULATION_GAMES = 1000
# Games a value in a sweep: each value is its own batch, so fewer than a plain run.
DEFAULT_SWEEP_GAMES = 500

Result = SimulationSummary | SweepResult


class SimulationProgress(Message):
    """Games done of the total, posted from the worker thread."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class SimulationCancelled(Exception):
    """Raised inside the worker to stop a simulation nobody waits for."""


class SimulationPanel(Widget):
    """The chart beside the map (nothing yet, a progress bar, the last simulation's chart or
    sweep's plot), and the worker that plays the games it draws."""

    DEFAULT_CSS = tab_css(__file__, "chart.tcss")

    class Simulated(Message):
        """The games ended: their `result`, or the `error` that stopped them."""

        def __init__(self, result: Result | None, error: BaseException | None = None) -> None:
            super().__init__()
            self.result = result
            self.error = error

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.summary: SimulationSummary | None = None
        self.needed: int | None = None
        self.progress: tuple[int, int] | None = None
        self.sweep: SweepResult | None = None
        self.message = "No simulation yet: press s to play many games with both sides automatic."
        self.worker: Worker[Result] | None = None

    def show_progress(self, done: int, total: int) -> None:
        self.progress = (done, total)
        self.refresh()

    def render(self) -> Text:
        width = self.content_size.width or 40
        if self.progress is not None:
            return progress_text(*self.progress, width)
        if self.sweep is not None:
            return sweep_text(self.sweep, width)
        if self.summary is not None:
            return chart_text(self.summary, width, self.needed)
        return Text(self.message, MUTED)

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

    def _progress(self, offset: int, total: int) -> Callable[[int, int], None]:
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
        if event.worker is not self.worker:
            return
        event.stop()
        result = event.worker.result
        if event.state == WorkerState.SUCCESS and isinstance(result, SweepResult):
            self.sweep = result
        elif event.state == WorkerState.SUCCESS and isinstance(result, SimulationSummary):
            self.summary, self.sweep = result, None
        elif event.state == WorkerState.ERROR:
            result, self.message = None, f"The simulation stopped: {event.worker.error}"
        else:
            return
        self.progress = None
        self.refresh()
        self.post_message(self.Simulated(result, event.worker.error))
