"""The one base of every modal screen: Escape cancels, and a form asks before it loses work.
The yes/no question it asks with (`ConfirmDialog`, two buttons) lives beside it.

Every dialog of the app (a question, a list to choose from, a form) derives from `GmDialog`,
so the keys mean the same everywhere: Enter confirms the focused choice (a focused button is
pressed, a highlighted list entry chosen, a form's field submitted), Escape cancels. A dialog
that holds fields remembers what they held once it was drawn; Escape (and ctrl+q) on a form
whose fields were changed asks before the typing is thrown away.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    RadioSet,
    Select,
    SelectionList,
    Static,
    Switch,
    TextArea,
)
from textual.widgets.button import ButtonVariant

from gmtool.tui.widgets.steady import DimsBackdrop, DrawsWhenSettled

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


def set_field_value(widget: Widget, value: Any) -> None:
    """Give a field back a value `field_value` read from it."""
    if isinstance(widget, TextArea):
        widget.text = value
    elif isinstance(widget, (Input, Select, Checkbox, Switch)):
        widget.value = value
    else:  # a radio set or a selection list: no dialog kept for reuse has one
        raise TypeError(f"{type(widget).__name__} fields cannot be put back")


class GmDialog(DimsBackdrop, DrawsWhenSettled, ModalScreen[R]):
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
    _styled_in_theme: str | None = None  # the theme the dialog's widgets were last styled in

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Textual's own handler (which reads the flag). Textual styles every
        # widget of a pushed screen again; a dialog's widgets were styled as they were
        # mounted (a moment ago, or the first time a kept dialog was shown) and have kept
        # their styles since, as a class or focus change restyles its widget at once. Only
        # a theme changed since (the palette can) makes them stale. Styling a big form
        # again took a third of the time to open it.
        theme = self.app.theme
        if self._styled_in_theme == theme or self._styled_in_theme is None:
            event.refresh_styles = False
        self._styled_in_theme = theme

    def on_mount(self) -> None:
        # after the subclass's own on_mount has filled its fields in
        self.call_after_refresh(self.remember_fields)

    # -- what the form held ---------------------------------------------------------------
    def fields(self) -> list[tuple[str, Widget]]:
        """Every field of the dialog in screen order, by its id (or its place, unnamed)."""
        return [
            (widget.id or f"#{number}", widget)
            for number, widget in enumerate(self.query("*"))
            if isinstance(widget, FIELD_TYPES)
        ]

    def field_values(self) -> tuple[tuple[str, Any], ...]:
        """Every field of the dialog with its value, in screen order."""
        return tuple((key, field_value(widget)) for key, widget in self.fields())

    def remember_fields(self) -> None:
        """Take what the fields hold now as the saved state (called once the dialog is
        drawn, and by a form after it saved and stays open)."""
        self._fields_at_start = self.field_values()

    def restore_fields(self) -> None:
        """Put every field back to what it held when the dialog was first drawn: a dialog
        kept to be shown again (building a big form takes a quarter of a second) starts
        as it did the first time."""
        start = dict(self._fields_at_start or ())
        for key, widget in self.fields():
            if key in start:
                set_field_value(widget, start[key])

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

        def answered(discard: bool | None) -> None:
            if discard:
                self.dismiss(self.CANCEL_RESULT)

        self.app.push_screen(
            ConfirmDialog(DISCARD_QUESTION, yes="Discard", no="Keep editing", danger=True),
            answered,
        )


D = TypeVar("D", bound=GmDialog[Any])


def kept_dialog(
    app: App[Any], name: str, kind: type[D], make: Callable[[], D], renew: Callable[[D], None]
) -> D:
    """A dialog built the first time it is asked for and kept after (installed under `name`,
    so closing it does not take it apart), made new again by `renew` each time after that.
    Building a form's widgets was most of the time its key took; one still open (asked for
    again from inside itself) is not touched: a new one is built beside it."""
    if app.is_screen_installed(name):
        dialog = app.get_screen(name)
        if dialog in app.screen_stack:
            return make()
        if isinstance(dialog, kind) and dialog.is_mounted:
            renew(dialog)
            return dialog
        app.uninstall_screen(name)
    dialog = make()
    app.install_screen(dialog, name)
    return dialog


def build_ahead(app: App[Any], name: str, make: Callable[[], GmDialog[Any]]) -> None:
    """Build a dialog `kept_dialog` keeps under `name` before it is first asked for, while
    the GM is not pressing keys (a tab calls this once it is drawn): its widgets are made
    and styled now, so even its first opening only lays it out and draws it. (Textual's
    App._get_screen, pinned version: what push_screen does first with a new screen.)"""
    if app.is_screen_installed(name):
        return
    dialog = make()
    app.install_screen(dialog, name)
    app._get_screen(name)


class ConfirmDialog(GmDialog[bool]):
    """Asks one question. The focus starts on the safe answer when the yes cannot be taken
    back (`danger`), so Enter pressed out of habit keeps things as they are; otherwise on
    yes. y and n answer whatever has the focus; Escape is no."""

    DEFAULT_CSS = """
    ConfirmDialog > .dialog-box { width: 64; border: thick $warning; padding: 1 2; }
    ConfirmDialog .dialog-buttons { height: auto; margin-top: 1; }
    ConfirmDialog Button { margin-right: 2; }
    """
    CANCEL_RESULT = False
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("left,right", "switch", "Other answer", show=False),
    ]

    def __init__(
        self,
        question: str,
        *,
        detail: str = "",
        yes: str = "Yes",
        no: str = "No",
        danger: bool = False,
    ) -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.yes_label = yes
        self.no_label = no
        self.danger = danger

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(self.question, id="confirm-question")
            if self.detail:
                yield Static(self.detail, classes="dialog-hint")
            with Horizontal(classes="dialog-buttons"):
                variant: ButtonVariant = "error" if self.danger else "primary"
                yield Button(
                    f"{self.yes_label} (y)", id="confirm-yes", variant=variant, compact=True
                )
                yield Button(f"{self.no_label} (n)", id="confirm-no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#confirm-no" if self.danger else "#confirm-yes", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_switch(self) -> None:
        focused = self.focused
        other = (
            "#confirm-no" if focused is not None and focused.id == "confirm-yes" else "#confirm-yes"
        )
        self.query_one(other, Button).focus()
