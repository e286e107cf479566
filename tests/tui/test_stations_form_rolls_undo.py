"""The Stations tab's character form, row rolls and undo, driven like a GM: a half-filled
character form asks before Escape throws it away; Enter rolls the check a board row shows
into the log and the ship stays chosen; duplicate names are refused; the skill field knows
the whole list; undo says what it takes back and redo does it again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Select, Static

from gmtool.store import open_campaign
from gmtool.store.party import load_party_state, party_tracker
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ConfirmDialog
from gmtool.tui.tabs.stations.character_form import CharacterForm
from gmtool.tui.tabs.stations.pane import StationsPane
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done

LARGE = (120, 36)
SMALL = (80, 24)


async def open_stations(app: GmApp, pilot: Pilot[None]) -> StationsPane:
    app.show_tab("stations")
    await done(pilot)
    pane = app.query_one(StationsPane)
    pane.focus_default()
    await done(pilot)
    return pane


def status(app: GmApp) -> str:
    return str(app.query_one("#stations-status", Static).render())


def saved_rolls(path: Path) -> list[dict[str, object]]:
    c = open_campaign(path, readonly=True)
    try:
        return [dict(e) for e in c.roll_log()]
    finally:
        c.close()


def party_names(path: Path) -> list[str]:
    c = open_campaign(path, readonly=True)
    try:
        return [ch.name for ch in load_party_state(c).characters]
    finally:
        c.close()


def tracker_labels(path: Path) -> tuple[str | None, str | None]:
    c = open_campaign(path, readonly=True)
    try:
        tracker = party_tracker(c)
        return tracker.last_label(), tracker.next_redo_label()
    finally:
        c.close()


async def test_escape_on_a_half_filled_form_asks_first(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    before = party_names(path)
    async with app.run_test(size=SMALL) as pilot:
        await open_stations(app, pilot)
        await pilot.press("n")
        await done(pilot)
        assert isinstance(app.screen, CharacterForm)
        await pilot.press(*"Half Done")
        await pilot.press("escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)  # asks, the typing is still there
        await pilot.press("n")  # keep editing
        await done(pilot)
        form = app.screen
        assert isinstance(form, CharacterForm)
        assert form.query_one("#char-name", Input).value == "Half Done"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")  # discard
        await done(pilot)
        assert not isinstance(app.screen, (CharacterForm, ConfirmDialog))
        # an untouched form closes at once
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("escape")
        await done(pilot)
        assert not isinstance(app.screen, (CharacterForm, ConfirmDialog))
    assert party_names(path) == before


async def test_enter_rolls_the_check_the_row_shows_and_keeps_the_ship(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_stations(app, pilot)
        # another ship than the one the tab starts on, chosen in the ship list
        ships = [s.id for s in pane.ships]
        other = next(s for s in ships if s != pane.ship_id)
        pane.query_one("#ship-select", Select).value = other
        await done(pilot)
        assert pane.ship_id == other
        pane.focus_default()
        await pilot.pause()
        table = pane.query_one("#board", DataTable)
        row = next(i for i, r in enumerate(pane.rows) if r.check is not None)
        table.move_cursor(row=row)
        await done(pilot)
        shown = str(table.get_row_at(row)[-2])  # the Score cell: "12 +1"
        check = pane.rows[row].check
        assert check is not None and shown == f"{check.score} {check.step:+d}"
        assert "enter" in footer_keys(app)
        await pilot.press("enter")
        await pilot.pause()
        said = status(app)
        # after the roll, a change elsewhere and a return to the tab: still on that ship
        await pilot.press("1")
        await done(pilot)
        await open_stations(app, pilot)
        assert pane.ship_id == other
        assert pane.query_one("#ship-select", Select).value == other
    rolls = saved_rolls(path)
    newest = rolls[0]
    score, step = (int(part) for part in shown.split())
    assert (newest["kind"], newest["score"], newest["step"]) == ("check", score, step)
    assert newest["source"] == "stations"
    ship_name = next(s.spec.name for s in pane.ships if s.id == other)
    station = pane.rows[row].cells[0].plain
    assert ship_name in str(newest["for"]) and station in str(newest["for"])
    assert str(newest["for"]) in said and "ctrl+z" in said


async def test_undo_names_the_roll_and_redo_brings_it_back(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_stations(app, pilot)
        row = next(i for i, r in enumerate(pane.rows) if r.check is not None)
        pane.query_one("#board", DataTable).move_cursor(row=row)
        await done(pilot)
        assert "ctrl+y" not in footer_keys(app)  # nothing undone yet: no redo offered
        await pilot.press("enter")
        await done(pilot)
        label = pane.undo_state.undo
        assert label is not None and label.startswith("roll ")
        await pilot.press("ctrl+z")  # made here just now: undone at once, named
        await done(pilot)
        assert status(app) == f"Undone: {label}. (ctrl+y redoes)"
        assert saved_rolls(path)[0].get("undone")
        assert "ctrl+y" in footer_keys(app)
        await pilot.press("ctrl+y")
        await done(pilot)
        assert status(app) == f"Redone: {label}. (ctrl+z undoes)"
        assert not saved_rolls(path)[0].get("undone")
        assert tracker_labels(path) == (label, None)


async def test_undo_of_a_change_not_made_here_asks_first(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    before = tracker_labels(path)
    assert before[0] is not None  # the demo's own last step, not made on this tab
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await pilot.press("ctrl+z")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert before[0] in dialog.question
        await pilot.press("n")
        await done(pilot)
        assert tracker_labels(path) == before  # kept
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.press("y")
        await done(pilot)
        assert status(app).startswith(f"Undone: {before[0]}.")
    assert tracker_labels(path)[1] == before[0]


async def test_a_duplicate_name_is_refused_in_the_form(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    path = app.campaign.folder
    before = party_names(path)
    taken = before[0]
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await pilot.press("n")
        await done(pilot)
        form = app.screen
        assert isinstance(form, CharacterForm)
        await pilot.press(*f"  {taken.upper()} ")
        await pilot.click("#char-player")
        await pilot.press(*"Sam")
        await pilot.click("#ability-constitution")
        await pilot.press(*"10")
        await pilot.click("#ability-personality")
        await pilot.press(*"10", "ctrl+s")
        await done(pilot)
        assert app.screen is form
        error = str(form.query_one("#form-error", Static).render())
        assert f"there is already a character named {taken.upper()}" in error.replace("\n", " ")
        assert app.focused is form.query_one("#char-name")
    assert party_names(path) == before


async def test_the_skill_field_offers_the_whole_list(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_stations(app, pilot)
        await pilot.press("n")
        await done(pilot)
        form = app.screen
        assert isinstance(form, CharacterForm)
        field = form.query_one("#skill-choice", Input)
        await pilot.click("#skill-choice")
        await pilot.press(*"zero")  # a specialty by its own name, any case
        await done(pilot)
        assert field._suggestion == "Zero-g training (Acrobatics)"
        await pilot.press("enter", *"11", "enter")
        await pilot.pause()
        await pilot.press(*"street smart", "enter", *"9", "enter")  # a broad skill
        await done(pilot)
        assert form.skills == {"acrobatics-zero_g_training": 11, "street_smart": 9}
        await pilot.press(*"Basket weaving", "enter")
        await done(pilot)
        error = str(form.query_one("#form-error", Static).render())
        assert error == "Not added: no skill named “Basket weaving” in the skill list."
        assert form.skills == {"acrobatics-zero_g_training": 11, "street_smart": 9}
