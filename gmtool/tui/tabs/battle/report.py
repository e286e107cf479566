"""The battle report screen: the Markdown report of the open battle, as saved under the
campaign (`reports/<battle id>.md`), rendered for reading at the table."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from gmtool.tui.footer import KeyFooter


class ReportScreen(ModalScreen[None]):
    """The report, scrolled with the arrow keys and page keys; where it was saved on top."""

    DEFAULT_CSS = """
    ReportScreen { align: center middle; }
    ReportScreen > Vertical {
        width: 100%; max-width: 110; height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    ReportScreen #report-saved { height: auto; color: $text-muted; }
    ReportScreen VerticalScroll { height: 1fr; }
    ReportScreen Markdown { margin: 0; padding: 0; }
    """
    BINDINGS = [
        Binding("escape,enter,r", "close", "Close"),
    ]

    def __init__(self, title: str, markdown: str, saved_as: str) -> None:
        super().__init__()
        self.title_text = title
        self.markdown = markdown
        self.saved_as = saved_as

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = self.title_text
            yield Static(f"Saved as {self.saved_as}", id="report-saved")
            with VerticalScroll(id="report-scroll"):
                yield Markdown(self.markdown, id="report-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#report-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
