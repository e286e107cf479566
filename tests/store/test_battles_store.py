"""The battle store: every step saved whole with its rolls, hazards in the injury history, an
index of battles, and undo that takes back a step's rolls and injuries."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gmtool.rules.battle import (
    BattleState,
    advance,
    advance_blocker,
    apply_damage_manually,
    declare_heading,
    end_battle,
    leave_ship,
    new_battle,
    quick_ship_spec,
    resolve_movement,
    roll_edge,
    self_destruct,
)
from gmtool.rules.errors import RulesError
from gmtool.store import Campaign, CampaignCorrupt, StoreError, histories, injuries
from gmtool.store.battles import (
    ACTIVE,
    FINISHED,
    SETUP_LABEL,
    battle_tracker,
    can_undo,
    create_battle,
    fleet_setup,
    get_battle_record,
    list_battles,
    live_battle,
    load_battle,
    new_battle_id,
    open_battle_id,
    run_step,
    set_open_battle,
    undo_step,
)
from gmtool.store.demo import seed_demo
from gmtool.store.party import load_party_state, update_character
from tests.conftest import fixed_clock

ABOARD_MERIDIAN = 6  # the demo party's characters aboard the Meridian


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about what is saved, not about surviving a power cut: skip the disk
    flushes so a whole battle saves in a blink."""
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


@pytest.fixture
def demo(campaign: Campaign) -> Campaign:
    seed_demo(campaign)
    return campaign


def ambush(campaign: Campaign, name: str = "Ambush at Tarsus") -> BattleState:
    return create_battle(
        campaign,
        name,
        fleet_setup(campaign, "Navy", ["meridian"]),
        fleet_setup(campaign, "Raiders", ["gorgon", "vex"]),
        "long",
    )


def live_rolls(campaign: Campaign) -> list[dict]:
    return [r for r in campaign.roll_log() if not r.get("undone")]


def hit_meridian(campaign: Campaign, battle_id: str, amount: int = 5):
    return run_step(campaign, battle_id, apply_damage_manually, "meridian", amount, "wound")


# -- set-up and the index -------------------------------------------------------------------


def test_create_battle_saves_the_engine_state_lists_and_opens_it(demo: Campaign) -> None:
    state = ambush(demo)
    party = load_party_state(demo)
    expected = new_battle(
        "Ambush at Tarsus",
        fleet_setup(demo, "Navy", ["meridian"]),
        fleet_setup(demo, "Raiders", ["gorgon", "vex"]),
        "long",
        party.assignments,
        party.characters,
        battle_id="ambush-at-tarsus",
    )
    assert state == expected
    assert load_battle(demo, state.id) == expected
    [record] = list_battles(demo)
    assert (record.id, record.name, record.status) == ("ambush-at-tarsus", state.name, ACTIVE)
    assert record.created == fixed_clock().isoformat()
    assert open_battle_id(demo) == state.id
    assert battle_tracker(demo, state.id).last_label() == SETUP_LABEL
    assert {c.id for c in state.characters} >= {"ines-calloway", "tamsin-oyelaran"}


def test_battles_get_unique_ids_and_record_the_session(demo: Campaign) -> None:
    first = ambush(demo)
    demo.start_session("Night two")
    second = ambush(demo)
    assert second.id == "ambush-at-tarsus-2"
    assert new_battle_id(demo, "Ambush at Tarsus") == "ambush-at-tarsus-3"
    records = list_battles(demo)
    assert [r.session for r in records] == [None, 1]
    assert open_battle_id(demo) == second.id
    set_open_battle(demo, first.id)
    assert open_battle_id(demo) == first.id
    with pytest.raises(StoreError, match="no battle"):
        set_open_battle(demo, "nowhere")


def test_quick_ships_join_a_fleet_under_free_ids(demo: Campaign) -> None:
    raider = quick_ship_spec(
        "Raider Gorgon",
        "light",
        80,
        acceleration=6,
        crew_quality="green",
        weapons=[{"type": "beam", "name": "laser", "firepower": "light", "arc": "forward"}],
    )
    fleet = fleet_setup(demo, "Raiders", ["vex"], [("gorgon", raider), ("gorgon", raider)])
    assert [ship_id for ship_id, _ in fleet.ships] == ["vex", "gorgon-2", "gorgon-3"]
    state = create_battle(
        demo, "Skirmish", fleet_setup(demo, "Navy", ["kestrel"]), fleet, "moderate"
    )
    assert state.ship("gorgon-2").spec.hull_points == 80


