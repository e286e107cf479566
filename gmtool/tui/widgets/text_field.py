"""The text field every form uses: a name, a note, a cause, bounded by `rules/limits.py`.

Near its limit it says its length ("480 of 500 characters"); past it, it is red and
refuses in words but keeps all that was typed, so a pasted page can be cut down, not lost.
Its check reads only the length: a key costs the same at 5 characters or 5,000.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.validation import ValidationResult, Validator
from textual.widgets import Input

from gmtool.rules.limits import MAX_TEXT_CHARS

NEAR_LIMIT = 0.9
"""From this share of its limit a field shows its length."""


def length_problem(length: int, limit: int) -> str | None:
    """Why a text of `length` characters is refused, in words; None when it fits."""
    if length <= limit:
        return None
    return f"at most {limit:,} characters (this is {length:,})"


def length_note(length: int, limit: int) -> str | None:
    """Nothing far from the limit, "480 of 500 characters" near it, the refusal past it."""
    problem = length_problem(length, limit)
    if problem is not None:
        return problem
    if length >= limit * NEAR_LIMIT:
        return f"{length:,} of {limit:,} characters"
    return None


class ProblemCheck(Validator):
    """Textual's check of a kit field, refusing in the field's own words."""

    def __init__(self, problem: Callable[[str], str | None]) -> None:
        super().__init__()
        self.problem = problem

    def validate(self, value: str) -> ValidationResult:
        problem = self.problem(value)
        return self.success() if problem is None else self.failure(problem)


class TextField(Input):
    """Text of at most `limit` characters (MAX_TEXT_CHARS unless told)."""

    DEFAULT_CSS = """
    TextField.-invalid { color: $error; text-style: bold; }
    """

    def __init__(self, value: str | None = None, *, limit: int = MAX_TEXT_CHARS, **kwargs: Any):
        self.limit = limit
        super().__init__(
            value,
            validators=[ProblemCheck(lambda text: length_problem(len(text), self.limit))],
            **kwargs,
        )

    @property
    def problem(self) -> str | None:
        """Why the text is refused, in words; None when it fits."""
        return length_problem(len(self.value), self.limit)

    @property
    def note(self) -> str | None:
        """The length near the limit, or the refusal past it."""
        return length_note(len(self.value), self.limit)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.tooltip = self.note
