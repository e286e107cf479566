"""The skirmish's combat tables and table geometry (RULES.md section 6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import hand_to_hand, target_number, torga_iv
from gmtool.rules.skirmish.geometry import (
    BLOCKED,
    COVER,
    OPEN,
    distance_to_piece,
    point_in_piece,
    segment_crosses_piece,
)
from gmtool.rules.skirmish.scenario import TerrainPiece

# -- fire numbers by range band -------------------------------------------------------------

FIRE_TABLE = {
    "hand_phaser": (7, 5, 3, None, None),
    "phaser_rifle": (9, 7, 6, 4, 2),
    "energy_rifle": (9, 8, 5, 5, 3),
}


@pytest.mark.parametrize("weapon", sorted(FIRE_TABLE))
@pytest.mark.parametrize("band", range(5))
def test_each_band_inside_and_on_its_upper_edge(weapon: str, band: int) -> None:
    expected = FIRE_TABLE[weapon][band]
    upper = 6.0 * (band + 1)
    assert target_number(weapon, upper - 3.0) == expected
    assert target_number(weapon, upper) == expected  # an edge belongs to the shorter band


@pytest.mark.parametrize("weapon", sorted(FIRE_TABLE))
@pytest.mark.parametrize("edge", [6.0, 12.0, 18.0, 24.0])
def test_just_past_an_edge_is_the_next_band(weapon: str, edge: float) -> None:
    """Ranges read to a tenth, a half up: edge + 0.04 reads as the edge, + 0.05 does not."""
    next_band = int(edge // 6)
    assert target_number(weapon, edge + 0.04) == FIRE_TABLE[weapon][next_band - 1]
    assert target_number(weapon, edge + 0.05) == FIRE_TABLE[weapon][next_band]


@pytest.mark.parametrize("weapon", sorted(FIRE_TABLE))
def test_point_blank_and_beyond_thirty_inches(weapon: str) -> None:
    assert target_number(weapon, 0.0) == FIRE_TABLE[weapon][0]
    assert target_number(weapon, 30.04) == FIRE_TABLE[weapon][4]
    assert target_number(weapon, 30.05) is None
    assert target_number(weapon, 100.0) is None


def test_hand_phaser_has_no_shot_past_eighteen_inches() -> None:
    assert target_number("hand_phaser", 18.0) == 3
    assert target_number("hand_phaser", 18.5) is None
    assert target_number("hand_phaser", 30.0) is None


def test_unknown_weapon_and_negative_range_are_refused() -> None:
    with pytest.raises(RulesError, match="unknown weapon"):
        target_number("disruptor", 5.0)
    with pytest.raises(RulesError, match="negative"):
        target_number("phaser_rifle", -1.0)


def test_target_number_reads_the_scenario_table() -> None:
    weapon = torga_iv().weapon("phaser_rifle")
    assert target_number(weapon, 13.0) == 6
    assert weapon.max_range == 30.0
    assert torga_iv().weapon("hand_phaser").max_range == 18.0


# -- hand-to-hand margins -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker", "defender", "expected"),
    [
        (5, 5, (0, 0)),  # equal: a draw
        (6, 5, (1, 0)),  # attacker higher: 1 wound
        (8, 5, (1, 0)),  # by 3: still 1
        (9, 5, (2, 0)),  # by 4: 2 wounds
        (14, 1, (2, 0)),  # by a lot: still 2
        (5, 6, (0, 0)),  # defender higher: a draw
        (5, 8, (0, 0)),  # by 3: still a draw
        (5, 9, (0, 1)),  # by 4: 1 wound to the attacker
        (-1, 12, (0, 1)),
    ],
)
def test_hand_to_hand_margins(attacker: int, defender: int, expected: tuple[int, int]) -> None:
    assert hand_to_hand(attacker, defender) == expected


@given(st.integers(-5, 15), st.integers(-5, 15))
def test_hand_to_hand_wounds_one_side_at_most(attacker: int, defender: int) -> None:
    to_defender, to_attacker = hand_to_hand(attacker, defender)
    assert to_defender == 0 or to_attacker == 0
    assert (to_defender > 0) == (attacker > defender)
    assert (to_attacker > 0) == (defender - attacker >= 4)


# -- geometry -------------------------------------------------------------------------------

PLATE = TerrainPiece("plate", "plate", "obstacle", "rect", (10.0, 10.0, 11.0, 14.0))
ROCK = TerrainPiece("rock", "rock", "obstacle", "circle", (30.0, 18.0, 1.0))


def test_a_line_through_a_rectangle_crosses_it() -> None:
    assert segment_crosses_piece(PLATE, 8.0, 12.0, 13.0, 12.0)
    assert segment_crosses_piece(PLATE, 8.0, 9.0, 13.0, 15.0)  # diagonally through


def test_running_along_an_edge_or_touching_a_corner_is_not_crossing() -> None:
    assert not segment_crosses_piece(PLATE, 11.0, 5.0, 11.0, 20.0)  # along the east face
    assert not segment_crosses_piece(PLATE, 9.0, 9.0, 13.0, 9.0)  # above it
    assert not segment_crosses_piece(PLATE, 9.0, 11.0, 11.0, 9.0)  # through the corner only
    assert not segment_crosses_piece(PLATE, 8.0, 12.0, 10.0, 12.0)  # stops against it


def test_circles_cross_by_distance_from_the_centre() -> None:
    assert segment_crosses_piece(ROCK, 25.0, 18.5, 35.0, 18.5)
    assert not segment_crosses_piece(ROCK, 25.0, 19.0, 35.0, 19.0)  # tangent
    assert not segment_crosses_piece(ROCK, 25.0, 18.0, 28.9, 18.0)  # stops short


def test_inside_means_strictly_inside() -> None:
    assert point_in_piece(PLATE, 10.5, 12.0)
    assert not point_in_piece(PLATE, 11.0, 12.0)
    assert point_in_piece(ROCK, 30.5, 18.0)
    assert not point_in_piece(ROCK, 31.0, 18.0)
    assert distance_to_piece(PLATE, 13.0, 12.0) == pytest.approx(2.0)
    assert distance_to_piece(ROCK, 33.0, 18.0) == pytest.approx(2.0)


def test_board_move_cost_adds_two_inches_per_obstacle_and_walls_block() -> None:
    board = torga_iv().board
    # straight through the boulder at (40, 10), radius 1.5
    assert board.move_cost(37.0, 10.0, 42.0, 10.0) == pytest.approx(5.0 + 2.0)
    assert board.move_cost(37.0, 5.0, 42.0, 5.0) == pytest.approx(5.0)
    assert board.move_cost(37.0, 20.0, 37.0, 28.0) == pytest.approx(8.0)  # past the spine
    assert board.move_cost(40.0, 19.0, 40.0, 29.0) is None  # through the rock spine


def test_board_line_of_fire() -> None:
    board = torga_iv().board
    assert board.line_of_fire(40.0, 19.0, 40.0, 29.0) == BLOCKED  # the spine is a wall
    # the boulder at (40, 10), radius 1.5, gives cover only within 2 in of the target
    assert board.line_of_fire(30.0, 10.0, 50.0, 10.0) == OPEN  # boulder halfway
    assert board.line_of_fire(38.2, 10.0, 50.0, 10.0) == OPEN  # right in front of the shooter
    assert board.line_of_fire(30.0, 10.0, 43.5, 10.0) == COVER  # 2.0 in behind it
    assert board.line_of_fire(30.0, 10.0, 43.6, 10.0) == OPEN  # 2.1 in behind it
    assert board.line_of_fire(30.0, 5.0, 50.0, 5.0) == OPEN
    assert board.line_of_fire(30.0, 10.0, 43.5, 10.0) == COVER  # answered from the cache
