"""Play-on (actions/battle_next.py): one step, to the GM's next decision, to the end of the
round or of the battle; who plays each side; taking a whole round back."""

from __future__ import annotations

import json

import pytest

from gmtool.actions import ActionRefused, battle_next
from gmtool.actions import battles as act
from gmtool.actions.battle_next import pending_decision, play_on
from gmtool.store import Campaign, open_campaign
from gmtool.store import battles as stored
from gmtool.store.doctor import examine
from gmtool.store.errors import StoreError


def _battle(c: Campaign, auto: tuple[str, ...] = ("b",)) -> str:
    return act.new_battle(c, "Ambush", ["meridian"], ["gorgon"], "moderate", auto=auto).id


def test_a_battle_gmtool_plays_on_both_sides_ends_in_one_call(demo: Campaign) -> None:
    battle = _battle(demo, ("a", "b"))
    heard: list[str] = []
    played = play_on(demo, battle, "end", progress=lambda done: heard.append(done.label))
    assert played.finished and played.stopped == "end" and played.decision is None
    assert len(played.steps) > 40 and heard == [d.label for d in played.steps]
    state = stored.load_battle(demo, battle)
    assert state.finished and played.round == state.round
    with pytest.raises(ActionRefused, match="is over"):
        play_on(demo, battle, "end")
    # every step its own commit: one undo takes back exactly the last one
    undone = act.undo(demo, battle)
    assert len(undone.state.events) == len(state.events) - 1
    assert examine(demo) == []
    assert play_on(demo, battle, "end").finished  # the ending again, as one step
    assert examine(demo) == []


def test_play_on_to_the_round_ends_exactly_one_round_later(demo: Campaign) -> None:
    battle = _battle(demo, ())
    first = play_on(demo, battle, "round")
    assert first.stopped == "round" and first.round == 2 and first.decision is None
    assert first.steps[-1].action == "advance" and first.steps[-1].round == 2
    assert all(d.round == 1 for d in first.steps[:-1])
    second = play_on(demo, battle, "round")
    assert second.round == 3 or second.finished


def test_play_on_stops_before_the_gms_own_decisions_only(demo: Campaign) -> None:
    battle = _battle(demo)  # gmtool plays side b
    kinds: set[str] = set()
    for _ in range(400):
        found = play_on(demo, battle, "decision")
        if found.finished:
            break
        assert found.stopped == "decision" and found.decision is not None
        assert found.decision.side == "a" and found.decision.battle_id == battle
        assert pending_decision(stored.load_battle(demo, battle)) == found.decision
        kinds.add(found.decision.kind)
        # asked again at a decision, it plays nothing and names the same one
        again = play_on(demo, battle, "decision")
        assert again.steps == () and again.decision == found.decision
        step = play_on(demo, battle, "step")  # the GM takes the likeliest choice
        assert len(step.steps) == 1
        if found.decision.kind == "heading":
            assert step.steps[0].action == "declare_heading"
            assert step.steps[0].state.side("a").heading == found.decision.likely
        if found.decision.kind == "target":
            assert step.steps[0].action == "roll_attack"
            assert step.steps[0].state.events[-1].ships[:2] == (
                found.decision.ship_id,
                found.decision.likely,
            )
    assert stored.load_battle(demo, battle).finished
    assert {"heading", "target"} <= kinds
    assert examine(demo) == []


def test_play_on_refuses_bad_input_and_saves_nothing(demo: Campaign) -> None:
    battle = _battle(demo)
    with pytest.raises(ActionRefused, match="expected one of step, decision, round, end"):
        play_on(demo, battle, "bogus")  # type: ignore[arg-type]
    with pytest.raises(StoreError, match="no saved battle 'no-such-battle'"):
        play_on(demo, "no-such-battle", "end")
    assert len(stored.load_battle(demo, battle).events) == 1


