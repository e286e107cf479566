"""The private parts of Textual the app uses: at most three names, all in
`gmtool/tui/widgets/steady.py`, each still there with the signature and the place in
Textual's code the app relies on. A Textual upgrade that changes one fails here, not in a
GM's session; a module that reaches below Textual's public API fails the count."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import textual
from textual.app import App, ComposeResult
from textual.message_pump import MessagePump
from textual.reactive import Reactive
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input

import gmtool.player
import gmtool.tui
from gmtool.store import CampaignCorrupt
from gmtool.tui.app import GmApp
from gmtool.tui.pane import GmPane
from gmtool.tui.tabs.dice.pane import DiceLogPane
from gmtool.tui.widgets import steady
from tests.tui.drawn import done

MOST_NAMES = 3
# The names the app uses, each with the one reason no public API does it (steady.py says more)
ALLOWED = {
    # a dialog's widgets made while the GM reads the tab, not on the key that opens it
    "_get_screen",
    # a handler's damaged file or refused rule is said and its widget goes on handling keys
    "_dispatch_message",
    # an error no handler caught leaves a crash report (and Textual ends the app)
    "_handle_exception",
}
PACKAGES = (gmtool.tui, gmtool.player)


_Names = dict[tuple[str, str], set[str]]


def _parameters(function: Callable[..., object]) -> list[str]:
    return list(inspect.signature(function).parameters)


def test_the_private_methods_overridden_are_there() -> None:
    assert _parameters(MessagePump._dispatch_message) == ["self", "message"]
    assert inspect.iscoroutinefunction(MessagePump._dispatch_message)
    assert _parameters(App._handle_exception) == ["self", "error"]


def test_the_private_method_called_is_there() -> None:
    assert _parameters(App._get_screen) == ["self", "screen"]
    assert "self._get_screen(screen)" in inspect.getsource(App.push_screen)  # what a push does


class _Form(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Input(id="field")


async def test_a_screen_mounted_ahead_has_its_widgets_before_it_is_pushed() -> None:
    app: App[None] = App()
    async with app.run_test(size=(40, 10)) as pilot:
        app.install_screen(_Form(), "form")
        steady.mount_ahead(app, "form")
        await done(pilot)
        form = app.get_screen("form")
        assert form.is_mounted and form.query_one("#field", Input)
        await app.push_screen("form")
        assert app.screen is form


def test_textual_hands_errors_to_the_methods_overridden() -> None:
    loop = inspect.getsource(MessagePump._process_messages_loop)
    assert "await self._dispatch_message(message)" in loop  # the loop an error ends
    assert "self.app._handle_exception(error)" in loop


def test_the_app_and_every_tab_use_the_error_hooks() -> None:
    # before Textual's classes, or Textual's method would run instead
    assert GmApp.__mro__.index(steady.ReportsCrashes) < GmApp.__mro__.index(App)
    assert GmPane.__mro__.index(steady.AnswersAfterDataErrors) < GmPane.__mro__.index(MessagePump)


# -- the count ---------------------------------------------------------------------------------
def _modules() -> list[object]:
    found = []
    for package in PACKAGES:
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            found.append(importlib.import_module(info.name))
    return found


def _files() -> list[Path]:
    return [path for p in PACKAGES for path in Path(p.__path__[0]).rglob("*.py")]


class _Blank(Widget):
    pass


# What Textual (and Python's ABCs) set on every class derived from theirs: not the app's doing.
_SET_ON_EVERY_CLASS = {name for name in vars(_Blank) if name.startswith("_")} | {"_abc_impl"}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _overrides() -> Iterator[tuple[str, str]]:
    """(module, name) for every private method or field of a Textual class that a class of
    the app (or a mixin of it) defines again."""
    for module in _modules():
        for cls in vars(module).values():
            if not inspect.isclass(cls) or cls.__module__ != getattr(module, "__name__", ""):
                continue
            textual_bases = [b for b in cls.__mro__ if b.__module__.startswith("textual")]
            ours = [b for b in cls.__mro__ if b.__module__.startswith("gmtool")]
            for klass in ours:
                for name in vars(klass):
                    if not _private(name) or name in _SET_ON_EVERY_CLASS:
                        continue
                    if isinstance(vars(klass).get(name.removeprefix("_default_")), Reactive):
                        continue  # what a public reactive declared again keeps (Reactive does)
                    if any(name in vars(base) for base in textual_bases):
                        yield klass.__module__, name


def _defined(tree: ast.AST) -> set[str]:
    """The private names a module defines: functions, classes, fields, globals."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return {name for name in names if _private(name)}


