"""End reasons and the standing line (rules.skirmish.outcome), from games played to their end."""

from __future__ import annotations

import random

from gmtool.rules.skirmish import Action, new_game, play_action, torga_iv
from gmtool.rules.skirmish.outcome import EndReason, ending, reason_label, standing
from gmtool.rules.skirmish.state import GameState
from tests.rules.test_skirmish_engine import Loaded, act, arena, game, hold_through_turn


def fell(state: GameState, *ids: str) -> None:
    for fid in ids:
        state.figure(fid).fallen = True


def play_to_the_victory_turn(state: GameState) -> None:
    while not state.over:
        hold_through_turn(state)


def test_the_victory_turn_with_enough_standing_is_held_out() -> None:
    state = game(arena(victory={"turn": 3, "side": "federation", "standing": 2}))
    play_to_the_victory_turn(state)
    end = ending(state)
    assert end is not None and end.reason == EndReason.HELD_OUT
    assert (end.winner, end.turn, end.standing, end.needed) == ("federation", 3, 2, 2)


def test_the_victory_turn_with_too_few_standing_falls_short() -> None:
    state = game(arena(victory={"turn": 3, "side": "federation", "standing": 2}))
    fell(state, "fed_b")
    play_to_the_victory_turn(state)
    end = ending(state)
    assert end is not None and end.reason == EndReason.FELL_SHORT
    assert (end.winner, end.standing) == ("jemhadar", 1)


def test_a_side_wiped_out_ends_the_game_at_once() -> None:
    state = game(fed_a=(40.0, 12.0))
    fell(state, "fed_b")
    state.figure("fed_a").wounds = 2  # one more wound and the Federation is gone
    state.figure("jh_b").fallen = True
    act(state, "hold", "fed_a")
    # the Jem'Hadar First wins hand-to-hand by 4 or more: 2 wounds, the last Federation falls
    state.figure("jh_a").x, state.figure("jh_a").y = 40.5, 12.0
    play_action(state, Action("hand_to_hand", "jh_a", "fed_a"), Loaded((9, 10), (1, 10)))
    end = ending(state)
    assert end is not None and end.reason == EndReason.WIPED_OUT
    assert (end.winner, end.turn, end.standing) == ("jemhadar", 1, 0)


def test_the_enemy_wiped_out_is_judged_by_the_count() -> None:
    scenario = arena(victory={"turn": 10, "side": "federation", "standing": 2})
    state = game(scenario)
    fell(state, "fed_b", "jh_b")
    state.figure("jh_a").wounds = 2
    state.figure("jh_a").x, state.figure("jh_a").y = 2.5, 12.0
    play_action(state, Action("hand_to_hand", "fed_a", "jh_a"), Loaded((9, 10), (1, 10)))
    end = ending(state)
    # every Jem'Hadar is down, but one Federation figure is too few for the count of two
    assert end is not None and end.reason == EndReason.ENEMY_WIPED_OUT_TOO_FEW
    assert (end.winner, end.standing, end.needed) == ("jemhadar", 1, 2)


def test_no_ending_while_in_play_and_every_reason_has_a_label() -> None:
    state = game()
    assert ending(state) is None
    labels = {reason_label(r, torga_iv()) for r in EndReason}
    assert len(labels) == len(EndReason)
    assert reason_label(EndReason.HELD_OUT, torga_iv()).startswith("the Defiant arrived")


def test_the_standing_line_never_passes_the_victory_turn() -> None:
    state, _ = new_game(torga_iv(), random.Random(0))
    line = standing(state)
    assert (line.turn, line.victory_turn, line.standing, line.needed) == (1, 10, 7, 4)
    assert line.counts == (("federation", 7), ("jemhadar", 6)) and line.can_still_win
    play_to_the_victory_turn(state)
    line = standing(state)
    assert line.turn == 10 and line.ending is not None
    assert line.ending.reason == EndReason.HELD_OUT
