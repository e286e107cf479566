"""Rolls the GM marks to remember: in the session's timeline and the GM's recap; in the
players' recap only when marked in front of them; refused for a roll not in the log."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.actions import ActionRefused, journal
from gmtool.actions import sessions as session_act
from gmtool.actions.dice import roll_dice, undo_last_roll
from gmtool.actions.roll_marks import mark_roll
from gmtool.rules.session_facts import RollMark
from gmtool.rules.session_recap import timeline_lines
from gmtool.store import Campaign, open_campaign


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Campaign]:
    c = open_campaign(tmp_path / "marks.campaign", name="Marks", seed=7)
    yield c
    c.close()


def test_marked_rolls_show_in_the_timeline_and_the_players_see_only_theirs(
    table: Campaign,
) -> None:
    session_act.start_session(table, "The heist")
    shown = roll_dice(table, "2d6", "Kira picks the lock")
    hidden = roll_dice(table, "d20", "the guard's secret patrol")
    plain = roll_dice(table, "d4", "a roll nobody marked")
    assert mark_roll(table, shown.roll_id, RollMark.PLAYERS).before is None
    mark_roll(table, hidden.roll_id, RollMark.GM)
    facts = journal.session_facts(table, 1)
    marks = {r.id: r.mark for r in facts.rolls}
    assert marks == {shown.roll_id: RollMark.PLAYERS, hidden.roll_id: RollMark.GM}
    lines = "\n".join(timeline_lines(facts))
    assert "Kira picks the lock" in lines and "guard's secret patrol" in lines
    assert "a roll nobody marked" not in lines and plain.roll_id not in marks
    gm = journal.recap(table, 1)
    assert "Kira picks the lock" in gm and "guard's secret patrol" in gm
    players = journal.recap(table, 1, players=True)
    assert "## Rolls to remember" in players and "Kira picks the lock (2d6 = " in players
    assert "secret patrol" not in players and "[marked" not in players


def test_unmarking_takes_a_roll_out_and_undone_rolls_are_not_marked(table: Campaign) -> None:
    session_act.start_session(table)
    rolled = roll_dice(table, "2d6", "a jump")
    mark_roll(table, rolled.roll_id, RollMark.PLAYERS)
    unmarked = mark_roll(table, rolled.roll_id, None)
    assert (unmarked.before, unmarked.mark) == (RollMark.PLAYERS, None)
    assert journal.session_facts(table, 1).rolls == ()
    undo_last_roll(table)
    with pytest.raises(ActionRefused, match="was undone"):
        mark_roll(table, rolled.roll_id, RollMark.PLAYERS)


@pytest.mark.parametrize("roll_id", [0, -3, 2, 10**12])
def test_a_roll_not_in_the_log_is_refused_and_nothing_is_saved(
    table: Campaign, roll_id: int
) -> None:
    roll_dice(table, "d6")
    before = list(table.roll_log())
    with pytest.raises(ActionRefused, match=f"no roll #{roll_id} \\(rolls 1 to 1\\)"):
        mark_roll(table, roll_id, RollMark.PLAYERS)
    assert list(table.roll_log()) == before


def test_a_marked_check_reads_its_degree_as_the_gm_says_it() -> None:
    from gmtool.rules.session_facts import RollFact
    from gmtool.rules.session_recap import roll_line

    check = RollFact(9, "2026-12-02T20:00", "dice", "a scan", "score 10 step +5", 16, "failure")
    marked = RollFact(9, "", "dice", "a scan", "2d6", 7, None, RollMark.GM)
    assert roll_line(check) == "#9 Failure: a scan (score 10 step +5 = 16)"
    assert roll_line(marked) == "#9 a scan (2d6 = 7) [marked, behind the screen]"
