"""Ask for a file path (and one yes/no option) as the tab's typed request for an import or
an export, which the tab carries out while the dialog stays open to show its refusal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Static

from gmtool.actions.errors import StoreError
from gmtool.rules.errors import RulesError
from gmtool.tui.dialogs.base import GmDialog, save_action
from gmtool.tui.footer import KeyFooter

R = TypeVar("R")


class FileDialog(GmDialog[R | None], Generic[R]):
    """Saving hands `save` the request `ask` makes of the path and the box, and closes with
    it; a refusal `save` raises is shown and the dialog stays."""

    DEFAULT_CSS = """
    FileDialog > .dialog-box { width: 76; }
    FileDialog #file-path { margin: 1 0; }
    FileDialog #file-option { margin-bottom: 1; }
    FileDialog #file-status { height: auto; color: $text-muted; }
    FileDialog #file-status.error { color: $error; }
    """
    ACTIONS = (save_action("run", "Go", "Import or export the file typed"),)

    def __init__(
        self,
        title: str,
        path: str,
        option: str,
        hint: str,
        ask: Callable[[Path, bool], R],
        save: Callable[[R], object],
    ) -> None:
        super().__init__()
        self.title_text = title
        self.path = path
        self.option = option
        self.hint = hint
        self.ask = ask
        self.save = save

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
        request = self.ask(Path(text).expanduser(), self.query_one("#file-option", Checkbox).value)
        try:
            self.save(request)
        except (RulesError, StoreError) as exc:
            status.add_class("error")
            status.update(f"Nothing changed: {exc}")
            return
        self.dismiss(request)
