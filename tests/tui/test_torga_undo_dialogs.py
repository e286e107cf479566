"""The Torga IV tab as issue 16 asks: ctrl+z names what it takes back and ctrl+y brings it
back (the app's reply with it, the same dice); every dialog is a GmDialog (Escape on a
changed form asks, on an untouched one closes at once); at 80x24 the log keeps its rows and
scrolls, and the roster follows the acting figure."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Input, OptionList, Static

from gmtool.store.skirmish import MANUAL, SOLO, load_game
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ConfirmDialog, GmDialog
from gmtool.tui.tabs.torga.log import GameLog
from gmtool.tui.tabs.torga.new_game import NewGameScreen
from gmtool.tui.tabs.torga.replay import ReplayScreen
from gmtool.tui.tabs.torga.settings import SettingsScreen
from gmtool.tui.tabs.torga.sweep import SweepScreen
from tests.tui.conftest import footer_keys, open_dialog
from tests.tui.drawn import done
from tests.tui.test_skirmish_tab import open_tab, shown, start, status


async def test_undo_names_the_step_and_redo_brings_back_the_move_and_the_reply(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, SOLO)
        assert "ctrl+y" not in footer_keys(app)  # nothing undone: no redo offered
        await pilot.press("space")  # Sisko holds; the Jem'Hadar answer in the same step
        await done(pilot)
        assert pane.game is not None
        played = pane.game
        label = pane.undo_label
        # the label names the GM's action and the app's answer saved with it
        assert label is not None and "Sisko" in label and "Jem'Hadar 1 activation" in label
        replies = [line for line in played.log if line.auto]
        assert replies
        rolls = list(app.campaign.roll_log())
        await pilot.press("ctrl+z")
        await done(pilot)
        assert shown(status(pane)).startswith(f"Undone: {label}")
        assert pane.game is not None and pane.game.log != played.log
        assert "ctrl+y" in footer_keys(app)
        await pilot.press("ctrl+y")
        await done(pilot)
        assert shown(status(pane)).startswith(f"Redone: {label}")
        assert pane.game is not None and pane.game.state.to_dict() == played.state.to_dict()
        assert pane.game.log == played.log  # the GM's hold and the app's reply, together
        assert list(app.campaign.roll_log()) == rolls  # the same dice, not rolled again
        assert "ctrl+y" not in footer_keys(app)
        saved = load_game(app.campaign)
        assert saved is not None and saved.state.to_dict() == played.state.to_dict()


async def test_every_dialog_of_the_tab_is_a_gm_dialog() -> None:
    for dialog in (NewGameScreen, SettingsScreen, SweepScreen, ReplayScreen):
        assert issubclass(dialog, GmDialog)
        own = dialog.__dict__.get("BINDINGS", [])  # Escape is the base's, not their own
        assert "escape" not in {getattr(b, "key", None) for b in own}


async def test_escape_on_a_changed_settings_form_asks_and_untouched_closes(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        assert pane.game is not None
        before = pane.game.state.options
        await pilot.press("o")
        await done(pilot)
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")  # untouched: closes at once
        await done(pilot)
        assert not isinstance(app.screen, (SettingsScreen, ConfirmDialog))
        await pilot.press("o", "enter")  # wound effects switched
        await pilot.pause()
        await pilot.press("escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # keep editing
        await done(pilot)
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")  # discard
        await done(pilot)
        assert not isinstance(app.screen, (SettingsScreen, ConfirmDialog))
        assert pane.game.state.options == before


async def test_escape_on_a_changed_new_game_form_asks_and_untouched_closes(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("escape")
        await done(pilot)
        assert not isinstance(app.screen, NewGameScreen)
        assert "No new game" in shown(status(pane))
        await pilot.press("n", "down")  # another mode chosen
        await pilot.pause()
        await pilot.press("escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("up", "tab", "x")  # back to the first mode, a file typed
        await done(pilot)
        assert app.screen.query_one("#ng-file", Input).value == "x"
        await pilot.press("escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await done(pilot)
        assert not isinstance(app.screen, (NewGameScreen, ConfirmDialog))
        assert pane.game is None


async def test_the_kept_new_game_form_opens_again_as_a_new_one_would(
    app_factory: Callable[..., GmApp],
) -> None:
    """The dialog is built once and kept between games (closing a dialog made for one
    opening lays the tab out again): each n shows it as first drawn, whatever was left in it."""
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        first = await open_dialog(app, pilot, "n", NewGameScreen)
        await pilot.press("down", "tab")
        first.query_one("#ng-file", Input).value = "no_such_scenario.yaml"
        await pilot.press("enter")  # refused: the error line says why, the dialog stays
        await done(pilot)
        assert app.screen is first and str(first.query_one("#ng-error", Static).content)
        await pilot.press("escape", "y")  # discard what was typed
        await done(pilot)
        assert pane.game is None
        again = await open_dialog(app, pilot, "n", NewGameScreen)
        assert again is first, "the dialog is kept, not built again"
        assert first.query_one("#ng-modes", OptionList).highlighted == 0
        assert first.query_one("#ng-modes", OptionList).has_focus
        assert first.query_one("#ng-file", Input).value == ""
        assert str(first.query_one("#ng-error", Static).content) == ""
        assert not first.unsaved_changes()
        await pilot.press("enter")  # the first mode, the Torga IV table
        await done(pilot)
        assert pane.game is not None and pane.game.mode == SOLO


async def test_escape_on_a_changed_sweep_asks_and_the_replay_closes(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_tab(app, pilot)
        await start(pilot, MANUAL)
        await pilot.press("S")
        await pilot.pause()
        await pilot.press("escape")
        await done(pilot)
        assert not isinstance(app.screen, SweepScreen)
        await pilot.press("S", "backspace")
        await pilot.pause()
        await pilot.press("escape")
        await done(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("r")
        await done(pilot)
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await done(pilot)
        assert not isinstance(app.screen, (ReplayScreen, ConfirmDialog))


async def test_at_80x24_the_log_keeps_its_rows_and_the_roster_follows_the_figure(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        log = pane.query_one("#sk-log", GameLog)
        assert log.region.height >= 4
        roster = pane.query_one("#sk-roster-box", VerticalScroll)
        assert roster.scroll_y == 0  # Sisko, the first row, is in view
        await pilot.press("space")  # Sisko holds: a Jem'Hadar figure acts next
        await done(pilot)
        assert pane.game is not None
        assert pane.game.state.figure(pane.selected or "").side == "jemhadar"
        assert roster.scroll_y > 0  # its row, below the Federation's, is scrolled to
        await pilot.press("G", "G")
        await done(pilot)
        assert log.overflows and "pageup" in footer_keys(app)
        newest = log.render().plain
        await pilot.press("pageup")
        await done(pilot)
        assert log.back > 0 and log.render().plain != newest
        await pilot.press("pagedown")
        await done(pilot)
        assert log.back == 0


# -- snapshots of the states and dialogs not pictured elsewhere (both sizes) ----------------
# (in play, moving, the fire preview, game over, settings, the sweep's chart and the replay
# are in test_skirmish_tab, test_skirmish_referee_tab, test_skirmish_settings,
# test_skirmish_sweep and test_skirmish_replay_tab)

SIZES = [(80, 24), (120, 36)]


async def _no_game(pilot) -> None:  # type: ignore[no-untyped-def]
    await open_tab(pilot.app, pilot)


async def _new_game_dialog(pilot) -> None:  # type: ignore[no-untyped-def]
    await open_tab(pilot.app, pilot)
    await pilot.press("n", "down")
    await done(pilot)


async def _discard_question(pilot) -> None:  # type: ignore[no-untyped-def]
    await _new_game_dialog(pilot)
    await pilot.press("escape")
    await done(pilot)


async def _sweep_dialog(pilot) -> None:  # type: ignore[no-untyped-def]
    await open_tab(pilot.app, pilot)
    await start(pilot, MANUAL)
    await pilot.press("S")
    await done(pilot)


async def _undone(pilot) -> None:  # type: ignore[no-untyped-def]
    await open_tab(pilot.app, pilot)
    await start(pilot, SOLO)
    await pilot.press("space", "ctrl+z")
    await done(pilot)


SNAPSHOTS = {
    "no_game": _no_game,
    "new_game_dialog": _new_game_dialog,
    "discard_question": _discard_question,
    "sweep_dialog": _sweep_dialog,
    "undone": _undone,
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("situation", SNAPSHOTS)
def test_snapshot(snap_compare, app_factory, situation: str, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_factory(), terminal_size=size, run_before=SNAPSHOTS[situation])
