"""The Journal tab and the notes key, pressed like a GM: sessions and their timeline, notes
added from any tab and taken back with ctrl+z, edited and deleted in the tab, the recap saved,
"Previously" when F2 opens the next session; and 80x24 snapshots of the tab and its chart."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from gmtool.actions import battles as battle_act
from gmtool.actions import journal
from gmtool.actions import sessions as session_act
from gmtool.actions.healing import TreatmentRequest, treat_by_roll
from gmtool.actions.injuries import DamageRequest, deal_damage
from gmtool.store import open_campaign
from gmtool.store.demo import DEMO_NAME, seed_demo
from gmtool.tui.app import GmApp, make_app
from gmtool.tui.tabs.journal.dialogs import NoteDialog, RecapDialog
from gmtool.tui.tabs.journal.pane import JournalPane
from tests.conftest import TEST_SEED, fixed_clock
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done

SMALL = (80, 24)


def played(folder: Path, *, sessions: int = 1, open_last: bool = False) -> Path:
    """A demo campaign with `sessions` sessions, each a battle to its end, a wound and its
    treatment, and a note."""
    c = open_campaign(folder, name=DEMO_NAME, seed=TEST_SEED, clock=fixed_clock)
    seed_demo(c)
    for number in range(1, sessions + 1):
        session_act.start_session(c, f"Night {number}")
        battle = battle_act.new_battle(c, f"Clash {number}", ["meridian"], ["vex"], "long").id
        battle_act.do_apply_damage(c, battle, "meridian", 4 * number, "wound", "a hit")
        battle_act.do_apply_damage(c, battle, "vex", 5, "wound", "a hit")
        battle_act.do_end_battle(c, battle)
        deal_damage(c, DamageRequest("halvard-rusk", str(2 + number), "wound", "a blast"))
        treat_by_roll(c, TreatmentRequest("priya-salo", "halvard-rusk"))
        journal.add_note(c, f"Note of night {number}")
        if number < sessions or not open_last:
            session_act.end_session(c)
    c.close()
    return folder


def app_on(folder: Path) -> GmApp:
    return make_app(folder, seed=TEST_SEED, clock=fixed_clock)


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await done(pilot)


def timeline(app: GmApp) -> list[str]:
    table = app.query_one("#journal-timeline", DataTable)
    return [str(table.get_row_at(n)[2]) for n in range(table.row_count)]


async def to_note_row(app: GmApp, pilot: Pilot[Any], text: str) -> None:
    await pilot.press("7")
    await settle(pilot)
    table = app.query_one("#journal-timeline", DataTable)
    table.focus()
    row = next(n for n, line in enumerate(timeline(app)) if text in line)
    table.move_cursor(row=row)
    await settle(pilot)


async def test_the_tab_lists_sessions_newest_first_with_the_timeline(tmp_path: Path) -> None:
    app = app_on(played(tmp_path / "c", sessions=2))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("7")
        await settle(pilot)
        pane = app.query_one(JournalPane)
        assert pane.session_id == 2
        lines = timeline(app)
        assert any(line.startswith("Clash 2: ended") for line in lines)
        assert any("treated" in line for line in lines)
        assert any(line == "Note of night 2" for line in lines)
        assert any("hurt" in line for line in lines)
        sessions = app.query_one("#journal-sessions")
        for _ in range(50):  # a busy machine: the list takes the cursor a moment after
            if sessions.has_focus:
                break
            await pilot.pause()
        await pilot.press("down")
        for _ in range(50):
            if pane.session_id == 1:
                break
            await done(pilot)
        assert pane.session_id == 1 and any("Clash 1" in line for line in timeline(app))


async def test_the_notes_key_works_from_any_tab_and_ctrl_z_takes_it_back(
    tmp_path: Path,
) -> None:
    app = app_on(played(tmp_path / "c", open_last=True))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("5")  # the Injuries tab
        await settle(pilot)
        assert "ctrl+j" in footer_keys(app)
        await pilot.press("ctrl+j")
        await settle(pilot)
        assert isinstance(app.screen, NoteDialog)
        app.screen.query_one(Input).value = "The Vex will be back"
        await pilot.press("enter")
        await settle(pilot)
        assert [n.text for n in journal.notes(app.campaign, 1)][-1] == "The Vex will be back"
        entries_before = len(list(app.campaign.injury_log.newest_first()))
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert [n.text for n in journal.notes(app.campaign, 1)] == ["Note of night 1"]
        # the Injuries tab's own undo was not used
        undone = [e for e in app.campaign.injury_log.newest_first() if e.get("undone")]
        assert undone == [] and len(list(app.campaign.injury_log.newest_first())) == entries_before


async def test_notes_are_edited_deleted_and_undone_in_the_tab(tmp_path: Path) -> None:
    app = app_on(played(tmp_path / "c"))
    async with app.run_test(size=SMALL) as pilot:
        await to_note_row(app, pilot, "Note of night 1")
        assert "e" in footer_keys(app)
        await pilot.press("e")
        await settle(pilot)
        assert isinstance(app.screen, NoteDialog)
        app.screen.query_one(Input).value = "Night one, edited"
        await pilot.press("enter")
        await settle(pilot)
        assert [n.text for n in journal.notes(app.campaign, 1)] == ["Night one, edited"]
        await to_note_row(app, pilot, "Night one, edited")
        await pilot.press("delete")
        await settle(pilot)
        assert journal.notes(app.campaign, 1) == []
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert [n.text for n in journal.notes(app.campaign, 1)] == ["Night one, edited"]
        assert any("Night one, edited" in line for line in timeline(app))


async def test_s_saves_the_recap_the_command_line_prints(tmp_path: Path) -> None:
    folder = played(tmp_path / "c")
    app = app_on(folder)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("7")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, RecapDialog) and "Note of night" not in app.screen.text
        text = (folder / "reports" / "session-1.md").read_text(encoding="utf-8")
        assert text == journal.recap(app.campaign, 1)


async def test_f2_opening_the_next_session_shows_previously(tmp_path: Path) -> None:
    app = app_on(played(tmp_path / "c"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("f2")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, RecapDialog)
        assert app.screen.text.startswith("# Night 1 (session 1)")
        assert "Clash 1" in app.screen.text


def pressed(*keys: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    """Press `keys`, each once the app has settled (a busy machine fakes an idle process)."""

    async def run_before(pilot: Pilot[None]) -> None:
        await done(pilot)
        for key in keys:
            await pilot.press(key)
            await done(pilot)

    return run_before


def test_snapshot_journal_tab(snap_compare: Any, tmp_path: Path) -> None:
    app = app_on(played(tmp_path / "c", sessions=2))
    assert snap_compare(app, terminal_size=SMALL, run_before=pressed("7", "tab"))


@pytest.mark.parametrize("page", ["party", "ships"])
def test_snapshot_journal_chart(snap_compare: Any, tmp_path: Path, page: str) -> None:
    app = app_on(played(tmp_path / "c", sessions=3))
    keys = ["7", "c"] if page == "party" else ["7", "c", "c"]
    assert snap_compare(app, terminal_size=SMALL, run_before=pressed(*keys))