def test_a_bad_set_up_saves_nothing(demo: Campaign) -> None:
    with pytest.raises(RulesError, match="at least one ship"):
        create_battle(
            demo,
            "Empty",
            fleet_setup(demo, "Navy", ["meridian"]),
            fleet_setup(demo, "Raiders", []),
            "long",
        )
    assert list_battles(demo) == []
    assert open_battle_id(demo) is None


def test_a_step_rewrites_only_its_own_battles_chunk(
    demo: Campaign, monkeypatch: pytest.MonkeyPatch, open_test_campaign, campaign_path: Path
) -> None:
    """A campaign's battles only grow: their list is a chunked log, and a step saves just
    the chunk that holds its battle's record."""
    monkeypatch.setattr(histories, "BATTLE_CHUNK_SIZE", 2)
    states = [ambush(demo, f"Raid {n}") for n in range(5)]
    log = demo.folder / "log"
    chunks = sorted(p.name for p in log.glob("battles-*.json"))
    assert chunks == ["battles-00000.json", "battles-00001.json", "battles-00002.json"]
    before = {name: (log / name).read_bytes() for name in chunks}
    hit_meridian(demo, states[2].id)  # the third battle: the second chunk
    after = {name: (log / name).read_bytes() for name in chunks}
    assert [name for name in chunks if after[name] != before[name]] == ["battles-00001.json"]
    assert get_battle_record(demo, states[2].id).label.startswith("damage typed in")
    assert [r.id for r in list_battles(demo)] == [s.id for s in states]
    assert open_battle_id(demo) == states[-1].id
    index = json.loads((demo.folder / "battles.json").read_text())
    assert list(index["index"].values()) == [{"open": states[-1].id}]
    demo.close()
    again = open_test_campaign(campaign_path)
    try:
        assert [r.id for r in list_battles(again)] == [s.id for s in states]
        assert ambush(again, "Raid 5").id == "raid-5"
        assert sorted(p.name for p in log.glob("battles-*.json"))[-1] == "battles-00002.json"
    finally:
        again.close()


@pytest.mark.parametrize("damaged", ["injuries-00000.json", "battles-00000.json"])
def test_a_damaged_chunk_stops_a_step_before_anything_is_saved(
    demo: Campaign, open_test_campaign, campaign_path: Path, damaged: str
) -> None:
    state = ambush(demo)
    hit_meridian(demo, state.id)  # hazards: the injury history has its first chunk
    demo.close()
    open_test_campaign(campaign_path).close()  # backups at open
    chunk = campaign_path / "log" / damaged
    chunk.write_text(chunk.read_text()[:40])
    torn = chunk.read_bytes()
    again = open_test_campaign(campaign_path)
    try:
        rolls = list(again.roll_log())
        battle = load_battle(again, state.id)
        with pytest.raises(CampaignCorrupt) as info:
            hit_meridian(again, state.id)
        assert f"{chunk} is damaged" in str(info.value)
        assert str(campaign_path / "backups" / "log" / f"{damaged}.1") in str(info.value)
        with pytest.raises(CampaignCorrupt):
            undo_step(again, state.id)
        assert list(again.roll_log()) == rolls
        assert load_battle(again, state.id) == battle
        assert chunk.read_bytes() == torn
    finally:
        again.close()


# -- steps ----------------------------------------------------------------------------------


def test_a_step_saves_its_state_and_rolls(demo: Campaign, campaign_path: Path) -> None:
    state = ambush(demo)
    outcome = run_step(demo, state.id, roll_edge)
    assert outcome.state.edge_winner in ("a", "b")
    logged = list(demo.roll_log())
    assert len(logged) == len(outcome.result.rolls) == 2
    assert all(r["source"] == "battle" and r["for"].startswith("edge for") for r in logged)
    assert [r["id"] for r in outcome.rolls] == sorted(r["id"] for r in logged)
    assert load_battle(demo, state.id) == outcome.state
    assert battle_tracker(demo, state.id).last_label() == outcome.label
    record = get_battle_record(demo, state.id)
    assert record.label == outcome.label and record.status == ACTIVE


