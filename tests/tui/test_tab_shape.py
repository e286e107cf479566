"""One shape for every tab, checked by reading the code (issue 30): the pane is the tab's
only holder of state, a class straight under GmPane with no mixins; what is pure lives in
plain functions of values, never in functions handed the pane to set its fields; no stub
waits for a subclass to fill it in; the pane stays small enough to read; and a dialog only
asks, leaving the action to the tab.

A tab reshaped so adds its id to SHAPED_TABS.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from textual.screen import ModalScreen

from gmtool.tui.pane import GmPane
from gmtool.tui.tabs import TAB_CLASSES, TabSpec

SHAPED_TABS = ("crew", "injuries", "battle", "stations", "torga")
PANE_LINES = 500


def spec_of(tab_id: str) -> TabSpec:
    return next(spec for spec in TAB_CLASSES if spec.tab_id == tab_id)


def package_of(spec: TabSpec) -> str:
    return spec.module.rsplit(".", 1)[0]


def package_files(spec: TabSpec) -> list[Path]:
    package = importlib.import_module(package_of(spec))
    folder = Path(package.__path__[0])
    names = [info.name for info in pkgutil.iter_modules([str(folder)])]
    return [folder / "__init__.py", *(folder / f"{name}.py" for name in names)]


def functions_taking_the_pane(source: str, pane_names: set[str]) -> list[str]:
    """The module-level functions of `source` with a parameter that is the pane: annotated
    with its class (or GmPane), or named `pane` or `self`."""
    found = []
    for node in ast.parse(source).body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        params = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
        for param in params:
            annotation = ast.unparse(param.annotation) if param.annotation else ""
            named = {part.strip("'\" ") for part in annotation.replace("|", " ").split()}
            if param.arg in ("pane", "self") or named & pane_names:
                found.append(f"{node.name}({param.arg})")
    return found


def raises_not_implemented(source: str) -> bool:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(raised, ast.Name) and raised.id == "NotImplementedError":
                return True
    return False


@pytest.mark.parametrize("tab_id", SHAPED_TABS)
def test_the_pane_sits_straight_under_gmpane_with_no_mixins(tab_id: str) -> None:
    spec = spec_of(tab_id)
    pane = spec.load()
    assert pane.__bases__ == (GmPane,), f"{pane.__name__} stands on {pane.__bases__}"
    own = [c.__name__ for c in pane.__mro__ if c.__module__.startswith(package_of(spec))]
    assert own == [pane.__name__], f"classes of the tab mixed into its pane: {own[1:]}"


@pytest.mark.parametrize("tab_id", SHAPED_TABS)
def test_no_function_of_the_tab_takes_the_pane(tab_id: str) -> None:
    spec = spec_of(tab_id)
    names = {spec.cls, "GmPane"}
    found = {
        path.name: taking
        for path in package_files(spec)
        if (taking := functions_taking_the_pane(path.read_text(encoding="utf-8"), names))
    }
    assert found == {}


@pytest.mark.parametrize("tab_id", SHAPED_TABS)
def test_the_tab_has_no_stubs(tab_id: str) -> None:
    stubs = [
        f"{path.parent.name}/{path.name}"
        for path in package_files(spec_of(tab_id))
        if raises_not_implemented(path.read_text(encoding="utf-8"))
    ]
    assert stubs == []


@pytest.mark.parametrize("tab_id", SHAPED_TABS)
def test_the_pane_module_stays_under_its_size(tab_id: str) -> None:
    module = importlib.import_module(spec_of(tab_id).module)
    lines = Path(str(module.__file__)).read_text(encoding="utf-8").count("\n")
    assert lines <= PANE_LINES, f"{module.__name__}: {lines} lines"


def test_the_checks_catch_a_function_given_the_pane_and_a_stub() -> None:
    planted = (
        "def fill(pane: CrewPane, rows: list[str]) -> None: ...\n"
        "def show(self) -> None: ...\n"
        "def words(count: int) -> str: ...\n"
        "class Half:\n"
        "    def later(self) -> None:\n"
        "        raise NotImplementedError\n"
    )
    assert functions_taking_the_pane(planted, {"CrewPane"}) == ["fill(pane)", "show(self)"]
    assert raises_not_implemented(planted)
    assert not raises_not_implemented("def words(count: int) -> str: ...\n")


def actions_called(source: str) -> list[str]:
    """The calls in `source` to an action on the campaign: a function of `gmtool.actions`
    (its reads aside) whose first parameter is the campaign."""
    tree = ast.parse(source)
    names: dict[str, object] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("gmtool.actions"):
            module = importlib.import_module(str(node.module))
            for alias in node.names:
                found = getattr(module, alias.name, None)
                if found is None:  # a module of the package, not yet imported
                    found = importlib.import_module(f"{node.module}.{alias.name}")
                names[alias.asname or alias.name] = found
    calls = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            target = names.get(func.id)
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            target = getattr(names.get(func.value.id), func.attr, None)
        else:
            continue
        if acts_on_the_campaign(target):
            calls.append(ast.unparse(func))
    return calls


def acts_on_the_campaign(target: object) -> bool:
    if not inspect.isfunction(target):
        return False
    module = target.__module__
    if not module.startswith("gmtool.actions.") or module.startswith("gmtool.actions.reads"):
        return False
    params = list(inspect.signature(target).parameters)
    return bool(params) and params[0] == "campaign"


def dialog_modules() -> list[str]:
    """Every module of the TUI that defines a dialog (a modal screen) of its own."""
    package = importlib.import_module("gmtool.tui")
    found = []
    for info in pkgutil.walk_packages(package.__path__, "gmtool.tui."):
        module = importlib.import_module(info.name)
        screens = [
            value
            for value in vars(module).values()
            if inspect.isclass(value)
            and issubclass(value, ModalScreen)
            and value.__module__ == module.__name__
        ]
        if screens:
            found.append(info.name)
    return found


def test_dialogs_only_ask_they_call_no_action() -> None:
    """A dialog asks for its typed request and hands it to the tab (or returns it); the tab
    carries it out with its one action, so every change is made, shown and refused in one
    place."""
    modules = dialog_modules()
    assert "gmtool.tui.tabs.stations.character_form" in modules
    calling = {}
    for name in modules:
        source = Path(str(importlib.import_module(name).__file__)).read_text(encoding="utf-8")
        if found := actions_called(source):
            calling[name] = found
    assert calling == {}


def test_the_check_catches_a_dialog_calling_an_action() -> None:
    planted = (
        "from gmtool.actions import party as party_actions\n"
        "from gmtool.actions.bailout import order_bailout\n"
        "from gmtool.actions.reads.party import load_party_state\n"
        "from gmtool.actions.party import place_name\n"
        "def save(campaign, character):\n"
        "    party_actions.add_character(campaign, character)\n"
        "    order_bailout(campaign, 'light', 3)\n"
        "    load_party_state(campaign)\n"
        "    place_name('helm')\n"
    )
    assert actions_called(planted) == ["party_actions.add_character", "order_bailout"]
