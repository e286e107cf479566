"""Choose one of a few things (a character, a station, a ship) from a list."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gmtool.tui.dialogs.base import GmDialog

TITLE_ROOM = 56
"""Characters a ChoiceDialog's title shows whole."""


class ChoiceDialog(GmDialog[str | None]):
    """A list of (key, label); Enter returns the highlighted key, Escape None."""

    DEFAULT_CSS = """
    ChoiceDialog OptionList { height: auto; max-height: 20; }
    """

    def __init__(
        self, title: str, options: Sequence[tuple[str, Text | str]], initial: str | None = None
    ) -> None:
        super().__init__()
        self.title_text = title
        self.options = list(options)
        self.initial = initial

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = self.title_text
            yield OptionList(*[Option(label, id=key) for key, label in self.options])
            yield Static("enter chooses, escape cancels", classes="dialog-hint")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        keys = [key for key, _ in self.options]
        if self.initial in keys:
            options.highlighted = keys.index(self.initial)
        options.focus()

    def unsaved_changes(self) -> bool:
        return False  # moving the highlight is not typing

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
