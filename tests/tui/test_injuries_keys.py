"""The Injuries tab after issue 16: Escape on a changed form asks first, ctrl+y redoes what
ctrl+z took back (and ctrl+z says whose and what when that was not on screen), and the tab
works at 80x24 (the footer in two rows, the history scrolling, no field cut)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Select

from gmtool.actions.injuries import DamageRequest, deal_damage
from gmtool.store import injuries
from gmtool.store.bailout import load_bailout
from gmtool.store.party import load_party_state
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ConfirmDialog, GmDialog
from gmtool.tui.footer import KeyFooter, wrap_items
from gmtool.tui.tabs.injuries.bailout_dialog import BailoutDialog
from gmtool.tui.tabs.injuries.hazard_dialog import HazardDialog, HazardFormStart
from gmtool.tui.tabs.injuries.medical_dialog import MedicalTreatmentDialog, RestDialog
from gmtool.tui.tabs.injuries.treatment_dialog import DamageDialog, TreatmentDialog
from tests.tui.conftest import footer_keys, open_dialog
from tests.tui.drawn import done
from tests.tui.test_injuries_tab import (
    LARGE,
    SMALL,
    direct_damage,
    show_injuries,
    status_text,
)

DIALOGS = {
    "h": (HazardDialog, "#hazard-cause"),
    "d": (DamageDialog, "#damage-amount"),
    "g": (TreatmentDialog, "#treat-points"),
    "t": (MedicalTreatmentDialog, "#treat-step"),
    "r": (RestDialog, "#rest-days"),
    "b": (BailoutDialog, "#bailout-trapped"),
}


def footer_rows(app: GmApp) -> int:
    footer = app.screen.query_one(KeyFooter)
    return len(wrap_items(footer.items(), footer.size.width))


# -- Escape on a form ---------------------------------------------------------------------


@pytest.mark.parametrize("key", list(DIALOGS))
async def test_escape_asks_on_a_changed_form_and_closes_an_untouched_one(
    key: str, app_factory: Callable[..., GmApp]
) -> None:
    dialog_type, field = DIALOGS[key]
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        await show_injuries(app, pilot)
        await pilot.press(key)
        await done(pilot)
        assert isinstance(app.screen, dialog_type) and isinstance(app.screen, GmDialog)
        await pilot.press("escape")
        await done(pilot)
        assert not isinstance(app.screen, GmDialog), "an untouched form closes at once"
        await pilot.press(key)
        await pilot.pause()
        app.screen.query_one(field, Input).value = "7"
        await pilot.pause()
        await pilot.press("escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog), "a changed form asks first"
        await pilot.press("n")  # keep editing
        await done(pilot)
        assert isinstance(app.screen, dialog_type)
        assert app.screen.query_one(field, Input).value == "7"
        await pilot.press("escape", "y")
        await done(pilot)
        assert not isinstance(app.screen, GmDialog)


async def open_hazard_form(app: GmApp, pilot: Pilot[None]) -> HazardDialog:
    """h on the Injuries tab: the hazard form, on screen."""
    return await open_dialog(app, pilot, "h", HazardDialog)


async def test_a_hazard_tick_counts_and_a_roll_saves_the_form(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        dialog = await open_hazard_form(app, pilot)
        dialog.query_one("#hazard-characters", DataTable).focus()
        await pilot.press("space")  # untick the captain: a change to lose
        await pilot.press("escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.press("escape")  # rolled and saved: nothing to lose, it closes
        await done(pilot)
        assert app.screen is app.screen_stack[0]
        assert "Hazards saved" in status_text(pane)


async def test_a_dialog_opens_on_the_party_as_saved_reading_it_only_after_a_save(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        reads: list[int] = []
        real_reload = pane.reload
        monkeypatch.setattr(pane, "reload", lambda *a, **k: (reads.append(1), real_reload(*a, **k)))
        await open_hazard_form(app, pilot)
        assert reads == [], "nothing saved since the tab read the campaign: no read again"
        await pilot.press("escape")
        await pilot.pause()
        # saved meanwhile, as the Battle tab would: the next dialog sees it
        victim = pane.party.characters[0]
        deal_damage(app.campaign, DamageRequest(victim.id, "3", "stun", "a fall"))
        dialog = await open_hazard_form(app, pilot)
        assert reads, "a save since the tab read: read again before the dialog opens"
        assert dialog.party == load_party_state(app.campaign)
        assert dialog.party.find(victim.id) != victim


def hazard_rows(dialog: HazardDialog) -> list[list[str]]:
    table = dialog.query_one("#hazard-characters", DataTable)
    return [[str(cell) for cell in table.get_row_at(n)] for n in range(table.row_count)]


async def test_the_kept_hazard_form_opens_again_as_a_new_one_would(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        first = await open_hazard_form(app, pilot)
        first.query_one("#hazard-cause", Input).value = "a plasma burst"
        first.query_one("#hazard-characters", DataTable).focus()
        await pilot.press("space", "p", "ctrl+r")  # untick, switch a posture, roll: saved
        await done(pilot)
        assert first.saved and first.results
        await pilot.press("escape")
        await done(pilot)
        assert app.screen is app.screen_stack[0]
        again = await open_hazard_form(app, pilot)
        assert again is first, "the form is kept, not built again"
        assert again.saved == [] and again.results == {}
        assert again.query_one("#hazard-cause", Input).value == ""
        # as a form built now on the party as saved (the roll hurt someone) would be
        fresh = HazardDialog(
            HazardFormStart(
                pane._ships(),
                load_party_state(app.campaign),
                lambda _request: [],
                ship_id=pane._ship_of_highlighted(pane._ships()),
                battle=pane.battle,
                round_text=pane.round_text,
            )
        )
        await app.push_screen(fresh)
        await done(pilot)
        assert again.field_values() == fresh.field_values()
        assert hazard_rows(again) == hazard_rows(fresh)
        assert (again.chosen, again.postures) == (fresh.chosen, fresh.postures)
        assert not again.unsaved_changes()


# -- undo and redo ------------------------------------------------------------------------


async def test_ctrl_y_redoes_what_ctrl_z_took_back(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        pane = await show_injuries(app, pilot)
        assert "ctrl+z" not in footer_keys(app) and "ctrl+y" not in footer_keys(app)
        await direct_damage(app, pilot, "4", "a fall")
        assert "ctrl+z" in footer_keys(app) and "ctrl+y" not in footer_keys(app)
        await pilot.press("ctrl+z")
        await done(pilot)
        assert "Undone: #1 damage of" in status_text(pane)
        assert "Ines Calloway (a fall)" in status_text(pane)
        assert "ctrl+y" in footer_keys(app)
        assert load_party_state(app.campaign).character("ines-calloway").damage["wound"] == 0
        await pilot.press("ctrl+y")
        await done(pilot)
        assert "Redone: #1 damage of" in status_text(pane)
        assert "Ines Calloway (a fall)" in status_text(pane)
        assert load_party_state(app.campaign).character("ines-calloway").damage["wound"] == 4
        assert not injuries.history(app.campaign)[0]["undone"]
        assert "ctrl+y" not in footer_keys(app)


async def test_a_party_rest_is_redone_whole(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    for who in ("ines-calloway", "dorran-vek"):
        injuries.record_damage(app.campaign, who, 4, "stun", injuries.Context("a brawl"))
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        await pilot.press("r")
        await pilot.pause()
        app.screen.query_one("#rest-who", Select).value = "*"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await done(pilot)
        rested = [e for e in injuries.history(app.campaign) if e["kind"] == "rest"]
        assert len(rested) > 1
        await pilot.press("ctrl+z")
        await done(pilot)
        assert all(e["undone"] for e in injuries.history(app.campaign) if e["kind"] == "rest")
        await pilot.press("ctrl+y")
        await done(pilot)
        assert f"Redone: {len(rested)} entries of one rest" in status_text(pane)
        assert not any(e["undone"] for e in injuries.history(app.campaign))


async def test_undo_says_whose_and_what_when_the_entry_is_filtered_out(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    injuries.record_damage(app.campaign, "jory-fenn", 3, "stun", injuries.Context("a brawl"))
    async with app.run_test(size=SMALL) as pilot:
        pane = await show_injuries(app, pilot)
        pane.query_one("#filter-character", Select).value = "dorran-vek"
        await pilot.pause()
        await pilot.press("ctrl+z")
        await done(pilot)
        text = status_text(pane)
        assert "hidden by the filters" in text
        assert "Jory Fenn (a brawl)" in text and "3 stun" in text


async def test_the_bail_out_is_undone_and_redone(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        pane = await show_injuries(app, pilot)
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("ctrl+r")
        await done(pilot)
        order = load_bailout(app.campaign)
        assert order is not None
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await done(pilot)
        assert "Undone: the order to abandon" in status_text(pane)
        assert load_bailout(app.campaign) is None
        await pilot.press("ctrl+y")
        await done(pilot)
        assert "Redone: the order to abandon" in status_text(pane)
        assert load_bailout(app.campaign) == order


# -- 80x24 ----------------------------------------------------------------------------------


async def test_the_footer_keeps_to_two_rows_and_the_history_scrolls_at_80x24(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    for number in range(30):
        injuries.record_damage(
            app.campaign, "jory-fenn", 1, "stun", injuries.Context(f"blow {number}")
        )
    async with app.run_test(size=SMALL) as pilot:
        pane = await show_injuries(app, pilot)
        assert footer_rows(app) <= 2
        await pilot.press("ctrl+z")  # undo and redo both offered
        await pilot.pause()
        pane.query_one("#filter-character", Select).value = "jory-fenn"  # All offered
        await pilot.pause()
        history = pane.query_one("#injury-history", DataTable)
        history.focus()  # Back offered
        await done(pilot)
        assert {"ctrl+z", "ctrl+y", "a", "escape"} <= footer_keys(app)
        assert footer_rows(app) <= 2
        assert history.size.height >= 4  # the header and at least three entries
        assert history.max_scroll_y > 0
        await pilot.press("ctrl+end")
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await done(pilot)
        assert history.cursor_row == history.row_count - 1
        assert history.scroll_y > 0
        await pilot.press("escape")
        await done(pilot)
        assert app.screen.focused is pane.query_one("#injury-characters")


@pytest.mark.parametrize("key", list(DIALOGS))
async def test_no_field_of_a_dialog_is_cut_at_80x24(
    key: str, app_factory: Callable[..., GmApp]
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        await show_injuries(app, pilot)
        await pilot.press(key)
        await done(pilot)
        screen = app.screen
        for field in screen.query("Input, Select"):
            region = field.region
            assert region.width > 0 and region.height > 0, f"{field.id} is not shown"
            assert region.right <= SMALL[0] and region.bottom <= SMALL[1] - 1
            if isinstance(field, Input):
                wanted = max(len(field.value), len(field.placeholder or ""), 4)
                assert field.content_region.width >= min(wanted, 14), f"{field.id} is cut"
            else:
                assert isinstance(field, Select)
                shown = str(field.selection) if field.selection is not None else ""
                assert field.content_region.width >= min(len(shown) + 2, 12), f"{field.id}"
