"""The session journal through the actions: each kind of fact in a session's timeline, the
GM's notes (added, edited, deleted, undone, redone, refused), the recap and its players' cut."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from gmtool.actions import ActionRefused, journal
from gmtool.actions import battles as battle_act
from gmtool.actions import sessions as session_act
from gmtool.actions import ship_condition as cond
from gmtool.actions import ships as ship_act
from gmtool.actions import skirmish as game_act
from gmtool.actions.dice import roll_a_check
from gmtool.actions.healing import TreatmentRequest, treat_by_roll
from gmtool.actions.injuries import DamageRequest, deal_damage
from gmtool.rules.skirmish import torga_iv
from gmtool.store import Campaign, open_campaign
from gmtool.store.demo import seed_demo
from gmtool.store.ships.records import SHIPS_TRACKER
from gmtool.store.skirmish import AUTOMATIC
from gmtool.store.skirmish_files import SKIRMISH_TRACKER
from gmtool.store.tracker import UNDO_DEPTH, Tracker

PATIENT = "halvard-rusk"
DOCTOR = "priya-salo"


def ticking() -> Callable[[], datetime]:
    """A campaign clock that moves a minute at each reading: sessions apart in time."""
    moments: Iterator[datetime] = (
        datetime(2026, 12, 2, 20, 0) + timedelta(minutes=n) for n in range(10**6)
    )
    return lambda: next(moments)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Campaign]:
    c = open_campaign(tmp_path / "journal.campaign", name="Journal", seed=7, clock=ticking())
    seed_demo(c)
    yield c
    c.close()


def _battle(c: Campaign, name: str = "Ambush") -> str:
    battle = battle_act.new_battle(c, name, ["meridian"], ["vex"], "long").id
    battle_act.do_apply_damage(c, battle, "meridian", 10, "wound", "a test hit")
    battle_act.do_apply_damage(c, battle, "meridian", 3, "mortal", "a test hit")
    battle_act.do_apply_damage(c, battle, "vex", 4, "wound", "a test hit")
    battle_act.do_end_battle(c, battle)
    return battle


def test_a_battle_its_sides_rounds_ending_casualties_and_report(table: Campaign) -> None:
    session_act.start_session(table, "The ambush")
    battle = _battle(table)
    facts = journal.session_facts(table, 1)
    (fact,) = facts.battles
    assert (fact.battle_id, fact.name, fact.finished) == (battle, "Ambush", True)
    assert [name for _, name in fact.sides] == [s.name for s in _sides(table, battle)]
    assert fact.rounds >= 1 and fact.report == f"reports/{battle}.md"
    meridian = next(s for s in fact.ships if s.name.endswith("Meridian"))
    assert meridian.ours and meridian.marked["wound"] == 10 and meridian.losses["total"] > 0
    (hurt,) = [c for c in fact.casualties if c.ship_name.endswith("Meridian")]
    assert len(hurt.dead) == meridian.losses["dead"]
    assert hurt.badly_wounded == meridian.losses["badly_wounded"]


def _sides(c: Campaign, battle: str) -> list[object]:
    from gmtool.store import battles

    return list(battles.load_battle(c, battle).sides)


def test_injuries_treatments_and_notable_rolls(table: Campaign) -> None:
    session_act.start_session(table)
    deal_damage(table, DamageRequest(PATIENT, "3", "wound", "a console blast"))
    treat_by_roll(table, TreatmentRequest(DOCTOR, PATIENT, "treatment"))
    for _ in range(60):  # enough checks for an Amazing success or a Critical Failure
        roll_a_check(table, 12, 0, "a scan")
    facts = journal.session_facts(table, 1)
    kinds = [(e.kind, e.character) for e in facts.injuries]
    assert kinds[0][0] == "damage" and kinds[1][0] == "treatment"
    assert facts.injuries[0].marked["wound"] == 3
    assert facts.rolls_made >= 61
    assert facts.rolls and {r.degree for r in facts.rolls} <= {"amazing", "critical_failure"}


def test_ship_changes_between_battles(table: Campaign) -> None:
    _battle(table)  # before any session: not in it
    session_act.start_session(table)
    cond.repair(table, "meridian", 2, "port")
    cond.replace_crew(table, "meridian")
    cond.scrap(table, "kestrel")
    cond.restore(table, "kestrel")
    facts = journal.session_facts(table, 1)
    assert [c.kind for c in facts.ship_changes] == [
        "repair",
        "crew_replaced",
        "scrapped",
        "restored",
    ]
    assert facts.battles == ()
    repair = facts.ship_changes[0]
    assert repair.days == 2 and repair.where == "port" and repair.marks["wound"] < 0


def test_a_torga_iv_game_and_its_ending(table: Campaign) -> None:
    session_act.start_session(table)
    game = game_act.start(table, torga_iv(), AUTOMATIC).game
    for _ in range(40):
        if game.state.over:
            break
        game = game_act.play_rest_of_turn(table, game).game
    (fact,) = journal.session_facts(table, 1).games
    assert fact.scenario == torga_iv().name and fact.turn == game.state.turn
    assert (fact.winner is None) == (not game.state.over)
    if game.state.over:
        assert fact.reason is not None


def test_notes_added_edited_deleted_undone_and_redone(table: Campaign) -> None:
    with pytest.raises(ActionRefused, match="no game session is open"):
        journal.add_note(table, "too early")
    session_act.start_session(table)
    first = journal.add_note(table, "  The Vex captain swore revenge  ")
    assert (first.change, first.note.id, first.note.text) == (
        "added",
        1,
        "The Vex captain swore revenge",
    )
    journal.add_note(table, "Rusk owes Salo a drink")
    edited = journal.edit_note(table, 1, 2, "Rusk owes Salo two drinks")
    assert edited.note.edited is not None
    journal.delete_note(table, 1, 1)
    assert [n.text for n in journal.notes(table, 1)] == ["Rusk owes Salo two drinks"]
    undone = journal.undo_note(table, 1)
    assert (undone.change, undone.note.id, undone.undone) == ("deleted", 1, True)
    assert [n.id for n in journal.notes(table, 1)] == [1, 2]
    redone = journal.redo_note(table, 1)
    assert (redone.change, redone.redone) == ("deleted", True)
    assert [n.id for n in journal.notes(table, 1)] == [2]
    assert [n.text for n in journal.session_facts(table, 1).notes] == ["Rusk owes Salo two drinks"]


@pytest.mark.parametrize(
    ("text", "why"),
    [("   ", "needs some text"), ("x" * 501, "at most 500"), ("bell\x07", "control character")],
)
def test_bad_notes_are_refused_and_nothing_is_saved(table: Campaign, text: str, why: str) -> None:
    session_act.start_session(table)
    journal.add_note(table, "kept")
    notes_file = table.folder / "trackers" / "notes" / "1.json"
    before = notes_file.read_bytes()
    with pytest.raises(ActionRefused, match=why):
        journal.add_note(table, text)
    with pytest.raises(ActionRefused, match=why):
        journal.edit_note(table, 1, 1, text)
    with pytest.raises(ActionRefused, match="no note 9"):
        journal.delete_note(table, 1, 9)
    with pytest.raises(ActionRefused, match="no session 4"):
        journal.session_facts(table, 4)
    assert notes_file.read_bytes() == before


def test_a_session_from_before_notes_still_shows_its_facts(table: Campaign) -> None:
    session_act.start_session(table)
    _battle(table)
    deal_damage(table, DamageRequest(PATIENT, "2", "stun", "a fall"))
    session_act.end_session(table)
    assert not (table.folder / "trackers" / "notes").exists()
    facts = journal.session_facts(table, 1)
    assert facts.battles and facts.injuries and facts.notes == ()
    assert "## Battles" in journal.recap(table, 1)


def test_the_players_recap_hides_enemy_numbers_notes_and_rolls(table: Campaign) -> None:
    session_act.start_session(table)
    _battle(table)
    roll_a_check(table, 12, 0, "the secret sensor sweep")
    journal.add_note(table, "GM ONLY: the Vex is a decoy")
    session_act.end_session(table)
    facts = journal.session_facts(table, 1)
    vex = next(s for s in facts.battles[0].ships if not s.ours)
    gm = journal.recap(table, 1)
    players = journal.recap(table, 1, players=True)
    enemy_tracks = ", ".join(f"{vex.marked.get(t, 0)}/{n} {t}" for t, n in vex.points.items())
    assert enemy_tracks in gm and "GM ONLY" in gm
    assert f"{vex.name} (" in players and "damaged" in players
    assert enemy_tracks not in players and "/" not in players.split(vex.name)[1].split("\n")[0]
    assert "GM ONLY" not in players and "## Notes" not in players
    assert "sensor sweep" not in players and "## Notable rolls" not in players
    assert "reports/" not in players


def test_the_recap_is_saved_under_reports_as_printed(table: Campaign) -> None:
    session_act.start_session(table)
    journal.add_note(table, "a note")
    saved = journal.save_recap(table, 1)
    assert saved.path == table.folder / "reports" / "session-1.md"
    assert saved.path.read_text(encoding="utf-8") == journal.recap(table, 1) == saved.text
    assert saved.players_path.read_text(encoding="utf-8") == journal.recap(table, 1, players=True)


def test_previously_is_the_last_ended_session(table: Campaign) -> None:
    assert journal.previous_session(table) is None
    session_act.start_session(table, "One")
    session_act.end_session(table)
    session_act.start_session(table, "Two")
    previous = journal.previous_session(table)
    assert previous is not None and previous.title == "One"
    assert journal.recap(table, 1, short=True).startswith("# One (session 1)")


def test_ship_changes_and_games_are_tagged_with_their_session(tmp_path: Path) -> None:
    """Two sessions in the same minute (a stopped clock): each change and game lands in the
    session it was made in, by the tag its undo step carries, not by the clock; an undone
    change is in none."""
    moment = datetime(2026, 12, 2, 20, 0)
    table = open_campaign(tmp_path / "same.campaign", name="Same", seed=7, clock=lambda: moment)
    seed_demo(table)
    _battle(table)  # the Meridian comes back hurt, before any session
    session_act.start_session(table, "One")
    cond.repair(table, "meridian", 1, "port")
    game_act.start(table, torga_iv(), AUTOMATIC)
    session_act.end_session(table)
    cond.scrap(table, "kestrel")  # between sessions: in neither
    session_act.start_session(table, "Two")
    cond.replace_crew(table, "meridian")
    cond.repair(table, "meridian", 1, "sea")
    ship_act.undo(table)  # the second repair: taken back
    one, two = journal.session_facts(table, 1), journal.session_facts(table, 2)
    assert [c.kind for c in one.ship_changes] == ["repair"] and len(one.games) == 1
    assert [c.kind for c in two.ship_changes] == ["crew_replaced"] and two.games == ()
    steps = Tracker[Any](table, SHIPS_TRACKER).record()["undo"]
    assert [s.get("session") for s in steps][-3:] == [1, None, 2]
    table.close()


def test_previously_names_a_few_of_the_players_dead_and_none_of_the_enemys() -> None:
    from gmtool.rules.session_facts import BattleFact, CrewCasualties, SessionInfo
    from gmtool.rules.session_facts import SessionFacts as Facts
    from gmtool.rules.session_recap import recap_markdown, timeline_lines

    ours = CrewCasualties("CSS Meridian", "a", tuple(f"Spc. Ours {n}" for n in range(5)), 0, 0)
    theirs = CrewCasualties("Raider Gorgon", "b", ("Capt. Theirs",), 0, 0)
    battle = BattleFact(
        "b1", "Battle 1", "2026-12-02T20:00", (("a", "Us"), ("b", "Them")), 3, True, (), (),
        (ours, theirs), None,
    )  # fmt: skip
    facts = Facts(SessionInfo(1, "One", "2026-12-02T19:00", None), battles=(battle,))
    short = recap_markdown(facts, short=True)
    assert "Spc. Ours 2, and 2 more" in short and "Ours 3" not in short
    assert "Theirs" not in short and "Theirs" not in timeline_lines(facts)[0]
    assert "Capt. Theirs" in recap_markdown(facts) and "Spc. Ours 4" in recap_markdown(facts)


def test_a_session_saved_before_the_tags_still_shows_its_changes_and_rolls(
    table: Campaign,
) -> None:
    """Ship steps saved before they carried their session are found by their time; the
    session's rolls are counted as before."""
    _battle(table)
    session_act.start_session(table)
    cond.repair(table, "meridian", 1, "port")
    roll_a_check(table, 12, 0, "a scan")
    session_act.end_session(table)
    tracker = Tracker[Any](table, SHIPS_TRACKER)
    record = tracker.record()
    old = [{k: v for k, v in step.items() if k != "session"} for step in record["undo"]]
    tracker.rewrite(record["state"], old, list(record.get("redo", [])))  # type: ignore[arg-type]
    facts = journal.session_facts(table, 1)
    assert [c.kind for c in facts.ship_changes] == ["repair"]
    assert facts.rolls_made == 1 and facts.battles == ()


