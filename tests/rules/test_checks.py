"""ALTERNITY checks: the step ladder, degrees, natural 20 and natural 1 (RULES.md section 7)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.rules.checks import Degree, checks_table, degree_for, roll_check
from gmtool.rules.errors import RulesError

LADDER = {
    -5: "-d20",
    -4: "-d12",
    -3: "-d8",
    -2: "-d6",
    -1: "-d4",
    0: "+d0",
    1: "+d4",
    2: "+d6",
    3: "+d8",
    4: "+d12",
    5: "+d20",
    6: "+2d20",
    7: "+3d20",
    8: "+4d20",
    9: "+5d20",
    -6: "-d20",
    -9: "-d20",
}


@pytest.mark.parametrize(("step", "die"), sorted(LADDER.items()))
def test_step_ladder(step: int, die: str) -> None:
    assert checks_table().situation_die(step).text() == die


def test_crew_quality_scores() -> None:
    table = checks_table()
    assert table.crew_quality == {"green": 10, "trained": 12, "veteran": 14, "crack": 16}
    assert table.crew_score("veteran") == 14
    assert table.crew_score(11) == 11
    with pytest.raises(RulesError, match="unknown crew quality"):
        table.crew_score("elite")


def expected_degree(score: int, step: int, control: int, total: int) -> Degree:
    if control == 20:
        return Degree.CRITICAL_FAILURE
    if total <= score // 4:
        found = Degree.AMAZING
    elif total <= score // 2:
        found = Degree.GOOD
    elif total <= score:
        found = Degree.ORDINARY
    else:
        found = Degree.FAILURE
    if control == 1 and step < 5 and found is Degree.FAILURE:
        return Degree.ORDINARY
    return found


@given(
    score=st.integers(1, 30),
    step=st.integers(-5, 8),
    control=st.integers(1, 20),
    total=st.integers(-40, 120),
)
def test_degree_boundaries_hold(score: int, step: int, control: int, total: int) -> None:
    assert degree_for(score, step, control, total) is expected_degree(score, step, control, total)


@pytest.mark.parametrize("score", range(1, 31))
@pytest.mark.parametrize("step", range(-5, 9))
def test_each_boundary_exactly(score: int, step: int) -> None:
    control = 10  # neither natural
    for total, degree in (
        (score // 4, Degree.AMAZING),
        (score // 4 + 1, Degree.GOOD if score // 4 + 1 <= score // 2 else Degree.ORDINARY),
        (score // 2, Degree.GOOD if score // 2 > score // 4 else Degree.AMAZING),
        (score, Degree.ORDINARY if score > score // 2 else Degree.GOOD),
        (score + 1, Degree.FAILURE),
    ):
        assert degree_for(score, step, control, total) is degree, (score, step, total)


@pytest.mark.parametrize("step", range(-5, 9))
def test_natural_twenty_is_critical_failure_whatever_the_total(step: int) -> None:
    assert degree_for(30, step, 20, -10) is Degree.CRITICAL_FAILURE


@pytest.mark.parametrize("step", range(-5, 5))
def test_natural_one_succeeds_below_step_five(step: int) -> None:
    assert degree_for(5, step, 1, 40) is Degree.ORDINARY
    assert degree_for(12, step, 1, 1) is Degree.AMAZING  # never worse than earned


@pytest.mark.parametrize("step", range(5, 9))
def test_natural_one_fails_at_step_five_or_worse(step: int) -> None:
    assert degree_for(5, step, 1, 40) is Degree.FAILURE


@given(score=st.integers(1, 30), step=st.integers(-5, 8), seed=st.integers(0, 2**32))
def test_rolled_checks_are_consistent(score: int, step: int, seed: int) -> None:
    result = roll_check(score, step, random.Random(seed))
    die = checks_table().situation_die(step)
    assert 1 <= result.control <= 20
    assert len(result.situation) == (die.count if die.sides else 0)
    assert result.total == result.control + result.situation_total
    assert result.degree is expected_degree(score, step, result.control, result.total)


@pytest.mark.parametrize("score", [0, 31, -3])
def test_score_out_of_range_is_refused(score: int) -> None:
    with pytest.raises(RulesError, match="from 1 to 30"):
        roll_check(score, 0, random.Random(1))


def test_a_step_below_the_ladder_says_the_rung_it_rolled() -> None:
    """A bonus bigger than the ladder has is rolled at the bottom rung, and says so."""
    import random

    from gmtool.rules.checks import checks_table, roll_check

    lowest = checks_table().lowest_step
    below = roll_check(14, lowest - 4, random.Random(1))
    assert below.ladder_step == lowest
    assert f"below the ladder: rolled at {lowest:+d}" in below.dice_text()
    on = roll_check(14, lowest, random.Random(1))
    assert on.ladder_step is None and "below the ladder" not in on.dice_text()
    above = roll_check(14, checks_table().highest_step + 2, random.Random(1))
    assert above.ladder_step is None
