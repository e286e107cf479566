"""What a terminal running the app shows: every frame the app draws, applied cell by cell.

A key's frames are held until the widgets have handled it (tui/key_hold.py), and some
widgets skip a refill (tui/widgets/steady.py). A frame left out wrongly leaves old cells
on the GM's terminal that no snapshot sees (a snapshot renders the whole screen afresh).
`DrawnTerminal` keeps the cells the frames drew; `stale_cells` compares them with the
screen rendered afresh.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.segment import ControlType, Segment
from rich.style import Style
from textual._context import visible_screen_stack
from textual.app import App
from textual.screen import Screen
from textual.widget import Widget
from textual.worker import WorkerState

from gmtool.tui.app import GmApp

Cell = tuple[str, Style]
_PLAIN = Style()


def _cell_style(style: Style | None) -> Style:
    return _PLAIN if style is None else style.clear_meta_and_links()


def _write(cells: dict[tuple[int, int], Cell], x: int, y: int, segment: Segment) -> int:
    style = _cell_style(segment.style)
    for char in segment.text:
        width = cell_len(char)
        cells[x, y] = (char, style)
        for extra in range(1, width):
            cells[x + extra, y] = ("", style)
        x += width
    return x


class DrawnTerminal:
    """Installed on an app (before it runs): keeps what each frame the app draws leaves on
    screen, as a terminal would."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self.cells: dict[tuple[int, int], Cell] = {}
        self.frames = 0
        draw = app._display

        def display(screen: Screen[Any], renderable: Any) -> None:
            if renderable is not None and not app._batch_count:
                self.frames += 1
                self._apply(renderable)
            draw(screen, renderable)

        app._display = display  # type: ignore[method-assign]

    def _apply(self, update: Any) -> None:
        console = self.app.console
        x = y = 0
        for segment in update.__rich_console__(console, console.options):
            if segment.control:
                for code in segment.control:
                    if code[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = code[1], code[2]
            elif segment.text == "\n":
                x, y = 0, y + 1
            else:
                x = _write(self.cells, x, y, segment)

    def screen_afresh(self) -> dict[tuple[int, int], Cell]:
        """The current screen rendered from scratch (with the screens it shows behind it):
        every widget's drawn lines dropped first, so nothing kept from a frame is reused (a
        dialog's dimmed backdrop is made again from the tab behind). Nothing is marked for
        a frame: what the app draws next is what it would have drawn."""
        app = self.app
        for screen in app.screen_stack:
            for widget in (screen, *screen.walk_children(Widget)):
                widget._styles_cache.clear()
                widget._dirty_regions.add(widget.size.region)
        token = visible_screen_stack.set(app._background_screens)
        try:
            strips = app.screen._compositor.render_strips()
        finally:
            visible_screen_stack.reset(token)
        cells: dict[tuple[int, int], Cell] = {}
        for y, strip in enumerate(strips):
            x = 0
            for segment in strip:
                x = _write(cells, x, y, segment)
        return cells

    def stale_cells(self) -> list[str]:
        """Cells where the terminal shows something else than the screen: `x,y drawn/now`."""
        now = self.screen_afresh()
        wrong = []
        for (x, y), cell in sorted(now.items(), key=lambda item: (item[0][1], item[0][0])):
            drawn = self.cells.get((x, y))
            if drawn != cell:
                shown = "nothing" if drawn is None else f"{drawn[0]!r} {drawn[1]}"
                wrong.append(f"{x},{y} drawn {shown} / now {cell[0]!r} {cell[1]}")
        return wrong

    def text(self) -> str:
        """The terminal's characters, line by line (for a failing test's message)."""
        width, height = self.app.size
        return "\n".join(
            "".join(self.cells.get((x, y), ("?", _PLAIN))[0] for x in range(width))
            for y in range(height)
        )


# Pauses `settled` takes at most: never reached by an app that settles, however busy.
SETTLE_PAUSES = 500


def _worker_busy(app: App[Any]) -> bool:
    """A worker yet to start, one at work in a thread, or an async one running while no
    dialog is open: the Battle tab's orders wait for a dialog in a worker, and once it
    closes the worker carries the request out as a task, which no message queue shows."""
    asking = len(app.screen_stack) > 1  # a dialog is open: an async worker may wait for it
    for worker in app.workers:
        if worker.state is WorkerState.PENDING:
            return True
        if worker.state is WorkerState.RUNNING and (worker._thread_worker or not asking):
            return True
    return False


def _idle(app: App[Any]) -> bool:
    """Nothing queued or due: no message, worker, frame held, held key on its way, tab
    still taking the cursor, layout, scroll, recompose or repaint, and no callback waiting
    for a refresh (`call_after_refresh`: a footer shown again, a cursor put back)."""
    if app.message_queue_size or app._batch_count or _worker_busy(app):
        return False
    if isinstance(app, GmApp) and (app._travelling is not None or app.keys_awaited()):
        return False
    shown = app.screen  # (a screen below a dialog keeps its flags until shown again)
    if (
        shown._layout_required
        or shown._repaint_required
        or shown._scroll_required
        or shown._recompose_required
        or shown._dirty_widgets
    ):
        return False
    for screen in app.screen_stack:
        if screen.message_queue_size or screen._callbacks:
            return False
        for widget in screen.walk_children(Widget):
            if widget.message_queue_size:
                return False
            if screen is shown and (
                widget._layout_required or widget._repaint_required or widget._recompose_required
            ):
                return False
    return True


async def settled(pilot: Any) -> None:
    """Wait until the app has nothing left to do: no messages queued, no layout or repaint
    due, twice in a row. `Pilot.pause` alone waits until the process looks idle, which a
    busy machine (the process waiting for a core) fakes: what it returns to may be half
    done."""
    quiet = 0
    for _ in range(SETTLE_PAUSES):
        await pilot.pause()
        quiet = quiet + 1 if _idle(pilot.app) else 0
        if quiet == 2:
            return
    # Quiet once at a time but never twice in a row: on a loaded machine each pause can
    # straddle a toast's or a timer's repaint. The test's own asserts judge what was done.
    if quiet == 0 and pilot.app.message_queue_size:
        raise AssertionError("the app never settled: its messages kept coming")


# Pauses `done` takes at most: never reached by an app that handles its keys, however busy.
DONE_PAUSES = 500
FOOTER_PAUSES = 100


async def done(pilot: Any) -> None:
    """Wait until no key is held (a tab or dialog being built) and the app has settled:
    `Pilot.pause` alone returns when the process looks idle, which a busy machine fakes.
    Another app (a dialog's test host) has no held keys: it only settles."""
    app = pilot.app
    for _ in range(DONE_PAUSES):
        if not isinstance(app, GmApp) or app._keys_held is None:
            break
        await pilot.pause()
    await settled(pilot)


async def footer_fitted(pilot: Any) -> None:
    """Wait until the shown footer is laid out for the keys it offers now, as its own next
    layout would. It hears of keys that came with a reload after the app looks settled, and
    a dialog opened before that keeps the footer's old rows under it (the tab behind one row
    taller in one run and not in the next)."""
    from gmtool.tui.footer import KeyFooter

    for _ in range(FOOTER_PAUSES):
        footers = [f for f in pilot.app.screen.query(KeyFooter) if f.visible and f.size.width]
        if all(f.size.height == f._rows(f.items(), f.size.width) for f in footers):
            return
        await pilot.pause()
