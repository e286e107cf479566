"""The help screen (F1 or ?): what the current tab is for and its keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from gmtool.tui.action_table import TabAction
from gmtool.tui.dialogs.base import GmDialog


def general_help(tab_titles: list[str], app_keys: str) -> str:
    """The keys that work on every tab: the app's table (`app_keys`, its rows as
    `keys_markdown` writes them) and the keys of Textual's own; the digits name the tabs."""
    digits = ", ".join(f"{n} {title}" for n, title in enumerate(tab_titles, start=1))
    return f"""\
## Everywhere

{app_keys}
| ctrl+p | command palette: every tab and action by name |
| 1 ... {len(tab_titles)} | switch tab, outside a field (the number is on the tab): {digits} |
| ctrl+z / ctrl+y | undo / redo the last change on this tab (the tab says what it was) |
| tab / shift+tab | next / previous field |
| escape | leave a field; close a dialog |

Every change is saved to the campaign the moment it happens.
"""


class HelpScreen(GmDialog[None]):
    ACTIONS = (
        TabAction("escape", "dismiss", "Close help", "Close the help",
                  keys=("f1", "question_mark", "q")),
    )  # fmt: skip
    DEFAULT_CSS = """
    HelpScreen #help-box {
        width: 90%; max-width: 100; height: 90%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, title: str, text: str, tab_titles: list[str], app_keys: str) -> None:
        super().__init__()
        self.help_title = title
        self.help_text = text
        self.tab_titles = tab_titles
        self.app_keys = app_keys

    def compose(self) -> ComposeResult:
        everywhere = general_help(self.tab_titles, self.app_keys)
        with VerticalScroll(id="help-box"):
            yield Markdown(f"# {self.help_title}\n\n{self.help_text}\n\n{everywhere}")

    def action_dismiss(self, result: None = None) -> None:  # type: ignore[override]
        self.dismiss(None)
