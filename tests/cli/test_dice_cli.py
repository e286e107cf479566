"""`gmtool roll`, `check`, `log` and `--version`: output shapes and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool import __version__
from gmtool.cli import main
from gmtool.rules.checks import Degree
from tests.cli.helpers import run


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"gmtool {__version__}"


def test_roll_json_shape_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roll", "3d6+2", "--seed", "5", "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"expression", "dice", "total"}
    assert data["expression"] == "3d6+2"
    assert len(data["dice"]) == 3 and data["total"] == sum(data["dice"]) + 2
    assert run(capsys, "roll", "3d6+2", "--seed", "5", "--json")[1] == out


def test_roll_times_gives_array(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "roll", "d8m", "--times", "3", "--seed", "1", "--json")
    data = json.loads(out)
    assert isinstance(data, list) and len(data) == 3


def test_check_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "14", "--step", "2", "--seed", "9", "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"control", "situation", "total", "score", "step", "degree"}
    assert data["score"] == 14 and data["step"] == 2
    assert data["total"] == data["control"] + data["situation"]
    assert data["degree"] in {"amazing", "good", "ordinary", "failure", "critical_failure"}
    _, many, _ = run(capsys, "check", "14", "--times", "4", "--seed", "9", "--json")
    assert len(json.loads(many)) == 4


def test_campaign_logging_and_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = str(tmp_path / "c")
    run(capsys, "roll", "2d6", "--campaign", path, "--for", "cargo")
    run(capsys, "check", "12", "--campaign", path, "--times", "2")
    code, out, _ = run(capsys, "log", "--campaign", path, "--json")
    entries = json.loads(out)
    assert code == 0
    assert [e["id"] for e in entries] == [1, 2, 3]
    assert entries[0]["for"] == "cargo" and entries[0]["kind"] == "dice"
    assert entries[2]["kind"] == "check"
    _, last, _ = run(capsys, "log", "--campaign", path, "--json", "--last", "1")
    assert [e["id"] for e in json.loads(last)] == [3]
    _, text, _ = run(capsys, "log", "--campaign", path)
    assert len(text.strip().splitlines()) == 3 and "for cargo" in text
    # degrees in words, as the GM reads them, never the ids the JSON carries
    said = {Degree(e["degree"]).label for e in entries if e["kind"] == "check"}
    assert all(label in text for label in said) and "_" not in text.split("=", 1)[1]


def test_seeded_campaign_rolls_replay_and_are_logged_as_the_clis(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """With --campaign the rolls go through the dice actions: --seed still replays them, and
    the log says they came from the command line."""
    plain = run(capsys, "roll", "4d6", "--seed", "3", "--times", "2", "--json")[1]
    path = str(tmp_path / "c")
    logged = run(capsys, "roll", "4d6", "--seed", "3", "--times", "2", "--json", "--campaign", path)
    assert logged[1] == plain
    run(capsys, "check", "9", "--seed", "3", "--campaign", path)
    entries = json.loads(run(capsys, "log", "--campaign", path, "--json")[1])
    assert [(e["kind"], e["source"]) for e in entries] == [
        ("dice", "cli"),
        ("dice", "cli"),
        ("check", "cli"),
    ]
    assert [e["total"] for e in entries[:2]] == [d["total"] for d in json.loads(plain)]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["roll", "2x6"], "cannot read dice expression"),
        (["roll", "500d6"], "at most 100"),
        (["roll"], "required"),
        (["check", "40"], "from 1 to 30"),
        (["check", "ten"], "invalid int"),
        (["roll", "d6", "--times", "0"], "--times"),
        (["log", "--campaign", "/nonexistent/x"], "no campaign"),
        (["rol", "d6"], "did you mean 'roll'"),
    ],
)
def test_bad_input_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_locked_campaign_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After waiting (shortened here), the refusal says who holds the lock."""
    from gmtool.store import lock, open_campaign

    monkeypatch.setattr(lock, "LOCK_PATIENCE", 0.2)
    holder = open_campaign(tmp_path / "c", purpose="gmtool (the GM's screen)")
    try:
        code, _, err = run(capsys, "roll", "d6", "--campaign", str(tmp_path / "c"))
    finally:
        holder.close()
    assert code == 2 and "is open for writing" in err
    assert "gmtool (the GM's screen) (pid" in err and "0.2 s" in err


def test_a_command_waits_for_the_lock_to_be_let_go(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 33, item 9: a short-lived writer waits for another's action to end."""
    import threading

    from gmtool.store import open_campaign

    holder = open_campaign(tmp_path / "c")
    threading.Timer(0.5, holder.close).start()
    code, out, err = run(capsys, "roll", "d6", "--campaign", str(tmp_path / "c"))
    assert code == 0, err
    assert "1d6" in out
