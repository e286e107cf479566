"""`gmtool skirmish simulate`: output shapes, determinism and bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml

from gmtool.cli import main
from gmtool.commands.skirmish import _ProgressBar
from gmtool.rules.skirmish import torga_iv


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["skirmish", "simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_has_the_agreed_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--games", "40", "--seed", "5", "--json")
    assert code == 0
    data = json.loads(out)
    for key in (
        "games",
        "federation_wins",
        "jemhadar_wins",
        "mean_federation_standing",
        "mean_final_turn",
    ):
        assert key in data
    assert data["games"] == 40
    assert data["federation_wins"] + data["jemhadar_wins"] == 40
    assert data["seed"] == 5


def test_same_seed_same_output_whatever_the_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    _, one, _ = _run(capsys, "--games", "110", "--seed", "9", "--json")
    _, again, _ = _run(capsys, "--games", "110", "--seed", "9", "--json", "--jobs", "2")
    _, text_one, _ = _run(capsys, "--games", "110", "--seed", "9")
    _, text_two, _ = _run(capsys, "--games", "110", "--seed", "9", "--jobs", "2")
    assert one == again
    assert text_one == text_two


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "--games", "30")
    assert code == 0
    assert "30 games, seed 1" in out
    assert "Federation wins:" in out and "Jem'Hadar wins:" in out
    assert "95% interval" in out
    assert " 7 standing" in out and "Mean final turn:" in out
    assert err == ""  # no progress bar when stderr is not a terminal


def test_a_scenario_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = torga_iv().to_dict() | {"name": "Practice valley"}
    path = tmp_path / "practice.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    code, out, _ = _run(capsys, "--scenario", str(path), "--games", "10")
    assert code == 0 and out.startswith("Practice valley")


def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(capsys, "--games", "0")
    assert code == 2 and out == "" and "--games" in err and len(err.strip().splitlines()) == 1
    code, _, err = _run(capsys, "--jobs", "many")
    assert code == 2 and "--jobs" in err
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: x\ntable: {width: 72, depth: 48}\nsides: {}\n", encoding="utf-8")
    code, _, err = _run(capsys, "--scenario", str(broken))
    assert code == 2 and "broken.yaml" in err and len(err.strip().splitlines()) == 1
    assert main(["skirmish"]) == 2


def test_progress_bar_draws_and_clears() -> None:
    stream = io.StringIO()
    bar = _ProgressBar(stream)
    bar(5, 10)
    bar(5, 10)  # unchanged: not redrawn
    assert stream.getvalue().count("\r[") == 1
    assert "[###############...............] 5/10 games" in stream.getvalue()
    bar(10, 10)
    assert "10/10 games" in stream.getvalue()
    assert stream.getvalue().endswith("\r")  # the line is wiped at the end
