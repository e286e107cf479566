"""The campaign store on real files: atomic saves, the lock, damage, backups, migrations."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bench.killtest import kill_once, verify
from gmtool.rules.checks import roll_check
from gmtool.rules.dice import roll
from gmtool.store import (
    Campaign,
    CampaignCorrupt,
    CampaignLocked,
    StoreError,
    open_campaign,
    rolllog,
)
from gmtool.store import backups as backups_module
from gmtool.store import campaign as campaign_module
from gmtool.store import lock as lock_module
from gmtool.store.tracker import Tracker


def add_rolls(c: Campaign, n: int, purpose: str = "test") -> list[dict]:
    saved = []
    for _ in range(n):
        saved += c.record([c.dice_entry(roll("2d6", c.rng()), purpose)])
    return saved


def test_roll_is_saved_with_everything(campaign: Campaign) -> None:
    check = roll_check(14, 1, campaign.rng())
    saved = campaign.record([campaign.check_entry(check, "helm")])[0]
    assert saved["id"] == 1
    assert saved["time"] == "2026-12-02T20:00:00"
    assert saved["for"] == "helm"
    assert saved["score"] == 14 and saved["step"] == 1
    assert saved["dice"][0] == [20, check.control, 1]
    assert saved["degree"] == check.degree.value
    assert next(iter(campaign.roll_log())) == saved


def test_log_survives_reopen_newest_first(campaign_path: Path, open_test_campaign) -> None:
    c = open_test_campaign(campaign_path)
    add_rolls(c, 3)
    c.close()
    again = open_test_campaign(campaign_path)
    try:
        assert [e["id"] for e in again.roll_log()] == [3, 2, 1]
        assert again.rolls is not None and again.rolls.next_id == 4
    finally:
        again.close()


def test_dice_replay_across_restart(tmp_path: Path, open_test_campaign) -> None:
    straight = open_test_campaign(tmp_path / "a")
    expected = [r["total"] for r in add_rolls(straight, 4)]
    straight.close()
    first = open_test_campaign(tmp_path / "b")
    totals = [r["total"] for r in add_rolls(first, 2)]
    first.close()
    second = open_test_campaign(tmp_path / "b")
    totals += [r["total"] for r in add_rolls(second, 2)]
    second.close()
    assert totals == expected


def test_log_splits_into_chunks(campaign: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rolllog, "CHUNK_SIZE", 4)
    add_rolls(campaign, 10)
    files = sorted(p.name for p in (campaign.folder / "log").glob("rolls-*.json"))
    assert files == ["rolls-00000.json", "rolls-00001.json", "rolls-00002.json"]
    assert [e["id"] for e in campaign.roll_log()] == list(range(10, 0, -1))


def test_undo_marks_whole_action(campaign: Campaign) -> None:
    add_rolls(campaign, 1, "first")
    batch = [campaign.dice_entry(roll("d6", campaign.rng()), "volley") for _ in range(3)]
    campaign.record(batch)
    undone = campaign.undo_last()
    assert sorted(e["id"] for e in undone) == [2, 3, 4]
    flags = {e["id"]: bool(e.get("undone")) for e in campaign.roll_log()}
    assert flags == {1: False, 2: True, 3: True, 4: True}
    assert [e["id"] for e in campaign.undo_last()] == [1]
    assert campaign.undo_last() == []


def test_undo_by_source(campaign: Campaign) -> None:
    campaign.record([campaign.dice_entry(roll("d6", campaign.rng()), "a", source="dice")])
    campaign.record([campaign.dice_entry(roll("d6", campaign.rng()), "b", source="battle")])
    assert [e["for"] for e in campaign.undo_last(source="dice")] == ["a"]


def test_second_writer_is_refused_naming_holder(campaign: Campaign) -> None:
    with pytest.raises(CampaignLocked, match=r"pid \d+") as info:
        open_campaign(campaign.folder)
    assert "close it there first" in str(info.value)
    assert info.value.holder.startswith("gmtool (pid ") and info.value.waited == 0


class _LockClock:
    """The lock's clock, moved only by its own sleeps: how long it waited is counted in the
    seconds it asked to sleep, whatever else the machine is doing."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds

    strftime = staticmethod(time.strftime)


