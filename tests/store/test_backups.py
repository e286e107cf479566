"""Backups on real files: only a file that reads as the store expects is backed up, and only
such a backup is ever offered as the newest good one."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from gmtool.rules.limits import MAX_TEXT_CHARS
from gmtool.store import Campaign, CampaignCorrupt, StoreError, atomic, backups
from gmtool.store.atomic import UnfaithfulJSON, file_problem, json_bytes, strict_json
from gmtool.store.demo import seed_demo
from gmtool.store.tracker import Tracker
from tests.store.records_helpers import ship_doc

# Files that parse as JSON but are not a TinyDB document (a JSON object of tables, each a
# JSON object of documents under whole-number ids), and files that do not parse at all.
NOT_THE_STORES = [
    "[1,2,3]",
    '"a text"',
    "null",
    '{"tracker": [1, 2]}',
    '{"tracker": {"1": 5}}',
    '{"tracker": {"1": {"state": null}, "2": [1]}}',
    '{"tracker": {"one": {"state": null}}}',
]
DAMAGED = [*NOT_THE_STORES, "", '{"tracker": {"1": {"state"']

# a ship record as trackers/ships.json keeps it (its spec is not read here)
MERIDIAN = ship_doc()


def make_ships(folder: Path, opener: Callable[..., Campaign]) -> Path:
    """A campaign whose trackers/ships.json holds one saved state, opened once more so that
    a backup of it was taken; returns the tracker file."""
    c = opener(folder)
    Tracker(c, "ships").save({"ships": [MERIDIAN]}, "add Meridian")
    c.close()
    opener(folder).close()  # the backup at open
    ships = folder / "trackers" / "ships.json"
    assert backups.backup_path(folder, ships, 1).read_bytes() == ships.read_bytes()
    return ships


def ships_state(path: Path) -> object:
    return json.loads(path.read_text())["tracker"]["1"]["state"]


@pytest.mark.parametrize("damage", DAMAGED)
def test_store_refuses_what_backups_refuse(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "file.json"
    path.write_text(damage)
    assert file_problem(path) is not None
    assert backups.newest_good_backup(tmp_path, path) is None


def test_a_tinydb_file_reads_as_good(tmp_path: Path) -> None:
    path = tmp_path / "file.json"
    path.write_text('{"tracker": {"1": {"state": {"n": 1}, "undo": []}}, "empty": {}}')
    assert file_problem(path) is None
    path.write_text("{}")
    assert file_problem(path) is None
    assert file_problem(tmp_path / "missing.json") == "the file is missing"


@pytest.mark.parametrize("damage", DAMAGED)
def test_damaged_file_is_not_backed_up_nor_named_good(
    campaign_path: Path, open_test_campaign: Callable[..., Campaign], damage: str
) -> None:
    """The tester's steps: trackers/ships.json becomes [1,2,3], the campaign is opened, the
    Crew tab reads it. The backup named must be the good one, not the damage copied at open."""
    ships = make_ships(campaign_path, open_test_campaign)
    ships.write_text(damage)
    c = open_test_campaign(campaign_path)
    try:
        with pytest.raises(CampaignCorrupt) as info:
            Tracker(c, "ships").load()
    finally:
        c.close()
    newest = backups.backup_path(campaign_path, ships, 1)
    assert info.value.backup == str(newest)
    assert ships_state(newest) == {"ships": [MERIDIAN]}
    assert not backups.backup_path(campaign_path, ships, 2).exists()
    assert ships.read_text() == damage  # never overwritten


def test_a_bad_backup_already_in_backups_is_never_named_good(
    campaign_path: Path, open_test_campaign: Callable[..., Campaign]
) -> None:
    """Backups taken by an older gmtool (or copied in by hand) may be damaged: choosing the
    newest good backup checks each one, not only the file when it was backed up."""
    ships = make_ships(campaign_path, open_test_campaign)
    first, second = (backups.backup_path(campaign_path, ships, n) for n in (1, 2))
    first.replace(second)
    first.write_text("[1,2,3]")
    ships.write_text("[1,2,3]")
    c = open_test_campaign(campaign_path)
    try:
        with pytest.raises(CampaignCorrupt) as info:
            Tracker(c, "ships").load()
    finally:
        c.close()
    assert info.value.backup == str(second)
    assert "ships.json.2; to restore it" in str(info.value)
    second.write_text('{"tracker": {"1": 5}}')
    assert backups.newest_good_backup(campaign_path, ships) is None


def test_store_names_the_reason(campaign_path: Path, open_test_campaign) -> None:
    ships = make_ships(campaign_path, open_test_campaign)
    ships.write_text("[1,2,3]")
    c = open_test_campaign(campaign_path)
    try:
        with pytest.raises(CampaignCorrupt, match=r"expected a JSON object of tables"):
            Tracker(c, "ships").load()
    finally:
        c.close()


# -- whole, checked copies (issue 33, item 5) -----------------------------------------------


def _backups_of(folder: Path, file: Path) -> list[bytes | None]:
    return [
        p.read_bytes() if p.exists() else None
        for p in (backups.backup_path(folder, file, n) for n in range(1, backups.KEEP + 1))
    ]


def test_a_copy_cut_short_never_lands_in_backups(
    campaign_path: Path,
    open_test_campaign: Callable[..., Campaign],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A full disk (or a kill) while a backup is written leaves the older copies as they
    were, never a truncated `.1`; what it left is cleared at the next open."""
    monkeypatch.setattr(backups, "ROTATE_EVERY_SECONDS", 0)  # a rotation at every open
    ships = make_ships(campaign_path, open_test_campaign)
    before = _backups_of(campaign_path, ships)
    c = open_test_campaign(campaign_path)
    Tracker(c, "ships").save({"ships": [MERIDIAN, ship_doc("kestrel")]}, "add Kestrel")
    c.close()

    def disk_full(tmp: Path, data: bytes) -> None:
        tmp.write_bytes(data[: len(data) // 2])  # as far as it got
        raise OSError(errno.ENOSPC, "No space left on device")

    whole_write = backups.write_temporary
    monkeypatch.setattr(backups, "write_temporary", disk_full)
    with pytest.raises(StoreError, match="No space left"):
        open_test_campaign(campaign_path)
    assert _backups_of(campaign_path, ships) == before
    monkeypatch.setattr(backups, "write_temporary", whole_write)
    open_test_campaign(campaign_path).close()
    assert _backups_of(campaign_path, ships)[:2] == [ships.read_bytes(), before[0]]
    assert not [p for p in (campaign_path / "backups").rglob("*") if p.name.endswith(".tmp")]


def test_a_file_the_store_refuses_is_never_rotated_in(
    campaign_path: Path, open_test_campaign: Callable[..., Campaign]
) -> None:
    """A note past the rules' limit (the party's reader refuses it) or a number that is not
    finite is no backup: it must not push the good copies out."""
    c = open_test_campaign(campaign_path)
    seed_demo(c)
    c.close()
    open_test_campaign(campaign_path).close()
    party = campaign_path / "trackers" / "party.json"
    ships = campaign_path / "trackers" / "ships.json"
    kept = {f: _backups_of(campaign_path, f) for f in (party, ships)}
    assert kept[party][0] == party.read_bytes()
    data = json.loads(party.read_text())
    [doc] = data["tracker"].values()
    doc["state"]["characters"][0]["notes"] = "x" * (MAX_TEXT_CHARS + 1)
    party.write_text(json.dumps(data))
    ships.write_text(ships.read_text().replace('"hull_points":', '"hull_points":NaN,"x":', 1))
    for _ in range(backups.KEEP + 1):
        open_test_campaign(campaign_path).close()
    assert {f: _backups_of(campaign_path, f) for f in (party, ships)} == kept
    assert backups.newest_good_backup(campaign_path, party) == backups.backup_path(
        campaign_path, party, 1
    )


def test_a_burst_of_opens_keeps_the_backups_from_before_it(
    campaign_path: Path, open_test_campaign: Callable[..., Campaign]
) -> None:
    """Command-line calls open the campaign once each: within ROTATE_EVERY_SECONDS of a
    rotation no other is taken, so three quick calls do not push out the older backups."""
    c = open_test_campaign(campaign_path)
    c.update_meta(note="before the burst")
    c.close()
    open_test_campaign(campaign_path).close()  # rotates: the newest backup is this version
    kept = (campaign_path / "backups" / "campaign.json.1").read_bytes()
    for n in range(4):
        c = open_test_campaign(campaign_path)
        c.update_meta(note=f"call {n}")
        c.close()
    assert (campaign_path / "backups" / "campaign.json.1").read_bytes() == kept
    assert not (campaign_path / "backups" / "campaign.json.2").exists()


def test_a_rotation_is_due_again_after_the_interval_or_a_clock_set_back(tmp_path: Path) -> None:
    stamp = tmp_path / backups.BACKUP_DIR / backups.STAMP
    every = backups.ROTATE_EVERY_SECONDS
    assert backups.rotation_due(tmp_path, 1_000_000.0, every)  # never rotated
    stamp.parent.mkdir()
    stamp.touch()
    os.utime(stamp, (1_000_000.0, 1_000_000.0))
    assert not backups.rotation_due(tmp_path, 1_000_000.0 + every - 1, every)
    assert backups.rotation_due(tmp_path, 1_000_000.0 + every, every)
    assert backups.rotation_due(tmp_path, 1_000_000.0 - 60, every)  # the clock went back
    assert backups.rotation_due(tmp_path, 1_000_000.0, 0)


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b'{"a":{"1":{"x":1,"x":2}}}', "twice"),  # compact, as the store writes
        (b'{"a":{"1":{"x":1e999}}}', "too large"),
        (b'{"a":{"1":{"x":NaN}}}', "not finite"),
        (b'{"a": {"1": {"x": 1, "x": 2}}}', "twice"),  # hand-spaced
    ],
)
def test_the_quick_read_refuses_what_the_checking_parser_refuses(raw: bytes, reason: str) -> None:
    with pytest.raises(UnfaithfulJSON, match=reason):
        strict_json(raw)


def test_bytes_as_the_store_writes_them_read_without_the_checking_parser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = {"rolls": {"1": {"total": 7, "note": "Ω", "mod": -1.5, "dice": [3, 4]}}}
    raw = json_bytes(data)
    monkeypatch.setattr(atomic.json, "loads", None)  # the checking parser is not reached
    assert strict_json(raw) == data