def _textual_private_names() -> dict[tuple[str, str], set[str]]:
    """The private names each Textual class defines (its methods and the fields its methods
    set), by (module, class); ("", "") holds every private name of Textual's code."""
    root = Path(textual.__file__).parent
    found: dict[tuple[str, str], set[str]] = {("", ""): set()}
    for path in root.rglob("*.py"):
        module = ".".join(("textual", *path.relative_to(root).with_suffix("").parts))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found[("", "")] |= _defined(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                found[(module.removesuffix(".__init__"), node.name)] = _defined(node)
    return found


def _textual_fields_of(module: str, class_name: str, textual_names: _Names) -> set[str]:
    """The private names the Textual classes an app class derives from define."""
    cls = getattr(importlib.import_module(module), class_name, None)
    if not inspect.isclass(cls):
        return set()
    users = [cls]  # a mixin: the Textual classes of the app classes it is mixed into
    while users and not any(b.__module__.startswith("textual") for u in users for b in u.__mro__):
        users = [sub for user in users for sub in user.__subclasses__()]
    return {
        name
        for user in users
        for base in user.__mro__
        for name in textual_names.get((base.__module__, base.__name__), set())
    }


def _mangled(node: ast.AST) -> bool:
    """A name-mangled Textual field spelled out as a string."""
    prefixes = ("_App__", "_Screen__", "_Widget__", "_MessagePump__")
    return isinstance(node, ast.Constant) and str(node.value).startswith(prefixes)


def _module_name(path: Path) -> str:
    root = Path(gmtool.tui.__path__[0]).parents[1]
    return ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")


def _uses(textual_names: _Names) -> Iterator[tuple[str, str]]:
    """(module, name) for every private Textual module or name the app imports, every
    private field of Textual's an app class reads or sets on itself, and every private
    Textual name read on another object that the app does not define itself."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in _files()}
    own = {
        node.name
        for tree in trees.values()
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    }
    every = textual_names[("", "")]
    for path, tree in trees.items():
        module = _module_name(path)
        yield from ((module, name) for name in _imported(tree))
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            fields = _textual_fields_of(module, cls.name, textual_names)
            for node in ast.walk(cls):
                if _on_self(node) and node.attr in fields:  # type: ignore[attr-defined]
                    yield module, node.attr  # type: ignore[attr-defined]
        other_modules = {  # `os._exit` is not Textual's
            (alias.asname or alias.name)
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
            if not alias.name.startswith("textual")
        }
        for node in ast.walk(tree):
            if _mangled(node):
                yield module, str(getattr(node, "value", ""))
            if not isinstance(node, ast.Attribute) or not _private(node.attr) or _on_self(node):
                continue
            receiver = node.value
            if isinstance(receiver, ast.Name) and receiver.id in other_modules:
                continue
            if node.attr in every and node.attr not in own:
                yield module, node.attr


def _on_self(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and _private(node.attr)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    )


def _imported(tree: ast.AST) -> Iterator[str]:
    """Textual's private modules and names a module imports."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
            module = node.module or ""
            if any(_private(part) for part in module.split(".")):
                yield module
            yield from (alias.name for alias in node.names if _private(alias.name))


def _found() -> set[tuple[str, str]]:
    return {*_overrides(), *_uses(_textual_private_names())}


def test_at_most_three_private_names_all_in_one_module() -> None:
    found = _found()
    names = {name for _, name in found}
    where = {place for place, _ in found}
    assert names <= ALLOWED, sorted(found)
    assert len(ALLOWED) <= MOST_NAMES
    assert where <= {steady.__name__}, sorted(found)


def test_the_count_sees_a_private_name() -> None:
    """The check itself: an override of a private method and a read of a private field."""
    found = _found()
    assert ("gmtool.tui.widgets.steady", "_dispatch_message") in found  # an override
    assert ("gmtool.tui.widgets.steady", "_get_screen") in found  # a call
    assert "_compositor" in _textual_private_names()[("textual.screen", "Screen")]


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
        await done(pilot)
        assert app.current_tab().TAB_ID == "crew"
        assert any("rolls.json" in str(n.message) for n in app._notifications)
    assert app.return_code in (None, 0) and app.crash_report is None
