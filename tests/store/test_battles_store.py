"""The battle store: every step saved whole with its rolls, hazards in the injury history, an
index of battles, undo that takes back a step's rolls and injuries, and deleting a battle
(its files gone, its rolls and injuries kept, safe against a crash at any write)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from gmtool.rules.battle import (
    BattleState,
    advance,
    advance_blocker,
    apply_damage_manually,
    declare_heading,
    end_battle,
    new_battle,
    quick_ship_spec,
    resolve_movement,
    roll_edge,
    self_destruct,
)
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import move
from gmtool.store import Campaign, CampaignCorrupt, StoreError, atomic, histories, injuries
from gmtool.store.battles import (
    ACTIVE,
    FINISHED,
    SETUP_LABEL,
    BattleFilesMissing,
    battle_files,
    battle_names,
    battle_tracker,
    can_undo,
    create_battle,
    delete_battle,
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
from gmtool.store.party import load_party_state, save_assignments, update_character
from tests.conftest import fixed_clock

ABOARD_MERIDIAN = 6  # the demo party's characters aboard the Meridian


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about what is saved, not about surviving a power cut: skip the disk
    flushes so a whole battle saves in a blink."""
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


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
    with pytest.raises(StoreError, match=r"Jory Fenn.*undo those entries first"):
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
        # getting clear is a move in the party (the battle follows it): the Battle tab's l
        party = load_party_state(demo)
        ids = {"characters": party.ids, "ships": ["meridian"]}
        away = move(party.assignments, character_id, "meridian", "away", **ids)
        save_assignments(demo, away, f"{character_id} gets clear")
    live = live_battle(demo, state.id)  # the moves are logged with the next step
    assert [a.character_id for a in live.aboard("meridian")] == ["ines-calloway", "bram-adeyemi"]
    assert (
        live.events[-1].action == "stations"
        and "Doctor Priya Salo gets clear" in live.events[-1].text
    )
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


# -- deleting -------------------------------------------------------------------------------


def files_of(campaign: Campaign, battle_id: str) -> list[Path]:
    return [p for p in battle_files(campaign, battle_id) if p.exists()]


def test_deleting_the_open_battle_keeps_its_rolls_and_injuries(
    demo: Campaign, open_test_campaign, campaign_path: Path
) -> None:
    kept = ambush(demo, "Kept raid")
    hit_meridian(demo, kept.id)
    practice = ambush(demo, "Practice")
    run_step(demo, practice.id, roll_edge)
    hit_meridian(demo, practice.id, 7)
    assert open_battle_id(demo) == practice.id
    assert len(files_of(demo, practice.id)) == 2
    rolls = list(demo.roll_log())
    hurt = injuries.history(demo, battle=practice.id)
    party = load_party_state(demo)
    assert hurt

    record = delete_battle(demo, practice.id)

    assert (record.id, record.name, record.round) == (practice.id, "Practice", 1)
    assert [r.id for r in list_battles(demo)] == [kept.id]
    assert open_battle_id(demo) is None
    assert files_of(demo, practice.id) == []
    assert list(demo.roll_log()) == rolls  # nothing marked undone either
    assert injuries.history(demo, battle=practice.id) == hurt
    assert load_party_state(demo).characters == party.characters
    with pytest.raises(StoreError, match="the battle Practice was deleted from campaign"):
        get_battle_record(demo, practice.id)
    with pytest.raises(StoreError, match="the battle Practice was deleted from campaign"):
        hit_meridian(demo, practice.id)
    index = json.loads((demo.folder / "battles.json").read_text())
    assert list(index["index"].values()) == [{"open": None}]
    demo.close()
    again = open_test_campaign(campaign_path)
    try:
        assert [r.id for r in list_battles(again)] == [kept.id]
        assert open_battle_id(again) is None
        assert load_battle(again, kept.id).round == 1
        assert injuries.history(again, battle=practice.id) == hurt
        hit_meridian(again, kept.id)  # the other battle plays on
    finally:
        again.close()


