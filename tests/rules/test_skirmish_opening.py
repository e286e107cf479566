"""Openings: a simulated game started where its opening ends is the game played in full."""

from __future__ import annotations

import random

import pytest

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import play_game, torga_iv
from gmtool.rules.skirmish.auto import automatic_player
from gmtool.rules.skirmish.engine import deploy, play_action
from gmtool.rules.skirmish.opening import Openings, play_opening
from gmtool.rules.skirmish.simulate import game_rng, simulation_options
from gmtool.rules.skirmish.variants import with_settings


@pytest.mark.parametrize(
    "settings",
    [
        [],
        [("options.first_in_tier", "jemhadar"), ("options.wound_effects", False)],
        # the Jem'Hadar start in range: the opening ends at the first shot of turn 1
        [("forces.first.start", [40, 8]), ("forces.soldier_1.start", [41, 12])],
    ],
)
def test_a_game_from_its_opening_is_the_game_played_in_full(
    settings: list[tuple[str, object]],
) -> None:
    scenario = with_settings(torga_iv(), settings)
    options = simulation_options(scenario)
    openings = Openings(scenario, options, automatic_player)
    for index in range(40):
        full = play_game(scenario, game_rng(5, index), options)
        assert play_game(scenario, game_rng(5, index), options, openings) == full


def test_the_torga_iv_opening_is_turn_1_up_to_the_die_for_turn_2() -> None:
    scenario = torga_iv()
    options = simulation_options(scenario)
    state = deploy(scenario, random.Random(3), options, None)
    end = play_opening(state.copy(), automatic_player)
    # nobody is in range in turn 1: thirty actions, none of them a die; the last would
    # begin turn 2 with the Jem'Hadar's order, so it is left to the game
    assert end.turn == 1
    assert sum(f.spent for f in end.figures) == 29
    assert all(f.wounds == 0 for f in end.figures)
    rng = random.Random(4)
    before = rng.getstate()
    play_action(end.copy(), automatic_player(end), rng, None, check=False)
    assert rng.getstate() != before  # the next action rolls
    assert end.figures[7].x < state.figures[7].x  # the Jem'Hadar First has come west


def test_openings_serve_only_their_own_run() -> None:
    scenario = torga_iv()
    options = simulation_options(scenario)
    openings = Openings(scenario, options, automatic_player)
    stranger = deploy(scenario, random.Random(1), simulation_options(scenario), None)
    with pytest.raises(RulesError):
        openings.play(stranger)
