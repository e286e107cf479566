"""A tab shown again is drawn in one go: widgets that keep their size do not refill, the
footer draws nothing new for the same keys, the tab bar's underline moves with the tab, and
the main screen draws once its widgets have handled what the key gave them."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual._context import visible_screen_stack
from textual.app import App, ComposeResult
from textual.color import Color
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Input, Static, Tabs
from textual.widgets._tabs import Underline

from gmtool.tui.app import GmApp, MainScreen
from gmtool.tui.dialogs import ConfirmDialog
from gmtool.tui.footer import KeyFooter
from gmtool.tui.widgets import steady
from gmtool.tui.widgets.steady import (
    FRAME_PERIOD,
    HOLD_TICKS,
    DimsBackdrop,
    DrawsWhenSettled,
    KeepsSize,
    LaysOutOnce,
)

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
        await pilot.pause()
        first = widget.resizes
        assert first >= 1  # its first size is handled
        widget.display = False
        await pilot.pause()
        widget.display = True
        await pilot.pause()
        assert widget.resizes == first  # shown again, same size: nothing to refit
        await pilot.resize_terminal(60, 12)
        await pilot.pause()
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
        underline = bar.query_one(Underline)
        assert (underline.highlight_start, underline.highlight_end) == (start, end)
        await pilot.pause()  # the tab's widgets built before the app closes


async def test_the_main_screen_waits_for_busy_widgets_a_few_ticks_at_most(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MainScreen)
        assert not screen._widgets_busy()  # settled
        frames: list[int] = []
        monkeypatch.setattr(MainScreen, "_widgets_busy", lambda self: True)
        monkeypatch.setattr(GmApp, "_display", lambda self, screen, update: frames.append(1))
        screen._held = 0
        screen.refresh()
        for _ in range(HOLD_TICKS):
            screen._on_timer_update()
        assert frames == []  # put off while widgets are busy
        screen._on_timer_update()
        assert frames  # but not for ever
        assert screen._held == 0


class Settled(DrawsWhenSettled, Screen[None]):
    def compose(self) -> ComposeResult:
        yield Input(id="first")
        yield Input(id="second")
        yield Static("more", id="more")


class SettledApp(App[None]):
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


class PlainScreen(Screen[None]):
    compose = Settled.compose


@pytest.mark.parametrize("screen, full_frames", [(Settled, 0), (PlainScreen, 1)])
async def test_the_cursor_moving_draws_the_two_widgets_not_the_whole_screen(
    screen: type[Screen[None]], full_frames: int
) -> None:
    app = SettledApp(screen)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        app.updates.clear()
        await pilot.press("tab")
        await pilot.pause()
        assert app.updates  # the two fields restyled
        assert app.updates.count("LayoutUpdate") == full_frames  # Textual's: the whole screen


async def test_a_layout_and_a_repaint_of_the_screen_are_drawn_in_one_frame() -> None:
    app = SettledApp(Settled)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        screen = app.screen
        app.updates.clear()
        screen.query_one("#more", Static).display = False  # a layout
        screen.refresh()  # and the screen itself
        await pilot.pause()
        assert app.updates == ["LayoutUpdate"]


class TableScreen(DrawsWhenSettled, Screen[None]):
    def compose(self) -> ComposeResult:
        yield DataTable[str]()


async def test_the_screen_waits_for_a_table_to_size_itself() -> None:
    """A table works out its size (and so its scroll bars) once idle: drawn before that, the
    scroll bars come a frame later."""
    app = SettledApp(TableScreen)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert not screen._widgets_busy()
        table = screen.query_one(DataTable)
        table.add_column("n")
        table.add_rows([str(n)] for n in range(50))
        assert screen._widgets_busy()
        await pilot.pause()
        assert not screen._widgets_busy()
        assert table.virtual_size.height > table.size.height  # sized: it scrolls


class PlainTableScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("a list", id="list")
        table = DataTable[str](id="table")
        table.display = False
        yield table


class SettledTableScreen(DrawsWhenSettled, PlainTableScreen):
    pass


@pytest.mark.parametrize(
    "screen, one_frame", [(SettledTableScreen, True), (PlainTableScreen, False)]
)
async def test_a_table_shown_with_more_rows_than_fit_is_drawn_in_one_frame(
    screen: type[Screen[None]], one_frame: bool
) -> None:
    """Shown, a table is given its size by a layout and only then shows its scroll bars,
    asking for another layout; the widgets that layout resizes ask to be repainted. Textual
    draws each: three frames, where the one is laid out three times and drawn once."""
    app = SettledApp(screen)
    terminal = DrawnTerminal(app)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        table.add_column("n")
        table.add_rows([str(n)] for n in range(50))
        await pilot.pause()
        app.updates.clear()
        table.display = True
        await settled(pilot)
        assert (len(app.updates) == 1) is one_frame
        assert table.show_vertical_scrollbar
        assert not terminal.stale_cells()


async def test_the_roster_is_shown_in_one_frame(app_factory: Callable[..., GmApp]) -> None:
    """R at 80x24: the cursor moves to the roster (the ships list goes aside and the
    footer changes with it), the roster is shown with its scroll bar, and the underline
    moves to Roster: one frame."""
    app = app_factory(demo=True)
    terminal = DrawnTerminal(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await pilot.pause()
        frames: list[str] = []
        real = app._display

        def display(screen: Screen[Any], renderable: Any) -> None:
            if renderable is not None:
                frames.append(type(renderable).__name__)
            real(screen, renderable)

        app._display = display  # type: ignore[method-assign]
        await pilot.press("R")
        await settled(pilot)
        assert isinstance(app.focused, DataTable) and app.focused.id == "roster-table"
        assert len(frames) == 1
        assert not terminal.stale_cells()


class SettledDialog(DimsBackdrop, DrawsWhenSettled, ModalScreen[None]):
    DEFAULT_CSS = "SettledDialog { align: center middle; } #box { width: 20; height: 3; }"

    def compose(self) -> ComposeResult:
        yield Input(id="box")


async def test_a_dialog_opens_in_one_full_frame_and_follows_changes_behind_by_rows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Textual draws a dialog's layout, then the whole dialog again (asked by its resume),
    then again for the screen it covers (asked to repaint whole): one full frame here. A
    change behind it later dims again only the rows it touched, and looks as drawn afresh."""
    app = SettledApp(Settled)
    terminal = DrawnTerminal(app)
    rows_dimmed: list[list[int]] = []
    real_rows_of = steady._rows_of

    def rows_of(screen: Screen[Any], width: int, rows: list[int]) -> Any:
        rows_dimmed.append(rows)
        return real_rows_of(screen, width, rows)

    monkeypatch.setattr(steady, "_rows_of", rows_of)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        behind = app.screen
        app.updates.clear()
        await app.push_screen(SettledDialog())
        await settled(pilot)
        assert app.updates.count("LayoutUpdate") == 1
        app.updates.clear()
        more = behind.query_one("#more", Static)
        more.update("changed behind the dialog")
        await settled(pilot)
        assert app.updates and "LayoutUpdate" not in app.updates
        assert rows_dimmed and set(rows_dimmed[-1]) <= set(range(more.region.y, 12))
        assert not terminal.stale_cells()


