"""The board says why with typed fields, and a task refusal is decided on them, not words."""

from __future__ import annotations

import pytest

from gmtool.rules import station_board as board_module
from gmtool.rules.characters import Party, load_party
from gmtool.rules.station_tasks import refusal_text, task_refusal
from gmtool.rules.stations import move, station_board
from gmtool.store.demo import demo_data_dir

CREW_SCORE = 12


@pytest.fixture
def party() -> Party:
    return load_party(demo_data_dir() / "party.yaml")


def _at_command(party: Party, who: str, task: str = "auto") -> Party:
    ids = {"characters": party.ids}
    moved = move(party.assignments, who, "meridian", "command", task=task, **ids)
    return Party(party.characters, moved)


def test_a_second_roller_stands_by_and_the_note_names_who_rolls(party: Party) -> None:
    new = _at_command(party, "dorran-vek", "hands_on")
    board = station_board("meridian", CREW_SCORE, new.characters, new.assignments)
    dorran = board.occupant("dorran-vek")
    assert dorran is not None and dorran.task == "standing_by"
    assert dorran.why is not None
    assert (dorran.why.kind, dorran.why.by, dorran.why.station_id) == (
        "roll_taken",
        "ines-calloway",
        "command",
    )
    assert dorran.note == "Captain Ines Calloway already takes this station's roll"


def test_a_lacking_skill_is_named_as_the_book_spells_it(party: Party) -> None:
    new = _at_command(party, "priya-salo")
    moved = move(
        new.assignments,
        "priya-salo",
        "meridian",
        "command",
        task="leading",
        leads="sensors",
        characters=new.ids,
    )
    board = station_board("meridian", CREW_SCORE, new.characters, moved)
    priya = board.occupant("priya-salo")
    assert priya is not None and priya.why is not None
    assert (priya.why.kind, priya.why.skills) == ("lacks_lead", ("leadership-command",))
    assert priya.note == "lacks Leadership—command: cannot lead Sensors"
    refusal = task_refusal(board, new.character("priya-salo"), "command", "leading", "sensors")
    assert refusal is not None and refusal.kind == "no_lead_skill"


def test_rewording_the_notes_changes_no_decision(
    party: Party, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(board_module, "note_text", lambda _note: "something else entirely")
    new = _at_command(party, "dorran-vek", "hands_on")
    board = station_board("meridian", CREW_SCORE, new.characters, new.assignments)
    refusal = task_refusal(board, new.character("dorran-vek"), "command", "hands_on", None)
    assert refusal is not None
    assert (refusal.kind, refusal.by) == ("roll_taken", "ines-calloway")
    assert refusal_text(refusal) == (
        "Captain Ines Calloway already takes the Command roll, with a better chance."
    )
    # what a character would do is not refused
    ines = task_refusal(board, new.character("ines-calloway"), "command", "hands_on", None)
    assert ines is None
    assert task_refusal(board, new.character("dorran-vek"), "command", "auto", None) is None
