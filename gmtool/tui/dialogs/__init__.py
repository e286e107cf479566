"""The base of every modal screen (`GmDialog`) and the dialogs the tabs share; a tab's own
dialogs live in its package."""

from gmtool.tui.dialogs.base import (
    ConfirmDialog,
    GmDialog,
    build_ahead,
    kept_dialog,
    write_line,
)
from gmtool.tui.dialogs.choice import ChoiceDialog

__all__ = [
    "ChoiceDialog",
    "ConfirmDialog",
    "GmDialog",
    "build_ahead",
    "kept_dialog",
    "write_line",
]
