"""Starting and ending a game session (F2): rolls, injuries and battles record the session."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from gmtool.tui.dialogs.base import GmDialog, save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.widgets.text_field import TextField


class SessionDialog(GmDialog[str | None]):
    """Asks for the new session's title; returns it (may be empty) or None when cancelled."""

    DEFAULT_CSS = """
    SessionDialog > .dialog-box { width: 60; padding: 1 2; }
    SessionDialog Input { margin-top: 1; }
    """

    ACTIONS = (save_action("start", "Start session", "Start the session with the title typed"),)

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            # a Static wraps in the 60-column box; a Label cut this off after "Esc cance"
            yield Static(
                f"Start game session {self.number}. Title (Enter to start, Esc cancels):",
                id="session-question",
            )
            yield TextField(placeholder=f"Session {self.number}", id="session-title", name="Title")
            yield Static("", classes="dialog-error")
        yield KeyFooter()

    def action_start(self) -> None:
        self.dismiss(self.query_one("#session-title", Input).value)
