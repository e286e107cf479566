"""`doctor` sees everything the readers refuse, and no reader rewrites what it could not read
faithfully (issue 33, item 4)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.cli.helpers import run


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


@pytest.fixture
def demo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = tmp_path / "verge"
    assert run(capsys, "init", str(folder), "--demo", "--seed", "3")[0] == 0
    return folder


def _doctor(capsys: pytest.CaptureFixture[str], folder: Path) -> tuple[int, list[dict[str, str]]]:
    code, out, _ = run(capsys, "doctor", "--campaign", str(folder), "--json")
    return code, json.loads(out)["problems"]


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_number_that_is_not_finite_in_a_battle_is_found(
    capsys: pytest.CaptureFixture[str], demo: Path, number: str
) -> None:
    code, out, err = run(
        capsys, "battle", "new", "Ambush", "--ship", "meridian", "--enemy", "vex",
        "--campaign", str(demo), "--json",
    )  # fmt: skip
    assert code == 0, err
    tracker = demo / "trackers" / "battles" / f"{json.loads(out)['id']}.json"
    text = tracker.read_text()
    assert '"marked":{"stun":0' in text
    tracker.write_text(text.replace('"marked":{"stun":0', f'"marked":{{"stun":{number}', 1))
    code, problems = _doctor(capsys, demo)
    assert code == 1
    assert [p["file"] for p in problems] == [str(tracker)]
    assert "finite" in problems[0]["problem"] or "too large" in problems[0]["problem"]


def test_a_duplicate_key_in_a_roll_chunk_is_found_and_never_rewritten(
    capsys: pytest.CaptureFixture[str], demo: Path
) -> None:
    for _ in range(3):
        assert run(capsys, "roll", "d6", "--campaign", str(demo))[0] == 0
    [chunk] = (demo / "log").glob("rolls-*.json")
    text = chunk.read_text()
    first = text.index('"1":{')
    end = text.index('},"2":', first)
    doubled = text[: end + 1] + "," + text[first : end + 1] + text[end + 1 :]
    chunk.write_text(doubled)
    code, problems = _doctor(capsys, demo)
    assert code == 1 and [p["file"] for p in problems] == [str(chunk)]
    assert "twice" in problems[0]["problem"]
    code, out, err = run(capsys, "roll", "d6", "--campaign", str(demo))
    assert code == 2 and out == "" and str(chunk) in err
    assert chunk.read_text() == doubled  # refused, not rewritten without the first copy


def test_a_duplicate_key_anywhere_is_found(capsys: pytest.CaptureFixture[str], demo: Path) -> None:
    party = demo / "trackers" / "party.json"
    text = party.read_text()
    assert text.startswith('{"tracker":{')
    party.write_text('{"tracker":{},' + text[1:])
    code, problems = _doctor(capsys, demo)
    assert code == 1 and [p["file"] for p in problems] == [str(party)]
