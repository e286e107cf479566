"""The Stations and Torga IV tabs keep one shape: the pane stands on `GmPane` alone (no
mixins, no chain), no module-level function of the tab's package takes the pane, no stub
waits to be filled in, and the pane stays readable (under 500 lines)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

from gmtool.tui.pane import GmPane
from gmtool.tui.tabs.stations.pane import StationsPane
from gmtool.tui.tabs.torga.pane import SkirmishPane

TABS = {"stations": StationsPane, "torga": SkirmishPane}
MOST_LINES = 500


def package_modules(tab: str) -> list[ModuleType]:
    package = importlib.import_module(f"gmtool.tui.tabs.{tab}")
    return [
        importlib.import_module(f"{package.__name__}.{info.name}")
        for info in pkgutil.iter_modules(package.__path__)
    ]


@pytest.mark.parametrize("tab", sorted(TABS))
def test_the_pane_stands_on_gm_pane_alone(tab: str) -> None:
    pane = TABS[tab]
    assert pane.__bases__ == (GmPane,)
    assert pane.__mro__[1] is GmPane
    # and nothing else of the package is a pane to build it from
    for module in package_modules(tab):
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and issubclass(cls, GmPane):
                assert cls is pane, f"{module.__name__}.{cls.__name__} is a second pane"


@pytest.mark.parametrize("tab", sorted(TABS))
def test_no_module_level_function_takes_the_pane(tab: str) -> None:
    names = {TABS[tab].__name__, "GmPane"}
    for module in package_modules(tab):
        tree = ast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            args = [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
            for arg in args:
                hint = ast.unparse(arg.annotation) if arg.annotation is not None else ""
                where = f"{module.__name__}.{node.name}({arg.arg})"
                assert arg.arg not in ("pane", "tab", "self"), where
                assert not any(name in hint for name in names), where


@pytest.mark.parametrize("tab", sorted(TABS))
def test_no_stub_in_the_package(tab: str) -> None:
    for module in package_modules(tab):
        source = Path(inspect.getfile(module)).read_text(encoding="utf-8")
        assert "NotImplementedError" not in source, module.__name__


@pytest.mark.parametrize("tab", sorted(TABS))
def test_the_pane_is_under_500_lines(tab: str) -> None:
    lines = Path(inspect.getfile(TABS[tab])).read_text(encoding="utf-8").splitlines()
    assert len(lines) < MOST_LINES
