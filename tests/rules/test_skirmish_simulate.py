"""The balance simulation: determinism, statistics and the 95% interval."""

from __future__ import annotations

import random

import pytest

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import play_game, simulate, torga_iv, wilson_interval
from gmtool.rules.skirmish.simulate import game_rng, run_games


def test_the_same_seed_gives_the_same_games() -> None:
    scenario = torga_iv()
    first = run_games(scenario, 40, seed=7)
    assert run_games(scenario, 40, seed=7) == first
    assert run_games(scenario, 40, seed=8) != first


def test_jobs_do_not_change_the_results() -> None:
    scenario = torga_iv()
    one = simulate(scenario, 120, seed=3, jobs=1)
    two = simulate(scenario, 120, seed=3, jobs=2)
    assert two == one
    assert two.to_dict() == one.to_dict()


def test_each_game_has_its_own_generator() -> None:
    scenario = torga_iv()
    games = run_games(scenario, 5, seed=11)
    assert games[3] == play_game(scenario, game_rng(11, 3))
    assert game_rng(11, 3).random() == game_rng(11, 3).random()
    assert game_rng(11, 3).random() != game_rng(11, 4).random()


def test_summary_adds_up() -> None:
    summary = simulate(torga_iv(), 60, seed=1)
    data = summary.to_dict()
    assert data["games"] == 60
    assert data["federation_wins"] + data["jemhadar_wins"] == 60
    assert sum(summary.standing_distribution) == 60
    assert len(summary.standing_distribution) == 8  # 0 to 7 Federation figures standing
    assert 0 <= data["mean_federation_standing"] <= 7
    assert 1 <= data["mean_final_turn"] <= 10
    assert sum(summary.final_turn_distribution.values()) == 60
    low, high = data["federation_win_interval_95"]
    assert low <= data["federation_win_rate"] <= high


def test_every_game_is_finished_by_the_rules() -> None:
    for result in run_games(torga_iv(), 30, seed=5):
        assert result.winner in ("federation", "jemhadar")
        assert 1 <= result.final_turn <= 10
        if result.final_turn == 10:  # the Defiant arrived
            assert (result.winner == "federation") == (result.standing >= 4)
        if result.standing < 4:
            assert result.winner == "jemhadar"


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_bad_counts_are_refused() -> None:
    with pytest.raises(RulesError):
        run_games(torga_iv(), 0, seed=1)
    with pytest.raises(RulesError):
        run_games(torga_iv(), 10, seed=1, jobs=0)


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    run_games(torga_iv(), 120, seed=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (120, 120)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_play_game_uses_only_the_generator_it_is_given() -> None:
    state = random.getstate()
    play_game(torga_iv(), random.Random(1))
    assert random.getstate() == state
