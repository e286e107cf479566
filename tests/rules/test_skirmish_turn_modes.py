"""Who plays which side of a skirmish, and what one GM's request plays (turn_modes)."""

from __future__ import annotations

import random

import pytest

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import Action, GameState, legal_actions, torga_iv
from gmtool.rules.skirmish.engine import HOLD
from gmtool.rules.skirmish.state import GameOptions
from gmtool.rules.skirmish.turn_modes import (
    AUTOMATIC,
    MANUAL,
    SETTINGS,
    SOLO,
    change_options,
    is_automatic,
    mode_of,
    play_action_and_reply,
    play_app_activation,
    play_rest_of_turn,
    start_game,
    waits_for_gm,
)

SEED = 7


def started(mode: str) -> GameState:
    return start_game(torga_iv(), mode, random.Random(SEED)).state


@pytest.mark.parametrize("mode", [SOLO, MANUAL, AUTOMATIC])
def test_the_mode_is_read_back_from_the_automatic_sides(mode: str) -> None:
    state = started(mode)
    assert mode_of(state) == mode
    assert is_automatic(state, "jemhadar") == (mode != MANUAL)
    assert is_automatic(state, "federation") == (mode == AUTOMATIC)
    assert not is_automatic(state, None)


def test_the_same_seed_plays_the_same_stretch() -> None:
    first = start_game(torga_iv(), SOLO, random.Random(SEED))
    again = start_game(torga_iv(), SOLO, random.Random(SEED))
    assert first.state.to_dict() == again.state.to_dict()
    assert (first.events, first.lines, first.label) == (again.events, again.lines, again.label)
    assert [line.kind for line in first.lines][:2] == ["turn", "solo_order"]


def test_in_solo_play_the_app_replies_until_the_gm_is_to_act() -> None:
    state = started(SOLO)
    assert waits_for_gm(state)  # a reply at the start is played with the start
    federation = next(a for a in legal_actions(state) if a.kind == HOLD)
    before = state.to_dict()
    stretch = play_action_and_reply(state, federation, random.Random(SEED))
    assert state.to_dict() == before  # pure: the game asked about is not changed
    assert stretch.lines[0].auto is False
    replies = [line for line in stretch.lines[1:] if line.kind != "turn"]
    assert replies and all(line.auto for line in stretch.lines[1:])
    assert waits_for_gm(stretch.state)
    assert "Jem'Hadar" in stretch.label and "activation" in stretch.label


def test_with_both_sides_manual_nothing_is_chained() -> None:
    state = started(MANUAL)
    action = next(a for a in legal_actions(state) if a.kind == HOLD)
    stretch = play_action_and_reply(state, action, random.Random(SEED))
    assert [line.auto for line in stretch.lines] == [False] * len(stretch.lines)
    assert stretch.state.side_to_act != state.side_to_act or stretch.state.tier != state.tier


def test_the_app_activation_is_one_action_marked_automatic() -> None:
    state = started(AUTOMATIC)
    stretch = play_app_activation(state, random.Random(SEED))
    assert stretch.label.endswith("(automatic)")
    assert all(line.auto for line in stretch.lines)


def test_the_rest_of_the_turn_ends_the_turn() -> None:
    state = started(MANUAL)
    stretch = play_rest_of_turn(state, random.Random(SEED))
    assert stretch.state.over or stretch.state.turn == state.turn + 1
    assert f"end of turn {state.turn}" in stretch.label
    assert all(line.auto for line in stretch.lines)


def test_a_game_over_is_refused_more_play() -> None:
    state = started(AUTOMATIC)
    rng = random.Random(SEED)
    while not state.over:
        state = play_rest_of_turn(state, rng).state
    with pytest.raises(RulesError, match="game is over"):
        play_app_activation(state, rng)
    with pytest.raises(RulesError, match="game is over"):
        play_rest_of_turn(state, rng)
    with pytest.raises(RulesError, match="game is over"):
        change_options(state, state.options, rng)


def test_handing_a_side_to_the_app_rolls_its_order_and_lets_it_reply() -> None:
    state = started(MANUAL)
    assert state.solo_order is None
    options = state.options
    solo = GameOptions(
        options.wound_effects, options.first_in_tier, ("jemhadar",), options.weapon_wounds
    )
    stretch = change_options(state, solo, random.Random(SEED))
    assert state.options.automatic == ()  # the game asked about is not changed
    assert stretch.state.solo_order is not None
    assert stretch.lines[0].kind == SETTINGS and "the app plays Jem'Hadar" in stretch.lines[0].text
    assert stretch.lines[1].kind == "solo_order"
    assert mode_of(stretch.state) == SOLO and waits_for_gm(stretch.state)


def test_an_action_of_the_wrong_side_is_refused() -> None:
    state = started(MANUAL)
    other = next(f for f in state.figures if f.side != state.side_to_act)
    with pytest.raises(RulesError):
        play_action_and_reply(state, Action(HOLD, other.id), random.Random(SEED))