def test_a_writer_waits_as_long_as_asked(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = _LockClock()
    monkeypatch.setattr(lock_module, "time", clock)
    with pytest.raises(CampaignLocked) as info:
        open_campaign(campaign.folder, lock_wait=0.3)
    assert info.value.waited == 0.3
    # it kept trying until the wait was over, and gave up at the first try after it
    assert sum(clock.sleeps) >= 0.3 and sum(clock.sleeps[:-1]) < 0.3


def test_reader_works_while_writer_holds_lock(campaign: Campaign) -> None:
    add_rolls(campaign, 2)
    reader = open_campaign(campaign.folder, readonly=True)
    try:
        assert len(list(reader.roll_log())) == 2
        with pytest.raises(StoreError, match="read-only"):
            reader.record([reader.dice_entry(roll("d6", random.Random(1)), "x")])
    finally:
        reader.close()


def test_lock_is_released_on_close(campaign_path: Path, open_test_campaign) -> None:
    open_test_campaign(campaign_path).close()
    open_test_campaign(campaign_path).close()


def test_damaged_file_is_never_overwritten(campaign_path: Path, open_test_campaign) -> None:
    c = open_test_campaign(campaign_path)
    add_rolls(c, 2)
    c.close()
    open_test_campaign(campaign_path).close()  # takes backups at open
    main = campaign_path / "campaign.json"
    main.write_text('{"meta": {"1": {"name": "x"')  # a torn write from some other tool
    damaged = main.read_bytes()
    with pytest.raises(CampaignCorrupt) as info:
        open_test_campaign(campaign_path)
    message = str(info.value)
    assert str(main) in message
    assert "backups/campaign.json.1" in message
    assert main.read_bytes() == damaged
    backup = json.loads((campaign_path / "backups" / "campaign.json.1").read_text())
    assert backup["meta"]["1"]["name"] == "test.campaign"
    # the damaged file must not push good backups out either
    with pytest.raises(CampaignCorrupt):
        open_test_campaign(campaign_path)
    assert json.loads((campaign_path / "backups" / "campaign.json.1").read_text())


def test_damaged_log_chunk_is_reported(campaign_path: Path, open_test_campaign) -> None:
    c = open_test_campaign(campaign_path)
    add_rolls(c, 2)
    c.close()
    chunk = campaign_path / "log" / "rolls-00000.json"
    chunk.write_text("")
    with pytest.raises(CampaignCorrupt, match=r"rolls-00000\.json is damaged"):
        open_test_campaign(campaign_path)
    assert chunk.read_text() == ""


def test_not_a_campaign(tmp_path: Path) -> None:
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "campaign.json").write_text('{"other": {}}')
    with pytest.raises(StoreError, match="not a gmtool campaign"):
        open_campaign(tmp_path / "x")
    (tmp_path / "file").write_text("hello")
    with pytest.raises(StoreError, match="is a file"):
        open_campaign(tmp_path / "file")


def test_backups_rotate_and_keep_three(
    campaign_path: Path, open_test_campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backups_module, "ROTATE_EVERY_SECONDS", 0)  # a rotation at every open
    for n in range(5):
        c = open_test_campaign(campaign_path)
        c.update_meta(note=f"session {n}")
        c.close()
        # make each version distinguishable by size/mtime
        main = campaign_path / "campaign.json"
        import os

        os.utime(main, (1_000_000 + n * 10, 1_000_000 + n * 10))
    backups = sorted((campaign_path / "backups").glob("campaign.json.*"))
    assert [p.name for p in backups] == ["campaign.json.1", "campaign.json.2", "campaign.json.3"]
    newest = json.loads(backups[0].read_text())
    assert newest["meta"]["1"]["note"] == "session 3"


def test_newer_schema_is_refused(campaign_path: Path, open_test_campaign) -> None:
    c = open_test_campaign(campaign_path)
    c.update_meta(schema=99)
    c.close()
    with pytest.raises(StoreError, match="newer gmtool"):
        open_test_campaign(campaign_path)


