"""The standing line in words (tui.skirmish_standing): fits 80 columns, says the ending."""

from __future__ import annotations

import random

from gmtool.rules.skirmish import new_game, torga_iv
from gmtool.rules.skirmish.outcome import standing
from gmtool.tui.skirmish_standing import standing_text
from tests.rules.test_skirmish_outcome import fell, play_to_the_victory_turn


def test_the_standing_line_in_words_at_80_columns() -> None:
    state, _ = new_game(torga_iv(), random.Random(0))
    fell(state, "worf", "dax", "obrien", "crewman_1")
    players = {"federation": "GM", "jemhadar": "app"}
    text = standing_text(standing(state), state.scenario, players, 80).plain
    first, second = text.split("\n")
    assert first == "Turn 1 of 10 · Federation to act (GM), action point 1"
    assert second == (
        "Federation 3 standing, needs 4 when turn 10 begins: cannot win now · Jem'Hadar 6 standing"
    )
    wide = standing_text(standing(state), state.scenario, players, 120).plain
    assert "the Defiant arrives when turn 10 begins" in wide.split("\n")[0]
    play_to_the_victory_turn(state)
    first, second = standing_text(standing(state), state.scenario, players, 80).plain.split("\n")
    assert first.startswith("Game over at turn 10: Jem'Hadar win · n starts a new game")
    assert len(first) <= 80
    assert second == "Turn 10 began with only 3 Federation standing (4 needed)."
    wide = standing_text(standing(state), state.scenario, players, 120).plain.split("\n")[1]
    assert wide == (
        "Turn 10 began with only 3 Federation standing (4 needed): the Defiant came too late."
    )
