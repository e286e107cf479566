"""The Crew tab's walks from issue 16, driven like a GM: a half-filled form asks before
Escape loses it, r asks first, deleting a ship with characters aboard offers a choice and
leaves no "(no such ship)" on the Stations board, two ships never share a name, ctrl+y
redoes, and at 80x24 the footer keeps to two rows and the roster shows many."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import DataTable, Input, OptionList, Static

from gmtool.actions import battles as battle_actions
from gmtool.actions import ships as ship_actions
from gmtool.store import battles as battle_store
from gmtool.store import party as party_store
from gmtool.store import ships as ship_store
from gmtool.store.demo import demo_data_dir
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog
from gmtool.tui.footer import KeyFooter, wrap_items
from gmtool.tui.tabs.crew.dialogs import DELETE_AND_UNASSIGN, ImportDialog
from gmtool.tui.tabs.crew.ship_form import ShipFormScreen
from gmtool.tui.tabs.crew.system_dialog import SystemDialog
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done
from tests.tui.test_crew_condition import fought, show_ship
from tests.tui.test_crew_tab import open_crew, saved, status, type_into

__all__ = ["fought"]  # a fixture used below

SMALL = (80, 24)
LARGE = (120, 36)
MERIDIAN_ABOARD = 6


def footer_rows(app: GmApp) -> int:
    footer = app.screen.query_one(KeyFooter)
    return len(wrap_items(footer.items(), footer.size.width))


# -- Escape on a form -----------------------------------------------------------------------


async def test_escape_on_an_untouched_ship_form_closes_it_at_once(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_crew(app, pilot, "kestrel")
        await pilot.press("e")
        await done(pilot)
        assert isinstance(app.screen, ShipFormScreen)
        await pilot.press("escape")
        await done(pilot)
        assert not isinstance(app.screen, (ShipFormScreen, ConfirmDialog))
        assert "CSS Kestrel is unchanged" in status(app)


async def test_escape_on_a_half_filled_ship_form_asks_before_losing_it(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_crew(app, pilot)
        await pilot.press("n")
        await done(pilot)
        form = app.screen
        assert isinstance(form, ShipFormScreen)
        await type_into(pilot, form.query_one("#form-name", Input), "CSS Half Done")
        await pilot.press("escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog), "Escape asks first"
        await pilot.press("enter")  # the focus is on "Keep editing"
        await done(pilot)
        assert app.screen is form
        assert form.query_one("#form-name", Input).value == "CSS Half Done"
        await pilot.press("escape", "y")
        await done(pilot)
        assert not isinstance(app.screen, (ShipFormScreen, ConfirmDialog))
        assert "No ship added" in status(app)
        with saved(app.campaign.folder) as c:
            assert "CSS Half Done" not in [r.name for r in ship_store.list_ships(c)]


async def test_a_system_added_counts_as_unsaved_typing(app_factory: Callable[..., GmApp]) -> None:
    """Adding a system changes no field of the form, but Escape would lose it: it asks."""
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_crew(app, pilot, "kestrel")
        await pilot.press("e")
        await done(pilot)
        form = app.screen
        form.query_one("#form-systems", DataTable).focus()
        await pilot.press("a")
        await done(pilot)
        assert isinstance(app.screen, SystemDialog)
        await pilot.press("ctrl+s")  # an engine, as offered
        await done(pilot)
        assert app.screen is form
        await pilot.press("escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)


# -- r asks -----------------------------------------------------------------------------------


async def test_regenerate_asks_first_and_no_keeps_the_names(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_crew(app, pilot, "kestrel")
        before = ship_store.ship_crew(app.campaign, "kestrel").roster
        await pilot.press("r")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "Name a new crew for CSS Kestrel?" in str(
            app.screen.query_one("#confirm-question", Static).render()
        )
        await pilot.press("enter")  # the focus starts on No
        await done(pilot)
        assert "The crew of CSS Kestrel is kept" in status(app)
        with saved(app.campaign.folder) as c:
            assert ship_store.ship_crew(c, "kestrel").roster == before


# -- deleting a ship with characters aboard -------------------------------------------------


async def test_delete_with_characters_aboard_offers_a_choice_and_undo_brings_both_back(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_crew(app, pilot, "meridian")
        await pilot.press("x")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert f"{MERIDIAN_ABOARD} characters aboard CSS Meridian" in dialog.title_text
        options = dialog.query_one(OptionList)
        assert options.highlighted == 0  # "Keep the ship" first: Enter out of habit keeps it
        await pilot.press("enter")
        await done(pilot)
        assert "CSS Meridian is kept" in status(app)
        with saved(app.campaign.folder) as c:
            assert "meridian" in [r.id for r in ship_store.list_ships(c)]

        await pilot.press("x")
        await pilot.pause()
        await pilot.press("down", "enter")  # delete and take them off their stations
        await done(pilot)
        assert "Deleted CSS Meridian" in status(app)
        assert "Captain Ines Calloway" in status(app)
        with saved(app.campaign.folder) as c:
            assert "meridian" not in [r.id for r in ship_store.list_ships(c)]
            party = party_store.load_party_state(c)
            assert not [a for a in party.assignments if a.ship_id == "meridian"]
        app.show_tab("stations")
        await done(pilot)
        assert "no such ship" not in app.export_screenshot()

        app.show_tab("crew")
        await done(pilot)
        app.query_one("#ship-list", DataTable).focus()
        await pilot.press("ctrl+z")
        await done(pilot)
        assert "Undone: delete CSS Meridian" in status(app)
        assert "back at their stations" in status(app)
        with saved(app.campaign.folder) as c:
            assert "meridian" in [r.id for r in ship_store.list_ships(c)]
            aboard = ship_actions.aboard(c, "meridian")
        assert len(aboard) == MERIDIAN_ABOARD
        assert app.query_one("#ship-list", DataTable).cursor_row == 1  # shown again


async def test_deleting_a_ship_in_an_open_battle_warns_and_she_leaves_it(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        battle = battle_actions.new_battle(
            app.campaign, "Ambush", ["meridian", "kestrel"], ["vex"], "moderate"
        ).id
        await open_crew(app, pilot, "meridian")
        await pilot.press("x")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        delete_label = dict(dialog.options)[DELETE_AND_UNASSIGN]
        assert "CSS Meridian is in the open battle Ambush" in str(delete_label)
        await pilot.press("down", "enter")
        await done(pilot)
        assert "It left the battle Ambush" in status(app)
        with saved(app.campaign.folder) as c:
            assert battle_store.load_battle(c, battle).ship("meridian").left


# -- one name per ship ------------------------------------------------------------------------


async def test_a_new_ship_with_another_ships_name_is_refused_in_the_form(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_crew(app, pilot)
        await pilot.press("n")
        await done(pilot)
        form = app.screen
        await type_into(pilot, form.query_one("#form-name", Input), "css  KESTREL")
        await type_into(pilot, form.query_one("#form-hull_points", Input), "100")
        await pilot.press("ctrl+s")
        await done(pilot)
        assert app.screen is form, "the form stays open with what was typed"
        message = str(form.query_one("#form-error", Static).render())
        assert message.startswith("Not added:") and "'CSS Kestrel' (kestrel)" in message
        assert form.query_one("#form-hull_points", Input).value == "100"
        with saved(app.campaign.folder) as c:
            assert len(ship_store.list_ships(c)) == 5


async def test_editing_a_ship_to_another_ships_name_is_refused(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_crew(app, pilot, "kestrel")
        await pilot.press("e")
        await done(pilot)
        form = app.screen
        await type_into(pilot, form.query_one("#form-name", Input), "Raider Gorgon")
        await pilot.press("ctrl+s")
        await done(pilot)
        assert app.screen is form
        assert "'Raider Gorgon' (gorgon)" in str(form.query_one("#form-error", Static).render())
        with saved(app.campaign.folder) as c:
            assert ship_store.get_ship(c, "kestrel").name == "CSS Kestrel"


async def test_importing_a_ship_already_there_is_refused_in_the_dialog(
    app_factory: Callable[..., GmApp], tmp_path: Path
) -> None:
    copy = tmp_path / "second-gorgon.yaml"
    copy.write_text((demo_data_dir() / "enemies" / "gorgon.yaml").read_text(), encoding="utf-8")
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_crew(app, pilot)
        await pilot.press("i")
        await done(pilot)
        dialog = app.screen
        assert isinstance(dialog, ImportDialog)
        await type_into(pilot, dialog.query_one("#import-path", Input), str(copy))
        await pilot.press("enter")
        await done(pilot)
        assert app.screen is dialog
        message = str(dialog.query_one("#import-error", Static).render())
        assert "Not imported:" in message and "'Raider Gorgon' (gorgon)" in message


# -- undo names what it takes back; redo --------------------------------------------------------


async def test_undo_names_the_change_and_ctrl_y_does_it_again(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_crew(app, pilot, "gorgon")
        assert not {"ctrl+z", "ctrl+y"} & footer_keys(app)
        names = {m.id: m.name for m in ship_store.ship_crew(app.campaign, "gorgon").roster.members}
        await pilot.press("r", "y")
        await done(pilot)
        regenerated = ship_store.ship_crew(app.campaign, "gorgon").roster
        assert "ctrl+z" in footer_keys(app) and "ctrl+y" not in footer_keys(app)
        await open_crew(app, pilot, "kestrel")  # the change is on another ship than shown
        await pilot.press("ctrl+z")
        await done(pilot)
        assert "Undone: regenerate the crew of Raider Gorgon" in status(app)
        assert app.query_one("#ship-list", DataTable).cursor_row == 3  # Gorgon is shown
        back = ship_store.ship_crew(app.campaign, "gorgon").roster.members
        assert {m.id: m.name for m in back} == names
        assert "ctrl+y" in footer_keys(app)
        await pilot.press("ctrl+y")
        await done(pilot)
        assert "Redone: regenerate the crew of Raider Gorgon" in status(app)
        with saved(app.campaign.folder) as c:
            crew = ship_store.ship_crew(c, "gorgon")
            assert crew.roster == regenerated and not crew.rebuilt
        assert "ctrl+y" not in footer_keys(app)


# -- 80x24 ------------------------------------------------------------------------------------


async def test_at_80x24_the_footer_keeps_to_three_rows_and_the_roster_shows_many(
    fought: Path,
) -> None:
    from gmtool.tui.app import make_app
    from tests.conftest import TEST_SEED, fixed_clock

    app = make_app(fought, seed=TEST_SEED, clock=fixed_clock)
    async with app.run_test(size=SMALL) as pilot:
        await show_ship(app, pilot, "meridian")  # damaged: repair, new crew and scrap apply
        await done(pilot)
        assert {"p", "c", "X"} <= footer_keys(app)
        assert footer_rows(app) <= 3  # the note key, offered on every tab, can take a third row
        await pilot.press("r", "y", "ctrl+z")  # now both undo and redo apply
        await done(pilot)
        assert {"ctrl+z", "ctrl+y"} <= footer_keys(app)
        # with undo, redo and the table-wide note key all offered, a third row is allowed
        assert footer_rows(app) <= 3
        await pilot.press("R")  # the roster, cursor in it
        await done(pilot)
        assert footer_rows(app) <= 3  # the note key, offered on every tab, can take a third row
        roster = app.query_one("#roster-table", DataTable)
        assert roster.scrollable_content_region.height >= 7
        assert roster.row_count > roster.scrollable_content_region.height  # it scrolls
        assert not app.query_one("#ship-side").display  # the ships list is put aside
        assert roster.region.width >= SMALL[0] - 4  # the roster takes the width
        await pilot.press("escape")  # back on the ships list, roster shown
        await done(pilot)
        assert app.focused is app.query_one("#ship-list", DataTable)
        assert app.query_one("#ship-side").display
        assert {"p", "c", "X", "ctrl+z", "ctrl+y", "m", "slash"} <= footer_keys(app)
        assert footer_rows(app) <= 3  # the note key, offered on every tab, can take a third row
