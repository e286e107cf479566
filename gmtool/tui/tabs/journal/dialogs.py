"""The Journal's dialogs: a note to type (new or edited), and a recap to read."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Static

from gmtool.tui.action_table import TabAction
from gmtool.tui.dialogs.base import GmDialog, save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.widgets.text_field import TextField


class NoteDialog(GmDialog[str | None]):
    """Asks for a note's text; returns it, or None when cancelled."""

    ACTIONS = (save_action("keep", "Keep note", "Keep the note typed"),)

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
            yield TextField(self.text, placeholder="what happened", id="note-text", name="Note")
            yield Static("", classes="dialog-error")
        yield KeyFooter()

    def action_keep(self) -> None:
        self.dismiss(self.query_one("#note-text", Input).value)


class RecapDialog(GmDialog[None]):
    """A recap in Markdown, to read (Escape or Enter closes it)."""

    DEFAULT_CSS = """
    RecapDialog > .dialog-box { width: 90; height: 90%; padding: 0 1; }
    RecapDialog #recap-title { text-style: bold; }
    RecapDialog VerticalScroll { height: 1fr; }
    """
    ACTIONS = (TabAction("enter", "cancel", "Close", "Close the recap"),)

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
