"""The app never dies on data, and what does kill it leaves a crash report.

A damaged file or a refused rule is shown on the tab (or in a notification) and the app goes
on; any other error writes `crash-<time>.txt` into the campaign and the `gmtool` command
exits 1 with one line naming it, where it used to print a traceback and exit 0."""

from __future__ import annotations

import asyncio
import gc
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from gmtool import __version__
from gmtool.cli import main
from gmtool.rules.errors import RulesError
from gmtool.rules.roster import Roster
from gmtool.store import CampaignCorrupt, open_campaign
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.crew.pane import CrewPane
from gmtool.tui.tabs.dice.pane import DiceLogPane
from tests.conftest import FIXED_TIME
from tests.store.records_helpers import injury_entry
from tests.tui.drawn import done

SIZE = (100, 30)


class Boom(Exception):
    """An error no one expects."""


@pytest.fixture(autouse=True)
def _collector_restored() -> Any:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    gc.enable()


def crash_reports(folder: Path) -> list[Path]:
    return sorted(folder.glob("crash-*.txt"))


async def test_a_damaged_injury_entry_is_shown_not_a_crash(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    folder = app.campaign.folder
    chunk = folder / "log" / "injuries-00000.json"
    chunk.parent.mkdir(exist_ok=True)
    chunk.write_text(json.dumps({"entries": {"1": injury_entry(id=1, before=[1, 2])}}))
    damaged = chunk.read_bytes()
    async with app.run_test(size=SIZE) as pilot:
        app.show_tab("injuries")
        await done(pilot)
        await pilot.press("tab", "down", "f", "down", "enter")
        await done(pilot)
        assert app.is_running
        status = str(app.query_one("#injury-status", Static).render())
        assert "injuries-00000.json" in status and "record 1" in status
        assert "before" in status
        said = [n for n in app._notifications if n.title == "Not done"]
        assert len(said) <= 1  # once, however many handlers met the damage
    assert chunk.read_bytes() == damaged
    assert crash_reports(folder) == []


async def test_a_tab_handler_meeting_a_damaged_file_says_so_and_goes_on(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    def damaged(self: CrewPane) -> None:
        raise CampaignCorrupt("ships.json", "record 1: field name: expected `str`", None)

    monkeypatch.setattr(CrewPane, "action_regenerate", damaged)
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        app.show_tab("crew")
        await done(pilot)
        await pilot.press("r")
        await done(pilot)
        assert app.is_running
        assert any("ships.json" in str(n.message) for n in app._notifications)
        await pilot.press("m")  # the tab still answers its keys
        await pilot.pause()
    assert app.return_code in (None, 0)


async def test_a_refused_rule_in_a_message_handler_keeps_the_tab_alive(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    search = Roster.search

    def refused(self: Roster, needle: str) -> Any:
        if not needle:
            return search(self, needle)
        calls.append(needle)
        raise RulesError("no such crew")

    monkeypatch.setattr(Roster, "search", refused)
    app = app_factory(demo=True)
    async with app.run_test(size=SIZE) as pilot:
        app.show_tab("crew")
        await done(pilot)
        await pilot.press("slash", "a", "b")
        await done(pilot)
        assert app.is_running and calls[-2:] == ["a", "ab"]  # the second key was handled too


async def test_an_unexpected_error_writes_a_crash_report(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: DiceLogPane) -> None:
        raise Boom("the dice fell off the table")

    monkeypatch.setattr(DiceLogPane, "action_undo", broken)
    app = app_factory()
    folder = app.campaign.folder
    with pytest.raises(Boom):
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()  # the log takes the cursor once it is built
            await pilot.press("ctrl+z")
            await pilot.pause()
    assert app.return_code == 1
    (report,) = crash_reports(folder)
    assert app.crash_report == report
    text = report.read_text(encoding="utf-8")
    assert f"gmtool {__version__}" in text
    assert f"campaign: {folder}" in text
    assert "Boom: the dice fell off the table" in text and "in broken" in text


def test_the_command_exits_non_zero_naming_the_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(self: DiceLogPane) -> None:
        raise Boom("on mount")

    def headless(self: GmApp) -> None:
        asyncio.run(self.run_async(headless=True, size=SIZE))

    monkeypatch.setattr(DiceLogPane, "focus_default", broken)
    monkeypatch.setattr(GmApp, "run", headless)
    folder = tmp_path / "table.campaign"
    open_campaign(folder).close()
    assert main([str(folder)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    (report,) = crash_reports(folder)
    assert err == [
        f"gmtool: an unexpected error stopped the app; the report is {report} "
        "(please send it along)"
    ]
    assert "Boom: on mount" in report.read_text(encoding="utf-8")


def test_a_folder_that_cannot_be_written_gets_its_report_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gmtool.store.crash_report import write_crash_report

    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    gone = tmp_path / "gone" / "campaign"
    report = write_crash_report(gone, Boom("x"), when=FIXED_TIME)
    assert report == tmp_path / "gmtool-crash-20261202-200000.txt"
    again = write_crash_report(gone, Boom("y"), when=FIXED_TIME)  # the same second
    assert again == tmp_path / "gmtool-crash-20261202-200000-2.txt"
    assert "Boom: x" in report.read_text(encoding="utf-8")
