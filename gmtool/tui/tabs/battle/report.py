"""The Battle tab's reading screens: the battle summary and the Markdown report saved
under the campaign (`reports/<battle id>.md`)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Markdown, Static

from gmtool.tui.action_table import TabAction
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css


class ReportScreen(GmDialog[None]):
    """The report, scrolled with the arrow keys and page keys; where it was saved on top."""

    DEFAULT_CSS = tab_css(__file__, "report.tcss")
    AUTO_FOCUS = "#report-scroll"
    ACTIONS = (TabAction("escape", "cancel", "Close", "Close the report", keys=("enter", "r")),)

    def __init__(self, title: str, markdown: str, saved_as: str) -> None:
        super().__init__()
        self.title_text = title
        self.markdown = markdown
        self.saved_as = saved_as

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = self.title_text
            yield Static(f"Saved as {self.saved_as}", id="report-saved")
            with VerticalScroll(id="report-scroll"):
                yield Markdown(self.markdown, id="report-text")
        yield KeyFooter()


class SummaryScreen(GmDialog[None]):
    """The battle summary: each ship's damage and crew losses, what each character did."""

    DEFAULT_CSS = tab_css(__file__, "report.tcss")
    AUTO_FOCUS = "#summary-scroll"
    ACTIONS = (TabAction("escape", "cancel", "Close", "Close the summary", keys=("enter", "s")),)

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = self.title_text
            with VerticalScroll(id="summary-scroll"):
                yield Static(Text(self.text), id="summary-text")
        yield KeyFooter()
