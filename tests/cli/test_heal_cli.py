"""`gmtool heal`: a doctor's treatment roll, rest days and undo, from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.actions.injuries import DamageRequest, deal_damage
from gmtool.store import open_campaign
from gmtool.store.demo import seed_demo
from gmtool.store.party import load_party_state
from tests.cli.helpers import run
from tests.conftest import TEST_SEED


@pytest.fixture
def demo(tmp_path: Path) -> str:
    path = tmp_path / "c"
    c = open_campaign(path, name="Heal", seed=TEST_SEED)
    seed_demo(c)
    deal_damage(c, DamageRequest("ines-calloway", "6", "wound", "console blast"))
    c.close()
    return str(path)


def damage(path: str, who: str) -> dict[str, int]:
    c = open_campaign(path, readonly=True)
    try:
        return dict(load_party_state(c).character(who).damage)
    finally:
        c.close()


def test_treat_rolls_and_prints_the_degree(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    code, out, _ = run(
        capsys,
        "heal",
        "treat",
        "ines-calloway",
        "--doctor",
        "priya-salo",
        "--campaign",
        demo,
        "--json",
    )
    assert code == 0
    entry = json.loads(out)
    assert entry["kind"] == "treatment" and entry["cause"] == "treatment by Doctor Priya Salo"
    restored = entry["detail"]["restored_by_track"]
    assert damage(demo, "ines-calloway") == {
        t: n - restored.get(t, 0) for t, n in {"stun": 3, "wound": 6, "mortal": 0}.items()
    }


def test_rest_and_undo(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    code, out, _ = run(capsys, "heal", "rest", "--days", "7", "--campaign", demo)
    assert code == 0 and "Captain Ines Calloway: 7 days of rest: 3 stun, 2 wound restored" in out
    assert damage(demo, "ines-calloway") == {"stun": 0, "wound": 4, "mortal": 0}
    code, out, _ = run(capsys, "heal", "undo", "--campaign", demo)
    assert code == 0 and out.count("undone: #") == 8
    assert damage(demo, "ines-calloway") == {"stun": 3, "wound": 6, "mortal": 0}


def test_redo_brings_the_undone_rest_back_without_rolling(
    capsys: pytest.CaptureFixture[str], demo: str
) -> None:
    code, out, _ = run(capsys, "heal", "redo", "--campaign", demo)
    assert code == 0 and out.strip() == "nothing to redo"
    run(capsys, "heal", "rest", "--days", "7", "--campaign", demo)
    rested = damage(demo, "ines-calloway")
    run(capsys, "heal", "undo", "--campaign", demo)
    code, out, _ = run(capsys, "heal", "redo", "--campaign", demo, "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data["redone"]) == 8 and data["bailout"] is False
    assert damage(demo, "ines-calloway") == rested
    code, out, _ = run(capsys, "heal", "redo", "--campaign", demo)
    assert code == 0 and out.strip() == "nothing to redo"  # done once only


def test_a_refusal_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], demo: str) -> None:
    code, _, err = run(
        capsys, "heal", "treat", "ines-calloway", "--doctor", "jory-fenn", "--campaign", demo
    )
    assert code == 2 and "Jory Fenn has neither Medical Science—treatment" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "kept",
    [
        5,
        {"entries": "abc"},
        {"entries": [1, "two"]},
        {"next_entry": "yes"},
    ],
)
def test_a_wrong_typed_redo_step_is_named_and_left_as_it_is(
    capsys: pytest.CaptureFixture[str], demo: str, kept: object
) -> None:
    code, _, _ = run(capsys, "heal", "undo", "--campaign", demo)
    assert code == 0
    redo_file = Path(demo) / "trackers" / "bailout.json"
    saved = json.loads(redo_file.read_text())
    saved["tracker"]["1"]["redo"][-1]["kept"] = kept
    redo_file.write_text(json.dumps(saved))
    before = redo_file.read_bytes()
    code, _, err = run(capsys, "heal", "redo", "--campaign", demo)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "bailout.json" in err
    assert redo_file.read_bytes() == before
