"""A commit is a commit: refused before its journal (nothing changed), or done after it.

Issue 33, item 1: a folder where a battle's report goes used to fail `battle act end` with
"Is a directory" after 8 of 9 files were replaced, and the next open finished the "failed"
ending."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from gmtool.store import journal, open_campaign
from gmtool.store.atomic import atomic_write_bytes
from gmtool.store.errors import SaveRefused
from tests.cli.helpers import run


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


@pytest.fixture
def battle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    folder = tmp_path / "verge"
    assert run(capsys, "init", str(folder), "--demo", "--seed", "3")[0] == 0
    code, out, err = run(
        capsys, "battle", "new", "Ambush", "--ship", "meridian", "--enemy", "vex",
        "--seed", "5", "--campaign", str(folder), "--json",
    )  # fmt: skip
    assert code == 0, err
    # an open takes its backups: take them now, so that what follows compares data files
    open_campaign(folder, create=False).close()
    return folder, json.loads(out)["id"]


def _files(folder: Path) -> dict[str, str]:
    """Every file but the lock and backups, by path, with a digest of its bytes."""
    found = {}
    for path in folder.rglob("*"):
        rel = path.relative_to(folder)
        if path.is_file() and rel.parts[0] not in ("backups", ".lock"):
            found[str(rel)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def _end(capsys: pytest.CaptureFixture[str], folder: Path, battle: str) -> tuple[int, str, str]:
    return run(capsys, "battle", "act", battle, "end", "--campaign", str(folder))


def test_a_folder_where_the_report_goes_refuses_the_ending_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], battle: tuple[Path, str]
) -> None:
    folder, battle_id = battle
    (folder / "reports" / f"{battle_id}.md" / "x").mkdir(parents=True)
    before = _files(folder)
    code, out, err = _end(capsys, folder, battle_id)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"{battle_id}.md" in err
    assert _files(folder) == before
    assert not (folder / journal.JOURNAL_NAME).exists()
    assert not list(folder.rglob("*.tmp"))
    # nothing happens later either: the next open and doctor see the battle still open
    assert run(capsys, "doctor", "--campaign", str(folder))[0] == 0
    assert _files(folder) == before
    (folder / "reports" / f"{battle_id}.md" / "x").rmdir()
    (folder / "reports" / f"{battle_id}.md").rmdir()
    code, out, err = _end(capsys, folder, battle_id)
    assert code == 0, err
    assert (folder / "reports" / f"{battle_id}.md").is_file()
    assert run(capsys, "doctor", "--campaign", str(folder))[0] == 0


def test_the_refusal_is_typed(battle: tuple[Path, str]) -> None:
    folder, _ = battle
    (folder / "reports" / "x.md").mkdir(parents=True)
    campaign = open_campaign(folder, create=False)
    try:
        with pytest.raises(SaveRefused) as info, campaign.transaction():
            campaign.db("more/notes").table("t").insert({"a": 1})
            atomic_write_bytes(folder / "reports" / "x.md", b"# x")
    finally:
        campaign.close()
    assert info.value.reason == SaveRefused.FOLDER_IN_THE_WAY
    assert info.value.path == str(folder / "reports" / "x.md")
    assert not (folder / "more").exists()  # the folder made for the other file is gone


def test_no_room_on_the_disk_refuses_before_anything_is_written(
    capsys: pytest.CaptureFixture[str], battle: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, battle_id = battle
    before = _files(folder)
    real = os.statvfs

    def nearly_full(path: Any) -> Any:
        info = real(path)
        return os.statvfs_result((info.f_bsize, 1, 100, 0, 1, *tuple(info)[5:]))

    monkeypatch.setattr(os, "statvfs", nearly_full)
    code, _, err = _end(capsys, folder, battle_id)
    assert code == 2 and "free" in err
    assert _files(folder) == before
    assert not (folder / journal.JOURNAL_NAME).exists() and not (folder / "reports").exists()


def test_once_the_journal_is_saved_the_action_has_happened(
    capsys: pytest.CaptureFixture[str], battle: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A target that cannot be replaced after the journal is durable (the check passed, then
    something got in the way) is put in place at the next open; the command says so and
    exits 0, never "failed"."""
    folder, battle_id = battle
    real = os.replace
    report = folder / "reports" / f"{battle_id}.md"

    def blocked(src: Any, dst: Any) -> None:
        if Path(dst) == report:
            raise IsADirectoryError(21, "Is a directory", str(src))
        real(src, dst)

    monkeypatch.setattr(os, "replace", blocked)
    code, out, err = _end(capsys, folder, battle_id)
    assert code == 0 and "ends in round" in out
    assert "next opened" in err and not journal.take_unfinished()
    assert (folder / journal.JOURNAL_NAME).exists() and not report.exists()
    monkeypatch.setattr(os, "replace", real)
    assert run(capsys, "doctor", "--campaign", str(folder))[0] == 0  # opens: finishes it
    assert report.is_file() and not (folder / journal.JOURNAL_NAME).exists()
    code, out, _ = run(capsys, "battle", "list", "--campaign", str(folder))
    assert "finished" in out


