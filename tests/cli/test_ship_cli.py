"""`gmtool ship show/repair/replace-crew/scrap/restore/undo/redo` on a real campaign folder."""

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
def fought(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A campaign whose Meridian came out of a battle with 30 wound and 5 mortal marked."""
    path = str(tmp_path / "verge")
    assert run(capsys, "init", path, "--demo", "--seed", "3")[0] == 0
    c = ("--campaign", path)
    assert (
        run(capsys, "battle", "new", "Ambush", "--ship", "meridian", "--enemy", "vex", *c)[0] == 0
    )
    for amount, track in (("30", "wound"), ("5", "mortal")):
        code, _, err = run(
            capsys, "battle", "act", "ambush", "damage",
            "--target", "meridian", "--amount", amount, "--track", track, *c,
        )  # fmt: skip
        assert code == 0, err
    assert run(capsys, "battle", "act", "ambush", "end", *c)[0] == 0
    return path


def test_show_prints_tracks_crew_and_history(
    fought: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "ship", "show", "meridian", "--campaign", fought, "--json")
    data = json.loads(out)
    assert code == 0
    assert data["marked"] == {"stun": 0, "wound": 30, "mortal": 5, "critical": 0}
    assert data["aboard"] == data["complement"] - data["dead"] - data["badly_wounded"]
    assert data["dead"] > 0
    assert [e["battle"] for e in data["history"]] == ["ambush"]
    code, out, _ = run(capsys, "ship", "show", "meridian", "--campaign", fought)
    assert "wound 30/80" in out and f"crew aboard {data['aboard']} of" in out


def test_repair_then_undo(fought: str, capsys: pytest.CaptureFixture[str]) -> None:
    c = ("--campaign", fought, "--json")
    code, out, err = run(capsys, "ship", "repair", "meridian", "--days", "1", "--where", "port", *c)
    assert code == 0, err
    repaired = json.loads(out)
    assert repaired["event"]["kind"] == "repair"
    assert repaired["ship"]["marked"]["wound"] < 30
    assert run(capsys, "ship", "undo", *c)[0] == 0
    _, out, _ = run(capsys, "ship", "show", "meridian", *c)
    assert json.loads(out)["marked"]["wound"] == 30
    code, out, _ = run(capsys, "ship", "redo", *c)
    assert code == 0 and json.loads(out) == {"redone": "repair CSS Meridian"}
    _, out, _ = run(capsys, "ship", "show", "meridian", *c)
    assert json.loads(out)["marked"] == repaired["ship"]["marked"]
    code, _, err = run(capsys, "ship", "redo", "--campaign", fought)
    assert code == 2 and "nothing to redo" in err


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (("repair", "meridian", "--days", "0", "--where", "sea"), "from 1 to"),
        (("repair", "nowhere", "--days", "1", "--where", "sea"), "no ship with the id"),
        (("restore", "meridian"), "not lost: repair it instead"),
    ],
)
def test_refusals_are_one_line(
    fought: str, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], why: str
) -> None:
    code, out, err = run(capsys, "ship", *args, "--campaign", fought)
    assert code == 2 and out == ""
    assert why in err and err.count("\n") == 1


def test_scrapped_ship_cannot_join_until_restored(
    fought: str, capsys: pytest.CaptureFixture[str]
) -> None:
    c = ("--campaign", fought)
    assert run(capsys, "ship", "scrap", "kestrel", *c)[0] == 0
    code, _, err = run(
        capsys, "battle", "new", "Patrol", "--ship", "kestrel", "--enemy", "gorgon", *c
    )
    assert code == 2 and "is scrapped: restore it" in err
    assert run(capsys, "ship", "restore", "kestrel", *c)[0] == 0
    assert (
        run(capsys, "battle", "new", "Patrol", "--ship", "kestrel", "--enemy", "gorgon", *c)[0] == 0
    )


def test_delete_is_refused_while_the_ship_is_in_an_open_battle_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "verge")
    assert run(capsys, "init", path, "--demo", "--seed", "3")[0] == 0
    c = ("--campaign", path)
    new = ("battle", "new", "Ambush", "--ship", "meridian", "kestrel", "--enemy", "vex", *c)
    assert run(capsys, *new)[0] == 0
    code, out, err = run(capsys, "ship", "delete", "meridian", *c)
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "gmtool: CSS Meridian is in the open battle Ambush: deleting her takes her out of it, "
        "with everyone aboard (--force deletes her all the same)"
    ]
    code, out, err = run(capsys, "ship", "delete", "meridian", "--force", "--json", *c)
    assert code == 0, err
    data = json.loads(out)
    assert data["deleted"] == "meridian" and data["left_battles"] == ["Ambush"]
    assert data["unassigned"]  # the party was at her stations
    code, out, err = run(capsys, "battle", "next", "ambush", "--until", "end", "--json", *c)
    assert code == 0, err
    assert json.loads(out)["finished"]
    code, out, _ = run(capsys, "battle", "report", "ambush", *c)
    assert "CSS Meridian leaves the battle" in out
    assert run(capsys, "doctor", *c)[0] == 0
    code, _, err = run(capsys, "ship", "delete", "nosuch", *c)
    assert code == 2 and "nosuch" in err
