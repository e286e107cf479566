"""The Torga IV tab's own widgets around the map: the side panel, and under the map the
action panel, the status line and the box where a move's destination is typed."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Console, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.visual import VisualType
from textual.widgets import ContentSwitcher, Input, Static

from gmtool.tui.action_table import bindings
from gmtool.tui.tabs.torga.keys import CONFIRM
from gmtool.tui.tabs.torga.log import GameLog
from gmtool.tui.tabs.torga.view import parse_point

TABLE = "sk-table"
CHART = "sk-sim"


def text_rows(text: VisualType, width: int, console: Console) -> int:
    """Rows the text (a Static's content) takes wrapped at `width` (0 for no text)."""
    content = text if isinstance(text, Text) else Text(str(text))
    if not content.plain:
        return 0
    return len(content.wrap(console, max(width, 1)))


def share_rows(
    room: int, panel: int, status: int, panel_yields: bool, limit: int = 2
) -> tuple[int, int]:
    """(rows for the panel, rows for the status) out of `room`, each at most `limit`.

    The status keeps at least one row. A panel that may yield (the selected figure's line,
    which the roster and standing line repeat) gives its rows to a long status first;
    otherwise the status is cut to what is left, then the panel.
    """
    panel = min(panel, limit)
    status = min(max(status, 1), limit)
    if panel + status <= room:
        return panel, status
    if panel_yields:
        panel = max(0, room - status)
    if panel + status > room:
        status = max(1, room - panel)
    return max(0, min(panel, room - status)), status


class DestinationInput(Input):
    """Where a move goes, typed as x,y: enter moves there (the tab's Confirm key)."""

    BINDINGS: ClassVar[list[BindingType]] = [*bindings([CONFIRM])]  # the pane's own entry

    async def action_confirm(self) -> None:
        await self.action_submit()


class SidePanel(ContentSwitcher):
    """Beside the map: the roster above the log (`#sk-table`), or the chart (`#sk-sim`)."""

    _roster_rows = 0

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

    def show_roster(self, roster: RenderableType, rows: int, selected: int | None) -> None:
        """The roster (`rows` long: a new layout only when that changes), scrolled to the
        `selected` figure's row when it has fewer rows (at 80x24)."""
        self.query_one("#sk-roster", Static).update(roster, layout=rows != self._roster_rows)
        self._roster_rows = rows
        box = self.query_one("#sk-roster-box", VerticalScroll)
        height = box.size.height
        if selected is not None and height and not box.scroll_y <= selected < box.scroll_y + height:
            box.scroll_to(y=max(selected - height // 2, 0), animate=False)

    def show_table(self) -> None:
        self.current = TABLE
        self.query_one("#sk-roster-box").display = True

    def show_chart(self) -> None:
        self.current = CHART


class UnderMap(Vertical):
    """The action panel, and the status line with the destination box beside it. They share
    the rows left under the map, so at 80x24 the map never gives up a row and the newest
    message is read whole."""

    class Destination(Message):
        """A destination typed (`point` None: not two numbers), or `entered` with Enter."""

        def __init__(self, text: str, entered: bool) -> None:
            super().__init__()
            self.text = text
            self.point = parse_point(text)
            self.entered = entered

    def compose(self) -> ComposeResult:
        yield Static(id="sk-action")
        with Horizontal(id="sk-bottom"):  # the typed destination beside the status: no row
            yield DestinationInput(
                placeholder="x,y in inches, then enter", id="sk-move-to", compact=True
            )
            yield Static(id="sk-status")

    @on(Input.Changed, "#sk-move-to")
    def _typed(self, event: Input.Changed) -> None:
        if parse_point(event.value) is not None:
            self.post_message(self.Destination(event.value, entered=False))

    @on(Input.Submitted, "#sk-move-to")
    def _entered(self, event: Input.Submitted) -> None:
        self.post_message(self.Destination(event.value, entered=True))

    @property
    def typing(self) -> bool:
        """The destination box is open."""
        return self.query_one("#sk-move-to").has_class("shown")

    def show_panel(self, text: str | Text) -> None:
        self.query_one("#sk-action", Static).update(text, layout=False)

    def show_status(self, text: str | Text, error: bool) -> None:
        status = self.query_one("#sk-status", Static)
        status.set_class(error, "error")
        status.update(text, layout=False)

    def open_box(self, value: str) -> None:
        box = self.query_one("#sk-move-to", Input)
        box.add_class("shown")
        box.value = value
        box.focus()

    def close_box(self) -> bool:
        """Close the destination box; whether it was open."""
        shown = self.typing
        self.query_one("#sk-move-to", Input).remove_class("shown")
        return shown

    def fit(self, room: int, width: int, browsing: bool) -> None:
        """Give the panel and the status their rows of the `room` left (`width` wide); a
        figure's line (`browsing`) yields to a message first."""
        panel = self.query_one("#sk-action", Static)
        status = self.query_one("#sk-status", Static)
        width_style = self.query_one("#sk-move-to", Input).styles.width
        beside = int(width_style.value) if self.typing and width_style else 0
        console = self.app.console
        panel_rows = text_rows(panel.content, width, console) if panel.display else 0
        status_rows = text_rows(status.content, width - beside, console)
        rows = share_rows(room, panel_rows, status_rows, browsing)
        for widget, wanted in zip((panel, status), rows, strict=True):
            if widget.styles.height is None or widget.styles.height.value != wanted:
                widget.styles.height = wanted
