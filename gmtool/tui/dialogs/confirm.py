"""A yes/no question with two buttons: Enter presses the focused one, y and n answer."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant

from gmtool.tui.dialogs.base import GmDialog


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
