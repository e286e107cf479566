"""Input past a limit at the command line: one line naming the limit, exit 2, nothing
saved, at once (a check step of a million used to run for ever)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.cli import main
from gmtool.rules import limits
from gmtool.store import open_campaign

pytestmark = pytest.mark.timeout(20)


@pytest.mark.parametrize(
    ("args", "limit"),
    [
        (["check", "12", "--step", "1000000"], "MAX_STEP"),
        (["check", "12", "--step", "-1000000"], "MAX_STEP"),
        (["roll", "9" * 5000 + "d6"], "MAX_EXPRESSION_CHARS"),
        (["roll", f"{limits.MAX_DICE + 1}d6"], "MAX_DICE"),
        (["roll", "d6", "--times", str(limits.MAX_TIMES + 1)], "MAX_TIMES"),
        (["check", "12", "--times", "1000000000"], "MAX_TIMES"),
        (["roll", "d6", "--for", "x" * 100_000], f"at most {limits.MAX_TEXT_CHARS:,}"),
        (["check", "12", "--for", "x" * 100_000], f"at most {limits.MAX_TEXT_CHARS:,}"),
    ],
    ids=[
        "step",
        "negative step",
        "long dice",
        "many dice",
        "times",
        "check times",
        "for",
        "check for",
    ],
)
def test_past_a_limit_one_line_and_nothing_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], limit: str
) -> None:
    folder = tmp_path / "c"
    open_campaign(folder).close()
    assert main([*args, "--campaign", str(folder)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and limit in err and len(err) < 300
    with open_campaign(folder, readonly=True) as c:
        assert list(c.roll_log()) == []


def test_a_huge_crew_spec_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "crowd.yaml"
    spec.write_text(
        f"name: Crowd\nclass: heavy\nhull_points: {limits.MAX_HULL_POINTS}\n"
        f"marines: {limits.MAX_CREW_COUNT}\npassengers: {limits.MAX_CREW_COUNT}\n"
    )
    assert main(["crew", str(spec)]) == 2
    err = capsys.readouterr().err.strip()
    assert "MAX_TOTAL_CREW" in err and len(err.splitlines()) == 1
