"""The dialogs of the tabs keep the one convention: a number out of bounds keeps the form
open with everything typed and the cursor on it, Enter saves from any field (a closed
choice list too), Escape asks once something was typed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import Input, Select, Static

from gmtool.store import injuries
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ConfirmDialog, GmDialog
from gmtool.tui.tabs.battle.damage_dialog import DamageScreen
from gmtool.tui.tabs.battle.quick_ship import QuickShipScreen, QuickWeaponScreen
from gmtool.tui.tabs.battle.setup_dialog import BattleSetupScreen
from gmtool.tui.tabs.injuries.medical_dialog import RestDialog
from tests.tui.drawn import done
from tests.tui.test_battle_report_tab import _fought
from tests.tui.test_battle_tab import SMALL, open_battle_tab, settle
from tests.tui.test_healing_keys import hurt_ines
from tests.tui.test_injuries_tab import saved, show_injuries


async def test_damage_past_the_hull_limit_keeps_the_form_and_the_typing(
    app_factory: Callable[..., GmApp],
) -> None:
    app = _fought(app_factory)
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("d")
        await settle(pilot, lambda: isinstance(app.screen, DamageScreen))
        form = app.screen
        await pilot.press(*"99999999999999999999", "tab", "tab", *"a ram")
        await pilot.press("enter")  # from the Why field
        await done(pilot)
        assert app.screen is form
        points = form.query_one("#damage-amount", Input)
        assert form.focused is points and points.value == "99999999999999999999"
        assert form.query_one("#damage-note", Input).value == "a ram"
        said = str(form.query_one("#damage-error", Static).content)
        assert said == "Not saved: Points: at most 100,000 (this is 99,999,999,999,999,999,999)."
        await pilot.press("escape")  # something typed: asks
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        points.value = "4"
        form.query_one("#damage-note", Input).focus()
        await pilot.press("enter")  # Enter in any field saves
        await settle(pilot, lambda: not isinstance(app.screen, DamageScreen))


async def test_enter_on_the_closed_who_list_saves_the_rest(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    hurt_ines(app)
    async with app.run_test(size=SMALL) as pilot:
        await show_injuries(app, pilot)
        await pilot.press("r")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, RestDialog)
        dialog.query_one("#rest-who", Select).focus()
        await pilot.press("enter")
        await done(pilot)
        assert not isinstance(app.screen, RestDialog)
    with saved(app.campaign.folder) as c:
        assert [e["kind"] for e in injuries.history(c)].count("rest") == 1


async def test_a_quick_enemy_weapon_counts_at_least_one(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, BattleSetupScreen))
        await pilot.press("ctrl+n")
        await settle(pilot, lambda: isinstance(app.screen, QuickShipScreen))
        await pilot.press("ctrl+w")
        await settle(pilot, lambda: isinstance(app.screen, QuickWeaponScreen))
        dialog = app.screen
        count = dialog.query_one("#sys-count", Input)
        count.focus()
        await pilot.press("0", "enter")
        await done(pilot)
        assert app.screen is dialog and dialog.focused is count and count.value == "0"
        said = str(dialog.query_one("#sys-error", Static).content)
        assert said == "Not saved: Count: at least 1 (this is 0)."


# Each Injuries dialog: a number field given a value out of its bounds.
OUT_OF_BOUNDS = {
    "h": ("#hazard-round", "0", "at least 1 (this is 0)"),
    "d": ("#damage-round", "-2", "at least 1 (this is -2)"),
    "g": ("#treat-points", "1e400", "a whole number, digits only (this is '1e400')"),
    "t": ("#treat-step", "999", "at most 100 (this is 999)"),
    "r": ("#rest-days", "0", "at least 1 (this is 0)"),
    "b": ("#bailout-survivors", "-1", "at least 0 (this is -1)"),
}


@pytest.mark.parametrize("key", list(OUT_OF_BOUNDS))
async def test_an_injuries_dialog_keeps_a_number_out_of_bounds_and_points_at_it(
    key: str, app_factory: Callable[..., GmApp]
) -> None:
    field_id, typed, needs = OUT_OF_BOUNDS[key]
    app = app_factory(demo=True)
    hurt_ines(app)
    async with app.run_test(size=SMALL) as pilot:
        await show_injuries(app, pilot)
        await pilot.press(key)
        await done(pilot)
        dialog = app.screen
        field = dialog.query_one(field_id, Input)
        field.value = typed
        dialog.set_focus(None)
        await pilot.press("ctrl+s")
        await done(pilot)
        assert app.screen is dialog, "the dialog stays open"
        assert dialog.focused is field and field.value == typed
        assert isinstance(dialog, GmDialog)
        line = dialog.message_line()
        assert line is not None and needs in str(line.content)


async def test_injuries_damage_past_any_track_keeps_the_form(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        await show_injuries(app, pilot)
        await pilot.press("d")
        await done(pilot)
        dialog = app.screen
        amount = dialog.query_one("#damage-amount", Input)
        amount.value = "99999999999999999999"
        await pilot.press("ctrl+s")
        await done(pilot)
        assert app.screen is dialog and amount.value == "99999999999999999999"
        assert isinstance(dialog, GmDialog)
        line = dialog.message_line()
        assert line is not None
        assert str(line.content) == (
            "Not saved: Amount: at most 10,000 points of damage, not 99,999,999,999,999,999,999."
        )
