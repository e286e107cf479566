"""One action, one commit: the journal saves every file of an action all or nothing."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gmtool.rules.dice import roll
from gmtool.store import Campaign, StoreError, journal, open_campaign
from gmtool.store.tracker import Tracker


def _two_file_action(c: Campaign, label: str) -> None:
    Tracker(c, "alpha").save({"n": label}, label)
    Tracker(c, "beta").save({"n": label}, label)
    c.record([c.dice_entry(roll("2d6", c.rng()), label)])


def test_transaction_saves_every_file_and_leaves_no_journal(campaign: Campaign) -> None:
    with campaign.transaction():
        _two_file_action(campaign, "one")
    folder = campaign.folder
    assert not (folder / journal.JOURNAL_NAME).exists()
    assert Tracker(campaign, "alpha").load() == {"n": "one"}
    assert Tracker(campaign, "beta").load() == {"n": "one"}
    assert [e["for"] for e in campaign.roll_log()] == ["one"]
    assert not [p for p in folder.rglob("*.tmp")]


def test_transaction_reads_what_it_has_written(campaign: Campaign) -> None:
    with campaign.transaction():
        Tracker(campaign, "alpha").save({"n": 1}, "a")
        assert Tracker(campaign, "alpha").load() == {"n": 1}
        assert not (campaign.folder / "trackers" / "alpha.json").exists()
    assert (campaign.folder / "trackers" / "alpha.json").exists()


def test_exception_saves_nothing_and_forgets_the_staged_state(campaign: Campaign) -> None:
    with campaign.transaction():
        _two_file_action(campaign, "kept")
    before = {p: p.read_bytes() for p in campaign.folder.rglob("*.json")}
    with pytest.raises(RuntimeError), campaign.transaction():
        _two_file_action(campaign, "lost")
        raise RuntimeError("refused half-way")
    after = {p: p.read_bytes() for p in campaign.folder.rglob("*.json")}
    assert after == before
    assert Tracker(campaign, "alpha").load() == {"n": "kept"}
    assert [e["for"] for e in campaign.roll_log()] == ["kept"]
    assert campaign.rolls is not None and campaign.rolls.next_id == 2


def test_roll_listeners_hear_only_saved_actions(campaign: Campaign) -> None:
    heard: list[str] = []
    campaign.on_record(lambda batch: heard.extend(e["for"] for e in batch))
    with pytest.raises(RuntimeError), campaign.transaction():
        _two_file_action(campaign, "lost")
        assert heard == []
        raise RuntimeError
    with campaign.transaction():
        _two_file_action(campaign, "kept")
    assert heard == ["kept"]


def test_inner_transaction_joins_the_outer(campaign: Campaign) -> None:
    with pytest.raises(RuntimeError), campaign.transaction():
        with campaign.transaction():
            Tracker(campaign, "alpha").save({"n": 1}, "a")
        raise RuntimeError
    assert Tracker(campaign, "alpha").load() is None


def _journal_of(campaign: Campaign, label: str) -> None:
    """Stage an action and write its temporary files and journal, as a commit killed just
    after its journal was saved would leave them."""
    with pytest.raises(SystemExit), campaign.transaction() as tx:
        _two_file_action(campaign, label)
        original = journal._apply

        def killed(*_args: object) -> None:
            raise SystemExit

        journal._apply = killed  # type: ignore[assignment]
        try:
            tx.commit()
        finally:
            journal._apply = original
        raise AssertionError("unreachable")


def test_open_finishes_a_journal_a_crash_left(campaign_path: Path) -> None:
    c = open_campaign(campaign_path, seed=1)
    with c.transaction():
        _two_file_action(c, "first")
    _journal_of(c, "second")
    c._lock.release()  # the process "died"
    assert (campaign_path / journal.JOURNAL_NAME).exists()
    again = open_campaign(campaign_path, create=False)
    try:
        assert not (campaign_path / journal.JOURNAL_NAME).exists()
        assert Tracker(again, "alpha").load() == {"n": "second"}
        assert Tracker(again, "beta").load() == {"n": "second"}
        assert [e["for"] for e in again.roll_log()] == ["second", "first"]
        assert not list(campaign_path.rglob("*.tmp"))
    finally:
        again.close()


def test_open_discards_temporaries_without_a_journal(campaign_path: Path) -> None:
    c = open_campaign(campaign_path, seed=1)
    with c.transaction():
        _two_file_action(c, "first")
    c.close()
    stray = [
        campaign_path / "trackers" / ".alpha.json.999-tx.tmp",
        campaign_path / "log" / ".rolls-00000.json.4242.tmp",
    ]
    for path in stray:
        path.write_text('{"tracker":{}}')
    again = open_campaign(campaign_path, create=False)
    try:
        assert not any(p.exists() for p in stray)
        assert Tracker(again, "alpha").load() == {"n": "first"}
    finally:
        again.close()


def test_a_damaged_journal_is_refused_and_kept(campaign_path: Path) -> None:
    open_campaign(campaign_path, seed=1).close()
    bad = campaign_path / journal.JOURNAL_NAME
    bad.write_text('{"replace": [["../../etc/.passwd.x.tmp", "../../etc/passwd"]]}')
    with pytest.raises(StoreError, match="journal is damaged"):
        open_campaign(campaign_path, create=False)
    assert bad.exists()


def test_readers_wait_for_a_commit_under_way(
    campaign_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_campaign(campaign_path, seed=1).close()
    monkeypatch.setattr("gmtool.store.campaign.READER_PATIENCE", 0.1)
    (campaign_path / journal.JOURNAL_NAME).write_text('{"replace":[],"remove":[]}')
    with pytest.raises(StoreError, match="save under way"):
        open_campaign(campaign_path, create=False, readonly=True)
    assert journal.wait_until_settled(campaign_path, 0.05) is False
    (campaign_path / journal.JOURNAL_NAME).unlink()
    open_campaign(campaign_path, create=False, readonly=True).close()


def test_a_planted_symlink_is_never_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    target = tmp_path / "data.json"
    tmp = journal.temporary_path(target, str(os.getpid()))
    tmp.symlink_to(victim)
    journal.replace_file(target, b"{}")
    assert victim.read_text() == "keep me"
    assert json.loads(target.read_text()) == {}
    assert not tmp.exists()


def test_a_lock_that_is_a_symlink_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    open_campaign(folder, seed=1).close()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (folder / ".lock").unlink()
    (folder / ".lock").symlink_to(victim)
    with pytest.raises(StoreError, match="symbolic link"):
        open_campaign(folder, create=False)
    assert victim.read_text() == "keep me"
