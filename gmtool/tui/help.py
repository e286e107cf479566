"""The help screen (F1 or ?): what the current tab is for and its keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

GENERAL_HELP = """\
## Everywhere

| key | does |
|---|---|
| F1 or ? | this help |
| ctrl+p | command palette: every tab and action by name |
| F2 | start a game session, or end the open one |
| 1 ... 9 | switch tab (when not typing in a field) |
| tab / shift+tab | next / previous field |
| escape | leave a field; close a dialog |
| ctrl+q | quit (everything is already saved) |

Every change is saved to the campaign the moment it happens.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,question_mark,q", "dismiss", "Close help")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.help_title = title
        self.help_text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Markdown(f"# {self.help_title}\n\n{self.help_text}\n\n{GENERAL_HELP}")

    def action_dismiss(self, result: None = None) -> None:  # type: ignore[override]
        self.dismiss(None)
