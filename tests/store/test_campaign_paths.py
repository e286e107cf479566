"""Where a campaign may be made: never in the working folder by an empty path, never over a
folder of someone's notes, and the demo campaign once however many first runs race for it."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

from gmtool.cli import main
from gmtool.commands.app import run_app
from gmtool.store import StoreError, demo, open_campaign
from gmtool.store.campaign import Campaign
from gmtool.store.ships import list_ships, ship_tracker


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_an_empty_path_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(StoreError, match="empty"):
        open_campaign("")
    with pytest.raises(StoreError, match="empty"):
        open_campaign("  ")
    for args in (["roll", "d6", "--campaign", ""], ["log", "--campaign", ""]):
        assert main(args) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "empty" in err
    assert run_app("") == 2
    assert list(tmp_path.iterdir()) == []  # no campaign in the working folder


def test_a_folder_of_notes_is_not_made_a_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "session-3.md").write_text("the Vex got away")
    before = snapshot(notes)
    with pytest.raises(StoreError, match=r"not a campaign and not empty.*'session-3.md'"):
        open_campaign(notes)
    assert main(["roll", "d6", "--campaign", str(notes)]) == 2
    assert "nothing was changed" in capsys.readouterr().err
    assert main(["log", "--campaign", str(notes)]) == 2
    assert "is not a campaign" in capsys.readouterr().err
    assert snapshot(notes) == before and sorted(p.name for p in notes.iterdir()) == ["session-3.md"]


def test_an_empty_folder_or_a_crashed_start_becomes_a_campaign(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    open_campaign(empty).close()
    assert (empty / "campaign.json").exists()
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    (crashed / ".lock").write_text("")
    (crashed / ".campaign.json.123.tmp").write_text("{")
    open_campaign(crashed).close()
    assert (crashed / "campaign.json").exists()


def test_a_seed_past_its_limit_makes_no_campaign(tmp_path: Path) -> None:
    """A seed campaign.json could not be read back with is refused before anything is made."""
    with pytest.raises(StoreError, match="from 0 to"):
        open_campaign(tmp_path / "c", seed=10**30)
    with pytest.raises(StoreError, match="from 0 to"):
        open_campaign(tmp_path / "c", seed=-1)
    assert not (tmp_path / "c" / "campaign.json").exists()
    with open_campaign(tmp_path / "c", seed=2**63 - 1) as c:
        assert c.seed == 2**63 - 1
    with open_campaign(tmp_path / "c") as c:  # and it reads back
        assert c.seed == 2**63 - 1


def slow_seeder(campaign: Campaign, _data: Path) -> None:
    """A seeder slow enough that racing first runs overlap."""
    time.sleep(0.3)


def _first_run(path: str, barrier: multiprocessing.synchronize.Barrier) -> None:
    barrier.wait()
    demo.ensure_demo_campaign(Path(path), seed=3)


def test_first_runs_at_once_make_the_demo_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(demo, "SEEDERS", [*demo.SEEDERS, f"{__name__}:slow_seeder"])
    path = tmp_path / "demo.campaign"
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(3)
    runs = [context.Process(target=_first_run, args=(str(path), barrier)) for _ in range(3)]
    for run in runs:
        run.start()
    for run in runs:
        run.join(30)
    assert [run.exitcode for run in runs] == [0, 0, 0]
    with open_campaign(path, readonly=True) as c:
        assert len(list_ships(c)) == 5
        assert ship_tracker(c).last_label() is not None
    assert not (tmp_path / "demo.campaign.building").exists()
