"""The whole-number field every form uses.

Textual's `Input(type="integer")` drops non-digits as they are typed, so "1e400" would
save as 1400 hull points without a word. This field keeps the text as typed and marks it
red at once (its refusal as its tooltip) while it is not a plain whole number in bounds.
Bounds come from `rules/limits.py` or the rules tables, never from here.
"""

from __future__ import annotations

import re
from typing import Any

from textual.widgets import Input

from gmtool.rules.errors import excerpt
from gmtool.rules.limits import MAX_NUMBER_DIGITS, number_words
from gmtool.tui.widgets.text_field import ProblemCheck

_WHOLE = re.compile(r"[+-]?[0-9]+")


def parsed_number(text: str) -> int | None:
    """`text` as a whole number when it is one plainly written ("12", "-3"), else None:
    "1e400", "1,000", "12.0" and a number longer than any bound are not."""
    text = text.strip()
    if len(text) > MAX_NUMBER_DIGITS + 1 or not _WHOLE.fullmatch(text):
        return None
    return int(text)


def number_problem(text: str, minimum: int | None, maximum: int | None) -> str | None:
    """What is wrong with `text` as a whole number from `minimum` to `maximum` ("at least
    1"); None when right. Empty is left to the form: some fields may stay empty."""
    shown = text.strip()
    if not shown:
        return None
    if len(shown) > MAX_NUMBER_DIGITS + 1 and shown.lstrip("+-").isdigit():
        length = len(shown.lstrip("+-"))
        return (
            f"at most {maximum:,} (this is a number of {length:,} digits)"
            if maximum is not None
            else f"at most {MAX_NUMBER_DIGITS} digits (this is {length:,})"
        )
    number = parsed_number(shown)
    if number is None:
        return f"a whole number, digits only (this is {excerpt(shown, 24)})"
    if minimum is not None and number < minimum:
        return f"at least {minimum:,} (this is {number_words(number)})"
    if maximum is not None and number > maximum:
        return f"at most {maximum:,} (this is {number_words(number)})"
    return None


class NumberField(Input):
    """A whole number from `minimum` to `maximum` (either may be None: unbounded)."""

    DEFAULT_CSS = """
    NumberField.-invalid { color: $error; text-style: bold; }
    """

    def __init__(
        self,
        value: str | None = None,
        *,
        minimum: int | None = None,
        maximum: int | None = None,
        **kwargs: Any,
    ) -> None:
        self.minimum = minimum
        self.maximum = maximum
        super().__init__(
            value, validators=[ProblemCheck(self._problem_of)], valid_empty=True, **kwargs
        )

    @property
    def number(self) -> int | None:
        """The number typed, when it is one in bounds; else None."""
        if self.problem is not None:
            return None
        return parsed_number(self.value)

    @property
    def problem(self) -> str | None:
        """What is wrong with the text, in words; None when it is right or empty."""
        return self._problem_of(self.value)

    def _problem_of(self, text: str) -> str | None:
        return number_problem(text, self.minimum, self.maximum)

    def on_input_changed(self, event: Input.Changed) -> None:
        # the refusal in words where the pointer and the dialog's save find it
        self.tooltip = self.problem
