"""Schema migrations on real files: old campaigns are built by writing the old shapes directly,
then opened the way the app opens them."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules.battle import apply_damage_manually, end_battle
from gmtool.rules.characters import character_from_dict
from gmtool.store import Campaign, CampaignCorrupt, StoreError, backups, histories, injuries
from gmtool.store import campaign as campaign_module
from gmtool.store.battles import (
    BattleRecord,
    create_battle,
    fleet_setup,
    get_battle_record,
    list_battles,
    open_battle_id,
    run_step,
    set_open_battle,
)
from gmtool.store.demo import ensure_demo_campaign, seed_demo
from gmtool.store.injuries import Context
from gmtool.store.party import add_character, load_party_state

Opener = Callable[..., Campaign]


def set_schema(folder: Path, version: int) -> None:
    main = folder / "campaign.json"
    data = json.loads(main.read_text())
    for meta in data["meta"].values():
        meta["schema"] = version
    main.write_text(json.dumps(data))


def schema_of(folder: Path) -> int:
    data = json.loads((folder / "campaign.json").read_text())
    return int(next(iter(data["meta"].values()))["schema"])


def old_injury_campaign(path: Path, open_test_campaign: Opener) -> dict[str, dict[str, Any]]:
    """A schema-1 campaign: a character hurt and treated five times, its history in one
    `injuries.json` as TinyDB wrote it (table `entries`, doc ids as keys, no `id` field).
    Returns that table."""
    campaign = open_test_campaign(path)
    add_character(
        campaign,
        character_from_dict(
            {
                "id": "dax",
                "name": "Jadra Dax",
                "kind": "pc",
                "player": "Sam",
                "abilities": {"constitution": 12, "personality": 6},
                "skills": {},
            }
        ),
    )
    campaign.start_session("Night one")
    for n in range(4):
        where = Context(f"hit {n}", "kestrel", "CSS Kestrel", battle="b1", round=n + 1)
        injuries.record_damage(campaign, "dax", 2, "stun", where)
    injuries.record_treatment(campaign, "dax", "stun", 1, "first aid")
    injuries.undo_last(campaign)
    campaign.close()
    table = injuries_back_in_one_file(path)
    set_schema(path, 1)
    return table


def injuries_back_in_one_file(path: Path) -> dict[str, dict[str, Any]]:
    """The injury chunks turned back into schema 1's `injuries.json`; returns its table."""
    entries: list[dict[str, Any]] = []
    for chunk in sorted((path / "log").glob("injuries-*.json")):
        entries += json.loads(chunk.read_text())["entries"].values()
        chunk.unlink()
    table = {str(e["id"]): {k: v for k, v in e.items() if k != "id"} for e in entries}
    (path / "injuries.json").write_text(json.dumps({"entries": table}))
    return table


def old_battle_campaign(path: Path, open_test_campaign: Opener) -> tuple[list[BattleRecord], str]:
    """A schema-2 campaign: the demo with two battles (one finished, with its summary), their
    list inside `battles.json` beside the open one. Returns the list and the open id."""
    campaign = open_test_campaign(path)
    seed_demo(campaign)
    first = raid(campaign, "Ambush at Tarsus")
    run_step(campaign, first, apply_damage_manually, "meridian", 5, "wound")
    run_step(campaign, first, end_battle, "the raiders break off")
    raid(campaign, "Siege of Kell")
    set_open_battle(campaign, first)
    records = list_battles(campaign)
    campaign.close()
    for chunk in (path / "log").glob("battles-*.json"):
        chunk.unlink()
    doc = {"battles": [r.to_dict() for r in records], "open": first}
    (path / "battles.json").write_text(json.dumps({"index": {"1": doc}}))
    set_schema(path, 2)
    return records, first


def raid(campaign: Campaign, name: str) -> str:
    navy = fleet_setup(campaign, "Navy", ["meridian"])
    raiders = fleet_setup(campaign, "Raiders", ["gorgon", "vex"])
    return create_battle(campaign, name, navy, raiders, "long").id


