"""`Campaign.damaged_files()`: every damaged file of a campaign at open, on real files, with
its newest good backup, and nothing changed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from gmtool.store import Campaign, CampaignCorrupt, backups, open_campaign, rolllog
from gmtool.store.tracker import Tracker
from tests.store.records_helpers import (
    battle_entry,
    battle_state,
    injury_entry,
    roll_entry,
    ship_doc,
)

Opener = Callable[..., Campaign]

# a ship record as trackers/ships.json keeps it (its spec is not read here)
MERIDIAN = ship_doc()


@pytest.fixture(autouse=True)
def _small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rolllog, "CHUNK_SIZE", 4)


def roll_entries(n: int) -> list[dict[str, object]]:
    return [roll_entry()] * n


def build(folder: Path, opener: Opener) -> None:
    """A campaign with a file of every kind the app reads: campaign.json, trackers (one in a
    sub-folder), a battle's events, battles.json, a roster, and three chunked histories (the
    roll log sealed twice), opened once more so that every file has a backup."""
    c = opener(folder)
    c.record(roll_entries(10))  # rolls-00000 and -00001 sealed, -00002 the newest
    Tracker(c, "ships").save({"ships": [MERIDIAN]}, "add Meridian")
    Tracker(c, "battles/ambush").save(battle_state(), "set up")
    c.db("battles/ambush").table("events").insert({"battle": "ambush", "events": []})
    c.db("battles").table("index").insert({"open": "ambush"})
    c.db("rosters/meridian").table("crew").insert({"versions": []})
    c.injury_log.append([injury_entry()])
    c.battle_list.append([battle_entry()])
    c.close()
    opener(folder).close()


def rel(folder: Path, path: str | None) -> str | None:
    return None if path is None else Path(path).relative_to(folder).as_posix()


def every_file(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_a_good_campaign_has_none(campaign_path: Path, open_test_campaign: Opener) -> None:
    build(campaign_path, open_test_campaign)
    with open_test_campaign(campaign_path) as c:
        assert c.damaged_files() == []
        assert c.damaged_files(thorough=True) == []


def test_every_damaged_file_with_its_newest_good_backup(
    campaign_path: Path, open_test_campaign: Opener
) -> None:
    build(campaign_path, open_test_campaign)
    originals = every_file(campaign_path)
    log = campaign_path / "log"
    first_chunk = (log / "rolls-00000.json").read_bytes()
    (campaign_path / "trackers" / "ships.json").write_text("[1,2,3]")
    (campaign_path / "trackers" / "battles" / "ambush.json").write_text("")
    (campaign_path / "battles" / "ambush.json").write_text('{"events": {"1": "fires"}}')
    (campaign_path / "rosters" / "meridian.json").write_text('{"crew": []}')
    (log / "rolls-00000.json").write_bytes(first_chunk[: len(first_chunk) // 2])  # sealed
    (log / "rolls-00001.json").write_text("[1,2,3]")  # sealed
    (log / "injuries-00000.json").write_text('{"entries": {"1": 5}}')  # the newest
    (campaign_path / "battles.json").unlink()
    (campaign_path / "battles.json").mkdir()  # a folder where the file should be
    # not campaign files: a temporary file a crash left, and damage inside backups/
    (campaign_path / "trackers" / ".ships.json.99.tmp").write_text('{"tracker": {"1": {')
    (campaign_path / "backups" / "log" / "rolls-00002.json.3").write_text("[]")
    with open_test_campaign(campaign_path) as c:
        before = every_file(campaign_path)
        found = c.damaged_files()
        assert every_file(campaign_path) == before  # nothing changed, not even a backup
    assert all(isinstance(d, CampaignCorrupt) for d in found)
    named = [(rel(campaign_path, d.file), rel(campaign_path, d.backup)) for d in found]
    assert named == [
        ("battles/ambush.json", "backups/battles/ambush.json.1"),
        ("battles.json", "backups/battles.json.1"),
        ("log/injuries-00000.json", "backups/log/injuries-00000.json.1"),
        ("log/rolls-00000.json", "backups/log/rolls-00000.json.1"),
        ("log/rolls-00001.json", "backups/log/rolls-00001.json.1"),
        ("rosters/meridian.json", "backups/rosters/meridian.json.1"),
        ("trackers/battles/ambush.json", "backups/trackers/battles/ambush.json.1"),
        ("trackers/ships.json", "backups/trackers/ships.json.1"),
    ]
    reasons = {rel(campaign_path, d.file): d.reason for d in found}
    assert reasons["trackers/ships.json"] == "expected a JSON object of tables, found a JSON array"
    assert reasons["trackers/battles/ambush.json"] == "the file is empty"
    assert reasons["log/rolls-00000.json"].startswith("not valid JSON")
    assert reasons["battles.json"] == "it cannot be read: Is a directory"
    for d in found:  # each named backup is the file as it was before the damage
        assert d.backup is not None
        assert Path(d.backup).read_bytes() == originals[str(rel(campaign_path, d.file))][0]


def test_the_message_is_the_stores_own(campaign_path: Path, open_test_campaign: Opener) -> None:
    build(campaign_path, open_test_campaign)
    (campaign_path / "trackers" / "ships.json").write_text("[1,2,3]")
    with open_test_campaign(campaign_path) as c:
        [found] = c.damaged_files()
        with pytest.raises(CampaignCorrupt) as info:
            Tracker(c, "ships").load()
    assert str(found) == str(info.value)
    assert "The newest good backup is" in str(found)
    assert json.loads(Path(found.file).read_text()) == [1, 2, 3]  # left as it was


def test_no_good_backup_is_said(campaign_path: Path, open_test_campaign: Opener) -> None:
    build(campaign_path, open_test_campaign)
    ships = campaign_path / "trackers" / "ships.json"
    backups.backup_path(campaign_path, ships, 1).write_text("[1,2,3]")  # an old bad backup
    ships.write_text("[1,2,3]")
    with open_test_campaign(campaign_path) as c:
        [found] = c.damaged_files()
    assert found.backup is None and "No good backup of it was found." in str(found)


def test_works_on_a_read_only_campaign(campaign_path: Path, open_test_campaign: Opener) -> None:
    build(campaign_path, open_test_campaign)
    (campaign_path / "rosters" / "meridian.json").write_text("{")
    writer = open_test_campaign(campaign_path)  # the app holds the lock
    try:
        reader = open_campaign(campaign_path, readonly=True)
        try:
            [found] = reader.damaged_files()
        finally:
            reader.close()
    finally:
        writer.close()
    assert rel(campaign_path, found.file) == "rosters/meridian.json"


def test_quick_look_at_sealed_chunks(campaign_path: Path, open_test_campaign: Opener) -> None:
    """A sealed chunk gets a look at both ends: a chunk written another way (spaces, another
    table first) is read in full and found good, never named damaged; damage inside a chunk
    with both ends whole is found only by `thorough=True` (and by the store when read)."""
    build(campaign_path, open_test_campaign)
    log = campaign_path / "log"
    first = log / "rolls-00000.json"
    data = json.loads(first.read_text())
    first.write_text(json.dumps({"_default": {}, **data}, indent=2))
    second = log / "rolls-00001.json"
    text = second.read_text()
    between = text.index('},"', len(text) // 3)  # between two rolls: the comma goes
    second.write_text(text[:between] + "} " + text[between + 2 :])
    with open_test_campaign(campaign_path) as c:
        assert c.damaged_files() == []
        [found] = c.damaged_files(thorough=True)
        assert rel(campaign_path, found.file) == "log/rolls-00001.json"
        assert found.reason.startswith("not valid JSON")
        with pytest.raises(CampaignCorrupt) as info:
            list(c.roll_log())
        assert str(info.value) == str(found)


def test_a_newest_chunk_is_read_in_full(campaign_path: Path, open_test_campaign: Opener) -> None:
    build(campaign_path, open_test_campaign)
    newest = campaign_path / "log" / "battles-00000.json"
    text = newest.read_text()
    newest.write_text(text.replace('"battle":', '"battle" ', 1))  # both ends whole
    with open_test_campaign(campaign_path) as c:
        [found] = c.damaged_files()
    assert rel(campaign_path, found.file) == "log/battles-00000.json"


def test_a_file_removed_meanwhile_is_not_damaged(
    campaign_path: Path, open_test_campaign: Opener, monkeypatch: pytest.MonkeyPatch
) -> None:
    build(campaign_path, open_test_campaign)
    listed = backups.data_files(campaign_path)
    gone = campaign_path / "trackers" / "battles" / "ambush.json"

    def listing_then_removal(folder: Path) -> list[Path]:
        gone.unlink(missing_ok=True)  # a battle deleted between the listing and the look
        return listed

    monkeypatch.setattr(backups, "data_files", listing_then_removal)
    with open_test_campaign(campaign_path) as c:
        assert c.damaged_files() == []
