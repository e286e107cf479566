"""Ask for a file path (and one yes/no option), then import or export through an action."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Static

from gmtool.actions.errors import StoreError
from gmtool.rules.errors import RulesError
from gmtool.tui.dialogs.base import GmDialog, save_action
from gmtool.tui.footer import KeyFooter

FileAction = Callable[[Path, bool], str]
"""Does the import or export; returns the message to show, raises to keep the dialog open."""


class FileDialog(GmDialog[str | None]):
    """Enter (or ctrl+s) runs the file action; a refusal is shown and the dialog stays."""

    DEFAULT_CSS = """
    FileDialog > .dialog-box { width: 76; }
    FileDialog #file-path { margin: 1 0; }
    FileDialog #file-option { margin-bottom: 1; }
    FileDialog #file-status { height: auto; color: $text-muted; }
    FileDialog #file-status.error { color: $error; }
    """
    ACTIONS = (save_action("run", "Go", "Import or export the file typed"),)

    def __init__(self, title: str, path: str, option: str, hint: str, action: FileAction) -> None:
        super().__init__()
        self.title_text = title
        self.path = path
        self.option = option
        self.hint = hint
        self.file_action = action

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box") as box:
            box.border_title = self.title_text
            yield Input(self.path, placeholder="path to a .yaml file", id="file-path", compact=True)
            yield Checkbox(self.option, id="file-option", compact=True)
            yield Static(self.hint, id="file-status")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#file-path", Input).focus()

    def unsaved_changes(self) -> bool:
        return False  # a path is quickly typed again; nothing of the campaign is lost

    def action_run(self) -> None:
        text = self.query_one("#file-path", Input).value.strip()
        status = self.query_one("#file-status", Static)
        if not text:
            status.add_class("error")
            status.update("Type the path of a YAML file.")
            return
        path = Path(text).expanduser()
        try:
            message = self.file_action(path, self.query_one("#file-option", Checkbox).value)
        except (RulesError, StoreError) as exc:
            status.add_class("error")
            status.update(f"Nothing changed: {exc}")
            return
        self.dismiss(message)