class SettledOnceApp(LaysOutOnce, SettledApp):
    pass


@pytest.mark.parametrize("app_class, lays_out", [(SettledOnceApp, False), (SettledApp, True)])
async def test_a_dialog_closing_does_not_lay_out_the_screen_below_again(
    app_class: type[SettledApp], lays_out: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual lays the screen below out again once the closed dialog is removed, though
    nothing in it changed: on a busy tab that came after the screen had drawn itself, a
    second layout and frame for nothing."""
    app = app_class(Settled)
    terminal = DrawnTerminal(app)
    laid_out: list[Screen[Any]] = []
    real = Screen._refresh_layout

    def refresh_layout(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
        laid_out.append(screen)
        real(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        below = app.screen
        await app.push_screen(SettledDialog())
        await settled(pilot)
        app.updates.clear()
        laid_out.clear()
        app.pop_screen()
        await settled(pilot)
        assert (below in laid_out) is lays_out
        if not lays_out:
            assert app.updates.count("LayoutUpdate") == 1  # the screen below, drawn whole
        assert not terminal.stale_cells()


async def test_screens_draw_at_most_a_frame_period_apart(
    app_factory: Callable[..., GmApp],
) -> None:
    """A frame due waits for the screen's timer: at Textual's 60 a second a key's second and
    third frames each waited up to 17 ms."""
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        for screen in app.screen_stack:
            assert isinstance(screen, DrawsWhenSettled)
            assert screen._update_timer._interval == FRAME_PERIOD < 1 / 60


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
        await pilot.pause()
        assert app._keys_held is not None and [k.key for k in app._keys_held] == ["n", "X", "y"]
        # never released: the keys are handled once the hold's safety runs out
        await _until(lambda: type(app.screen).__name__ == "ShipFormScreen")
        await _until(lambda: app.screen.query_one("#form-name", Input).value == "Xy")


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


# -- a dialog's dimmed backdrop ---------------------------------------------------------------
class Behind(App[None]):
    """A screen with text behind a dialog; DIALOG is the dialog class to push."""

    CSS = "#behind { color: $accent; background: $boost; } Input { color: $warning; }"

    def __init__(self, dialog: type[Screen[Any]]) -> None:
        super().__init__()
        self.dialog = dialog

    def compose(self) -> ComposeResult:
        yield Static("[b]before[/b] the dialog, [i]in colour[/i]", id="behind")
        yield Input("typed", id="field")


DIALOG_CSS = """
TextualDimmed { align: center middle; }
#box { width: 20; height: 3; border: thick $primary; background: $surface; }
"""


class TextualDimmed(ModalScreen[None]):
    DEFAULT_CSS = DIALOG_CSS

    def compose(self) -> ComposeResult:
        yield Static("a dialog", id="box")


class OursDimmed(DimsBackdrop, TextualDimmed):
    pass


async def _screenshot(dialog: type[Screen[Any]]) -> str:
    app = Behind(dialog)
    async with app.run_test(size=(50, 12)) as pilot:
        await pilot.pause()  # the screen behind is drawn
        app.push_screen(dialog())
        await pilot.pause()
        return app.export_screenshot()


async def test_the_dimmed_backdrop_looks_as_textual_draws_it() -> None:
    ours = await _screenshot(OursDimmed)
    assert "before" in ours and "colour" in ours and "typed" in ours
    assert ours == await _screenshot(TextualDimmed)


def _screen_text(app: App[Any]) -> str:
    visible_screen_stack.set(app._background_screens)  # as Textual sets it for a frame
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_the_backdrop_follows_the_screen_behind() -> None:
    app = Behind(OursDimmed)
    async with app.run_test(size=(50, 12)) as pilot:
        await pilot.pause()
        app.push_screen(OursDimmed())
        await pilot.pause()
        assert "before the dialog" in _screen_text(app)
        app.screen_stack[0].query_one("#behind", Static).update("after the change")
        await pilot.pause()
        assert "after the change" in _screen_text(app)
        assert "before the dialog" not in _screen_text(app)


class KeptQuestion(ConfirmDialog):
    pass


async def test_a_kept_dialog_shown_again_takes_a_theme_changed_meanwhile() -> None:
    app = Behind(KeptQuestion)
    async with app.run_test(size=(80, 20)) as pilot:
        app.theme = "textual-dark"
        dialog = KeptQuestion("Sure?")
        app.install_screen(dialog, "kept")
        app.push_screen("kept")
        await pilot.pause()
        box = dialog.query_one(".dialog-box")
        dark = box.styles.border_top[1]
        app.pop_screen()
        await pilot.pause()
        app.theme = "nord"
        await pilot.pause()
        app.push_screen("kept")
        await pilot.pause()
        light = box.styles.border_top[1]
        assert light != dark
        assert light == Color.parse(app.get_css_variables()["warning"])