def test_deleting_another_battle_keeps_the_open_one_and_its_id_taken(
    demo: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(histories, "BATTLE_CHUNK_SIZE", 2)
    states = [ambush(demo, f"Raid {n}") for n in range(3)]
    log = demo.folder / "log"
    before = {p.name: p.read_bytes() for p in log.glob("battles-*.json")}
    delete_battle(demo, states[0].id)
    after = {p.name: p.read_bytes() for p in log.glob("battles-*.json")}
    assert [n for n in sorted(after) if after[n] != before[n]] == ["battles-00000.json"]
    assert [r.id for r in list_battles(demo)] == [states[1].id, states[2].id]
    assert open_battle_id(demo) == states[2].id
    assert len(files_of(demo, states[2].id)) == 2
    # the injury history still names the deleted battle
    assert battle_names(demo)[states[0].id] == "Raid 0 (deleted)"
    assert battle_names(demo)[states[1].id] == "Raid 1"
    # the deleted battle's id stays taken: its rolls and injuries name it
    assert new_battle_id(demo, "Raid 0") == "raid-0-2"
    assert ambush(demo, "Raid 0").id == "raid-0-2"
    with pytest.raises(StoreError, match="since deleted"):
        create_battle(
            demo,
            "Raid 0",
            fleet_setup(demo, "Navy", ["meridian"]),
            fleet_setup(demo, "Raiders", ["vex"]),
            "long",
            battle_id="raid-0",
        )


def test_deleting_an_unknown_battle_says_so_and_changes_nothing(demo: Campaign) -> None:
    state = ambush(demo)
    files = {p: p.read_bytes() for p in sorted(demo.folder.rglob("*.json"))}
    for wrong in ("nowhere", "Not An Id", "../campaign"):
        with pytest.raises(StoreError, match="nothing was deleted"):
            delete_battle(demo, wrong)
    assert {p: p.read_bytes() for p in sorted(demo.folder.rglob("*.json"))} == files
    delete_battle(demo, state.id)
    with pytest.raises(StoreError, match=f"no battle '{state.id}'"):
        delete_battle(demo, state.id)  # not twice


def test_a_read_only_campaign_refuses_to_delete(
    demo: Campaign, open_test_campaign, campaign_path: Path
) -> None:
    state = ambush(demo)
    demo.close()
    reader = open_test_campaign(campaign_path, readonly=True)
    try:
        with pytest.raises(StoreError, match="read-only"):
            delete_battle(reader, state.id)
        assert [r.id for r in list_battles(reader)] == [state.id]
    finally:
        reader.close()


@pytest.mark.parametrize("lost", ["both", "tracker", "events"])
def test_a_listed_battle_without_its_files_says_so_once_and_can_be_deleted(
    demo: Campaign, open_test_campaign, campaign_path: Path, lost: str
) -> None:
    """The list outliving the files (removed by hand, restored from an old copy): the
    campaign opens, the list reads, opening the battle gives one clear message."""
    other = ambush(demo, "Other")
    state = ambush(demo)
    hit_meridian(demo, state.id)
    demo.close()
    tracker, events = battle_files(demo, state.id)
    for path in {"both": (tracker, events), "tracker": (tracker,), "events": (events,)}[lost]:
        path.unlink()
    again = open_test_campaign(campaign_path)
    try:
        assert [r.id for r in list_battles(again)] == [other.id, state.id]
        assert open_battle_id(again) == state.id
        with pytest.raises(BattleFilesMissing) as info:
            live_battle(again, state.id)
        assert info.value.battle_id == state.id
        message = str(info.value)
        assert message.startswith(f"battle '{state.id}' is listed but its file")
        names = {
            "both": f"files trackers/battles/{state.id}.json and battles/{state.id}.json are",
            "tracker": f"file trackers/battles/{state.id}.json is",
            "events": f"file battles/{state.id}.json is",
        }
        assert f"its {names[lost]} missing: delete the battle from the list" in message
        assert "delete the battle from the list" in message and "backups/" in message
        with pytest.raises(StoreError, match="missing"):
            hit_meridian(again, state.id)  # a step saves nothing
        assert files_of(again, state.id) == [p for p in (tracker, events) if p.exists()]
        delete_battle(again, state.id)
        assert [r.id for r in list_battles(again)] == [other.id]
        assert files_of(again, state.id) == []
    finally:
        again.close()


class Crash(BaseException):
    """The process dying at a write: nothing after it runs, nothing catches it."""


def _disk_writes(monkeypatch: pytest.MonkeyPatch, crash_at: int | None) -> list[str]:
    """Count every file written or removed; with `crash_at`, die at that one instead."""
    done: list[str] = []
    real_write = atomic.atomic_write_bytes
    real_unlink = Path.unlink

    def step(what: str) -> None:
        if crash_at is not None and len(done) == crash_at:
            raise Crash(what)
        done.append(what)

    def write(path: Path, data: bytes) -> None:
        step(f"write {path.name}")
        real_write(path, data)

    def unlink(path: Path, missing_ok: bool = False) -> None:
        if path.suffix == ".json":
            step(f"remove {path.name}")
        real_unlink(path, missing_ok=missing_ok)

    monkeypatch.setattr(atomic, "atomic_write_bytes", write)
    monkeypatch.setattr(Path, "unlink", unlink)
    return done


def test_a_crash_at_any_write_of_a_deletion_leaves_a_campaign_that_opens(
    demo: Campaign, open_test_campaign, campaign_path: Path, tmp_path: Path
) -> None:
    """Die before each file write or removal of `delete_battle` in turn: the campaign opens,
    every battle it lists opens, and the deleted battle is either whole or gone from the
    list. Files a crash left behind go with the next deletion."""
    kept = ambush(demo, "Kept")
    state = ambush(demo)
    hit_meridian(demo, state.id)
    demo.close()
    with pytest.MonkeyPatch.context() as mp:
        trial = tmp_path / "count"
        shutil.copytree(campaign_path, trial)
        opened = open_test_campaign(trial)
        writes = _disk_writes(mp, None)
        delete_battle(opened, state.id)
    opened.close()
    assert writes == [
        "write battles-00000.json",
        "write battles.json",
        f"remove {state.id}.json",
        f"remove {state.id}.json",
    ]
    for crash_at in range(len(writes)):
        trial = tmp_path / f"crash-{crash_at}"
        shutil.copytree(campaign_path, trial)
        opened = open_test_campaign(trial)
        with pytest.MonkeyPatch.context() as mp:
            _disk_writes(mp, crash_at)
            with pytest.raises(Crash):
                delete_battle(opened, state.id)
        opened.close()
        again = open_test_campaign(trial)
        try:
            listed = [r.id for r in list_battles(again)]
            assert listed == ([kept.id, state.id] if crash_at == 0 else [kept.id])
            for battle_id in listed:
                load_battle(again, battle_id)
            assert open_battle_id(again) in (None, *listed)
            if crash_at:
                set_open_battle(again, kept.id)
                delete_battle(again, kept.id)  # sweeps what the crash left
                assert files_of(again, state.id) == []
                assert list_battles(again) == []
            else:
                delete_battle(again, state.id)
                assert [r.id for r in list_battles(again)] == [kept.id]
        finally:
            again.close()


def test_the_gms_note_on_damage_typed_in_reaches_the_injury_history(demo: Campaign) -> None:
    state = ambush(demo)
    run_step(
        demo, state.id, apply_damage_manually, "meridian", 40, "mortal", note="a ram by the Vex"
    )
    entries = injuries.history(demo, battle=state.id)
    assert entries and {e["cause"] for e in entries} == {"damage typed in: a ram by the Vex"}
