"""The field kit: a number field that keeps what was typed and refuses it in words, a text
field that shows its length near its limit, and a key that costs the same however long the
text is."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from gmtool.rules.limits import MAX_HULL_POINTS, MAX_TEXT_CHARS
from gmtool.tui.widgets import text_field
from gmtool.tui.widgets.number_field import NumberField, number_problem, parsed_number
from gmtool.tui.widgets.text_field import TextField, length_note, length_problem
from tests.tui.drawn import done


@pytest.mark.parametrize(
    ("text", "number"),
    [("12", 12), (" -3 ", -3), ("+7", 7), ("1e400", None), ("1,000", None), ("12.0", None),
     ("", None), ("9" * 5000, None)],
)  # fmt: skip
def test_only_a_plain_whole_number_is_a_number(text: str, number: int | None) -> None:
    assert parsed_number(text) == number


def test_a_number_out_of_bounds_is_refused_in_words() -> None:
    assert number_problem("0", 1, MAX_HULL_POINTS) == "at least 1 (this is 0)"
    assert number_problem("-3", 1, None) == "at least 1 (this is -3)"
    assert number_problem("99999999999999999999", 1, MAX_HULL_POINTS) == (
        "at most 100,000 (this is 99,999,999,999,999,999,999)"
    )
    assert number_problem("9" * 5000, 1, MAX_HULL_POINTS) == (
        "at most 100,000 (this is a number of 5,000 digits)"
    )
    assert (
        number_problem("1e400", 1, MAX_HULL_POINTS)
        == "a whole number, digits only (this is '1e400')"
    )
    assert number_problem("40", 1, MAX_HULL_POINTS) is None
    assert number_problem("", 1, MAX_HULL_POINTS) is None  # the form says if it must be filled


def test_a_text_shows_its_length_near_its_limit_and_refuses_past_it() -> None:
    assert length_note(100, 500) is None
    assert length_note(480, 500) == "480 of 500 characters"
    assert length_note(500, 500) == "500 of 500 characters"
    assert length_note(5002, 500) == "at most 500 characters (this is 5,002)"
    assert length_problem(500, 500) is None


class Fields(App[None]):
    def compose(self) -> ComposeResult:
        yield NumberField(id="hull", minimum=1, maximum=MAX_HULL_POINTS)
        yield TextField(id="notes")


async def test_the_number_field_keeps_the_text_and_marks_it_at_once() -> None:
    app = Fields()
    async with app.run_test() as pilot:
        field = app.query_one("#hull", NumberField)
        field.focus()
        await pilot.press(*"1e400")
        await done(pilot)
        assert field.value == "1e400"  # never edited behind the GM's back
        assert field.has_class("-invalid") and field.number is None
        assert field.problem == "a whole number, digits only (this is '1e400')"
        await pilot.press(*["backspace"] * 5, *"1400")
        await done(pilot)
        assert not field.has_class("-invalid") and field.number == 1400


async def test_typing_into_a_long_text_costs_the_same_per_key(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each key checks the text once, by its length alone: a 5,000-character note costs
    what a 5-character one does (counted, not timed)."""
    checked: list[int] = []

    def counted(length: int, limit: int) -> str | None:
        checked.append(length)
        return None if length <= limit else "too long"

    monkeypatch.setattr(text_field, "length_problem", counted)
    app = Fields()
    async with app.run_test() as pilot:
        field = app.query_one("#notes", TextField)
        field.value = "x" * (MAX_TEXT_CHARS * 10)
        field.focus()
        await pilot.pause()
        field.action_end()  # focusing selected it all: type after it, not over it
        checked.clear()
        keys = 40
        await pilot.press(*["y"] * keys)
        await done(pilot)
        assert len(field.value) == MAX_TEXT_CHARS * 10 + keys
        # one check of the validator and one of the note for each key, each given a length
        assert len(checked) <= 3 * keys
        assert all(isinstance(length, int) for length in checked)
        assert field.has_class("-invalid")
        assert field.note == "too long"
