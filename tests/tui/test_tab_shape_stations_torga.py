"""The Stations and Torga IV tabs in the one shape of every tab, by the checks of
test_tab_shape.py: the pane sits straight under GmPane with no mixins, no function of the
tab's package takes the pane, no stub waits to be filled in, and the pane module stays
under its size."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from gmtool.tui.pane import GmPane
from tests.tui.test_tab_shape import (
    PANE_LINES,
    functions_taking_the_pane,
    package_files,
    package_of,
    raises_not_implemented,
    spec_of,
)

TABS = ("stations", "torga")


@pytest.mark.parametrize("tab_id", TABS)
def test_the_pane_sits_straight_under_gmpane_with_no_mixins(tab_id: str) -> None:
    spec = spec_of(tab_id)
    pane = spec.load()
    assert pane.__bases__ == (GmPane,), f"{pane.__name__} stands on {pane.__bases__}"
    own = [c.__name__ for c in pane.__mro__ if c.__module__.startswith(package_of(spec))]
    assert own == [pane.__name__], f"classes of the tab mixed into its pane: {own[1:]}"


@pytest.mark.parametrize("tab_id", TABS)
def test_no_function_of_the_tab_takes_the_pane(tab_id: str) -> None:
    spec = spec_of(tab_id)
    names = {spec.cls, "GmPane"}
    found = {
        path.name: taking
        for path in package_files(spec)
        if (taking := functions_taking_the_pane(path.read_text(encoding="utf-8"), names))
    }
    assert found == {}


@pytest.mark.parametrize("tab_id", TABS)
def test_the_tab_has_no_stubs(tab_id: str) -> None:
    stubs = [
        path.name
        for path in package_files(spec_of(tab_id))
        if raises_not_implemented(path.read_text(encoding="utf-8"))
    ]
    assert stubs == []


@pytest.mark.parametrize("tab_id", TABS)
def test_the_pane_module_stays_under_its_size(tab_id: str) -> None:
    module = importlib.import_module(spec_of(tab_id).module)
    lines = Path(str(module.__file__)).read_text(encoding="utf-8").count("\n")
    assert lines <= PANE_LINES, f"{module.__name__}: {lines} lines"
