"""Dice notation: parsing, the dice cap, track letters, and rolling with the caller's generator."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.rules import dice
from gmtool.rules.dice import MAX_DICE, DiceError


@pytest.mark.parametrize(
    ("text", "count", "sides", "modifier", "track"),
    [
        ("2d6", 2, 6, 0, None),
        ("2d6+3", 2, 6, 3, None),
        ("3d8-2", 3, 8, -2, None),
        ("d20", 1, 20, 0, None),
        ("d6+1w", 1, 6, 1, "wound"),
        ("2d4s", 2, 4, 0, "stun"),
        ("d8m", 1, 8, 0, "mortal"),
        ("d4+2c", 1, 4, 2, "critical"),
        (" 2D6 + 1 ", 2, 6, 1, None),
    ],
)
def test_parse_forms(text: str, count: int, sides: int, modifier: int, track: str | None) -> None:
    expr = dice.parse(text)
    dice_terms = [t for t in expr.terms if t.is_dice]
    flat = sum(t.sign * t.count for t in expr.terms if not t.is_dice)
    assert [(t.count, t.sides) for t in dice_terms] == [(count, sides)]
    assert flat == modifier
    assert expr.track == track


def test_sum_of_dice_terms() -> None:
    expr = dice.parse("d20-d4+1")
    assert expr.canonical() == "1d20-1d4+1"
    result = dice.roll(expr, random.Random(3))
    assert result.total == result.dice[0].value - result.dice[1].value + 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("2x6", "cannot read"),
        ("d0", "1 to"),
        ("0d6", "at least one die"),
        ("5", "rolls no dice"),
        ("2d6 3", "join terms"),
        (f"{MAX_DICE + 1}d6", f"at most {MAX_DICE}"),
        ("60d6+60d6", f"at most {MAX_DICE}"),
        ("d6q", "cannot read"),
    ],
)
def test_bad_expressions_say_why(text: str, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        dice.parse(text)


def test_cap_allows_exactly_the_maximum() -> None:
    assert dice.parse(f"{MAX_DICE}d6").dice_count == MAX_DICE


def test_same_generator_seed_same_roll() -> None:
    a = dice.roll("4d6+2", random.Random(42))
    b = dice.roll("4d6+2", random.Random(42))
    assert a == b


def test_describe_shows_each_die_and_track() -> None:
    result = dice.roll("2d4+1s", random.Random(1))
    text = result.describe()
    assert text.startswith("2d4+1s: [")
    assert text.endswith(f"= {result.total} stun")


@given(
    count=st.integers(1, 20),
    sides=st.integers(1, 100),
    modifier=st.integers(-50, 50),
    seed=st.integers(0, 2**32),
)
def test_totals_stay_within_bounds(count: int, sides: int, modifier: int, seed: int) -> None:
    text = f"{count}d{sides}{modifier:+d}" if modifier else f"{count}d{sides}"
    result = dice.roll(text, random.Random(seed))
    assert count + modifier <= result.total <= count * sides + modifier
    assert len(result.dice) == count
    assert all(1 <= d.value <= sides for d in result.dice)
