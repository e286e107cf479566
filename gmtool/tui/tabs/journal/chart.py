"""The Journal's chart of the party's and the ships' condition (textual-plotext); imported the
first time it is shown, as plotting takes a fifth of a second to load."""

from __future__ import annotations

from collections.abc import Sequence

from textual_plotext import PlotextPlot

from gmtool.actions.journal import ConditionHistory

PARTY, SHIPS = "party", "ships"
# What each page shows, for the line under it (a plot's own title takes rows from the plot).
PAGE_WORDS = {
    PARTY: "The party: wounds (line) and mortal damage (x) at the end of each session",
    SHIPS: "Campaign ships: fullest damage track % (line) and crew aboard % (x) after each battle",
}
# Each page's title in the plot: short, since plotext leaves out a title wider than the plot
# (about 50 columns at 80x24); the line under the chart says it whole.
TITLES = {
    PARTY: "The party: wounds (-), mortal damage (x)",
    SHIPS: "Ships: damage % (-), crew aboard % (x)",
}
# Characters and ships drawn at most: the legend has to leave room for the lines.
MOST_LINES = 6
COLOURS = ("cyan", "orange", "green", "magenta", "yellow", "red")
Line = tuple[str, Sequence[float], Sequence[float], Sequence[float]]  # name, x, line, crosses


def short_name(name: str) -> str:
    """The last word of a name: a legend at 80 columns has room for "Calloway", not ranks."""
    return name.split()[-1] if name.split() else name


class ConditionChart(PlotextPlot):
    """One chart of a campaign's condition history; `show` draws a page of it."""

    def show(self, history: ConditionHistory, page: str) -> None:
        self.plt.clear_figure()
        if page == PARTY:
            self._party(history)
        else:
            self._ships(history)
        self.refresh()

    def _party(self, history: ConditionHistory) -> None:
        self.plt.title(TITLES[PARTY])
        hurt = sorted(history.party, key=lambda c: -max((*c.wound, *c.mortal, 0)))[:MOST_LINES]
        if not history.sessions or not hurt:
            self.plt.title("The party: no wounds in any session yet")
            return
        sessions: list[float] = list(history.sessions)
        self._lines([(c.name, sessions, c.wound, c.mortal) for c in hurt], sessions, "session")

    def _ships(self, history: ConditionHistory) -> None:
        self.plt.title(TITLES[SHIPS])
        ships = [s for s in history.ships if s.battles][:MOST_LINES]
        if not ships:
            self.plt.title("Ships: none has finished a battle yet")
            return
        lines = [(s.name, [p + 1 for p in s.battles], s.damage, s.crew) for s in ships]
        self._lines(lines, list(range(1, len(history.battles) + 1)), "battle")
        self.plt.ylim(0, 100)

    def _lines(self, lines: Sequence[Line], ticks: list[float], xlabel: str) -> None:
        """Each character's or ship's two series, a line and crosses in one colour."""
        plt = self.plt
        for (name, places, line, crosses), colour in zip(lines, COLOURS, strict=False):
            line_values = [float(n) for n in line]
            plt.plot(places, line_values, label=short_name(name), marker="hd", color=colour)
            plt.plot(places, [float(n) for n in crosses], marker="x", color=colour)
        plt.xticks(ticks, [str(int(t)) for t in ticks])
        plt.xlabel(xlabel)