def test_a_step_that_changes_nothing_stops_play_on(
    demo: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    battle = _battle(demo)

    def nothing(campaign: Campaign, battle_id: str, _move: object) -> act.StepDone:
        return act.do_set_commander(campaign, battle_id, "a", None)  # only a log line

    monkeypatch.setattr(battle_next, "_play", nothing)
    with pytest.raises(ActionRefused, match="changed nothing but the log"):
        play_on(demo, battle, "end")
    assert len(stored.load_battle(demo, battle).events) == 2  # one step saved, no spinning


def test_who_plays_each_side_is_a_step_of_the_battle(demo: Campaign) -> None:
    battle = _battle(demo)
    assert stored.load_battle(demo, battle).auto == ("b",)
    done = act.do_set_auto(demo, battle, ("a", "b"))
    assert done.action == "set_auto" and done.state.auto == ("a", "b")
    assert "gmtool plays Our fleet and Enemy" in done.result.text
    with pytest.raises(ActionRefused, match="nothing to change"):
        act.do_set_auto(demo, battle, ("b", "a"))
    with pytest.raises(ActionRefused, match="a side is 'a' or 'b'"):
        act.do_set_auto(demo, battle, ("x",))
    assert act.undo(demo, battle).state.auto == ("b",)
    assert stored.load_battle(demo, battle).auto == ("b",)
    act.do_set_auto(demo, battle, ())
    found = play_on(demo, battle, "decision")
    assert found.decision is not None and found.decision.kind == "heading"


def test_a_battle_saved_without_auto_reads_as_side_b_by_gmtool(demo: Campaign) -> None:
    """Battles saved before sides could be handed to gmtool have no `auto`: gmtool plays
    side b, the set-up's default (no migration)."""
    battle = _battle(demo, ("a",))
    tracker_file, _events = stored.battle_files(demo, battle)
    data = json.loads(tracker_file.read_text())
    (doc,) = data["tracker"].values()
    assert doc["state"].pop("auto") == ["a"]
    tracker_file.write_text(json.dumps(data))
    demo.close()
    again = open_campaign(demo.folder)
    try:
        assert stored.load_battle(again, battle).auto == ("b",)
        assert play_on(again, battle, "decision").decision is not None
    finally:
        again.close()


def test_undo_round_takes_the_round_back_to_its_start(demo: Campaign) -> None:
    battle = _battle(demo, ("a", "b"))
    play_on(demo, battle, "round")
    start_of_2 = stored.load_battle(demo, battle)
    rolls_before = {r["id"] for r in demo.roll_log() if not r.get("undone")}
    for _ in range(12):
        play_on(demo, battle, "step")
    mid = stored.load_battle(demo, battle)
    assert mid.round == 2 and len(mid.events) == len(start_of_2.events) + 12
    undone = act.undo_round(demo, battle)
    assert undone.round == 2 and len(undone.steps) == 12
    state = stored.load_battle(demo, battle)
    assert state == start_of_2 == undone.state
    assert {r["id"] for r in demo.roll_log() if not r.get("undone")} == rolls_before
    # at a round's start, the round before is taken back, back to the set-up
    again = act.undo_round(demo, battle)
    assert again.round == 1 and stored.load_battle(demo, battle).events == state.events[:1]
    with pytest.raises(ActionRefused, match="only the battle's set-up"):
        act.undo_round(demo, battle)
    assert examine(demo) == []


def test_gmtools_people_get_clear_of_its_lost_ship(demo: Campaign) -> None:
    battle = _battle(demo, ("a", "b"))
    aboard = {a.character_id for a in stored.load_battle(demo, battle).aboard("meridian")}
    act.do_apply_damage(demo, battle, "meridian", 1000, "critical")
    played = play_on(demo, battle, "end")
    left = [d for d in played.steps if d.action == "stations"]  # a move, in the party too
    living = {c.id for c in played.steps[0].state.characters if c.state != "dead"} & aboard
    assert living and len(left) == len(living)
    assert all("gets clear of CSS Meridian" in d.result.text for d in left)
    assert played.finished and played.steps[-1].action == "end_battle"
    assert not stored.load_battle(demo, battle).aboard("meridian")
    assert examine(demo) == []