def test_a_battle_reopens_exactly_where_it_was(
    demo: Campaign, open_test_campaign, campaign_path: Path
) -> None:
    state = ambush(demo)
    run_step(demo, state.id, roll_edge)
    while load_battle(demo, state.id).edge_winner is None:
        run_step(demo, state.id, roll_edge)
    for _ in range(3):
        run_step(demo, state.id, advance)
    before = load_battle(demo, state.id)
    run_step(demo, state.id, declare_heading, before.opposing_side, "hold", "port")
    saved = load_battle(demo, state.id)
    demo.close()
    again = open_test_campaign(campaign_path)
    try:
        assert load_battle(again, state.id) == saved
        assert saved.side(before.opposing_side).held_arc == "port"
        assert saved.step == "opposing_declaration"
    finally:
        again.close()


def test_the_tracker_keeps_events_apart(demo: Campaign) -> None:
    state = ambush(demo)
    run_step(demo, state.id, roll_edge)
    raw = battle_tracker(demo, state.id).load()
    assert raw is not None and "events" not in raw and raw["event_count"] == 2
    events = json.loads((demo.folder / "battles" / f"{state.id}.json").read_text())
    [doc] = events["events"].values()
    assert [e["action"] for e in doc["events"]] == ["new_battle", "roll_edge"]


def test_a_refused_step_saves_nothing(demo: Campaign) -> None:
    state = ambush(demo)
    with pytest.raises(RulesError, match="roll the edge first"):
        run_step(demo, state.id, advance)
    with pytest.raises(RulesError):
        run_step(demo, state.id, resolve_movement)
    assert list(demo.roll_log()) == []
    assert battle_tracker(demo, state.id).last_label() == SETUP_LABEL
    assert load_battle(demo, state.id) == state


# -- hazards --------------------------------------------------------------------------------


def test_hits_put_hazards_in_the_injury_history_once(demo: Campaign) -> None:
    state = ambush(demo)
    outcome = hit_meridian(demo, state.id)
    assert len(outcome.result.hazards) == ABOARD_MERIDIAN
    entries = injuries.history(demo, battle=state.id)
    assert len(entries) == ABOARD_MERIDIAN == len(outcome.injuries)
    assert {e["ship"] for e in entries} == {"meridian"}
    assert {e["round"] for e in entries} == {1}
    assert all(e["cause"] == "damage typed in" for e in entries)
    # every die once: the hazard dice are saved by the injury history, not twice
    assert len(list(demo.roll_log())) == len(outcome.result.rolls) == len(outcome.rolls)
    party = load_party_state(demo)
    for hazard in outcome.result.hazards:
        character = party.character(hazard.character_id)
        assert character.damage == outcome.state.character(hazard.character_id).damage
        assert character.damage == hazard.apply_to(state.character(character.id)).damage


def test_treatment_between_steps_reaches_the_battle(demo: Campaign) -> None:
    state = ambush(demo)
    party = load_party_state(demo)
    hurt = party.character("priya-salo").with_damage({"stun": 3, "wound": 2, "mortal": 0}, False)
    update_character(demo, hurt, "hurt before the battle's next step")
    assert load_battle(demo, state.id).character("priya-salo").damage["wound"] == 0
    assert live_battle(demo, state.id).character("priya-salo").damage["wound"] == 2
    outcome = run_step(demo, state.id, roll_edge)
    assert outcome.state.character("priya-salo").damage["wound"] == 2


# -- undo -----------------------------------------------------------------------------------


