"""`gmtool log mark N [--hidden]` / `unmark N`: the marked roll reaches the session's recap
(the players' cut only when not hidden); a roll not in the log is one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import run


@pytest.fixture
def demo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "c")
    assert run(capsys, "init", "--demo", path, "--seed", "3")[0] == 0
    return path


def test_marks_reach_the_recaps(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    assert run(capsys, "session", "start", "--campaign", demo)[0] == 0
    assert run(capsys, "roll", "2d6", "--for", "Kira's jump", "--campaign", demo)[0] == 0
    assert run(capsys, "roll", "d20", "--for", "the ambush", "--campaign", demo)[0] == 0
    code, out, _ = run(capsys, "log", "mark", "1", "--campaign", demo)
    assert code == 0 and out.strip() == "roll #1 marked to remember (for the players' recap too)"
    code, out, _ = run(capsys, "log", "--campaign", demo, "mark", "2", "--hidden", "--json")
    assert code == 0 and json.loads(out)["mark"] == "gm"
    code, out, _ = run(capsys, "log", "--campaign", demo)
    assert "for Kira's jump (marked)" in out
    players = run(capsys, "session", "report", "1", "--players", "--campaign", demo)[1]
    assert "Kira's jump" in players and "the ambush" not in players
    gm = run(capsys, "session", "report", "1", "--campaign", demo)[1]
    assert "Kira's jump" in gm and "the ambush" in gm
    code, out, _ = run(capsys, "log", "unmark", "1", "--campaign", demo)
    assert code == 0 and out.strip() == "roll #1 is no longer marked"
    players = run(capsys, "session", "report", "1", "--players", "--campaign", demo)[1]
    assert "Kira's jump" not in players


def test_a_roll_not_in_the_log_is_refused(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    code, out, err = run(capsys, "log", "mark", "5", "--campaign", demo)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "no roll #5" in err
