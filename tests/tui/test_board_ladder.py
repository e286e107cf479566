"""A step below the step ladder is not capped silently on the Stations board: the Score
shows the rung the check is rolled at, marked, and the line under the board says both."""

from __future__ import annotations

from msgspec.structs import replace

from gmtool.rules.checks import checks_table
from gmtool.rules.stations import station_board
from gmtool.store import Campaign
from gmtool.store.demo import seed_demo
from gmtool.store.party import load_party_state
from gmtool.tui.tabs.stations.board import board_rows, score_text, step_words

ENGINEER = "halvard-rusk"


def test_a_step_below_the_ladder_shows_the_rung_rolled(campaign: Campaign) -> None:
    seed_demo(campaign)
    lowest = checks_table().lowest_step
    below = lowest - 2
    party = load_party_state(campaign)
    board = station_board("meridian", 12, party.characters, party.assignments)
    # the engineer's own roll, pushed below the ladder (a house-ruled bonus could do it)
    lines = []
    for line in board.lines:
        occupants = tuple(
            replace(o, step=below) if o.character_id == ENGINEER else o for o in line.occupants
        )
        rolls = tuple(replace(r, step=below) if r.roller == ENGINEER else r for r in line.rolls)
        lines.append(replace(line, occupants=occupants, rolls=rolls))
    board = replace(board, lines=tuple(lines))
    row = next(r for r in board_rows(board, party) if r.character_id == ENGINEER)
    score = row.cells[4]
    assert score == score_text(16, below) == f"16 {lowest:+d}*"
    assert f"at {below:+d} (below the ladder: rolled at {lowest:+d})" in row.detail.plain
    assert step_words(lowest) == f"at {lowest:+d}"  # on the ladder: no note
