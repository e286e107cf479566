"""`gmtool session`: start, end, list, show, report (and the players' cut), note; --json;
bad input refused in one line, exit 2, nothing saved."""

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


def test_a_session_from_start_to_report(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    code, out, _ = run(capsys, "session", "start", "The Tarsus run", "--campaign", demo)
    assert code == 0 and out.strip() == "The Tarsus run (session 1) started"
    new = ["battle", "new", "Ambush", "--ship", "meridian", "--enemy", "gorgon", "--auto", "both"]
    assert run(capsys, *new, "--campaign", demo)[0] == 0
    assert run(capsys, "battle", "next", "ambush", "--until", "end", "--campaign", demo)[0] == 0
    code, out, _ = run(capsys, "session", "note", "Gorgon's captain escaped", "--campaign", demo)
    assert code == 0 and out.strip() == "note 1 added to session 1"
    assert run(capsys, "session", "end", "--campaign", demo)[0] == 0

    code, out, _ = run(capsys, "session", "list", "--campaign", demo, "--json")
    (listed,) = json.loads(out)
    assert (listed["id"], listed["title"]) == (1, "The Tarsus run") and listed["ended"]
    code, out, _ = run(capsys, "session", "show", "1", "--campaign", demo)
    assert code == 0 and "Battle   Ambush: ended" in out and "Note     Gorgon's captain" in out
    code, out, _ = run(capsys, "session", "report", "1", "--campaign", demo)
    assert code == 0 and out.startswith("# The Tarsus run (session 1)")
    assert "### Ambush" in out and "Gorgon's captain escaped" in out
    code, players, _ = run(capsys, "session", "report", "1", "--players", "--campaign", demo)
    assert code == 0 and "### Ambush" in players
    assert "Gorgon's captain" not in players and "## Notes" not in players
    gorgon = next(
        line for line in players.splitlines() if line.startswith("- ") and "Gorgon" in line
    )
    assert "/" not in gorgon and "crew losses" not in gorgon
    code, out, _ = run(capsys, "session", "report", "1", "--campaign", demo, "--json")
    assert json.loads(out)["markdown"].startswith("# The Tarsus run")
    code, out, _ = run(capsys, "session", "show", "1", "--campaign", demo, "--json")
    facts = json.loads(out)
    assert facts["battles"][0]["name"] == "Ambush" and facts["notes"][0]["id"] == 1


def test_refusals_are_one_line_and_save_nothing(
    capsys: pytest.CaptureFixture[str], demo: str
) -> None:
    main_file = Path(demo) / "campaign.json"
    before = main_file.read_bytes()
    for words in (("end",), ("note", "nothing open"), ("show", "1"), ("report", "x")):
        code, out, err = run(capsys, "session", *words, "--campaign", demo)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (words, err)
    assert main_file.read_bytes() == before
    assert not (Path(demo) / "trackers" / "notes").exists()
