"""The Torga IV tab's own widgets beside the map: the side panel (roster and log, the log
alone, or the simulation chart) and the box where a move's destination is typed."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding
from textual.widgets import ContentSwitcher, Input

from gmtool.tui.action_table import bindings
from gmtool.tui.tabs.torga.chart import SimulationChart
from gmtool.tui.tabs.torga.keys import DESTINATION_KEYS
from gmtool.tui.tabs.torga.log import GameLog

TABLE = "sk-table"
CHART = "sk-sim"


class DestinationInput(Input):
    """Where a move goes, typed as x,y: enter moves there (the tab's Confirm key)."""

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        *bindings(DESTINATION_KEYS)
    ]

    async def action_confirm(self) -> None:
        await self.action_submit()


class SidePanel(ContentSwitcher):
    """Beside the map: the roster above the log (`#sk-table`), or the chart (`#sk-sim`)."""

    @property
    def chart_shown(self) -> bool:
        return self.current == CHART

    @property
    def log_pages(self) -> bool:
        """The log is shown and holds more than its rows (its page keys work)."""
        return self.current == TABLE and self.query_one("#sk-log", GameLog).overflows

    def turn(self) -> None:
        """Roster and log, then the log alone (more of it at 80x24), then the chart."""
        roster = self.query_one("#sk-roster-box")
        if self.current == CHART:
            self.show_table()
        elif roster.display:
            roster.display = False
        else:
            self.current = CHART

    def show_table(self) -> None:
        self.current = TABLE
        self.query_one("#sk-roster-box").display = True

    def show_chart(self, games: int) -> SimulationChart:
        """The chart, its progress bar at nothing done of `games`."""
        self.current = CHART
        chart = self.query_one("#sk-sim", SimulationChart)
        chart.show_progress(0, games)
        return chart
