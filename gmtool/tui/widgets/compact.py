"""The compact fields every tab's forms are built from, so a list, a number and a note look
and check the same in every dialog."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Label, Select

from gmtool.rules.limits import MAX_TEXT_CHARS
from gmtool.tui.widgets.number_field import NumberField
from gmtool.tui.widgets.text_field import TextField


def choice(
    options: Iterable[tuple[str, Any]],
    value: Any,
    field_id: str,
    tip: str | None = None,
    *,
    classes: str | None = None,
    disabled: bool = False,
) -> Select[Any]:
    """A compact choice list holding one of `options`, with what it asks for; `value` None:
    nothing chosen yet, and only then may it stay blank."""
    blank = value is None
    return Select(options, value=Select.BLANK if blank else value, allow_blank=blank, id=field_id,
                  classes=classes, disabled=disabled, tooltip=tip, compact=True)  # fmt: skip


def number_field(
    field_id: str,
    minimum: int | None,
    maximum: int | None = None,
    value: str = "",
    placeholder: str = "",
    classes: str | None = None,
) -> NumberField:
    """A compact whole-number field, its bounds from the rules."""
    return NumberField(value, placeholder=placeholder, id=field_id, minimum=minimum,
                       maximum=maximum, classes=classes, compact=True)  # fmt: skip


def note_field(
    field_id: str, placeholder: str, value: str = "", classes: str | None = "wide"
) -> TextField:
    """A compact one-line note (a cause, a treatment), bounded like every note."""
    return TextField(value, placeholder=placeholder, id=field_id, limit=MAX_TEXT_CHARS,
                     classes=classes, compact=True)  # fmt: skip


def form_row(*parts: str | Widget, classes: str = "") -> Horizontal:
    """A row of a form, in the one row style of `GmDialog`: a string is the label of the
    field after it, anything else a field. The row's first label is `first`, the others
    `gap`, for a form that lines its first column up or spaces the fields of a row."""
    return Horizontal(
        *(
            Label(part, classes="gap" if index else "first") if isinstance(part, str) else part
            for index, part in enumerate(parts)
        ),
        classes=f"form-row {classes}".rstrip(),
    )
