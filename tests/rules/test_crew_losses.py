"""Crew losses (RULES.md section 4): the chapter's worked example and the guideline's shape."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.rules.crew_losses import casualties, crew_on_tracks, round_fraction
from gmtool.rules.errors import RulesError

LIGHT_CRUISER = {"stun": 40, "wound": 40, "mortal": 20, "critical": 10}
TRACKS = ("stun", "wound", "mortal", "critical")


def test_worked_example_light_cruiser() -> None:
    result = casualties(240, LIGHT_CRUISER, {"wound": 10, "stun": 5})
    assert result == {"total": 15, "dead": 7, "badly_wounded": 4, "lightly_wounded": 4}


def test_crew_split_10_20_30_40() -> None:
    assert crew_on_tracks(240) == {"stun": 24, "wound": 48, "mortal": 72, "critical": 96}


@pytest.mark.parametrize(
    ("track", "boxes", "expected_total"),
    [
        # each box is worth (crew on the track) / (track points): 0.6, 1.2, 3.6, 9.6
        ("stun", 10, 6),
        ("wound", 5, 6),
        ("mortal", 5, 18),
        ("critical", 5, 48),
    ],
)
def test_box_worth_by_track(track: str, boxes: int, expected_total: int) -> None:
    assert casualties(240, LIGHT_CRUISER, {track: boxes})["total"] == expected_total


def test_no_marks_no_casualties() -> None:
    zero = {"total": 0, "dead": 0, "badly_wounded": 0, "lightly_wounded": 0}
    assert casualties(240, LIGHT_CRUISER, {}) == zero


def test_every_box_marked_loses_the_whole_crew() -> None:
    # 15 hands do not split into whole people per track; the exact shares still add up.
    assert casualties(15, LIGHT_CRUISER, LIGHT_CRUISER)["total"] == 15
    assert casualties(240, LIGHT_CRUISER, LIGHT_CRUISER)["total"] == 240


def test_sum_rounds_half_up_once() -> None:
    # 20 crew: 2 on a 4-point stun track (0.5 a box), 4 on a 4-point wound track (1.0 a box)
    points = {"stun": 4, "wound": 4, "mortal": 2, "critical": 1}
    assert casualties(20, points, {"stun": 3})["total"] == 2  # 1.5 -> 2
    # 1 stun box (0.5) + 1 wound box (1.0) = 1.5 -> 2, not 1 + 1 from rounding each track
    assert casualties(20, points, {"stun": 1, "wound": 1})["total"] == 2
    assert casualties(10, points, {"stun": 1})["total"] == 0  # 0.25 rounds to 0
    assert casualties(20, points, {"stun": 1})["total"] == 1  # 0.5 rounds up


def test_split_of_odd_casualties() -> None:
    # 1 casualty: 0 dead, 1 badly wounded; 3: 1 dead, 1 badly, 1 lightly
    points = {"stun": 10, "wound": 10, "mortal": 10, "critical": 10}
    one = casualties(10, points, {"wound": 5})  # 2 crew on wound, 0.2 each -> 1
    assert one == {"total": 1, "dead": 0, "badly_wounded": 1, "lightly_wounded": 0}
    three = casualties(10, points, {"mortal": 10})  # 3 crew on mortal -> 3
    assert three == {"total": 3, "dead": 1, "badly_wounded": 1, "lightly_wounded": 1}


def test_round_fraction_modes() -> None:
    from fractions import Fraction

    assert round_fraction(Fraction(5, 2), "down") == 2
    assert round_fraction(Fraction(5, 2), "up") == 3
    assert round_fraction(Fraction(5, 2), "half_up") == 3
    assert round_fraction(Fraction(12, 5), "half_up") == 2
    with pytest.raises(RulesError):
        round_fraction(Fraction(1), "sideways")


@pytest.mark.parametrize(
    ("crew", "points", "marked"),
    [
        (-1, LIGHT_CRUISER, {}),
        (240, LIGHT_CRUISER, {"stun": 41}),
        (240, LIGHT_CRUISER, {"hull": 1}),
        (240, LIGHT_CRUISER, {"stun": -1}),
        (240, {"stun": 0, "wound": 40, "mortal": 20, "critical": 10}, {"stun": 1}),
    ],
)
def test_bad_input_is_refused(crew: int, points: dict[str, int], marked: dict[str, int]) -> None:
    with pytest.raises(RulesError):
        casualties(crew, points, marked)


@st.composite
def ships(draw: st.DrawFn) -> tuple[int, dict[str, int], dict[str, int]]:
    crew = draw(st.integers(0, 5000))
    points = {t: draw(st.integers(1, 200)) for t in TRACKS}
    marked = {t: draw(st.integers(0, points[t])) for t in TRACKS}
    return crew, points, marked


@given(ships())
def test_casualties_add_up_and_never_exceed_the_crew(
    ship: tuple[int, dict[str, int], dict[str, int]],
) -> None:
    crew, points, marked = ship
    result = casualties(crew, points, marked)
    assert result["dead"] + result["badly_wounded"] + result["lightly_wounded"] == result["total"]
    assert 0 <= result["total"] <= crew
    assert min(result.values()) >= 0
    assert result["dead"] == result["total"] // 2


@given(ships(), st.sampled_from(TRACKS))
def test_casualties_are_monotone_in_marked_boxes(
    ship: tuple[int, dict[str, int], dict[str, int]], track: str
) -> None:
    crew, points, marked = ship
    if marked[track] == points[track]:
        return
    more = {**marked, track: marked[track] + 1}
    before, after = casualties(crew, points, marked), casualties(crew, points, more)
    for key in before:
        assert after[key] >= before[key], key
