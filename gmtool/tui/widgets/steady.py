"""Where the app reaches below Textual's public API: three names, each for what no public
API does. `tests/tui/test_textual_private_parts.py` holds them to Textual's current code (an
upgrade that changes one fails there, not in a GM's session) and counts the private names
used under `gmtool/tui` and `gmtool/player`. Also here, on the public API: `KeepsSize`,
`RepaintsFocusOnly` and `place_underline`.

A dialog built ahead. Textual makes a screen's widgets as it is first pushed; the battle
set-up form's take the n that opens it past 100 ms. `mount_ahead` makes them while the GM
reads the tab (`App._get_screen`, what `push_screen` does first with a new screen).

Errors. An error out of a handler stops that widget's message loop for good, and Textual
exits on any error no handler caught; no public hook sees either. A damaged file or a
refused rule is said and the app goes on (`AnswersAfterDataErrors`, `ReportsCrashes`, both
around `MessagePump._dispatch_message`); anything else leaves a crash report
(`App._handle_exception`, where Textual ends the app).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from rich.console import Console
from textual import events
from textual.app import App
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Tabs

from gmtool.actions.errors import StoreError
from gmtool.rules.errors import RulesError

if TYPE_CHECKING:
    _Mixin = Widget
    _ScreenMixin = Screen[Any]
    _AppMixin = App[Any]
else:
    _Mixin = object  # not a widget: Textual takes a widget's CSS from its first widget base
    _ScreenMixin = object
    _AppMixin = object


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


class RepaintsFocusOnly(_ScreenMixin):
    """Mixed into a screen (before Screen): the cursor moving to another widget restyles
    the two widgets, which repaint themselves; Textual's `Screen.focused` also repaints the
    whole screen, a full frame for nothing (a tab's, a form's)."""

    focused: Reactive[Widget | None] = Reactive(None, repaint=False)


def place_underline(bar: Tabs) -> None:
    """A tab bar's underline under its active tab now, in the frame that shows the tab:
    Textual moves it a refresh later, one frame more for every switch. (Its later move finds
    the underline in place and draws nothing.) The underline is found by its type name, as
    the tab bar's CSS does: its class is not public."""
    tab = bar.active_tab
    if tab is None or not tab.region:
        return  # not laid out yet: Textual's own move places it
    start, end = tab.virtual_region.shrink(tab.styles.gutter).column_span
    underline: Any = bar.query_one("Underline")
    underline.highlight_start, underline.highlight_end = start, end


def mount_ahead(app: App[Any], name: str) -> None:
    """Make the widgets of the screen installed under `name` now, not when it is pushed."""
    app._get_screen(name)


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
