"""Every private part of Textual the app uses (all in `gmtool/tui/widgets/steady.py`) is still
there, with the signature or the value it relies on, and no other module of the app reaches
below Textual's public API for them: a Textual upgrade that changes one fails here, not in a
GM's session."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.await_remove import AwaitRemove
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Static, Tabs

from gmtool.store import CampaignCorrupt
from gmtool.tui.app import GmApp
from gmtool.tui.pane import GmPane
from gmtool.tui.tabs.dice.pane import DiceLogPane
from gmtool.tui.widgets import steady

TUI = Path(steady.__file__).parents[1]


def _parameters(function: Callable[..., object]) -> list[str]:
    return list(inspect.signature(function).parameters)


# (class, method, its parameters): the methods the module overrides or calls
METHODS = [
    (MessagePump, "_dispatch_message", ["self", "message"]),
    (App, "_handle_exception", ["self", "error"]),
    (App, "_prune", ["self", "nodes", "parent"]),
    (App, "_update_mouse_over", ["self", "screen"]),
    (Screen, "_on_timer_update", ["self"]),
    (Screen, "_refresh_layout", ["self", "size", "scroll"]),
    (Screen, "_compositor_refresh", ["self"]),
    (Screen, "_on_screen_resume", ["self", "event"]),
    (Screen, "_on_screen_suspend", ["self"]),
    (Widget, "_render_content", ["self"]),
    (Widget, "_clear_arrangement_cache", ["self"]),
]


@pytest.mark.parametrize(("owner", "name", "parameters"), METHODS)
def test_the_private_methods_used_are_there(owner: type, name: str, parameters: list[str]) -> None:
    assert _parameters(getattr(owner, name)) == parameters


def test_textual_hands_errors_to_the_methods_overridden() -> None:
    loop = inspect.getsource(MessagePump._process_messages_loop)
    assert "await self._dispatch_message(message)" in loop  # the loop an error ends
    assert "self.app._handle_exception(error)" in loop
    assert "self._post_remove = post_remove" in inspect.getsource(AwaitRemove.__init__)


def test_the_private_names_imported_are_there() -> None:
    from textual._context import visible_screen_stack
    from textual.widget import _RenderCache
    from textual.widgets._tabs import Underline

    assert visible_screen_stack.name == "visible_screen_stack"
    assert _parameters(_RenderCache) == ["size", "lines"]
    assert {"highlight_start", "highlight_end"} <= set(Underline._reactives)


class _Parts(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("x")
        yield DataTable[str]()
        yield Tabs("a", "b")


async def test_the_private_fields_read_and_set_are_there() -> None:
    app = _Parts()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert getattr(screen, steady._SCREEN_TIMER) is not None  # the screen's frame timer
        for field in ("_layout_required", "_repaint_required", "_dirty_widgets"):
            assert hasattr(screen, field)
        assert isinstance(screen._repaint_regions, set)
        assert hasattr(screen._compositor, "_render_chops")
        static = app.query_one(Static)
        for field in ("_layout_required", "_repaint_required", "_layout_updates"):
            assert hasattr(static, field)
        assert isinstance(static._dirty_regions, set)
        assert hasattr(static, "_render_cache")
        assert hasattr(app.query_one(DataTable), "_require_update_dimensions")


def test_the_app_and_every_tab_use_the_error_hooks() -> None:
    # before Textual's classes, or Textual's method would run instead
    assert GmApp.__mro__.index(steady.ReportsCrashes) < GmApp.__mro__.index(App)
    assert GmPane.__mro__.index(steady.AnswersAfterDataErrors) < GmPane.__mro__.index(MessagePump)


def _private(path: Path) -> list[str]:
    """Imports of Textual's private modules or names in a module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
            module = node.module or ""
            if any(part.startswith("_") for part in module.split(".")):
                found.append(f"{path.name}:{node.lineno} {module}")
            found += [f"{path.name}:{node.lineno} {a.name}" for a in node.names if a.name[0] == "_"]
    return found


def test_no_other_module_imports_private_textual_parts() -> None:
    player = TUI.parent / "player"
    modules = [*TUI.rglob("*.py"), *player.rglob("*.py")]
    found = [hit for path in modules if path.name != "steady.py" for hit in _private(path)]
    assert found == []


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
