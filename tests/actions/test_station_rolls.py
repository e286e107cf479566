"""Rolling a station's check: the check the board shows, saved with what it was for, one
undo step of the party."""

from __future__ import annotations

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions import party as act
from gmtool.actions.station_rolls import STATIONS_TAB, roll_station_check, row_check
from gmtool.rules.stations import station_board
from gmtool.store import Campaign
from gmtool.store.party import load_party_state
from gmtool.store.ships import get_ship


def _board(demo: Campaign, ship_id: str = "meridian"):  # type: ignore[no-untyped-def]
    party = load_party_state(demo)
    ship = get_ship(demo, ship_id)
    return station_board(ship.id, ship.spec.crew_check_score, party.characters, party.assignments)


def test_the_roll_is_the_check_the_row_shows(demo: Campaign) -> None:
    board = _board(demo)
    rows = [
        (line.station_id, occ.character_id)
        for line in board.lines
        for occ in line.occupants
        if row_check(board, line.station_id, occ.character_id) is not None
    ]
    rows += [
        (line.station_id, None) for line in board.lines if row_check(board, line.station_id, None)
    ]
    assert rows
    for station_id, who in rows:
        shown = row_check(_board(demo), station_id, who)
        assert shown is not None
        rolled = roll_station_check(demo, "meridian", station_id, who)
        assert (rolled.result.score, rolled.result.step) == (shown.score, shown.step)
        newest = next(iter(demo.roll_log()))
        assert newest["id"] == rolled.roll_id and newest["source"] == STATIONS_TAB
        assert newest["for"] == rolled.purpose and "CSS Meridian" in rolled.purpose
        assert act.undo_state(demo).undo == rolled.label


def test_a_row_that_rolls_nothing_is_refused(demo: Campaign) -> None:
    board = _board(demo)
    quiet = next(
        line.station_id for line in board.lines if row_check(board, line.station_id, None) is None
    )
    before = demo.rolls.next_id if demo.rolls is not None else None
    with pytest.raises(ActionRefused, match="rolls nothing this round"):
        roll_station_check(demo, "meridian", quiet, None)
    assert (demo.rolls.next_id if demo.rolls is not None else None) == before


def test_undo_marks_the_roll_undone_and_redo_restores_it(demo: Campaign) -> None:
    board = _board(demo)
    line = next(line for line in board.lines if row_check(board, line.station_id, None))
    rolled = roll_station_check(demo, "meridian", line.station_id, None)
    assert act.undo(demo).label == rolled.label
    assert next(iter(demo.roll_log())).get("undone")
    assert act.redo(demo).label == rolled.label
    assert not next(iter(demo.roll_log())).get("undone")
