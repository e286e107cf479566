"""Ship durability (RULES.md section 7): tracks, 2-for-1 roll-over, states and repairs."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.rules.errors import RulesError
from gmtool.rules.ship_damage import (
    ShipDamage,
    apply_ship_damage,
    attacker_step,
    can_act,
    crew_check_step,
    repair,
    ship_state,
    state_ids,
    track_ids,
)

TRACKS = ("stun", "wound", "mortal", "critical")
POINTS = {"stun": 10, "wound": 10, "mortal": 5, "critical": 3}
NONE_MARKED = {"stun": 0, "wound": 0, "mortal": 0, "critical": 0}


def marks(stun: int = 0, wound: int = 0, mortal: int = 0, critical: int = 0) -> dict[str, int]:
    return {"stun": stun, "wound": wound, "mortal": mortal, "critical": critical}


def test_tracks_and_states_in_order() -> None:
    assert track_ids() == TRACKS
    assert state_ids() == ("operational", "shaken", "disabled", "crippled", "destroyed")


def test_damage_that_fits_marks_its_track_only() -> None:
    result = apply_ship_damage(POINTS, {}, 4, "wound")
    assert result.marked == marks(wound=4)
    assert result.state == "operational"
    assert result.overflowed == {}


def test_filling_stun_exactly_shakes_without_overflow() -> None:
    result = apply_ship_damage(POINTS, marks(stun=7), 3, "stun")
    assert result.marked == marks(stun=10)
    assert result.state == "shaken"
    assert not result.overflowed


def test_stun_rolls_over_two_for_one_into_wound() -> None:
    result = apply_ship_damage(POINTS, marks(stun=8), 8, "stun")
    # 2 fit, 6 past the stun track -> 3 wound
    assert result.marked == marks(stun=10, wound=3)
    assert result.overflowed == {"stun": 6}
    assert result.state == "shaken"


def test_odd_point_of_overflow_is_lost() -> None:
    result = apply_ship_damage(POINTS, marks(stun=10), 5, "stun")
    assert result.marked == marks(stun=10, wound=2)


def test_single_point_on_full_stun_track_is_lost() -> None:
    result = apply_ship_damage(POINTS, marks(stun=10), 1, "stun")
    assert result.marked == marks(stun=10)
    assert result.overflowed == {"stun": 1}


def test_overflow_cascades_through_every_track() -> None:
    # stun full, wound 9/10, mortal 4/5: 10 stun -> 5 wound (1 fits, 4 over) -> 2 mortal
    # (1 fits, 1 over) -> 0 critical
    result = apply_ship_damage(POINTS, marks(stun=10, wound=9, mortal=4), 10, "stun")
    assert result.marked == marks(stun=10, wound=10, mortal=5)
    assert result.overflowed == {"stun": 10, "wound": 4, "mortal": 1}
    assert result.state == "crippled"


def test_mortal_rolls_into_critical_and_destroys() -> None:
    result = apply_ship_damage(POINTS, marks(mortal=5), 7, "mortal")
    assert result.marked == marks(mortal=5, critical=3)
    assert result.overflowed == {"mortal": 7}  # 7 past mortal -> 3 critical, which fit
    assert result.state == "destroyed"


def test_damage_past_the_critical_track_is_lost() -> None:
    result = apply_ship_damage(POINTS, marks(critical=2), 5, "critical")
    assert result.marked == marks(critical=3)
    assert result.overflowed == {"critical": 4}
    assert result.state == "destroyed"


def test_wound_hit_deals_no_secondary_stun() -> None:
    assert apply_ship_damage(POINTS, {}, 6, "wound").marked == marks(wound=6)


@pytest.mark.parametrize(
    ("marked", "state"),
    [
        (marks(), "operational"),
        (marks(stun=9, wound=9, mortal=4, critical=2), "operational"),
        (marks(stun=10), "shaken"),
        (marks(wound=10), "disabled"),  # a full wound track without a full stun track
        (marks(stun=10, wound=10), "disabled"),
        (marks(mortal=5), "crippled"),
        (marks(stun=10, critical=3), "destroyed"),
    ],
)
def test_state_is_the_most_severe_full_track(marked: dict[str, int], state: str) -> None:
    assert ship_state(POINTS, marked) == state


@pytest.mark.parametrize(
    ("state", "own_step", "attacker", "acts"),
    [
        ("operational", 0, 0, True),
        ("shaken", 1, 0, True),
        ("disabled", 2, -1, True),
        ("crippled", 3, -2, True),
        ("destroyed", 3, -2, False),
    ],
)
def test_state_step_penalties(state: str, own_step: int, attacker: int, acts: bool) -> None:
    assert crew_check_step(state) == own_step
    assert attacker_step(state) == attacker
    assert can_act(state) is acts


def test_unknown_state_is_refused() -> None:
    with pytest.raises(RulesError, match="unknown ship state"):
        crew_check_step("sinking")


def test_repair_frees_boxes_and_lifts_the_state() -> None:
    result = repair(POINTS, marks(stun=10, wound=10), 2, "wound")
    assert result.marked == marks(stun=10, wound=8)
    assert result.state == "shaken"
    assert result.repaired == 2


def test_repair_never_goes_below_zero() -> None:
    result = repair(POINTS, marks(stun=1), 3, "stun")
    assert result.marked == marks()
    assert result.repaired == 1
    assert result.state == "operational"


@pytest.mark.parametrize("track", ["mortal", "critical"])
def test_mortal_and_critical_cannot_be_repaired_in_battle(track: str) -> None:
    with pytest.raises(RulesError, match="cannot be repaired"):
        repair(POINTS, marks(mortal=2, critical=1), 1, track)


@pytest.mark.parametrize(
    ("points", "marked", "amount", "track"),
    [
        ({"stun": 10, "wound": 10, "mortal": 5}, {}, 1, "stun"),  # a track missing
        ({**POINTS, "stun": 0}, {}, 1, "stun"),  # a zero-point track
        (POINTS, marks(stun=11), 1, "stun"),  # more marked than points
        (POINTS, {"hull": 1}, 1, "stun"),
        (POINTS, {}, -1, "stun"),
        (POINTS, {}, 1, "shields"),
    ],
)
def test_bad_damage_input_is_refused(
    points: dict[str, int], marked: dict[str, int], amount: int, track: str
) -> None:
    with pytest.raises(RulesError):
        apply_ship_damage(points, marked, amount, track)


def test_ship_damage_state_object() -> None:
    ship = ShipDamage(dict(POINTS))
    assert ship.marked == NONE_MARKED
    assert ship.state == "operational"
    hit, result = ship.take(14, "stun")
    assert hit.marked == marks(stun=10, wound=2)
    assert hit.state == "shaken"
    assert result.overflowed == {"stun": 4}
    assert ship.marked == NONE_MARKED  # the original is untouched
    assert hit.free("wound") == 8
    fixed, repaired = hit.repaired(3, "stun")
    assert fixed.state == "operational"
    assert repaired.repaired == 3


def test_ship_damage_round_trips_through_json() -> None:
    ship = ShipDamage(dict(POINTS), marks(stun=10, wound=3, mortal=1))
    data = json.loads(json.dumps(ship.to_dict()))
    assert ShipDamage.from_dict(data) == ship
    assert ShipDamage.from_dict(data).to_dict() == ship.to_dict()


@pytest.mark.parametrize(
    "data",
    [
        {"points": POINTS},
        {"points": POINTS, "marked": marks(stun=99)},
        {"points": "lots", "marked": {}},
        {"points": POINTS, "marked": {}, "extra": 1},
    ],
)
def test_ship_damage_from_bad_dict_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        ShipDamage.from_dict(data)


@st.composite
def damaged_ships(draw: st.DrawFn) -> tuple[dict[str, int], dict[str, int]]:
    points = {t: draw(st.integers(1, 60)) for t in TRACKS}
    marked = {t: draw(st.integers(0, points[t])) for t in TRACKS}
    return points, marked


SEVERITY = ("operational", "shaken", "disabled", "crippled", "destroyed")


@given(damaged_ships(), st.integers(0, 300), st.sampled_from(TRACKS))
def test_damage_never_unmarks_or_overfills(
    ship: tuple[dict[str, int], dict[str, int]], amount: int, track: str
) -> None:
    points, marked = ship
    result = apply_ship_damage(points, marked, amount, track)
    for t in TRACKS:
        assert marked[t] <= result.marked[t] <= points[t]
    assert SEVERITY.index(result.state) >= SEVERITY.index(ship_state(points, marked))
    # Everything lands somewhere or is accounted for as overflow.
    added = sum(result.marked[t] - marked[t] for t in TRACKS)
    assert added <= amount
    if not result.overflowed:
        assert result.marked[track] - marked[track] == amount


@given(damaged_ships(), st.integers(0, 300), st.integers(0, 300), st.sampled_from(TRACKS))
def test_more_damage_marks_at_least_as_much(
    ship: tuple[dict[str, int], dict[str, int]], small: int, extra: int, track: str
) -> None:
    points, marked = ship
    less = apply_ship_damage(points, marked, small, track).marked
    more = apply_ship_damage(points, marked, small + extra, track).marked
    assert all(more[t] >= less[t] for t in TRACKS)
