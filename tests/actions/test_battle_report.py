"""The battle report: built from a played demo battle's typed facts, saved with the step
that ends the battle, rewritten when that step is undone, and saved on demand."""

from __future__ import annotations

import pytest

from gmtool.actions import battles as act
from gmtool.actions.battle_next import play_next
from gmtool.actions.battle_report import report_text, save_report
from gmtool.actions.injuries import TreatmentRequest, treat
from gmtool.rules.battle.report import battle_report, words
from gmtool.rules.battle.state import BattleEvent, BattleState
from gmtool.rules.ship_damage import track_ids
from gmtool.store import Campaign
from gmtool.store import battles as stored
from gmtool.store.crew_casualties import battle_casualties
from gmtool.store.errors import StoreError
from gmtool.store.reports import report_path


def _played(c: Campaign, steps: int = 60) -> BattleState:
    """The demo's Ambush at close range, played `steps` steps with `next`'s defaults."""
    battle = act.new_battle(c, "Ambush", ["meridian"], ["vex"], "close", seed=5).id
    state = stored.load_battle(c, battle)
    for _ in range(steps):
        state = play_next(c, battle).state
    return state


def test_every_hit_is_in_the_events_and_adds_up_to_the_boxes_marked(demo: Campaign) -> None:
    state = _played(demo)
    hits = [hit for event in state.events for hit in event.hits]
    assert hits, "sixty steps at close range should land some hits"
    for ship in state.ships:
        for track in track_ids():
            marked = sum(h.marked.get(track, 0) for h in hits if h.ship_id == ship.id)
            assert marked == ship.hit_boxes.get(track, 0)
    by_weapon = [h for h in hits if h.by_ship is not None]
    assert by_weapon and all(h.weapon for h in by_weapon)


def test_the_report_names_hits_end_states_and_losses(demo: Campaign) -> None:
    state = _played(demo)
    text = battle_report(state)
    names = {s.id: s.name for s in state.ships}
    for event in state.events:
        for hit in event.hits:
            assert f"{names[hit.ship_id]} takes {hit.amount} {hit.track}" in text
    hit_lines = [ln for ln in text.splitlines() if " takes " in ln]
    assert len(hit_lines) == sum(len(e.hits) for e in state.events)
    for ship in state.ships:
        marks = " | ".join(
            f"{ship.damage.marked.get(t, 0)}/{ship.damage.points[t]}" for t in track_ids()
        )
        assert f"| {ship.name} |" in text and f"| {words(ship.fate)} | {marks} |" in text
        losses = ship.crew_losses
        assert (
            f"- {ship.name}: {losses['total']} of {ship.crew_total} ({losses['dead']} dead, "
            f"{losses['badly_wounded']} badly wounded" in text
        )
    hurts = [h for e in state.events for h in e.hurts]
    assert hurts
    assert text.count("- Hurt in round ") == len(hurts)
    for number in range(1, state.round + 1):
        assert f"### Round {number}" in text
    assert "Range: close." in text and "Headings:" in text


def test_ending_the_battle_saves_its_report_in_the_same_commit(demo: Campaign) -> None:
    state = _played(demo, 20)
    path = report_path(demo, state.id)
    assert not path.exists()
    done = act.do_end_battle(demo, state.id, "they ran")
    assert done.finished and done.report == path
    saved = path.read_text(encoding="utf-8")
    named = battle_casualties(demo, state.id)
    assert named and saved == battle_report(done.state, (), named)  # with the named casualties
    assert saved.startswith("# Battle report: Ambush\n") and "Ended after" in saved
    act.undo(demo, state.id)
    assert "In progress after" in path.read_text(encoding="utf-8")


def test_a_report_on_demand_and_the_treatments_since_the_battle(demo: Campaign) -> None:
    state = _played(demo, 40)
    hurt = next(h for e in state.events for h in e.hurts if h.track != "mortal")
    treat(demo, TreatmentRequest(hurt.character_id, hurt.track, 1, "field dressing"))
    saved = save_report(demo, state.id)
    assert saved.path == report_path(demo, state.id)
    assert saved.path.read_text(encoding="utf-8") == saved.text == report_text(demo, state.id)
    assert f"- Treated: 1 {hurt.track} restored (field dressing)" in saved.text
    with pytest.raises(StoreError, match="no saved battle 'no-such'"):
        report_text(demo, "no-such")


def test_events_saved_before_the_facts_read_with_none() -> None:
    old = {"round": 1, "phase": "edge", "step": None, "action": "roll_edge", "text": "edge"}
    event = BattleEvent.from_dict(old)
    assert event.hits == () and event.hurts == () and event.range is None
    assert BattleEvent.from_dict(event.to_dict()) == event
