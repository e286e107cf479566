"""The app shell: the tab list, tab keys, the palette and help reach every tab."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.binding import Binding

from gmtool.tui.app import APP_ACTIONS, GmApp
from gmtool.tui.tabs import TAB_CLASSES
from tests.tui.drawn import done


@pytest.mark.parametrize("spec", TAB_CLASSES, ids=lambda s: s.tab_id)
def test_tab_specs_match_their_classes(spec) -> None:
    pane = spec.load()
    assert (pane.TAB_ID, pane.TITLE) == (spec.tab_id, spec.title)
    assert pane.HELP.strip(), f"{spec.title} has no help text"


async def test_number_keys_and_help_reach_every_tab(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=(120, 36)) as pilot:
        for number, spec in enumerate(TAB_CLASSES, start=1):
            app.set_focus(None)
            await pilot.press(str(number))
            await done(pilot)
            assert app.current_tab().tab_id == spec.tab_id
            await pilot.press("f1")
            await done(pilot)
            assert app.screen.__class__.__name__ == "HelpScreen"
            await pilot.press("escape")
            await pilot.pause()


async def test_digits_do_not_switch_tabs_under_a_dialog(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        app.action_show_tab_number(2)
        await done(pilot)
        assert app.current_tab().tab_id == "dice"


async def test_palette_lists_every_tab(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)):
        titles = [c.title for c in app.get_system_commands(app.screen)]
    for spec in TAB_CLASSES:
        assert f"Go to {spec.title}" in titles
    assert {"Help", "Session", "Note"} <= set(titles)  # the app's keys (APP_ACTIONS)
    assert any(t.startswith("Battle: ") for t in titles)


async def test_first_frame_hooks_run_once_the_app_is_drawn(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    ran: list[str] = []
    app.first_frame_hooks.append(lambda: ran.append("drawn"))
    async with app.run_test(size=(80, 24)) as pilot:
        await done(pilot)
        assert ran == ["drawn"]


async def test_quit_with_a_form_open_asks_first(app_factory: Callable[..., GmApp]) -> None:
    from gmtool.tui.dialogs import ConfirmDialog

    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_tab("stations")
        await done(pilot)
        await pilot.press("n")  # the character editor
        await done(pilot)
        editor = app.screen
        await pilot.press(*"Half")  # something typed: quitting would lose it
        await pilot.press("ctrl+q")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # back to the form, still open
        await pilot.pause()
        assert app.screen is editor and app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_quit_without_a_form_is_at_once(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running


async def test_help_names_the_tab_keys_there_are(app_factory: Callable[..., GmApp]) -> None:
    from textual.widgets import Markdown

    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("f1")
        await done(pilot)
        text = app.screen.query_one(Markdown).source
        assert f"| 1 ... {len(TAB_CLASSES)} |" in text and "1 ... 9" not in text
        assert "1 Dice & Log" in text and f"{len(TAB_CLASSES)} {TAB_CLASSES[-1].title}" in text
        # the keys of every tab come from the app's one table, which the bindings are built of
        bound = {binding.key for binding in GmApp.BINDINGS if isinstance(binding, Binding)}
        for entry in APP_ACTIONS:
            assert f"| {entry.key} | {entry.description} |" in text
            assert entry.key in bound


async def test_damaged_files_are_reported_once_at_open(app_factory: Callable[..., GmApp]) -> None:
    first = app_factory(demo=True)
    folder = first.campaign.folder
    first.campaign.close()
    ships = folder / "trackers" / "ships.json"
    ships.write_text("[1, 2, 3]")
    app = app_factory(path=folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await done(pilot)
        alerts = [n for n in app._notifications if n.severity == "error"]
        assert len(alerts) == 1
        assert "ships.json" in alerts[0].message and "1 damaged campaign file" in alerts[0].title
    assert ships.read_text() == "[1, 2, 3]"  # left as it was


async def test_no_alert_for_a_sound_campaign(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await done(pilot)
        assert not [n for n in app._notifications if n.severity == "error"]


async def test_under_a_dialog_only_the_dialogs_keys_show(
    app_factory: Callable[..., GmApp],
) -> None:
    from gmtool.tui.footer import KeyFooter

    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_tab("stations")
        await done(pilot)
        main_footer = app.screen.query_one(KeyFooter)
        await pilot.press("n")  # the character editor, with a footer of its own
        await done(pilot)
        assert not main_footer.visible
        assert "ctrl+s" in {i.key for i in app.screen.query_one(KeyFooter).items()}
        await pilot.press("escape")
        await done(pilot)
        assert main_footer.visible


# -- the app's own dialogs at both sizes ------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["small", "large"])
def test_snapshot_start_up(snap_compare, app_factory: Callable[..., GmApp], size) -> None:
    """The numbered tabs, the cursor in the log, the Dice keys in the footer."""
    assert snap_compare(app_factory(demo=True), terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["small", "large"])
def test_snapshot_session_dialog(snap_compare, app_factory: Callable[..., GmApp], size) -> None:
    assert snap_compare(app_factory(), terminal_size=size, press=["f2", *"Tarsus"])


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["small", "large"])
def test_snapshot_help_dialog(snap_compare, app_factory: Callable[..., GmApp], size) -> None:
    assert snap_compare(app_factory(), terminal_size=size, press=["f1"])


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["small", "large"])
def test_snapshot_discard_question(snap_compare, app_factory: Callable[..., GmApp], size) -> None:
    """Escape on a form with typing in it asks; the focus on keeping it."""
    assert snap_compare(app_factory(), terminal_size=size, press=["f2", *"Tarsus", "escape"])


async def test_escape_on_a_typed_session_title_asks_and_untyped_closes(
    app_factory: Callable[..., GmApp],
) -> None:
    from gmtool.tui.dialogs import ConfirmDialog
    from gmtool.tui.dialogs.session import SessionDialog

    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("escape")
        await done(pilot)
        assert not isinstance(app.screen, SessionDialog)
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press(*"Tarsus", "escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("enter")  # keep editing
        await done(pilot)
        assert isinstance(app.screen, SessionDialog)
        await pilot.press("enter")  # start it
        await done(pilot)
        assert app.campaign.current_session is not None


async def test_a_late_blur_of_the_old_tab_leaves_the_cursor_in_the_new_one(
    app_factory: Callable[..., GmApp],
) -> None:
    """The old tab's focused widget is hidden a moment after a tab switch. Still holding the
    cursor then, Textual would hand it to a neighbour of the hidden widget (in the hidden
    tab, which switched the tabs back; or the tab bar, or nothing), so the new tab's keys
    did nothing: the bench met this on reopening Torga IV. The cursor leaves it first."""
    app = app_factory(demo=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("escape", "5")  # Injuries: two tables side by side
        await done(pilot)
        old = app.screen.focused
        assert old is not None and old.id == "injury-characters"
        await pilot.press("6")
        await done(pilot)
        assert not old.has_focus
        old.blur()  # a blur arriving late
        await done(pilot)
        assert app.current_tab().tab_id == "torga"
        focused = app.screen.focused
        assert focused is not None and focused.id == "sk-map"
