"""The one base of every modal screen (`GmDialog`), so keys, fields and refusals work the
same in every dialog; `ConfirmDialog`, the yes/no question, lives beside it.

A dialog's keys come from its `ACTIONS` table, as a tab's do. A form's `save_action` runs
on ctrl+s anywhere and Enter in a field; Enter on a button, a list or a table keeps its
own meaning. Before the form's save, every kit field is checked: one out of bounds keeps
the dialog open with all that was typed, the cursor on it, saying what it needs. Escape
cancels, asking first on a form whose fields were changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

from rich.text import Text
from textual import events, on
from textual.actions import SkipAction
from textual.app import App, ComposeResult
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

from gmtool.tui.action_table import TabAction, bindings
from gmtool.tui.widgets.form_errors import field_label
from gmtool.tui.widgets.number_field import NumberField
from gmtool.tui.widgets.steady import RepaintsFocusOnly, mount_ahead
from gmtool.tui.widgets.text_field import TextField

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

# Where Enter saves the form; elsewhere (a button, a list, a radio set) it keeps its meaning.
ENTER_SAVES_ON: tuple[type[Widget], ...] = (Input, Select, Checkbox, Switch)

# The line a dialog says its refusals on (the first there is); without one, a notification.
MESSAGE_LINES = (
    ".dialog-error, .error, .form-error, .setup-error, .dialog-message, "
    "#bailout-message, #hazard-message, #file-status"
)
# Of those, the lines that also hold hints and results: red only while they refuse.
HINT_LINE_IDS = frozenset({"bailout-message", "hazard-message", "file-status"})


def is_hint_line(line: Widget) -> bool:
    return line.has_class("dialog-message") or line.id in HINT_LINE_IDS


CANCEL = TabAction(
    "escape", "cancel", "Cancel", "Close; asks first when something typed would be lost",
    palette=False,
)  # fmt: skip
ENTER = TabAction(
    "enter", "enter_saves", "Save", "Save the form from any field", show=False,
    palette=False, priority=True,
)  # fmt: skip


def save_action(action: str, name: str, description: str, keys: tuple[str, ...] = ()) -> TabAction:
    """A form's saving key: ctrl+s anywhere, Enter in a field, and `keys` beside them
    (ctrl+r where saving rolls); `action` runs once every kit field is right."""
    return TabAction(
        "ctrl+s",
        f"checked_save({action!r})",
        name,
        description,
        keys=keys,
        key_display="Enter/^s",
        priority=True,
        palette=False,
    )


def field_problem(widget: Widget) -> str | None:
    """What a field of the kit refuses, in words (None: it is right, or not of the kit)."""
    if isinstance(widget, (NumberField, TextField)):
        return widget.problem
    return None


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


class GmDialog(RepaintsFocusOnly, ModalScreen[R]):
    """A modal screen with the app's keys. Subclasses set `CANCEL_RESULT` (what Escape
    returns) and override `unsaved_changes` when their fields are not all there is to lose."""

    DEFAULT_CSS = """
    GmDialog { align: center middle; }
    GmDialog > .dialog-box {
        width: 64; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    GmDialog .dialog-hint { color: $text-muted; }
    GmDialog .dialog-error { color: $error; }
    GmDialog .form-row { height: 1; margin-bottom: 1; }
    GmDialog .form-row > Label { padding: 0 1 0 0; color: $text-muted; }
    """
    ACTIONS: ClassVar[Sequence[TabAction]] = (CANCEL, ENTER)
    """The dialog's keys; a subclass's table adds to (or replaces by key) its base's."""
    BINDINGS = bindings(ACTIONS)  # type: ignore[assignment]
    SAVES: ClassVar[str | None] = None
    """The action Enter runs: the `save_action` of the table (None: Enter is not a save)."""
    OWN_ENTER: ClassVar[frozenset[str]] = frozenset()
    """Ids of fields where Enter does that field's own work (adds the skill typed)."""
    CANCEL_RESULT: ClassVar[Any] = None
    """What the dialog returns when cancelled."""

    _note_shown: str | None = None  # the field note or refusal last put on the message line
    _line_before: tuple[Any, bool] = ("", False)  # what the line held before it, and if red

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # before Textual merges the class's bindings in DOMNode.__init_subclass__
        if "ACTIONS" in cls.__dict__:
            cls.BINDINGS = list(bindings(cls.ACTIONS))  # type: ignore[arg-type]
            for entry in cls.ACTIONS:
                if entry.action.startswith("checked_save("):
                    cls.SAVES = entry.action
        super().__init_subclass__(**kwargs)

    _fields_at_start: tuple[tuple[str, Any], ...] | None = None
    _styled_in_theme: str | None = None  # the theme the dialog's widgets were last styled in

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Screen's handler, which reads the flag. Textual restyles every widget
        # of a pushed screen, a third of a big form's opening time; a dialog's widgets
        # keep the styles they got when mounted (a class or focus change restyles at once),
        # so only a theme changed since (the palette can) needs it.
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
        """Take what the fields hold now as the saved state (once drawn, and after a save
        that keeps the form open)."""
        self._fields_at_start = self.field_values()

    def restore_fields(self) -> None:
        """Put every field back to what it held when first drawn, so a kept dialog starts
        again as it did the first time."""
        start = dict(self._fields_at_start or ())
        for key, widget in self.fields():
            if key in start:
                set_field_value(widget, start[key])

    def unsaved_changes(self) -> bool:
        """True when closing would lose something the GM typed or chose."""
        if self._fields_at_start is None:
            return False
        return self.field_values() != self._fields_at_start

    # -- saving ---------------------------------------------------------------------------
    async def action_enter_saves(self) -> None:
        """Enter: save from a field; elsewhere (a button, a list) Enter acts there."""
        focused = self.focused
        if self.SAVES is None or (focused is not None and not isinstance(focused, ENTER_SAVES_ON)):
            raise SkipAction()
        if isinstance(focused, Select) and focused.expanded:
            raise SkipAction()
        if focused is not None and focused.id in self.OWN_ENTER:
            raise SkipAction()
        await self.run_action(self.SAVES)

    async def action_checked_save(self, action: str) -> None:
        """Run the form's save `action` once every kit field is right; else put the cursor
        on the first field at fault and say what it needs."""
        for _key, widget in self.fields():
            problem = None if widget.disabled else field_problem(widget)
            if problem is not None:
                widget.focus()
                self.say_refusal(f"Not saved: {self.label_of(widget)}: {problem}.")
                return
        await self.run_action(action)

    def label_of(self, widget: Widget) -> str:
        """A field as the GM reads it: its label, else its name, else its id in words."""
        label = field_label(widget) or widget.name
        if label:
            return label
        name = (widget.id or "the field").rsplit("-", 1)[-1]
        return name.replace("_", " ").capitalize()

    def message_line(self) -> Static | None:
        """The line the dialog says its refusals on, if it has one."""
        return next((line for line in self.query(MESSAGE_LINES) if isinstance(line, Static)), None)

    def say_refusal(self, text: str) -> None:
        """Say why the form was not saved on its message line and in a notification (a tall
        form's line may be out of sight); it goes when a choice of the form changes."""
        self.notify(text, severity="error")
        line = self.message_line()
        if line is not None:
            self._show_note(line, text, error=True)

    def _show_note(self, line: Static, text: str, *, error: bool) -> None:
        """Put a field's note or a refusal on the message line, keeping what it held to put
        back when the note goes."""
        if self._note_shown is None or str(line.content) != self._note_shown:
            self._line_before = (line.content, line.has_class("error"))
        if is_hint_line(line):
            line.set_class(error, "error")
        line.update(text)
        self._note_shown = text

    def _clear_note(self) -> None:
        """The note goes; the line says again what the dialog had written there."""
        shown = self._note_shown
        if shown is None:
            return  # nothing to look up: a key in a field costs no query
        self._note_shown = None
        line = self.message_line()
        if line is not None and str(line.content) == shown:
            content, error = self._line_before
            line.update(content)
            if is_hint_line(line):
                line.set_class(error, "error")

    @on(Input.Changed)
    def _field_note(self, event: Input.Changed) -> None:
        """A kit field's length near its limit, or its refusal, shown as it is typed."""
        field = event.input
        note = field.note if isinstance(field, TextField) else field_problem(field)
        if note is None:
            self._clear_note()
            return
        line = self.message_line()
        if line is None:
            return  # the field is marked red; its refusal comes on saving
        self._show_note(
            line, f"{self.label_of(field)}: {note}", error=field_problem(field) is not None
        )

    @on(Select.Changed)
    @on(RadioSet.Changed)
    @on(Checkbox.Changed)
    def _choice_changed(self) -> None:
        """A refusal about the choice made goes with it."""
        self._clear_note()

    # -- closing --------------------------------------------------------------------------
    def cancel_result(self) -> Any:
        """What Escape closes the dialog with."""
        return self.CANCEL_RESULT

    def action_cancel(self) -> None:
        """Escape: close, asking first when there is typing to lose."""
        if not self.unsaved_changes():
            self.dismiss(self.cancel_result())
            return

        def answered(discard: bool | None) -> None:
            if discard:
                self.dismiss(self.cancel_result())

        self.app.push_screen(
            ConfirmDialog(DISCARD_QUESTION, yes="Discard", no="Keep editing", danger=True),
            answered,
        )


def write_line(line: Static, words: str) -> None:
    """`words` in a dialog's message line (taken as written, not as markup), only if they
    changed: a written line asks for a layout, which after a kept dialog's first frame
    draws the whole dialog a second time."""
    if str(line.content) != words:
        line.update(Text(words))


D = TypeVar("D", bound=GmDialog[Any])


def kept_dialog(
    app: App[Any], name: str, kind: type[D], make: Callable[[], D], renew: Callable[[D], None]
) -> D:
    """A dialog built when first asked for and kept (installed under `name`, so closing does
    not take it apart), made new by `renew` each time after: building a form's widgets is
    most of the time its key takes. One still open (asked for from inside itself) is left
    alone and a new one built beside it."""
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
    """Build a `kept_dialog` before it is first asked for, while the GM is not pressing keys
    (a tab calls this once drawn), so even its first opening only lays it out and draws it."""
    if app.is_screen_installed(name):
        return
    app.install_screen(make(), name)
    mount_ahead(app, name)


class ConfirmDialog(GmDialog[bool]):
    """Asks one question. When the yes cannot be taken back (`danger`) the cursor starts on
    no, so Enter out of habit changes nothing. y and n answer anywhere; Escape is no."""

    DEFAULT_CSS = """
    ConfirmDialog > .dialog-box { width: 64; border: thick $warning; padding: 1 2; }
    ConfirmDialog .dialog-buttons { height: auto; margin-top: 1; }
    ConfirmDialog Button { margin-right: 2; }
    """
    CANCEL_RESULT = False
    ACTIONS = (
        TabAction("y", "answer(True)", "Yes", "Answer yes"),
        TabAction("n", "answer(False)", "No", "Answer no"),
        TabAction("left", "switch", "Other answer", "Move to the other answer", keys=("right",),
                  show=False),
    )  # fmt: skip

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
        self._focus_default_answer()

    def _focus_default_answer(self) -> None:
        """The cursor on the safe answer: No to a dangerous question, Yes otherwise."""
        self.query_one("#confirm-no" if self.danger else "#confirm-yes", Button).focus()

    def ask_again(self, question: str, detail: str) -> None:
        """A kept question (`kept_dialog`) asked anew: its words, the cursor on the safe
        answer. It was built with a detail line."""
        self.question, self.detail = question, detail
        self.query_one("#confirm-question", Static).update(question)
        self.query_one(".dialog-hint", Static).update(detail)
        self._focus_default_answer()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def action_switch(self) -> None:
        self.focus_next(Button)  # of two buttons, the other one