@pytest.fixture(autouse=True)
def _small_chunks_no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of two, so a few entries cross a boundary; no disk flushes (these tests are
    about what is moved where, not about surviving a power cut)."""
    monkeypatch.setattr(histories, "INJURY_CHUNK_SIZE", 2)
    monkeypatch.setattr(histories, "BATTLE_CHUNK_SIZE", 2)
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


def test_old_injury_file_moves_into_chunks(campaign_path: Path, open_test_campaign) -> None:
    old = old_injury_campaign(campaign_path, open_test_campaign)
    original = (campaign_path / "injuries.json").read_bytes()
    campaign = open_test_campaign(campaign_path)
    try:
        assert campaign.meta["schema"] == campaign_module.SCHEMA_VERSION
        assert not (campaign_path / "injuries.json").exists()
        chunks = sorted(p.name for p in (campaign_path / "log").glob("injuries-*.json"))
        assert chunks == ["injuries-00000.json", "injuries-00001.json", "injuries-00002.json"]
        # every entry, with its id, in its order, every field as it was
        expected = [dict(doc, id=int(key)) for key, doc in reversed(old.items())]
        assert injuries.history(campaign) == expected
        assert [e["id"] for e in expected] == [5, 4, 3, 2, 1]
        assert expected[0]["undone"] is True and expected[0]["kind"] == "treatment"
        # and the history goes on from there
        assert injuries.undo_last(campaign)["id"] == 4  # type: ignore[index]
        assert load_party_state(campaign).character("dax").damage["stun"] == 6
        entry = injuries.record_damage(campaign, "dax", 1, "wound", Context("fall"))
        assert entry["id"] == 6
    finally:
        campaign.close()
    snapshot = campaign_path / "backups" / "before-schema-2"
    assert (snapshot / "injuries.json").read_bytes() == original
    assert schema_of(snapshot) == 1
    assert (snapshot / "trackers" / "party.json").exists()


def test_injury_migration_run_again_gives_the_same_files(
    campaign_path: Path, open_test_campaign
) -> None:
    old_injury_campaign(campaign_path, open_test_campaign)
    original = (campaign_path / "injuries.json").read_bytes()
    histories.move_injuries_into_chunks(campaign_path)
    log = campaign_path / "log"
    first = {p.name: p.read_bytes() for p in log.glob("injuries-*.json")}
    # a crash after the chunks were written but before injuries.json was removed
    (campaign_path / "injuries.json").write_bytes(original)
    histories.move_injuries_into_chunks(campaign_path)
    assert {p.name: p.read_bytes() for p in log.glob("injuries-*.json")} == first
    # a crash after injuries.json was removed but before the schema was raised
    histories.move_injuries_into_chunks(campaign_path)
    assert {p.name: p.read_bytes() for p in log.glob("injuries-*.json")} == first


def test_a_campaign_without_injuries_migrates(campaign_path: Path, open_test_campaign) -> None:
    open_test_campaign(campaign_path).close()
    set_schema(campaign_path, 1)
    campaign = open_test_campaign(campaign_path)
    try:
        assert campaign.meta["schema"] == campaign_module.SCHEMA_VERSION
        assert injuries.history(campaign) == []
    finally:
        campaign.close()


def test_a_damaged_old_injury_file_stops_the_migration(
    campaign_path: Path, open_test_campaign
) -> None:
    old_injury_campaign(campaign_path, open_test_campaign)
    torn = b'{"entries": {"1": {"kind": "hazard"'
    (campaign_path / "injuries.json").write_bytes(torn)
    with pytest.raises(CampaignCorrupt, match=r"injuries\.json is damaged"):
        open_test_campaign(campaign_path)
    assert (campaign_path / "injuries.json").read_bytes() == torn
    assert schema_of(campaign_path) == 1
    assert not list((campaign_path / "log").glob("injuries-*.json"))


def test_an_old_campaign_opened_read_only_is_left_alone(
    campaign_path: Path, open_test_campaign
) -> None:
    old_injury_campaign(campaign_path, open_test_campaign)
    with pytest.raises(StoreError, match="open it for writing once"):
        open_test_campaign(campaign_path, readonly=True)
    assert (campaign_path / "injuries.json").exists()


def test_the_demo_campaign_keeps_its_injuries_in_chunks(
    tmp_path: Path, open_test_campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backups, "ROTATE_EVERY_SECONDS", 0)  # a rotation at every open
    path = tmp_path / "demo.campaign"
    ensure_demo_campaign(path, seed=7)
    demo = open_test_campaign(path)
    try:
        assert demo.meta["schema"] == campaign_module.SCHEMA_VERSION
        someone = load_party_state(demo).characters[0].id
        for n in range(3):
            injuries.record_damage(demo, someone, 1, "stun", Context(f"hit {n}"))
    finally:
        demo.close()
    open_test_campaign(path).close()  # backups at open cover the chunks, each file on its own
    copies = sorted(p.name for p in (path / "backups" / "log").glob("injuries-*"))
    assert copies == ["injuries-00000.json.1", "injuries-00001.json.1"]
    assert not (path / "injuries.json").exists()


# -- schema 2 to 3: the list of battles ---------------------------------------------------------


def test_old_battle_list_moves_into_chunks(campaign_path: Path, open_test_campaign) -> None:
    records, opened = old_battle_campaign(campaign_path, open_test_campaign)
    original = (campaign_path / "battles.json").read_bytes()
    campaign = open_test_campaign(campaign_path)
    try:
        assert campaign.meta["schema"] == campaign_module.SCHEMA_VERSION
        assert list_battles(campaign) == records
        assert open_battle_id(campaign) == opened
        assert get_battle_record(campaign, opened).summary.startswith("Ambush at Tarsus: ended")
        index = json.loads((campaign_path / "battles.json").read_text())
        assert index == {"index": {"1": {"open": opened}}}
        chunk = json.loads((campaign_path / "log" / "battles-00000.json").read_text())
        assert [(k, e["battle"]) for k, e in chunk["battles"].items()] == [
            ("1", "ambush-at-tarsus"),
            ("2", "siege-of-kell"),
        ]
        # the battles play on from there, each record updated where it lies
        run_step(campaign, "siege-of-kell", apply_damage_manually, "meridian", 2, "stun")
        assert get_battle_record(campaign, "siege-of-kell").label.startswith("damage typed in")
        assert raid(campaign, "Third raid") == "third-raid"
        assert [r.id for r in list_battles(campaign)][-1] == "third-raid"
    finally:
        campaign.close()
    snapshot = campaign_path / "backups" / "before-schema-3"
    assert (snapshot / "battles.json").read_bytes() == original
    assert schema_of(snapshot) == 2


def test_battle_migration_run_again_gives_the_same_files(
    campaign_path: Path, open_test_campaign
) -> None:
    old_battle_campaign(campaign_path, open_test_campaign)
    original = (campaign_path / "battles.json").read_bytes()
    histories.move_battle_list_into_chunks(campaign_path)
    log = campaign_path / "log"
    first = {p.name: p.read_bytes() for p in log.glob("battles-*.json")}
    index = (campaign_path / "battles.json").read_bytes()
    (campaign_path / "battles.json").write_bytes(original)  # crashed before battles.json
    histories.move_battle_list_into_chunks(campaign_path)
    histories.move_battle_list_into_chunks(campaign_path)  # crashed before the schema
    assert {p.name: p.read_bytes() for p in log.glob("battles-*.json")} == first
    assert (campaign_path / "battles.json").read_bytes() == index


def test_a_schema_1_campaign_takes_both_steps_after_one_snapshot(
    campaign_path: Path, open_test_campaign
) -> None:
    records, opened = old_battle_campaign(campaign_path, open_test_campaign)
    table = injuries_back_in_one_file(campaign_path)
    assert table  # the battle's damage made injury entries
    set_schema(campaign_path, 1)
    campaign = open_test_campaign(campaign_path)
    try:
        assert campaign.meta["schema"] == campaign_module.SCHEMA_VERSION
        assert list_battles(campaign) == records and open_battle_id(campaign) == opened
        moved = injuries.history(campaign)
        assert moved == [dict(doc, id=int(key)) for key, doc in reversed(table.items())]
        assert all(e["battle"] == "ambush-at-tarsus" for e in moved)
    finally:
        campaign.close()
    snapshots = sorted(p.name for p in (campaign_path / "backups").glob("before-schema-*"))
    assert snapshots == ["before-schema-2"]
    assert (campaign_path / "backups" / "before-schema-2" / "injuries.json").exists()
