"""The whole-number field every form uses.

Textual's `Input(type="integer")` drops what is not a digit as it is typed: "1e400" became
1400 hull points, saved without a word. This field keeps the text exactly as typed and marks
it at once (red) while it is not a whole number within its bounds; the form's save then says
what the field needs and puts the cursor on it. Bounds come from `rules/limits.py` or the
rules tables, never from here.
"""

from __future__ import annotations

from typing import Any

from textual.validation import Integer
from textual.widgets import Input


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
            value,
            validators=[Integer(minimum=minimum, maximum=maximum)],
            valid_empty=True,
            **kwargs,
        )

    @property
    def bounds_text(self) -> str:
        """The field's bounds in words ("a whole number from 1 to 100,000")."""
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return f"a whole number from {low:,} to {high:,}"
        if low is not None:
            return f"a whole number of at least {low:,}"
        if high is not None:
            return f"a whole number of at most {high:,}"
        return "a whole number"
