"""Every modal screen of the app: one base (`GmDialog`) and the shared dialogs built on it.

A tab's own dialogs live in its package (`gmtool.tui.tabs.<tab>`); they derive from
`GmDialog` too.
"""

from gmtool.tui.dialogs.base import ConfirmDialog, GmDialog, build_ahead, kept_dialog
from gmtool.tui.dialogs.choice import ChoiceDialog

__all__ = ["ChoiceDialog", "ConfirmDialog", "GmDialog", "build_ahead", "kept_dialog"]