def test_an_unfinished_save_is_finished_before_the_next_action(
    battle: tuple[Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In one process (the app) the next action first puts the last one in place, and is
    refused, changing nothing, while that cannot be done."""
    folder, _ = battle
    campaign = open_campaign(folder, create=False)
    real = os.replace
    target = folder / "notes.json"

    def blocked(src: Any, dst: Any) -> None:
        if Path(dst) == target:
            raise PermissionError(13, "Permission denied", str(src))
        real(src, dst)

    try:
        monkeypatch.setattr(os, "replace", blocked)
        with campaign.transaction() as tx:
            campaign.db("notes").table("t").insert({"a": 1})
            campaign.db("more").table("t").insert({"b": 2})
        assert tx.unfinished is not None and journal.take_unfinished()
        with pytest.raises(SaveRefused) as info, campaign.transaction():
            campaign.db("more").table("t").insert({"c": 3})
            campaign.db("other").table("t").insert({"d": 4})
        assert info.value.reason == SaveRefused.EARLIER_UNFINISHED
        assert not (folder / "other.json").exists()
        monkeypatch.setattr(os, "replace", real)
        with campaign.transaction():
            campaign.db("more").table("t").insert({"c": 3})
            campaign.db("other").table("t").insert({"d": 4})
    finally:
        campaign.close()
    assert target.is_file() and (folder / "other.json").is_file()
    assert not (folder / journal.JOURNAL_NAME).exists()


def test_a_stale_screen_never_overwrites_a_wound_it_did_not_see(
    capsys: pytest.CaptureFixture[str], battle: tuple[Path, str]
) -> None:
    """Issue 33, item 2: the app reads the battle, its lock is deleted, the CLI saves 5 wound
    on the Vex; the app's next step refuses (CampaignChanged), and once reloaded keeps them."""
    from gmtool.actions.battle_next import play_next
    from gmtool.store.battles import load_battle
    from gmtool.store.errors import CampaignChanged

    folder, battle_id = battle
    app = open_campaign(folder, create=False)
    try:
        load_battle(app, battle_id)  # the screen's view
        (folder / ".lock").unlink()
        code, _, err = run(
            capsys, "battle", "act", battle_id, "damage", "--target", "vex", "--amount", "5",
            "--track", "wound", "--campaign", str(folder),
        )  # fmt: skip
        assert code == 0, err
        saved = (folder / "trackers" / "battles" / f"{battle_id}.json").read_bytes()
        with pytest.raises(CampaignChanged):
            play_next(app, battle_id)
        assert (folder / "trackers" / "battles" / f"{battle_id}.json").read_bytes() == saved
        play_next(app, battle_id)
        [vex] = [s for s in load_battle(app, battle_id).ships if s.id == "vex"]
        assert vex.damage.marked["wound"] >= 5
    finally:
        app.close()
    assert run(capsys, "doctor", "--campaign", str(folder))[0] == 0
