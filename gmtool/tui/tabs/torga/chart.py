"""The balance simulation drawn in text: win rates with their 95% interval, and how many of
the victory side's figures stand at the end, as bars of Unicode blocks."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from gmtool.rules.skirmish import SimulationSummary
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.torga.bars import MUTED, TRACK, bar, rate_bar
from gmtool.tui.tabs.torga.map import SIDE_COLOURS
from gmtool.tui.tabs.torga.sweep import SweepResult, sweep_text


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
        colour = Style(color=SIDE_COLOURS[which % len(SIDE_COLOURS)], bold=True)
        text.append(f"{name:<{label_width}} ", colour)
        text.append(f"{summary.win_rate(which):6.1%} ")
        text.append_text(rate_bar(summary.win_rate(which), low, high, bar_width))
        text.append(f"\n{'':<{label_width}} {'':6} ")
        text.append(f"95%: {low:.1%} to {high:.1%}\n", MUTED)
    first = summary.side_names[0]
    text.append(f"{first} standing at end", "bold")
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
    fraction = done / total if total else 0.0
    drawn = bar(fraction, width)
    text.append(drawn)
    text.append(TRACK * (width - len(drawn)), MUTED)
    text.append("\n\nThe game goes on meanwhile: v shows the roster.", MUTED)
    return text


class SimulationChart(Widget):
    """Shows nothing yet, a progress bar, or the last simulation's chart."""

    DEFAULT_CSS = tab_css(__file__, "chart.tcss")

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.summary: SimulationSummary | None = None
        self.needed: int | None = None
        self.progress: tuple[int, int] | None = None
        self.sweep: SweepResult | None = None
        self.message = "No simulation yet: press s to play many games with both sides automatic."

    def show_progress(self, done: int, total: int) -> None:
        self.progress = (done, total)
        self.refresh()

    def show_summary(self, summary: SimulationSummary, needed: int | None = None) -> None:
        self.summary = summary
        self.needed = needed
        self.progress = None
        self.sweep = None
        self.refresh()

    def show_sweep(self, result: SweepResult) -> None:
        self.sweep = result
        self.progress = None
        self.refresh()

    def show_message(self, message: str) -> None:
        self.message = message
        self.progress = None
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