def test_undo_puts_the_state_back_and_marks_the_rolls_undone(demo: Campaign) -> None:
    state = ambush(demo)
    first = run_step(demo, state.id, roll_edge)
    second = run_step(demo, state.id, roll_edge) if first.state.edge_winner is None else None
    before = load_battle(demo, state.id)
    outcome = hit_meridian(demo, state.id)
    undone = undo_step(demo, state.id)
    assert undone is not None
    assert undone.label == outcome.label
    assert undone.state == before == load_battle(demo, state.id)
    assert {r["id"] for r in live_rolls(demo)} == {
        r["id"] for r in first.rolls + (second.rolls if second else [])
    }
    assert sorted(undone.roll_ids) == sorted(r["id"] for r in outcome.rolls)
    assert len(undone.injuries) == ABOARD_MERIDIAN
    events = json.loads((demo.folder / "battles" / f"{state.id}.json").read_text())
    [doc] = events["events"].values()
    assert len(doc["events"]) == len(before.events)


def test_undo_gives_the_hazard_injuries_back(demo: Campaign) -> None:
    state = ambush(demo)
    party_before = load_party_state(demo)
    hit_meridian(demo, state.id, 8)
    hit_meridian(demo, state.id, 8)
    assert load_party_state(demo) != party_before
    assert undo_step(demo, state.id) is not None
    assert undo_step(demo, state.id) is not None
    assert load_party_state(demo).characters == party_before.characters
    history = injuries.history(demo, battle=state.id)
    assert len(history) == 2 * ABOARD_MERIDIAN and all(e["undone"] for e in history)
    assert live_rolls(demo) == []
    assert undo_step(demo, state.id) is None  # the set-up stays
    assert not can_undo(demo, state.id)
    assert load_battle(demo, state.id) == state


def test_undo_waits_for_newer_injury_entries(demo: Campaign) -> None:
    state = ambush(demo)
    hit_meridian(demo, state.id)
    injuries.record_damage(demo, "jory-fenn", 2, "stun", injuries.Context("a brawl"))
    with pytest.raises(StoreError, match=r"Jory Fenn.*Injuries tab"):
        undo_step(demo, state.id)
    assert load_battle(demo, state.id).events[-1].action == "apply_damage_manually"
    injuries.undo_last(demo)
    assert undo_step(demo, state.id) is not None
    assert all(e["undone"] for e in injuries.history(demo, battle=state.id))


def test_ending_a_battle_saves_its_summary_and_undo_reopens_it(demo: Campaign) -> None:
    state = ambush(demo)
    hit_meridian(demo, state.id)
    run_step(demo, state.id, end_battle, "the raiders break off")
    record = get_battle_record(demo, state.id)
    assert record.status == FINISHED
    assert record.summary.startswith("Ambush at Tarsus: ended after 1 round")
    assert "CSS Meridian (A)" in record.summary
    undo_step(demo, state.id)
    record = get_battle_record(demo, state.id)
    assert record.status == ACTIVE and record.summary == ""


def test_going_down_with_the_ship_is_an_injury_undo_takes_back(demo: Campaign) -> None:
    state = ambush(demo)
    run_step(demo, state.id, roll_edge)
    while load_battle(demo, state.id).edge_winner is None:
        run_step(demo, state.id, roll_edge)
    # on to special orders, holding station and firing nothing
    while load_battle(demo, state.id).phase != "special_orders":
        current = load_battle(demo, state.id)
        side = current.opposing_side if current.step == "opposing_declaration" else None
        if current.step == "edge_declaration":
            side = current.edge_winner
        if side is not None and not current.side(side).declared:
            run_step(demo, state.id, declare_heading, side, "hold", "forward")
        elif current.step == "position_update" and not current.moved:
            run_step(demo, state.id, resolve_movement)
        else:
            assert advance_blocker(current) is None
            run_step(demo, state.id, advance)
    for character_id in ("dorran-vek", "tamsin-oyelaran", "halvard-rusk", "priya-salo"):
        run_step(demo, state.id, leave_ship, character_id)
    party_before = load_party_state(demo)
    outcome = run_step(demo, state.id, self_destruct, "meridian", characters_go_down=True)
    assert outcome.state.ship("meridian").destroyed
    lost = {e["character"] for e in outcome.injuries}
    assert lost == {"ines-calloway", "bram-adeyemi"}
    party = load_party_state(demo)
    assert party.character("ines-calloway").state == "dead"
    assert party.character("dorran-vek").state == party_before.character("dorran-vek").state
    undo_step(demo, state.id)
    assert load_party_state(demo).characters == party_before.characters
