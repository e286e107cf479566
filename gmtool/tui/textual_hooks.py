"""The app's only ties to Textual below its public API: two private methods it overrides,
because Textual offers no public way to do what they do. `tests/tui/test_textual_hooks.py`
fails on a Textual upgrade that changes either.

- `MessagePump._dispatch_message(message)`: where a widget (or the app) handles one message.
  An error out of it stops that widget's message loop for good (the widget, or the whole
  app, no longer answers). A damaged file or a refused rule is caught here instead: it is
  said, and the tab keeps answering its keys.
- `App._handle_exception(error)`: Textual calls it with every error no handler caught, and
  exits printing a traceback. A data error is said and the app goes on; anything else is a
  bug: a crash report is written before Textual exits (with code 1, and re-raising it in a
  Pilot test), and the command line gets one line naming the report, not the traceback.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from rich.console import Console

from gmtool.rules.errors import RulesError
from gmtool.store.errors import StoreError

if TYPE_CHECKING:
    from textual.app import App
    from textual.message import Message
    from textual.widget import Widget

    _AppMixin = App[Any]
    _WidgetMixin = Widget
else:
    _AppMixin = object
    _WidgetMixin = object  # not a widget: Textual takes a widget's CSS from its first widget base

DATA_ERRORS = (StoreError, RulesError)


class _SaysDataErrors(Protocol):
    def show_data_error(self, error: StoreError | RulesError) -> None: ...
    def report_crash(self, error: Exception) -> Path | None: ...


class AnswersAfterDataErrors(_WidgetMixin):
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
