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
        (["check", "12", "--step", "1000000"], "from -100 to 100"),
        (["check", "12", "--step", "-1000000"], "from -100 to 100"),
        (["roll", "9" * 5000 + "d6"], "at most 200 characters"),
        (["roll", f"{limits.MAX_DICE + 1}d6"], "at most 100 dice"),
        (["roll", "d6", "--times", str(limits.MAX_TIMES + 1)], "from 1 to 10,000"),
        (["check", "12", "--times", "1000000000"], "from 1 to 10,000"),
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
    assert "MAX_" not in err  # limits as numbers, not constant names
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
    assert "at most 20,000" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("command", [["roll", "d6"], ["check", "12"]], ids=["roll", "check"])
def test_times_is_one_commit_all_or_none(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
) -> None:
    """Stopped part-way (ctrl+c, a kill), `--times K` leaves none of its rolls saved, not
    the first few thousand of a command that had printed nothing yet."""
    folder = tmp_path / "c"
    open_campaign(folder).close()
    from gmtool.rules import dice

    rolled = {"n": 0}
    real = dice.roll

    def fifth_interrupted(*args: object, **kwargs: object) -> object:
        rolled["n"] += 1
        if rolled["n"] == 5:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(dice, "roll", fifth_interrupted)
    if command[0] == "check":
        import gmtool.actions.dice as dice_actions

        real_check = dice_actions.roll_check

        def check_interrupted(*args: object, **kwargs: object) -> object:
            rolled["n"] += 1
            if rolled["n"] == 5:
                raise KeyboardInterrupt
            return real_check(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(dice_actions, "roll_check", check_interrupted)
    assert main([*command, "--times", "10", "--campaign", str(folder)]) == 130
    with open_campaign(folder, readonly=True) as c:
        assert list(c.roll_log()) == []
    monkeypatch.undo()
    assert main([*command, "--times", "10", "--campaign", str(folder)]) == 0
    with open_campaign(folder, readonly=True) as c:
        assert len(list(c.roll_log())) == 10