def test_migration_runs_after_snapshot(
    campaign_path: Path, open_test_campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = open_test_campaign(campaign_path)
    add_rolls(c, 1)
    c.close()
    seen: list[Path] = []

    current = campaign_module.SCHEMA_VERSION

    def to_next(folder: Path) -> None:
        seen.append(folder)
        data = json.loads((folder / "campaign.json").read_text())
        data["meta"]["1"]["renamed"] = data["meta"]["1"]["name"].upper()
        (folder / "campaign.json").write_text(json.dumps(data))

    monkeypatch.setattr(campaign_module, "SCHEMA_VERSION", current + 1)
    monkeypatch.setitem(campaign_module.MIGRATIONS, current, to_next)
    migrated = open_test_campaign(campaign_path)
    try:
        assert seen == [campaign_path]
        assert migrated.meta["schema"] == current + 1
        assert migrated.meta["renamed"] == "TEST.CAMPAIGN"
    finally:
        migrated.close()
    snapshot = campaign_path / "backups" / f"before-schema-{current + 1}"
    assert json.loads((snapshot / "campaign.json").read_text())["meta"]["1"]["schema"] == current
    assert (snapshot / "log" / "rolls-00000.json").exists()


def test_missing_migration_is_reported(
    campaign_path: Path, open_test_campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_test_campaign(campaign_path).close()
    current = campaign_module.SCHEMA_VERSION
    monkeypatch.setattr(campaign_module, "SCHEMA_VERSION", current + 1)
    with pytest.raises(StoreError, match=f"no migration from schema {current} to {current + 1}"):
        open_test_campaign(campaign_path)


def test_db_name_cannot_leave_campaign(campaign: Campaign) -> None:
    with pytest.raises(StoreError, match="leaves the campaign"):
        campaign.db("../elsewhere")


def test_killed_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "killed.campaign"
    rng = random.Random(7)
    confirmed: set[int] = set()
    for _ in range(6):
        confirmed |= kill_once(path, rng, max_wait=0.15)
    assert confirmed
    verify(path, confirmed)


def test_open_campaign_factory_is_used(
    open_test_campaign: Callable[..., Campaign], tmp_path
) -> None:
    c = open_test_campaign(tmp_path / "n", name="Named")
    try:
        assert c.name == "Named" and c.seed == 20261202
    finally:
        c.close()


def test_sessions_start_end_and_stamp_rolls(campaign: Campaign) -> None:
    assert campaign.current_session is None
    first = campaign.start_session("The Verge")
    assert first == {
        "id": 1,
        "title": "The Verge",
        "started": "2026-12-02T20:00:00",
        "ended": None,
    }
    with pytest.raises(StoreError, match="still open"):
        campaign.start_session()
    rolled = add_rolls(campaign, 1)[0]
    assert rolled["session"] == 1
    campaign.end_session()
    assert campaign.current_session is None
    assert add_rolls(campaign, 1)[0]["session"] is None
    assert campaign.start_session()["title"] == "Session 2"
    assert [s["id"] for s in campaign.sessions()] == [1, 2]
    assert campaign.sessions()[0]["ended"] == "2026-12-02T20:00:00"
    with pytest.raises(StoreError, match="no game session"):
        campaign.end_session()
        campaign.end_session()


def test_what_the_system_refuses_at_open_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("a file")
    with pytest.raises(StoreError, match=r"cannot create the campaign at .*Not a directory"):
        open_campaign(tmp_path / "notes.txt" / "table.campaign")
    folder = tmp_path / "table.campaign"
    open_campaign(folder).close()
    (folder / "backups").write_text("a file where the backups go")
    for _ in range(2):  # the lock taken before the backups failed was let go
        with pytest.raises(StoreError, match=r"cannot open the campaign at .*backups"):
            open_campaign(folder)
    (folder / "backups").unlink()
    open_campaign(folder).close()


def test_a_save_the_system_refuses_is_a_store_error(campaign: Campaign) -> None:
    """A full disk, no permission, a file where a folder should be: the save is refused with
    a StoreError naming the file (the tabs show those), and nothing is half-saved."""
    add_rolls(campaign, 1)
    campaign.close()
    log = campaign.folder / "log"
    moved = campaign.folder / "log-aside"
    log.rename(moved)
    log.write_text("a file where the log folder should be")
    again = open_campaign(campaign.folder, clock=campaign.clock)
    try:
        assert again.rolls is not None
        with pytest.raises(StoreError, match=r"cannot save .*rolls-00000\.json: .*File exists"):
            add_rolls(again, 1)
        assert again.rolls.next_id == 1  # the refused rolls gave their ids back
        trackers = campaign.folder / "trackers"
        trackers.write_text("a file where the trackers folder should be")
        with pytest.raises(StoreError, match=r"cannot save .*ships\.json: .*it holds what it"):
            Tracker(again, "ships").save({"ships": []}, "add none")
        trackers.unlink()
        Tracker(again, "ships").save({"ships": ["meridian"]}, "add Meridian")
        assert Tracker(again, "ships").load() == {"ships": ["meridian"]}
    finally:
        again.close()