def test_changes_older_than_the_undo_window_stay_in_their_session(table: Campaign) -> None:
    """A repair pushed out of the ships' undo window by later actions is still in the
    session it was made in (the journal's archive), and in no other."""
    _battle(table)
    session_act.start_session(table, "One")
    cond.repair(table, "meridian", 1, "port")
    session_act.end_session(table)
    session_act.start_session(table, "Two")
    for _ in range(UNDO_DEPTH // 2 + 1):
        cond.scrap(table, "kestrel")
        cond.restore(table, "kestrel")
    steps = Tracker[Any](table, SHIPS_TRACKER).record()["undo"]
    assert all(s.get("session") == 2 for s in steps)  # the repair's step has left
    one, two = journal.session_facts(table, 1), journal.session_facts(table, 2)
    assert [c.kind for c in one.ship_changes] == ["repair"] and one.gaps == ()
    kinds = [c.kind for c in two.ship_changes]
    assert kinds == ["scrapped", "restored"] * (UNDO_DEPTH // 2 + 1)
    assert "repaired" in journal.recap(table, 1)


def test_a_torga_iv_game_older_than_the_undo_window_stays_in_its_session(
    table: Campaign,
) -> None:
    session_act.start_session(table, "One")
    game = game_act.start(table, torga_iv(), AUTOMATIC).game
    session_act.end_session(table)
    session_act.start_session(table, "Two")
    for _ in range(60):
        if game.state.over:
            game = game_act.start(table, torga_iv(), AUTOMATIC).game
        game = game_act.play_rest_of_turn(table, game).game
    steps = Tracker[Any](table, SKIRMISH_TRACKER).record()["undo"]
    assert all(s.get("session") == 2 for s in steps)  # the first game's step has left
    (kept,) = journal.session_facts(table, 1).games
    assert kept.scenario == torga_iv().name and kept.turn == 1 and kept.winner is None


@pytest.mark.parametrize("damage", [b"{not json", b'{"facts": {"1": {"changes": 7}}}'])
def test_a_damaged_archive_is_named_and_play_goes_on(table: Campaign, damage: bytes) -> None:
    _battle(table)
    session_act.start_session(table, "One")
    cond.repair(table, "meridian", 1, "port")
    archive = table.folder / "journal" / "1.json"
    archive.parent.mkdir(exist_ok=True)
    archive.write_bytes(damage)
    for _ in range(UNDO_DEPTH // 2 + 1):  # the repair leaves the window: still saved
        cond.scrap(table, "kestrel")
        cond.restore(table, "kestrel")
    assert archive.read_bytes() == damage  # left as it was
    facts = journal.session_facts(table, 1)
    assert len(facts.gaps) == 1 and "journal/1.json" in facts.gaps[0]
    assert [c.kind for c in facts.ship_changes][-2:] == ["scrapped", "restored"]
