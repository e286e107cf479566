"""Everything the app does below Textual's public API, in one place: each piece says which
private part of Textual (8.2.8, pinned) it overrides or reads, and why the public API cannot
do it. `tests/tui/test_textual_private_parts.py` fails on an upgrade that changes one of
them. Also here, on the public API: `KeepsSize`.

Frames. Textual sends every widget of a tab shown again a Resize, though its size is the
size it had. Handled, that drops caches and refits or refills (the roster, the injury
history, the party list), which draws a second frame some 30-60 ms after the tab is already
on screen. A key (a tab switch, a reload, a dialog opening) also queues work for many
widgets, and Textual draws as soon as the screen itself is idle: the widgets' layout
requests arriving after that frame drew another one. Textual's public API alone
(`App.batch_update` held until the widgets are idle, and again after each layout) draws a
key in three to seven frames, a tab shown for the first time blank with the last tab's keys
first, and `bench/bench_keys.py` puts most keys 20-90 ms slower, the roster and the forms
past the 100 ms target: the screens below keep their own frames.

Errors. An error out of a handler stops that widget's message loop for good, and Textual
exits on any error no handler caught: a damaged file or a refused rule is said and the app
goes on (`AnswersAfterDataErrors`, `ReportsCrashes`); anything else leaves a crash report.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from rich.console import Console
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual._context import visible_screen_stack
from textual.color import Color
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import Reactive
from textual.screen import Screen
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget, _RenderCache
from textual.widgets import Tabs
from textual.widgets._tabs import Underline  # the tab bar's; no public name

from gmtool.actions.errors import StoreError
from gmtool.rules.errors import RulesError

if TYPE_CHECKING:
    from textual.app import App
    from textual.await_remove import AwaitRemove
    from textual.dom import DOMNode

    _Mixin = Widget
    _ScreenMixin = Screen[Any]
    _AppMixin = App[Any]
else:
    _Mixin = object  # not a widget: Textual takes a widget's CSS from its first widget base
    _ScreenMixin = object
    _AppMixin = object

_NULL_STYLE = RichStyle()

# A frame is put off at most HOLD_TICKS times by HOLD_TICK seconds while widgets have work.
HOLD_TICKS = 8
HOLD_TICK = 0.003
# The shortest time between two frames of a screen (Textual's is 1/60 s).
FRAME_PERIOD = 1 / 120
# The most layouts in a row before a frame is drawn: widgets resized by a layout ask for
# another (Textual lays out and draws each), which seldom resizes anything more.
LAYOUT_PASSES = 3
_SCREEN_TIMER = "_Screen__update_timer"  # Screen's own (private) attribute for its timer


class KeepsSize(_Mixin):
    """Mixed into a widget (before its widget base): ignores a Resize that repeats the size,
    virtual size and container size it last handled; any other Resize (a new terminal
    size, new content) is handled as usual."""

    _handled_size: tuple[Size, Size, Size] | None = None

    def check_message_enabled(self, message: Message) -> bool:
        if isinstance(message, events.Resize):
            size = (message.size, message.virtual_size, message.container_size)
            if size == self._handled_size:
                return False
            self._handled_size = size
        return super().check_message_enabled(message)


class DrawsWhenSettled(_ScreenMixin):
    """Mixed into a screen (before Screen): it draws once its widgets have handled what a
    key gave them, putting the frame off a tick at a time while any widget has messages
    queued, a layout to ask for or (a table) its size to work out; a few ticks at most, so a
    widget that is never idle cannot hold the screen. A layout and a repaint of the whole
    screen due together are one frame, and the cursor moving repaints only the two widgets.
    Shown (a dialog opening), its layout and the whole-screen repaint Textual asks for next
    are one frame; covered by a dialog, it is not repainted whole for nothing. (Overrides
    Textual's Screen._on_timer_update, _compositor_refresh and focused, pinned version.)"""

    _held = 0  # frames put off in a row
    _resuming = False  # shown again: its layout's frame is put off to the next tick
    _laying_out = False  # in Textual's layout, which draws the frame at its end
    _passes = 0  # layouts done again within this one

    # The cursor moving to another widget restyles the two widgets, which repaint themselves;
    # Textual's Screen.focused also repaints the whole screen, a full frame for nothing.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    @property
    def _update_timer(self) -> Timer:
        """Textual's timer for frames, ticking at FRAME_PERIOD: a frame due waits for its
        tick, up to a period after the one before (at Textual's 60 a second, 17 ms: a key
        drawing three frames could wait 30 ms doing nothing)."""
        timer: Timer | None = getattr(self, _SCREEN_TIMER)
        if timer is None:
            timer = self.set_interval(
                FRAME_PERIOD, self._on_timer_update, name="screen_update", pause=True
            )
            setattr(self, _SCREEN_TIMER, timer)
        return timer

    def _on_timer_update(self) -> None:
        if self._held < HOLD_TICKS and self._widgets_busy():
            self._held += 1
            self._update_timer.pause()
            self.set_timer(HOLD_TICK, self._on_timer_update)
            return
        self._held = 0
        self._resuming = False
        if self._layout_required and self._repaint_required:
            # The whole screen to repaint (shown again, restyled) with a layout due: Textual
            # draws the layout, then the whole screen again straight after. The screen goes
            # into the layout's update instead: one frame.
            self._repaint_required = False
            self._dirty_widgets.add(self)
        super()._on_timer_update()

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # Runs before Textual's, which lays the screen out (drawing it) and then asks for the
        # whole screen to be drawn again: that layout's frame is left to the next one.
        self._resuming = True

    def _on_screen_suspend(self) -> None:
        # Covered by a dialog, which draws this screen (dimmed) as its backdrop: Textual asks
        # for the whole of it to be drawn again, and so the dialog's, for no change. What
        # changes here from now on (the cursor leaving) is still drawn.
        self._repaint_regions.clear()

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        self._laying_out = True
        try:
            super()._refresh_layout(size, scroll)
        finally:
            self._laying_out = False
            self._passes = 0

    def _compositor_refresh(self) -> None:
        if self._resuming and self is self.app.screen:
            self.refresh()  # drawn on the next tick with all the layout changed
            return
        if self._laying_out:
            if self._passes < LAYOUT_PASSES - 1 and self._lay_out_again():
                return  # drawn by the layout done again
            self._repaint_now()
        super()._compositor_refresh()

    def _lay_out_again(self) -> bool:
        """Laid out, the widgets given a new size ask for a layout again (a table shown
        shows its scroll bars only then), and Textual draws each layout. This lays out again
        straight away, as Textual would once those widgets are idle, and draws once."""
        # (the layers, as Textual sizes them: its widgets and their scroll bars)
        asking = [widget for widget, _ in self._compositor.layers if widget._layout_required]
        if not asking:
            return False
        for widget in asking:
            widget._layout_required = False
            for ancestor in widget.ancestors:  # as Textual's Widget._check_refresh does
                if not isinstance(ancestor, Widget):
                    break
                ancestor._clear_arrangement_cache()
                ancestor._layout_updates += 1
                if not ancestor.styles.auto_dimensions:
                    break
        self._passes += 1
        super()._refresh_layout()
        return True

    def _repaint_now(self) -> None:
        """Widgets resized by the layout ask to be repainted (their scroll bars too), which
        Textual does in a frame of its own once they are idle: done in this one instead."""
        repainting = {widget for widget, _ in self._compositor.layers if widget._repaint_required}
        for widget in repainting:
            widget._repaint_required = False
        self._compositor.update_widgets(repainting)

    def _widgets_busy(self) -> bool:
        return any(
            widget.message_queue_size
            or widget._layout_required
            or getattr(widget, "_require_update_dimensions", False)  # a DataTable, once idle
            for widget in self.walk_children(Widget)
        )


class LaysOutOnce(_AppMixin):
    """Mixed into the App (before App): a dialog that closes does not lay out the screen
    below it a second time. Textual asks the app for a layout once a removed screen's
    messages have stopped, by then the screen shown again has laid itself out and drawn:
    that asked for another layout and two more frames, 20-30 ms for a tab with a big table.
    (Overrides Textual's App._prune, pinned version.)"""

    def _prune(self, *nodes: Widget, parent: DOMNode | None = None) -> AwaitRemove:
        if parent is not self or not all(isinstance(node, Screen) for node in nodes):
            return super()._prune(*nodes, parent=parent)
        removed = super()._prune(*nodes, parent=None)
        # What Textual does besides: the mouse may now be over another widget.
        removed._post_remove = self._mouse_over_shown_screen
        return removed

    def _mouse_over_shown_screen(self) -> None:
        if self.screen_stack:
            self._update_mouse_over(self.screen)


class DimsBackdrop(_ScreenMixin):
    """Mixed into a see-through modal screen (before Screen): the tab behind it is dimmed
    from the lines the screen behind already drew, a cell style at a time, each style's
    dimmed look worked out once.

    Textual draws a modal screen's backdrop by rendering the screen behind through Rich and
    tinting every cell anew, each time the modal screen is refreshed (three or four times as
    a dialog opens, as the tab behind gives up the focus): a third of the time a dialog's
    key took. The look is the same: the tint over each cell, the screen's own style on top,
    and no mouse actions or links left on the dimmed cells. A change behind (the tab giving
    up the cursor) dims again only the rows it touched. (Overrides Textual's
    Widget._render_content, pinned version.)"""

    # What the backdrop was last made from (the screen behind, the size, the screen's style
    # and tint) and its lines: a change behind redraws only the rows it dirtied.
    _backdrop: tuple[tuple[object, ...], list[Strip]] | None = None

    def _render_content(self) -> None:
        stack = visible_screen_stack.get(None)
        tint = self.styles.background
        if not stack or stack[-1] is self or tint.a >= 1:
            super()._render_content()
            return
        behind = stack.pop()  # as Screen.render does: a dialog behind takes the next one
        width, height = self.size
        base = self.visual_style.rich_style
        dim = _dimmer(base, tint)
        made_from = (behind, self.size, base, tint)
        rows = self._dirty_rows(height)
        kept = self._backdrop if self._backdrop and self._backdrop[0] == made_from else None
        changed = _rows_of(behind, width, rows) if kept and rows is not None else None
        if kept and changed is not None:
            lines = kept[1]
            for y, line in changed:
                lines[y] = dim(line)
        else:
            lines = [dim(line) for line in behind._compositor.render_strips()[:height]]
        if any(line.cell_length != width for line in lines):
            lines = [line.crop_extend(0, width, None) for line in lines]
        self._backdrop = (made_from, lines)
        self._render_cache = _RenderCache(self.size, lines)
        self._dirty_regions.clear()

    def _dirty_rows(self, height: int) -> list[int] | None:
        """The rows of the screen marked for drawing again, or None for all of them."""
        rows: set[int] = set()
        for region in self._dirty_regions:
            if region.y <= 0 and region.bottom >= height:
                return None
            rows.update(range(max(region.y, 0), min(region.bottom, height)))
        return sorted(rows)


def _rows_of(screen: Screen[Any], width: int, rows: list[int]) -> list[tuple[int, Strip]] | None:
    """Some rows of a screen as it draws them (None if a row has a gap: drawn whole)."""
    if not rows:
        return []
    crop = Region(0, rows[0], width, rows[-1] - rows[0] + 1)
    chops = screen._compositor._render_chops(crop, set(rows).__contains__)
    drawn = []
    for y in rows:
        if y >= len(chops) or None in chops[y].values():
            return None
        drawn.append((y, Strip.join(chops[y].values())))
    return drawn


# Dimmed styles by (the screen's style, the tint): what each cell style of a screen behind
# becomes. A few hundred styles at most in a session; started afresh past _DIMMED_MOST.
_DIMMED: dict[tuple[RichStyle, Color], dict[RichStyle | None, RichStyle]] = {}
_DIMMED_MOST = 20_000


def _dimmer(base: RichStyle, tint: Color) -> Callable[[Strip], Strip]:
    """A function that dims a line of the screen behind, as Textual's BackgroundScreen does
    (tint added to each cell's colours, mouse actions and links cleared), with `base` (the
    screen's own style) applied over it as Textual applies a widget's style."""
    if sum(len(known) for known in _DIMMED.values()) > _DIMMED_MOST:
        _DIMMED.clear()
    known = _DIMMED.setdefault((base, tint), {})
    remembered = known.get

    def dimmed(style: RichStyle | None) -> RichStyle:
        plain = _NULL_STYLE if style is None else style.clear_meta_and_links()
        fg = plain.color
        bg = plain.bgcolor
        tinted = plain + RichStyle.from_color(
            (Color.from_rich_color(fg) + tint).rich_color if fg is not None else None,
            (Color.from_rich_color(bg) + tint).rich_color if bg is not None else None,
        )
        known[style] = base + tinted
        return known[style]

    def dim(line: Strip) -> Strip:
        return Strip(
            [Segment(text, remembered(style) or dimmed(style)) for text, style, _control in line],
            line.cell_length,
        )

    return dim


def place_underline(bar: Tabs) -> None:
    """A tab bar's underline under its active tab now, in the frame that shows the tab:
    Textual moves it a refresh later, one frame more for every switch. (Its later move finds
    the underline in place and draws nothing.)"""
    tab = bar.active_tab
    if tab is None or not tab.region:
        return  # not laid out yet: Textual's own move places it
    start, end = tab.virtual_region.shrink(tab.styles.gutter).column_span
    underline = bar.query_one(Underline)
    underline.highlight_start, underline.highlight_end = start, end


# -- errors ------------------------------------------------------------------------------
DATA_ERRORS = (StoreError, RulesError)


class _SaysDataErrors(Protocol):
    def show_data_error(self, error: StoreError | RulesError) -> None: ...
    def report_crash(self, error: Exception) -> Path | None: ...


class AnswersAfterDataErrors(_Mixin):
    """Mixed into a widget (before its widget base): a handler of it that meets a damaged
    file or a refused rule says so, and the widget goes on handling its messages."""

    async def _dispatch_message(self, message: Message) -> None:
        try:
            await super()._dispatch_message(message)
        except DATA_ERRORS as exc:
            cast(_SaysDataErrors, self.app).show_data_error(exc)


class ReportsCrashes(_AppMixin):
    """Mixed into the App (before App): what `AnswersAfterDataErrors` does for a widget,
    for the app's own handlers (a key's action runs in them), and a crash report for what
    no handler caught. The app's `show_data_error` says a data error, `report_crash`
    writes the report (None if it could not)."""

    async def _dispatch_message(self, message: Message) -> None:
        try:
            await super()._dispatch_message(message)
        except DATA_ERRORS as exc:
            cast(_SaysDataErrors, self).show_data_error(exc)

    def _handle_exception(self, error: Exception) -> None:
        if isinstance(error, DATA_ERRORS):
            cast(_SaysDataErrors, self).show_data_error(error)
            return
        if cast(_SaysDataErrors, self).report_crash(error) is not None:
            # Textual prints the traceback as it exits: the report holds it, and the gmtool
            # command says where the report is instead.
            self.error_console = Console(file=io.StringIO())
        super()._handle_exception(error)
