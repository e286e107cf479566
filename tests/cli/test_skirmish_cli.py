"""`gmtool skirmish simulate`: output shapes, determinism and bad input."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
import yaml

from gmtool.cli import main
from gmtool.commands.skirmish import _ProgressBar
from gmtool.rules.skirmish import torga_iv
from gmtool.rules.skirmish.outcome import EndReason


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


def test_json_endings_sum_to_the_games_with_their_turns_and_survival(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(capsys, "--games", "120", "--seed", "3", "--json")
    assert code == 0
    data = json.loads(out)
    endings = data["endings"]
    assert set(endings) == {r.value for r in EndReason}
    assert sum(endings.values()) == data["games"] == 120
    # the victory side's wins are exactly the endings that are its wins
    assert data["federation_wins"] == endings["held_out"] + endings["enemy_wiped_out"]
    assert set(data["ending_mean_turn"]) == {k for k, n in endings.items() if n}
    for turn in data["ending_mean_turn"].values():
        assert 1 <= turn <= 10
    assert set(data["survival"]) == {f.id for f in torga_iv().forces}
    assert all(0 <= rate <= 1 for rate in data["survival"].values())
    low, high = data["federation_win_interval_95"]
    assert low <= data["federation_win_rate"] <= high


def test_csv_has_one_row_per_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.csv"
    code, out, _ = _run(capsys, "--games", "25", "--json", "--csv", str(path))
    assert code == 0
    data = json.loads(out)
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 25 and [r["game"] for r in rows] == [str(i) for i in range(25)]
    assert sum(r["winner"] == "federation" for r in rows) == data["federation_wins"]
    for reason, count in data["endings"].items():
        assert sum(r["ending"] == reason for r in rows) == count
    for fid, rate in data["survival"].items():
        assert sum(int(r[fid]) for r in rows) == round(rate * 25)


def test_set_plays_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    _, plain, _ = _run(capsys, "--games", "60", "--json")
    code, weak, _ = _run(
        capsys,
        "--games",
        "60",
        "--json",
        "--set",
        "weapons.phaser_rifle.wounds=1",
        "--set",
        "forces.sisko.action_points=1",
    )
    assert code == 0
    assert json.loads(weak)["federation_wins"] < json.loads(plain)["federation_wins"]


def test_sweep_the_victory_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--games", "30", "--sweep", "victory.turn=8,10,12")
    assert code == 0
    lines = out.splitlines()
    assert "win rate by victory.turn" in lines[0]
    assert [line.split()[0] for line in lines[2:]] == ["8", "10", "12"]
    code, out, _ = _run(capsys, "--games", "30", "--sweep", "victory.turn=2,3", "--json")
    data = json.loads(out)
    assert data["sweep"] == "victory.turn" and [r["value"] for r in data["runs"]] == [2, 3]
    for run in data["runs"]:
        assert sum(run["endings"].values()) == 30
    # at turn 2 most games reach the Defiant: the count decides them
    arrivals = data["runs"][0]["endings"]
    assert arrivals["held_out"] + arrivals["fell_short"] > 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--set", "victory.turns=3"], "no setting 'turns' in victory"),
        (["--set", "victory.turn=x"], "victory.turn"),
        (["--set", "victory.turn"], "KEY=VALUE"),
        (["--set", "forces.bob.x=1"], "no 'bob' in forces"),
        (["--set", "victory=3"], "a group of settings"),
        (["--sweep", "victory.turn=8,,12"], "victory.turn needs a value"),
        (["--sweep", "cover.within=1,-1"], "cover.within"),
        (["--set", "weapons.energy_rifle.wounds=" + "9" * 300], "longer than"),
    ],
)
def test_bad_settings_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, out, err = _run(capsys, "--games", "5", *args)
    assert code == 2 and out == ""
    assert words in err and len(err.strip().splitlines()) == 1


def test_progress_bar_waits_a_second_before_it_shows() -> None:
    stream = io.StringIO()
    now = [0.0]
    bar = _ProgressBar(stream, delay=1.0, clock=lambda: now[0])
    now[0] = 0.5
    bar(3, 10)
    assert stream.getvalue() == ""
    now[0] = 1.2
    bar(4, 10)
    assert "4/10 games" in stream.getvalue()


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
