"""`gmtool battle new --auto`, `battle auto`, `battle next --until` and `battle undo --round`
on real campaign folders, in-process; and what `gmtool battle show` imports, in a fresh one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import run

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


@pytest.fixture
def demo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "verge")
    assert run(capsys, "init", path, "--demo", "--seed", "3")[0] == 0
    return path


def new(capsys: pytest.CaptureFixture[str], demo: str, *extra: str) -> str:
    code, out, err = run(
        capsys, "battle", "new", "X", "--ship", "meridian", "--enemy", "gorgon",
        "--campaign", demo, "--json", *extra,
    )  # fmt: skip
    assert code == 0, err
    battle_id: str = json.loads(out)["id"]
    return battle_id


def next_json(capsys: pytest.CaptureFixture[str], demo: str, battle: str, until: str) -> dict:
    code, out, err = run(
        capsys, "battle", "next", battle, "--until", until, "--campaign", demo, "--json"
    )
    assert code == 0, err
    data: dict = json.loads(out)
    return data


def test_a_battle_gmtool_plays_on_both_sides_ends_in_one_call(
    capsys: pytest.CaptureFixture[str], demo: str
) -> None:
    battle = new(capsys, demo, "--auto", "both")
    assert battle == "x"
    played = next_json(capsys, demo, "x", "end")
    assert set(played) == {"steps", "stopped", "decision", "round", "finished"}
    assert played["stopped"] == "end" and played["finished"] and played["decision"] is None
    assert played["steps"][-1]["finished"] and played["round"] == played["steps"][-1]["round"]
    # each step exactly as `battle next --json` prints one
    step_keys = {"id", "action", "label", "round", "phase", "step", "finished", "marks"}
    step_keys |= {"cause", "roll_ids", "injury_ids", "text"}
    assert all(set(s) == step_keys for s in played["steps"])
    code, out, _ = run(capsys, "battle", "show", "x", "--campaign", demo, "--json")
    shown = json.loads(out)
    assert shown["finished"] and len(shown["steps"]) == len(played["steps"]) + 1
    assert shown["auto"] == ["a", "b"]
    assert [s["played_by"] for s in shown["sides"]] == ["gmtool", "gmtool"]
    code, _, err = run(capsys, "battle", "next", "x", "--until", "end", "--campaign", demo)
    assert code == 2 and err.count("\n") == 1 and "is over" in err
    assert run(capsys, "doctor", "--campaign", demo)[0] == 0


def test_until_round_ends_one_round_later_and_undo_round_takes_it_back(
    capsys: pytest.CaptureFixture[str], demo: str
) -> None:
    battle = new(capsys, demo, "--auto", "none")
    played = next_json(capsys, demo, battle, "round")
    assert played["stopped"] == "round" and played["round"] == 2
    assert [s["round"] for s in played["steps"]][-1] == 2
    second = next_json(capsys, demo, battle, "round")
    assert second["round"] == 3 or second["finished"]
    code, out, err = run(capsys, "battle", "undo", battle, "--round", "--campaign", demo, "--json")
    assert code == 0, err
    undone = json.loads(out)
    assert undone["round"] == 2 and len(undone["undone"]) == len(second["steps"])
    rolled = {r for s in second["steps"] for r in s["roll_ids"]}
    assert rolled and rolled <= set(undone["roll_ids"])
    code, out, _ = run(capsys, "battle", "show", battle, "--campaign", demo, "--json")
    shown = json.loads(out)
    assert (shown["round"], shown["phase"], len(shown["steps"])) == (
        2,
        "edge",
        1 + len(played["steps"]),
    )
    code, out, _ = run(capsys, "battle", "undo", battle, "--round", "--campaign", demo)
    assert code == 0 and out.startswith("undone: ") and "of round 1" in out
    code, _, err = run(capsys, "battle", "undo", battle, "--round", "--campaign", demo)
    assert code == 2 and "only the battle's set-up" in err
    assert run(capsys, "doctor", "--campaign", demo)[0] == 0


def test_until_decision_stops_for_the_gms_side_only(
    capsys: pytest.CaptureFixture[str], demo: str
) -> None:
    battle = new(capsys, demo)  # --auto b, the default
    played = next_json(capsys, demo, battle, "decision")
    assert played["stopped"] == "decision" and not played["finished"]
    decision = played["decision"]
    assert decision["side"] == "a" and decision["kind"] == "heading"
    assert decision["likely"] in ("close", "hold", "open") and decision["battle_id"] == battle
    # the words name the side, not its id
    code, out, _ = run(capsys, "battle", "next", battle, "--until", "decision", "--campaign", demo)
    words = {"close": "closing", "hold": "holding", "open": "opening"}[decision["likely"]]
    assert code == 0 and out.rstrip().endswith(
        f"0 steps played; next: Our fleet declares its heading (gmtool's choice: {words})."
    )
    # gmtool plays side a from now on: the same call plays on past it
    code, out, _ = run(capsys, "battle", "auto", battle, "both", "--campaign", demo, "--json")
    assert code == 0 and json.loads(out)["action"] == "set_auto"
    played = next_json(capsys, demo, battle, "decision")
    assert played["stopped"] == "end" and played["decision"] is None


def test_next_without_until_plays_one_step_as_before(
    capsys: pytest.CaptureFixture[str], demo: str
) -> None:
    battle = new(capsys, demo)
    code, out, _ = run(capsys, "battle", "next", battle, "--campaign", demo, "--json")
    step = json.loads(out)
    assert code == 0 and step["action"] == "roll_edge" and "steps" not in step
    code, out, _ = run(capsys, "battle", "next", battle, "--until", "step", "--campaign", demo)
    assert code == 0 and out.strip()


@pytest.mark.parametrize(
    ("words", "why"),
    [
        (["next", "{id}", "--until", "bogus"], "argument --until: invalid choice: 'bogus'"),
        (["new", "Y", "--ship", "meridian", "--enemy", "vex", "--auto", "x"], "--auto"),
        (["auto", "{id}", "x"], "invalid choice: 'x'"),
        (["auto", "{id}", "b"], "nothing to change"),
        (["next", "nope", "--until", "end"], "no saved battle 'nope'"),
        (["undo", "nope", "--round"], "no saved battle 'nope'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], demo: str, words: list[str], why: str
) -> None:
    battle = new(capsys, demo)
    argv = [w.format(id=battle) for w in words]
    code, out, err = run(capsys, "battle", *argv, "--campaign", demo)
    assert code == 2 and out == "" and why in err and err.count("\n") == 1


def test_battle_help_lists_how_gmtool_plays(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run(capsys, "battle", "--help")
    out = capsys.readouterr().out
    assert "How gmtool plays a side" in out and "Targets:" in out


def test_battle_show_list_and_doctor_do_not_import_textual(demo: str) -> None:
    """The command line imports only what it uses: no Textual, no battle engine for show."""
    probe = (
        "import sys, runpy, io, contextlib\n"
        "sys.argv = ['gmtool'] + sys.argv[1:]\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        "        runpy.run_module('gmtool', run_name='__main__')\n"
        "    except SystemExit as exc:\n"
        "        assert not exc.code, exc.code\n"
        "heavy = ('textual', 'rich', 'gmtool.rules.battle.engine', "
        "'gmtool.rules.battle.boarding', 'gmtool.actions.battle')\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith(heavy))))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run(
        [sys.executable, "-m", "gmtool", "battle", "new", "Y", "--ship", "meridian",
         "--enemy", "vex", "--campaign", demo],
        check=True, env=env, capture_output=True,
    )  # fmt: skip
    for words in (["battle", "show", "y"], ["battle", "list"], ["doctor"]):
        found = subprocess.run(
            [sys.executable, "-c", probe, *words, "--campaign", demo],
            check=True,
            env=env,
            capture_output=True,
            text=True,
        ).stdout.split()
        assert not [m for m in found if m.startswith(("textual", "rich"))], (words, found)
        if words[0] == "battle":
            assert found == [], (words, found)


def test_a_long_run_shows_a_progress_line_on_a_terminal_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io

    from gmtool.commands import battle_play

    class Terminal(io.StringIO):
        def __init__(self, tty: bool) -> None:
            super().__init__()
            self.tty = tty

        def isatty(self) -> bool:
            return self.tty

    class Done:
        round = 2
        action = "roll_edge"

    for tty in (True, False):
        screen = Terminal(tty)
        monkeypatch.setattr(sys, "stderr", screen)
        progress = battle_play.Progress()
        progress(Done())  # type: ignore[arg-type]
        progress(Done())  # type: ignore[arg-type]
        shown = screen.getvalue()
        progress.clear()
        if tty:
            assert shown.endswith("round 2: 2 steps played (roll edge)")
            assert screen.getvalue().endswith("\r" + " " * len(shown.split("\r")[-1]) + "\r")
        else:
            assert screen.getvalue() == ""
