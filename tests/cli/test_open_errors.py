"""A campaign that cannot be created or opened (a path that cannot be made, a file where a
folder should be, a folder where a file should be) is one line on stderr and exit code 2 for
every command that opens one, never a traceback."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.cli import main
from gmtool.store import open_campaign
from gmtool.tui.app import GmApp

# the commands that open a campaign, each as the words before the campaign's path
WRITERS = {
    "roll": ["roll", "2d6", "--campaign"],
    "check": ["check", "12", "--campaign"],
    "app": [],
}
READERS = {"log": ["log", "--campaign"]}


@pytest.fixture(autouse=True)
def _no_terminal_app(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The app must be refused before it starts; if it ever starts here, the test fails."""

    def refuse(self: GmApp, *args: object, **kwargs: object) -> None:
        self.campaign.close()
        raise AssertionError("the app started on a campaign that cannot be opened")

    monkeypatch.setattr(GmApp, "run", refuse)
    yield
    gc.enable()


def one_line_refusal(capsys: pytest.CaptureFixture[str], argv: list[str], *names: str) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, err
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("gmtool: "), err
    for name in names:
        assert name in lines[0]
    return lines[0]


@pytest.mark.parametrize("command", [*WRITERS])
def test_a_file_where_a_folder_should_be(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("not a folder")
    where = tmp_path / "notes.txt" / "table.campaign"
    line = one_line_refusal(capsys, [*WRITERS[command], str(where)], str(where))
    assert "cannot create the campaign" in line and "Not a directory" in line


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux /proc")
@pytest.mark.parametrize("command", [*WRITERS])
def test_a_path_that_cannot_be_created(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The tester's `gmtool roll 2d6 --campaign /proc/x`."""
    line = one_line_refusal(capsys, [*WRITERS[command], "/proc/x"], "/proc/x")
    assert "No such file or directory" in line
    assert not Path("/proc/x").exists()


@pytest.mark.parametrize("command", [*WRITERS, *READERS])
def test_a_name_too_long(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    where = tmp_path / ("x" * 300)
    words = {**WRITERS, **READERS}[command]
    line = one_line_refusal(capsys, [*words, str(where)])
    assert "File name too long" in line


@pytest.mark.parametrize("command", [*WRITERS])
def test_a_folder_where_the_lock_file_should_be(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    where = tmp_path / "table.campaign"
    open_campaign(where).close()
    (where / ".lock").unlink()
    (where / ".lock").mkdir()
    line = one_line_refusal(capsys, [*WRITERS[command], str(where)], str(where / ".lock"))
    assert "cannot open the campaign" in line and "Is a directory" in line


@pytest.mark.parametrize("command", [*WRITERS])
def test_a_file_where_the_backups_folder_should_be(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    where = tmp_path / "table.campaign"
    open_campaign(where).close()
    (where / "backups").write_text("not a folder")
    one_line_refusal(capsys, [*WRITERS[command], str(where)], str(where / "backups"))


@pytest.mark.parametrize("command", [*WRITERS, *READERS])
def test_a_folder_where_campaign_json_should_be(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    where = tmp_path / "table.campaign"
    (where / "campaign.json").mkdir(parents=True)
    words = {**WRITERS, **READERS}[command]
    line = one_line_refusal(capsys, [*words, str(where)], str(where / "campaign.json"))
    assert "Is a directory" in line


def test_the_demo_campaign_cannot_be_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`gmtool` alone opens the demo campaign under $GMTOOL_HOME, creating it first."""
    (tmp_path / "home").write_text("not a folder")
    monkeypatch.setenv("GMTOOL_HOME", str(tmp_path / "home" / "campaigns"))
    one_line_refusal(capsys, [], str(tmp_path / "home"))


@pytest.mark.parametrize("command", ["roll", "check"])
def test_a_refused_save_is_one_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    where = tmp_path / "table.campaign"
    open_campaign(where).close()
    (where / "log").write_text("a file where the roll log's folder should be")
    line = one_line_refusal(capsys, [*WRITERS[command], str(where)], str(where / "log"))
    assert "cannot save" in line and "File exists" in line
