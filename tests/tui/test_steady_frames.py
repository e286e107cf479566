"""A tab shown again is drawn without work for nothing: widgets that keep their size do not
refill, the footer draws nothing new for the same keys, the tab bar's underline moves with
the tab. Keys pressed while a tab is built or a dialog opens are that tab's or dialog's, in
the order pressed."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.color import Color
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static, Tabs

from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ConfirmDialog
from gmtool.tui.footer import KeyFooter
from gmtool.tui.key_hold import HoldsKeys
from gmtool.tui.widgets.steady import KeepsSize, RepaintsFocusOnly

from .drawn import DrawnTerminal, settled

# Turns of 10 ms or more `_until` waits: never reached on a working app, however busy.
UNTIL_TURNS = 6000


class Counted(KeepsSize, Static):
    resizes = 0

    def on_resize(self, _event: events.Resize) -> None:
        self.resizes += 1


class CountedApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Counted("x", id="counted")


async def test_a_widget_shown_again_at_its_size_skips_the_resize() -> None:
    app = CountedApp()
    async with app.run_test(size=(40, 10)) as pilot:
        widget = app.query_one(Counted)
        await settled(pilot)
        first = widget.resizes
        assert first >= 1  # its first size is handled
        widget.display = False
        await settled(pilot)
        widget.display = True
        await settled(pilot)
        assert widget.resizes == first  # shown again, same size: nothing to refit
        await pilot.resize_terminal(60, 12)
        await settled(pilot)
        assert widget.resizes == first + 1  # a real resize is handled


def test_the_mixin_keeps_the_widget_base_styles() -> None:
    # Textual takes a widget's default CSS and type names from its first widget base
    assert "Static" in Counted._css_type_names
    assert Counted.can_focus == Static.can_focus


async def test_the_footer_draws_nothing_new_for_the_same_keys(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("3")
        await _until(lambda: app._keys_held is None)  # the Stations tab has the cursor
        await settled(pilot)
        footer = app.screen.query_one(KeyFooter)
        calls: list[Any] = []
        real = footer.refresh

        def counting(*args: Any, **kwargs: Any) -> Any:
            calls.append(kwargs)
            return real(*args, **kwargs)

        monkeypatch.setattr(footer, "refresh", counting)
        app.screen.refresh_bindings()  # keys unchanged
        await settled(pilot)
        assert calls == []
        await pilot.press("1")  # other keys: drawn again
        await _until(lambda: bool(calls))


async def test_the_underline_moves_with_the_tab(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        app.show_tab("stations")  # no refresh between: already under the Stations tab
        bar = app.query_one("#tabs > ContentTabs", Tabs)
        tab = bar.active_tab
        assert tab is not None and tab.id is not None and tab.id.endswith("tab-stations")
        start, end = tab.virtual_region.shrink(tab.styles.gutter).column_span
        underline: Any = bar.query_one("Underline")  # its class is not public
        assert (underline.highlight_start, underline.highlight_end) == (start, end)
        await pilot.pause()  # the tab's widgets built before the app closes


async def test_the_roster_is_shown_whole(app_factory: Callable[..., GmApp]) -> None:
    """R at 80x24: the cursor moves to the roster (the ships list goes aside and the footer
    changes with it), and the terminal ends showing the roster as it is, with the roster's
    keys in the footer."""
    app = app_factory(demo=True)
    terminal = DrawnTerminal(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await _until(lambda: app._keys_held is None)
        await settled(pilot)
        await pilot.press("R")
        await settled(pilot)
        assert isinstance(app.focused, DataTable) and app.focused.id == "roster-table"
        assert not terminal.stale_cells()


async def _until(check: Callable[[], bool]) -> None:
    """Wait until `check` holds, a turn of the event loop at a time: however slow a busy
    machine makes the app, what is asserted is what comes, not how soon (the bound only
    ends a test that would never pass)."""
    for _ in range(UNTIL_TURNS):
        with contextlib.suppress(NoMatches):  # a dialog still being built
            if check():
                return
        await asyncio.sleep(0.01)
    raise AssertionError("never came")


@pytest.mark.parametrize(
    ("tab", "key", "dialog"),
    [("2", "n", "ShipFormScreen"), ("5", "h", "HazardDialog"), ("6", "n", "NewGameScreen")],
)
async def test_a_key_pressed_while_a_tab_is_built_is_its_key(
    app_factory: Callable[..., GmApp],
    monkeypatch: pytest.MonkeyPatch,
    tab: str,
    key: str,
    dialog: str,
) -> None:
    """A GM typing "2n" quickly: the n waits for the Crew tab and opens the ship form
    (it went to the hidden Dice tab's widget and was lost). The n is pressed as the tab
    starts being shown, so it comes while the tab is built however busy the machine."""
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hold = app.hold_keys
        held: list[list[str]] = []

        def hold_then_press() -> None:
            hold()
            if not held:  # the tab's hold: its key comes now
                held.append([])
                app.post_message(events.Key(key, key))

        def release() -> None:
            if held and app._keys_held:
                held.append([k.key for k in app._keys_held])
            release_keys()

        release_keys = app.release_keys
        monkeypatch.setattr(app, "hold_keys", hold_then_press)
        monkeypatch.setattr(app, "release_keys", release)
        app.post_message(events.Key(tab, tab))
        await _until(lambda: type(app.screen).__name__ == dialog)
        await _until(lambda: app._keys_held is None)  # nothing left held
        assert [key] in held  # it was held until the tab had the cursor
        await pilot.pause()  # the dialog built before the app closes


async def test_a_key_pressed_as_the_app_starts_is_the_first_tabs_key(
    app_factory: Callable[..., GmApp],
) -> None:
    """A GM pressing 2 while the app starts (a busy machine starts slowly): the Crew tab.
    Handled before the tab bar's own start-up, it showed the Crew tab and the tab bar then
    showed the first tab again, with the cursor on its log."""
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await _until(lambda: app._keys_held is None)
        await settled(pilot)
        assert app.current_tab().TAB_ID == "crew"
        assert app.focused is not None and app.focused.id == "ship-list"


async def test_held_keys_are_handled_in_order_and_never_held_for_ever(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await _until(lambda: app._keys_held is None)  # the Crew tab has the cursor
        await settled(pilot)
        app.hold_keys()  # as if the tab were still being built, and never got the cursor
        for key in ("n", "X", "y"):
            app.post_message(events.Key(key, key))
        # each key reaches the app and is held (not a pause: on a busy machine one may
        # return before the three are handled)
        await _until(lambda: app._keys_held is None or len(app._keys_held) == 3)
        assert app._keys_held is not None and [k.key for k in app._keys_held] == ["n", "X", "y"]
        # never released: the keys are handled once the hold's safety runs out
        await _until(lambda: type(app.screen).__name__ == "ShipFormScreen")
        await _until(lambda: app.screen.query_one("#form-name", Input).value == "Xy")
    # a hold's timer that fires after the app's screens are gone finds nothing at work
    assert not app.screen_stack and app._still_working() is False


async def test_held_keys_wait_while_the_app_is_still_working(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a busy machine a tab takes longer to build than the hold's safety: while messages
    are still queued its keys wait for it (let through, they landed in the tab left)."""
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await _until(lambda: app._keys_held is None)  # the Crew tab has the cursor
        await settled(pilot)
        busy = [True, True]
        monkeypatch.setattr(GmApp, "_still_working", lambda self: bool(busy) and busy.pop())
        app.hold_keys()  # never released: only the safety lets the key through
        app.post_message(events.Key("n", "n"))
        await _until(lambda: not busy)  # the safety came twice while the app was working
        assert app._keys_held is not None and [k.key for k in app._keys_held] == ["n"]
        await _until(lambda: type(app.screen).__name__ == "ShipFormScreen")
        await settled(pilot)  # the dialog built before the app closes


async def test_keys_arriving_together_do_what_they_would_typed_slowly(
    app_factory: Callable[..., GmApp],
) -> None:
    """ "2nCSS" sent at once (a fast typist, a terminal multiplexer): the Crew tab, the ship
    form, and the name typed into it; before, only the 2 and a stray letter took."""
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("2", "n", "C", "S", "S"):
            app.post_message(events.Key(key, key))
        await _until(lambda: app.screen.query_one("#form-name", Input).value == "CSS")
        await _until(lambda: app._keys_held is None)
        await pilot.pause()


async def test_a_key_after_one_that_moves_the_cursor_lands_where_it_moved(
    app_factory: Callable[..., GmApp],
) -> None:
    """ "d2d6" at once: d puts the cursor in the dice field and the 2 is typed there (it
    went to the roll log, where 2 switched to the Crew tab)."""
    app = app_factory(demo=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")  # the cursor in the roll log
        await pilot.pause()
        for key in ("d", "2", "d", "6"):
            app.post_message(events.Key(key, key))
        await _until(lambda: app.query_one("#dice-expr", Input).value == "2d6")
        assert app.current_tab().TAB_ID == "dice"
        await pilot.pause()


class _Behind(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("behind the dialog")


class KeptQuestion(ConfirmDialog):
    pass


async def test_a_kept_dialog_shown_again_takes_a_theme_changed_meanwhile() -> None:
    """A dialog shown again is not restyled (its widgets kept their styles), unless the
    theme changed while it was closed."""
    app = _Behind()
    async with app.run_test(size=(80, 20)) as pilot:
        app.theme = "textual-dark"
        dialog = KeptQuestion("Sure?")
        app.install_screen(dialog, "kept")
        app.push_screen("kept")
        await settled(pilot)
        box = dialog.query_one(".dialog-box")
        dark = box.styles.border_top[1]
        app.pop_screen()
        await settled(pilot)
        app.theme = "nord"
        await settled(pilot)
        app.push_screen("kept")
        await settled(pilot)
        light = box.styles.border_top[1]
        assert light != dark
        assert light == Color.parse(app.get_css_variables()["warning"])


class _Changes(ConfirmDialog):
    """A dialog whose x changes the screen behind it, as a hazard rolled in its dialog
    changes the Injuries tab's status line."""

    BINDINGS = [("x", "change_behind")]

    def action_change_behind(self) -> None:
        self.app.screen_stack[0].query_one("#behind", Static).update("changed by the dialog")


class _KeysApp(HoldsKeys, App[None]):
    def compose(self) -> ComposeResult:
        yield Static("before the dialog", id="behind")


async def test_what_a_dialogs_key_changes_behind_it_shows_through() -> None:
    """A key's frames are held until its widgets have handled it: released, the tab behind
    the dialog draws its change too (dimmed), not at its next frame of its own."""
    app = _KeysApp()
    terminal = DrawnTerminal(app)
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        app.push_screen(_Changes("Sure?"))
        await settled(pilot)
        await pilot.press("x")
        await settled(pilot)
        assert "changed by the dialog" in terminal.text()
        assert not terminal.stale_cells()


class _Fields(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Input(id="first")
        yield Input(id="second")


class _FocusOnly(RepaintsFocusOnly, _Fields):
    pass


class _FramesApp(App[None]):
    def __init__(self, screen: type[Screen[None]]) -> None:
        super().__init__()
        self.first_screen = screen
        self.updates: list[str] = []

    def on_mount(self) -> None:
        self.push_screen(self.first_screen())

    def _display(self, screen: Screen[Any], renderable: Any) -> None:
        if renderable is not None:
            self.updates.append(type(renderable).__name__)
        super()._display(screen, renderable)


@pytest.mark.parametrize("screen, full_frames", [(_FocusOnly, 0), (_Fields, 1)])
async def test_the_cursor_moving_draws_the_two_widgets_not_the_whole_screen(
    screen: type[Screen[None]], full_frames: int
) -> None:
    app = _FramesApp(screen)
    terminal = DrawnTerminal(app)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        app.updates.clear()
        await pilot.press("tab")
        await settled(pilot)
        assert app.updates  # the two fields restyled
        assert app.updates.count("LayoutUpdate") == full_frames  # Textual's: the whole screen
        assert not terminal.stale_cells()
