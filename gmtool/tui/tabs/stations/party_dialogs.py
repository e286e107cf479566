"""The dialogs the Stations tab's party keys open, built from values: the party file's
import and export (each asks for its typed request and hands it to `save`, the pane) and the
question before an undo of a change not made on the tab."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gmtool.tui.dialogs import ConfirmDialog
from gmtool.tui.dialogs.file_path import FileDialog
from gmtool.tui.tabs.stations.party_orders import ExportParty, ImportParty, PartyRequest

Save = Callable[[PartyRequest], object]


def import_dialog(save: Save) -> FileDialog[ImportParty]:
    return FileDialog(
        "Import a party YAML file",
        "",
        "Replace the whole party",
        "Enter imports. Characters in the file are added, or replace the character with "
        "the same id (tick the box to replace the whole party instead). A file with any "
        "mistake changes nothing.",
        ImportParty,
        save,
    )


def export_dialog(save: Save) -> FileDialog[ExportParty]:
    return FileDialog(
        "Export the party as YAML",
        str(Path.cwd() / "party.yaml"),
        "Overwrite the file if it exists",
        "Enter writes the file: the characters and their battle stations.",
        ExportParty,
        save,
    )


def undo_question(label: str) -> ConfirmDialog:
    """Asked before undoing a change not made on this tab just now (an injury, an earlier
    session's): it is taken back from the saved party all the same."""
    return ConfirmDialog(
        f"Undo “{label}”?",
        detail="It was not done on this tab just now: undo takes it back from the saved party.",
        yes="Undo",
        no="Keep it",
    )
