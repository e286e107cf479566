"""Character durability and damage: RULES.md section 7, including its worked example."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.rules.durability import (
    DamageResult,
    Treatment,
    apply_damage,
    character_state,
    damage_character,
    durability_tracks,
    heal,
)
from gmtool.rules.errors import RulesError

TRACKS = {"stun": 10, "wound": 10, "mortal": 5}
NONE = {"stun": 0, "wound": 0, "mortal": 0}


# -- tracks from Constitution ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("con", "expected"),
    [
        (10, {"stun": 10, "wound": 10, "mortal": 5}),
        (9, {"stun": 9, "wound": 9, "mortal": 5}),
        (1, {"stun": 1, "wound": 1, "mortal": 1}),
        (14, {"stun": 14, "wound": 14, "mortal": 7}),
    ],
)
def test_durability_tracks_from_constitution(con: int, expected: dict[str, int]) -> None:
    assert durability_tracks(con) == expected


@given(st.integers(1, 30))
def test_durability_stun_wound_equal_con_mortal_half_up(con: int) -> None:
    tracks = durability_tracks(con)
    assert tracks["stun"] == con
    assert tracks["wound"] == con
    assert tracks["mortal"] == math.ceil(con / 2)


@pytest.mark.parametrize("con", [0, -3, True, 2.5])
def test_durability_refuses_bad_constitution(con: object) -> None:
    with pytest.raises(RulesError, match="Constitution"):
        durability_tracks(con)  # type: ignore[arg-type]


# -- the worked example and secondary damage ------------------------------------------------


def test_rules_worked_example() -> None:
    # Tracks 10/10/5, already 8 wound, takes 6 wound: 3 stun, 10 wound, 2 mortal, dying.
    after, state = apply_damage(TRACKS, {"stun": 0, "wound": 8, "mortal": 0}, 6, "wound")
    assert after == {"stun": 3, "wound": 10, "mortal": 2}
    assert state == "dying"


def test_worked_example_details() -> None:
    result = damage_character(TRACKS, {"wound": 8}, 6, "wound")
    assert result.dealt == {"stun": 3, "wound": 6, "mortal": 0}
    assert result.rolled_into == {"stun": 0, "wound": 0, "mortal": 2}
    assert result.marked == {"stun": 3, "wound": 2, "mortal": 2}
    assert result.lost == 0


def test_stun_damage_has_no_secondary_damage() -> None:
    assert apply_damage(TRACKS, NONE, 4, "stun") == ({"stun": 4, "wound": 0, "mortal": 0}, "ok")


def test_wound_damage_deals_half_as_stun_rounded_down() -> None:
    assert apply_damage(TRACKS, NONE, 5, "wound") == ({"stun": 2, "wound": 5, "mortal": 0}, "ok")


def test_mortal_damage_deals_half_as_wound_and_half_as_stun() -> None:
    after, state = apply_damage(TRACKS, NONE, 3, "mortal")
    assert after == {"stun": 1, "wound": 1, "mortal": 3}
    assert state == "dying"


def test_one_point_of_wound_deals_no_stun() -> None:
    assert apply_damage(TRACKS, NONE, 1, "wound")[0] == {"stun": 0, "wound": 1, "mortal": 0}


# -- overflow: exactly full, one over, far over ---------------------------------------------


def test_stun_exactly_full_does_not_overflow() -> None:
    after, state = apply_damage(TRACKS, NONE, 10, "stun")
    assert after == {"stun": 10, "wound": 0, "mortal": 0}
    assert state == "knocked_out"


def test_stun_one_over_rolls_nothing_because_half_of_one_is_zero() -> None:
    result = damage_character(TRACKS, NONE, 11, "stun")
    assert result.after == {"stun": 10, "wound": 0, "mortal": 0}
    assert result.rolled_into["wound"] == 0


def test_stun_two_over_rolls_one_wound() -> None:
    after, _ = apply_damage(TRACKS, NONE, 12, "stun")
    assert after == {"stun": 10, "wound": 1, "mortal": 0}


def test_stun_far_over_rolls_through_wound_into_mortal() -> None:
    # 40 stun: 10 fit, 30 over -> 15 wound; 10 fit, 5 over -> 2 mortal.
    result = damage_character(TRACKS, NONE, 40, "stun")
    assert result.after == {"stun": 10, "wound": 10, "mortal": 2}
    assert result.rolled_into == {"stun": 0, "wound": 15, "mortal": 2}
    assert result.state == "dying"


def test_wound_exactly_full() -> None:
    after, state = apply_damage(TRACKS, {"wound": 6}, 4, "wound")
    assert after == {"stun": 2, "wound": 10, "mortal": 0}
    assert state == "knocked_out"


def test_wound_one_over_and_two_over() -> None:
    assert apply_damage(TRACKS, {"wound": 6}, 5, "wound")[0]["mortal"] == 0
    assert apply_damage(TRACKS, {"wound": 6}, 6, "wound")[0]["mortal"] == 1


def test_mortal_exactly_full_is_dead() -> None:
    after, state = apply_damage(TRACKS, NONE, 5, "mortal")
    assert after == {"stun": 2, "wound": 2, "mortal": 5}
    assert state == "dead"


def test_mortal_far_over_is_lost() -> None:
    result = damage_character(TRACKS, NONE, 12, "mortal")
    assert result.after == {"stun": 6, "wound": 6, "mortal": 5}
    assert result.lost == 7
    assert result.state == "dead"


def test_roll_over_deals_no_secondary_damage() -> None:
    # Wound full already: 4 wound -> 2 stun (secondary) and 4 over -> 2 mortal. If the
    # rolled-over mortal dealt secondary damage, stun would be 3.
    after, _ = apply_damage(TRACKS, {"wound": 10}, 4, "wound")
    assert after == {"stun": 2, "wound": 10, "mortal": 2}


def test_secondary_stun_overflows_like_any_stun() -> None:
    # Stun nearly full: a 6-point wound deals 3 stun, 2 of them over -> 1 more wound.
    after, _ = apply_damage(TRACKS, {"stun": 9}, 6, "wound")
    assert after == {"stun": 10, "wound": 7, "mortal": 0}


def test_zero_damage_changes_nothing() -> None:
    current = {"stun": 2, "wound": 3, "mortal": 0}
    assert apply_damage(TRACKS, current, 0, "mortal") == (current, "ok")


def test_input_mapping_is_not_changed() -> None:
    current = {"stun": 0, "wound": 8, "mortal": 0}
    apply_damage(TRACKS, current, 6, "wound")
    assert current == {"stun": 0, "wound": 8, "mortal": 0}


@pytest.mark.parametrize(
    ("current", "amount", "kind", "message"),
    [
        (NONE, 3, "critical", "critical"),
        (NONE, -1, "stun", "at least 0"),
        ({"stun": 11}, 1, "stun", "stun damage must be from 0 to 10"),
        ({"fatigue": 1}, 1, "stun", "unknown damage track"),
    ],
)
def test_bad_damage_is_refused(
    current: dict[str, int], amount: int, kind: str, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        apply_damage(TRACKS, current, amount, kind)


@given(
    st.integers(1, 20),
    st.integers(0, 60),
    st.sampled_from(["stun", "wound", "mortal"]),
    st.data(),
)
def test_damage_never_overfills_and_never_heals(
    con: int, amount: int, kind: str, data: st.DataObject
) -> None:
    tracks = durability_tracks(con)
    current = {t: data.draw(st.integers(0, size)) for t, size in tracks.items()}
    result = damage_character(tracks, current, amount, kind)
    for track, size in tracks.items():
        assert current[track] <= result.after[track] <= size
        assert result.after[track] - current[track] == result.marked[track]
    assert result.marked[kind] == min(
        amount + result.rolled_into[kind], tracks[kind] - current[kind]
    )


# -- states ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("current", "stabilized", "state"),
    [
        ({"stun": 9, "wound": 9, "mortal": 0}, False, "ok"),
        ({"stun": 10, "wound": 0, "mortal": 0}, False, "knocked_out"),
        ({"stun": 0, "wound": 10, "mortal": 0}, False, "knocked_out"),
        ({"stun": 0, "wound": 0, "mortal": 1}, False, "dying"),
        ({"stun": 10, "wound": 10, "mortal": 4}, False, "dying"),
        ({"stun": 0, "wound": 0, "mortal": 1}, True, "knocked_out"),
        ({"stun": 0, "wound": 0, "mortal": 5}, False, "dead"),
        ({"stun": 0, "wound": 0, "mortal": 5}, True, "dead"),
    ],
)
def test_state_most_severe_first(current: dict[str, int], stabilized: bool, state: str) -> None:
    assert character_state(TRACKS, current, stabilized) == state


def test_new_mortal_damage_ends_stabilization() -> None:
    hurt = damage_character(TRACKS, {"mortal": 2}, 1, "mortal", stabilized=True)
    assert hurt.stabilized is False
    assert hurt.state == "dying"


def test_stun_damage_keeps_a_stabilized_character_stable() -> None:
    hurt = damage_character(TRACKS, {"mortal": 2}, 3, "stun", stabilized=True)
    assert hurt.stabilized is True
    assert hurt.state == "knocked_out"


def test_damage_result_round_trips() -> None:
    result = damage_character(TRACKS, {"wound": 8}, 6, "wound")
    assert DamageResult.from_dict(result.to_dict()) == result


# -- healing --------------------------------------------------------------------------------


def test_heal_restores_points_to_one_track_with_a_note() -> None:
    treatment = heal(TRACKS, {"stun": 4, "wound": 6, "mortal": 0}, "wound", 3, "first aid")
    assert treatment.after == {"stun": 4, "wound": 3, "mortal": 0}
    assert treatment.restored == 3
    assert treatment.note == "first aid"
    assert treatment.state == "ok"


def test_heal_never_restores_more_than_is_marked() -> None:
    treatment = heal(TRACKS, {"stun": 2}, "stun", 5)
    assert treatment.after["stun"] == 0
    assert treatment.restored == 2
    assert treatment.points == 5


def test_heal_wakes_a_knocked_out_character() -> None:
    treatment = heal(TRACKS, {"stun": 10}, "stun", 1)
    assert treatment.before["stun"] == 10
    assert treatment.state == "ok"


def test_stabilizing_treatment_stops_dying() -> None:
    treatment = heal(TRACKS, {"mortal": 2}, "mortal", 0, "surgery", stabilize=True)
    assert treatment.stabilized is True
    assert treatment.state == "knocked_out"


def test_healing_all_mortal_damage_ends_dying() -> None:
    treatment = heal(TRACKS, {"mortal": 2}, "mortal", 2)
    assert treatment.state == "ok"
    assert treatment.stabilized is False


@pytest.mark.parametrize(
    ("track", "points", "message"),
    [("stun", 0, "at least 1 point"), ("stun", -2, "at least 0"), ("luck", 1, "unknown")],
)
def test_bad_treatment_is_refused(track: str, points: int, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        heal(TRACKS, {"stun": 3}, track, points)


def test_treatment_round_trips() -> None:
    treatment = heal(TRACKS, {"mortal": 2, "wound": 4}, "wound", 2, "rest", stabilize=True)
    assert Treatment.from_dict(treatment.to_dict()) == treatment


def test_saved_states_are_read_back_checked() -> None:
    from gmtool.rules.durability import read_state

    assert read_state("knocked_out") == "knocked_out"
    with pytest.raises(RulesError, match="unknown character state 'asleep' in a hazard record"):
        read_state("asleep", " in a hazard record")
