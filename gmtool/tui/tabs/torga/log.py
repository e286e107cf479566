"""The Torga IV tab's game log: every action and die in words, newest at the bottom."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from gmtool.actions.reads.skirmish import LOG_LIMIT
from gmtool.rules.skirmish.turn_modes import LogLine
from gmtool.tui.styles import tab_css

LINE_STYLES = {"fall": "bold #ff5f5f", "solo_order": "italic", "hold": "#808080", "aim": "#808080"}


def log_text(line: LogLine) -> Text:
    """One line of the game log, styled by what happened."""
    if line.kind == "turn":
        return Text(f"── {line.text} ──", style="bold")
    if line.kind == "victory":
        return Text(f"★ {line.text}", style="bold reverse")
    prefix = "▸ " if line.auto else "• "
    text = Text(prefix + line.text, style=LINE_STYLES.get(line.kind, ""))
    text.highlight_regex(r"hit, \d+ wounds?|takes \d+ wounds?", "bold #ffaf00")
    text.highlight_regex(r"\bmiss\b|a draw", "#808080")
    return text


class GameLog(Widget):
    """The newest lines of the game log, filling its height from the bottom.

    A RichLog would lay the whole screen out again on every line written (its scroll area
    grows); this draws only itself. `overflows`: there is something to page back to.
    """

    class Overflowed(Message):
        """The log now holds more rows than it shows, or now fits."""

        def __init__(self, overflows: bool) -> None:
            super().__init__()
            self.overflows = overflows

    DEFAULT_CSS = tab_css(__file__, "log.tcss")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lines: list[Text] = []
        self.back = 0  # wrapped lines scrolled back from the newest
        self.overflows = False  # more rows than its height

    def show(self, lines: list[Text]) -> None:
        self.lines = lines[-LOG_LIMIT:]
        self.back = 0
        self.refresh()

    def add(self, lines: list[Text]) -> None:
        self.show(self.lines + lines)

    def scroll_back(self, rows: int) -> None:
        self.back = max(0, self.back + rows)
        self.refresh()

    def wrapped(self, width: int, enough: int) -> list[Text]:
        """The last `enough` lines once wrapped to `width` (fewer if the log is shorter)."""
        out: list[Text] = []
        console = self.app.console
        for text in reversed(self.lines):
            out[:0] = list(text.wrap(console, width))
            if len(out) >= enough:
                break
        return out[-enough:] if enough else []

    def render(self) -> Text:
        width = max(self.content_size.width, 10)
        height = max(self.content_size.height, 1)
        rows = self.wrapped(width, height + self.back + 1)  # one more: is there more?
        self.back = max(0, min(self.back, len(rows) - height))
        shown = rows[: len(rows) - self.back][-height:]
        overflows = len(rows) > height
        if overflows != self.overflows:
            self.overflows = overflows
            self.post_message(self.Overflowed(overflows))
        if self.back and shown:
            shown[-1] = Text(f"… {self.back} more below (pgdn)", "italic #808080")
        return Text("\n").join(shown)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.scroll_back(3)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.scroll_back(-3)
