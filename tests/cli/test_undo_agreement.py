"""Undo restores agreement (issue 33, item 3): whichever tab or command takes a step back,
the battle, the party and the injury history still agree, and `gmtool doctor` says so."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gmtool.store import open_campaign
from gmtool.store.party import party_tracker
from tests.cli.helpers import run


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


def _gm(capsys: pytest.CaptureFixture[str], folder: Path, *args: str) -> tuple[int, str]:
    code, out, err = run(capsys, *args, "--campaign", str(folder))
    return code, out + err


@pytest.fixture
def hurt_battle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, str]:
    """A demo battle whose hits have hurt characters aboard (seeded: the same every run)."""
    folder = tmp_path / "verge"
    assert run(capsys, "init", str(folder), "--demo", "--seed", "3")[0] == 0
    code, out = _gm(capsys, folder, "battle", "new", "Ambush", "--ship", "meridian",
                    "--enemy", "vex", "--seed", "5", "--json")  # fmt: skip
    assert code == 0, out
    battle = json.loads(out)["id"]
    for _ in range(2):
        code, out = _gm(capsys, folder, "battle", "act", battle, "damage", "--target",
                        "meridian", "--amount", "8", "--track", "critical")  # fmt: skip
        assert code == 0, out
    return folder, battle


def _undo_steps(folder: Path) -> int:
    campaign = open_campaign(folder, create=False)
    try:
        return len(party_tracker(campaign).record()["undo"])
    finally:
        campaign.close()


def test_heal_undo_under_an_ended_battle_leaves_the_campaign_whole(
    capsys: pytest.CaptureFixture[str], hurt_battle: tuple[Path, str]
) -> None:
    folder, battle = hurt_battle
    assert _gm(capsys, folder, "battle", "act", battle, "end")[0] == 0
    steps = _undo_steps(folder)
    code, out = _gm(capsys, folder, "heal", "undo")
    assert code == 0 and "undone: #" in out, out
    assert _gm(capsys, folder, "doctor") == (0, f"{folder}: whole\n")
    assert _undo_steps(folder) == steps - 1  # the short rest's own step, not a new one
    # the battle's end taken back after: still whole, and the Injuries redo is refused
    assert _gm(capsys, folder, "battle", "undo", battle)[0] == 0
    assert _gm(capsys, folder, "doctor")[0] == 0
    code, out = _gm(capsys, folder, "heal", "redo")
    assert code == 2 and "battle" in out, out
    assert _gm(capsys, folder, "doctor")[0] == 0


def test_undoing_everything_on_the_injuries_side_never_grows_the_party_undo(
    capsys: pytest.CaptureFixture[str], hurt_battle: tuple[Path, str]
) -> None:
    folder, battle = hurt_battle
    assert _gm(capsys, folder, "heal", "rest", "--days", "2")[0] == 0
    assert _gm(capsys, folder, "battle", "act", battle, "end")[0] == 0
    assert _gm(capsys, folder, "heal", "rest", "--days", "1")[0] == 0
    steps = [_undo_steps(folder)]
    while True:
        code, out = _gm(capsys, folder, "heal", "undo")
        assert code == 0, out
        assert _gm(capsys, folder, "doctor")[0] == 0
        steps.append(_undo_steps(folder))
        if out.strip() == "nothing to undo":
            break
    assert steps == sorted(steps, reverse=True), steps
    while _gm(capsys, folder, "battle", "undo", battle)[0] == 0:
        assert _gm(capsys, folder, "doctor")[0] == 0
    assert _undo_steps(folder) <= steps[-1]
    # redone all the way up the Injuries side: whole at every step
    while _gm(capsys, folder, "heal", "redo")[0] == 0:
        assert _gm(capsys, folder, "doctor")[0] == 0
