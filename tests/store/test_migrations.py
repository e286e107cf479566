"""Schema migrations on real files: old campaigns are built by writing the old shapes directly,
then opened the way the app opens them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules.characters import character_from_dict
from gmtool.store import Campaign, CampaignCorrupt, StoreError, histories, injuries
from gmtool.store import campaign as campaign_module
from gmtool.store.demo import ensure_demo_campaign
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
    written = injuries.history(campaign)
    campaign.close()
    for chunk in (path / "log").glob("injuries-*.json"):
        chunk.unlink()
    table = {str(e["id"]): {k: v for k, v in e.items() if k != "id"} for e in written[::-1]}
    (path / "injuries.json").write_text(json.dumps({"entries": table}))
    set_schema(path, 1)
    return table


@pytest.fixture(autouse=True)
def _two_injuries_a_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(histories, "INJURY_CHUNK_SIZE", 2)


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


def test_the_demo_campaign_keeps_its_injuries_in_chunks(tmp_path: Path, open_test_campaign) -> None:
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
