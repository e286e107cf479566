"""`gmtool doctor` lists the files nothing refers to; `--fix` removes them (issue 33, item 8)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gmtool.actions import skirmish as act
from gmtool.rules.skirmish import torga_iv
from gmtool.store import open_campaign
from gmtool.store.skirmish import AUTOMATIC
from gmtool.store.skirmish_replay import REPLAY_FOLDER, replay_path
from tests.cli.helpers import run


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


def test_doctor_lists_an_orphan_replay_and_fix_removes_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "verge"
    assert run(capsys, "init", str(folder), "--seed", "3")[0] == 0
    with open_campaign(folder, create=False) as c:
        game = act.start(c, torga_iv(), AUTOMATIC).game
        kept = replay_path(c, game.game_id)
    stray = folder / REPLAY_FOLDER / "skirmish-7.jsonl"
    stray.write_text('{"label":"New game"}\n')
    code, out, _ = run(capsys, "doctor", "--campaign", str(folder), "--json")
    report = json.loads(out)
    assert code == 1 and report["problems"] == [
        {"file": "replays/skirmish-7.jsonl", "problem": report["problems"][0]["problem"],
         "orphan": True},
    ]  # fmt: skip
    code, out, _ = run(capsys, "doctor", "--campaign", str(folder))
    assert code == 1 and "replays/skirmish-7.jsonl" in out
    code, out, _ = run(capsys, "doctor", "--campaign", str(folder), "--fix")
    assert code == 0 and "removed replays/skirmish-7.jsonl" in out
    assert not stray.exists() and kept.exists()
    assert run(capsys, "doctor", "--campaign", str(folder))[0] == 0
