"""The one base of every modal screen: Escape cancels, and a form asks before it loses work.

Every dialog of the app (a question, a list to choose from, a form) derives from `GmDialog`,
so the keys mean the same everywhere: Enter confirms the focused choice (a focused button is
pressed, a highlighted list entry chosen, a form's field submitted), Escape cancels. A dialog
that holds fields remembers what they held once it was drawn; Escape (and ctrl+q) on a form
whose fields were changed asks before the typing is thrown away.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Checkbox, Input, RadioSet, Select, SelectionList, Switch, TextArea

R = TypeVar("R")

# The widgets whose value is what a GM typed or chose in a form.
FIELD_TYPES: tuple[type[Widget], ...] = (
    Input,
    TextArea,
    Select,
    Checkbox,
    Switch,
    RadioSet,
    SelectionList,
)

DISCARD_QUESTION = "Close without saving? What you typed in this form is lost."


def field_value(widget: Widget) -> Any:
    """What a field holds now, comparable with what it held before."""
    if isinstance(widget, TextArea):
        return widget.text
    if isinstance(widget, RadioSet):
        return widget.pressed_index
    if isinstance(widget, SelectionList):
        return tuple(widget.selected)
    return getattr(widget, "value", None)


class GmDialog(ModalScreen[R]):
    """A modal screen with the app's keys. Subclasses set `CANCEL_RESULT` (what Escape
    returns) and, when their fields are not all there is to lose, override
    `unsaved_changes`."""

    DEFAULT_CSS = """
    GmDialog { align: center middle; }
    GmDialog > .dialog-box {
        width: 64; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    GmDialog .dialog-hint { color: $text-muted; }
    GmDialog .dialog-error { color: $error; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    CANCEL_RESULT: ClassVar[Any] = None
    """What the dialog returns when cancelled."""

    _fields_at_start: tuple[tuple[str, Any], ...] | None = None

    def on_mount(self) -> None:
        # after the subclass's own on_mount has filled its fields in
        self.call_after_refresh(self.remember_fields)

    # -- what the form held ---------------------------------------------------------------
    def field_values(self) -> tuple[tuple[str, Any], ...]:
        """Every field of the dialog with its value, in screen order."""
        found = []
        for number, widget in enumerate(self.query("*")):
            if isinstance(widget, FIELD_TYPES):
                found.append((widget.id or f"#{number}", field_value(widget)))
        return tuple(found)

    def remember_fields(self) -> None:
        """Take what the fields hold now as the saved state (called once the dialog is
        drawn, and by a form after it saved and stays open)."""
        self._fields_at_start = self.field_values()

    def unsaved_changes(self) -> bool:
        """True when closing would lose something the GM typed or chose."""
        if self._fields_at_start is None:
            return False
        return self.field_values() != self._fields_at_start

    # -- closing --------------------------------------------------------------------------
    def action_cancel(self) -> None:
        """Escape: close, asking first when there is typing to lose."""
        if not self.unsaved_changes():
            self.dismiss(self.CANCEL_RESULT)
            return
        from gmtool.tui.dialogs.confirm import ConfirmDialog

        def answered(discard: bool | None) -> None:
            if discard:
                self.dismiss(self.CANCEL_RESULT)

        self.app.push_screen(
            ConfirmDialog(DISCARD_QUESTION, yes="Discard", no="Keep editing", danger=True),
            answered,
        )
