"""Seeded games pinned to the figures they gave: the simulator's hot paths may be made
faster, never different. A change to the rules or the automatic players that is meant to
change the games updates these digests, and says why in its commit."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest
from msgspec.structs import replace

from gmtool.rules.skirmish import torga_iv
from gmtool.rules.skirmish.auto import automatic_player
from gmtool.rules.skirmish.engine import apply_action, new_game
from gmtool.rules.skirmish.simulate import GameResult, run_games, summarise
from gmtool.rules.skirmish.state import GameOptions
from gmtool.rules.skirmish.variants import with_settings

VARIANT = [("options.wound_effects", False), ("options.first_in_tier", "jemhadar")]


def _digest(results: list[GameResult]) -> str:
    rows = "".join(
        f"{r.winner},{r.reason.value},{r.final_turn},{r.standing},{r.survivors}\n" for r in results
    )
    return hashlib.sha256(rows.encode()).hexdigest()


@pytest.mark.parametrize(
    ("settings", "digest", "federation_wins", "endings", "mean_final_turn"),
    [
        (
            [],
            "83d0a57446f358d414d2490a55a5e14c190dc55f01b6e417bbe4cfb571685517",
            157,
            {"wiped_out": 1, "enemy_wiped_out": 157, "enemy_wiped_out_too_few": 242},
            4.8675,
        ),
        (
            VARIANT,
            "df4593b49b8043ee550879330959f8ff8799696160c047d9af3c06b39dcfa971",
            121,
            {"wiped_out": 1, "enemy_wiped_out": 121, "enemy_wiped_out_too_few": 278},
            4.7625,
        ),
    ],
)
def test_a_seeded_run_gives_the_pinned_games(
    settings: list[tuple[str, Any]],
    digest: str,
    federation_wins: int,
    endings: dict[str, int],
    mean_final_turn: float,
) -> None:
    # a fresh copy of the scenario: its board starts with nothing remembered
    scenario = with_settings(torga_iv(), settings)
    results = run_games(scenario, 400, seed=2024)
    summary = summarise(scenario, 2024, results).to_dict()
    assert summary["federation_wins"] == federation_wins
    assert {k: v for k, v in summary["endings"].items() if v} == endings
    assert summary["mean_final_turn"] == mean_final_turn
    assert _digest(results) == digest
    # and again on the same board, with everything it remembered from the first run
    assert _digest(run_games(scenario, 400, seed=2024)) == digest


def test_a_seeded_game_at_the_table_tells_the_pinned_story() -> None:
    """The same players through `apply_action`, the path the app takes, with every event."""
    scenario = torga_iv()
    options = replace(GameOptions.from_scenario(scenario), automatic=("federation", "jemhadar"))
    rng = random.Random(99)
    state, log = new_game(scenario, rng, options)
    while not state.over:
        state, events = apply_action(state, automatic_player(state), rng)
        log.extend(events)
    text = "\n".join(event.text for event in log)
    assert len(log) == 116
    assert hashlib.sha256(text.encode()).hexdigest() == (
        "92ce2e9c210c8f2c094a855bdb308dadbc74527b463fcff9610fced3b3b5153e"
    )
