"""The Journal's dialogs: a note to type (new or edited), and a recap to read."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Static

from gmtool.tui.dialogs.base import GmDialog


class NoteDialog(GmDialog[str | None]):
    """Asks for a note's text; returns it, or None when cancelled."""

    DEFAULT_CSS = """
    NoteDialog > .dialog-box { width: 70; padding: 1 2; }
    NoteDialog Input { margin-top: 1; }
    """

    def __init__(self, question: str, text: str = "") -> None:
        super().__init__()
        self.question = question
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(self.question, id="note-question")
            yield Input(self.text, placeholder="what happened", id="note-text")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)


class RecapDialog(GmDialog[None]):
    """A recap in Markdown, to read (Escape or Enter closes it)."""

    DEFAULT_CSS = """
    RecapDialog > .dialog-box { width: 90; height: 90%; padding: 0 1; }
    RecapDialog #recap-title { text-style: bold; }
    RecapDialog VerticalScroll { height: 1fr; }
    """
    BINDINGS = [Binding("enter", "cancel", "Close")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(self.title_text, id="recap-title")
            with VerticalScroll(id="recap-scroll"):
                yield Static(self.text, id="recap-text", markup=False)

    def on_mount(self) -> None:
        self.query_one("#recap-scroll").focus()
