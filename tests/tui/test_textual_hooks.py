"""The private Textual methods `gmtool/tui/textual_hooks.py` overrides are still there, with
the signature it overrides and called where it relies on: a Textual upgrade that changes one
fails here, not in a GM's session."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest
from textual.app import App
from textual.message_pump import MessagePump

from gmtool.store import CampaignCorrupt
from gmtool.tui.app import GmApp
from gmtool.tui.pane import GmPane
from gmtool.tui.tabs.dice.pane import DiceLogPane
from gmtool.tui.textual_hooks import AnswersAfterDataErrors, ReportsCrashes


def _parameters(function: Callable[..., object]) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_textual_dispatches_each_message_through_the_method_overridden() -> None:
    dispatch = MessagePump._dispatch_message
    assert inspect.iscoroutinefunction(dispatch)
    assert _parameters(dispatch) == ["self", "message"]
    loop = inspect.getsource(MessagePump._process_messages_loop)
    assert "await self._dispatch_message(message)" in loop  # the loop a handler's error ends
    assert "self.app._handle_exception(error)" in loop


def test_textual_hands_uncaught_errors_to_the_method_overridden() -> None:
    handle = App._handle_exception
    assert not inspect.iscoroutinefunction(handle)
    assert _parameters(handle) == ["self", "error"]


def test_the_app_and_every_tab_use_the_hooks() -> None:
    assert issubclass(GmApp, ReportsCrashes) and issubclass(GmPane, AnswersAfterDataErrors)
    # before Textual's classes, or Textual's method would run instead
    assert GmApp.__mro__.index(ReportsCrashes) < GmApp.__mro__.index(App)
    assert GmPane.__mro__.index(AnswersAfterDataErrors) < GmPane.__mro__.index(MessagePump)


async def test_a_key_whose_action_meets_a_damaged_file_leaves_the_app_answering(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The action runs in the app's own handler of the key: caught there, the keys after it
    are still handled."""

    def damaged(self: DiceLogPane) -> None:
        raise CampaignCorrupt("rolls.json", "record 1: field total: expected `int`", None)

    monkeypatch.setattr(DiceLogPane, "action_undo", damaged)
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.press("2")  # the next key is still handled: the Crew tab
        await pilot.pause()
        assert app.current_tab().TAB_ID == "crew"
        assert any("rolls.json" in str(n.message) for n in app._notifications)
    assert app.return_code in (None, 0) and app.crash_report is None
