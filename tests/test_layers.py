"""The layers point down only: rules import neither textual nor tinydb; store never textual."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import gmtool.rules
import gmtool.store


def modules_of(package: object) -> list[str]:
    found = [package.__name__]  # type: ignore[attr-defined]
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):  # type: ignore[attr-defined]
        found.append(info.name)
    return found


def imported_after(modules: list[str]) -> set[str]:
    code = (
        "import sys, importlib\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return {line.split(".")[0] for line in out.split()}


def test_rules_import_no_ui_or_storage() -> None:
    loaded = imported_after(modules_of(gmtool.rules))
    assert "textual" not in loaded
    assert "tinydb" not in loaded


def test_store_imports_no_ui() -> None:
    loaded = imported_after(modules_of(gmtool.store))
    assert "textual" not in loaded


def test_actions_import_no_ui() -> None:
    import gmtool.actions

    loaded = imported_after(modules_of(gmtool.actions))
    assert "textual" not in loaded


def test_the_battle_tab_saves_through_the_actions() -> None:
    """The Battle tab asks the action layer, which commits each step as one; it imports none
    of the store's step functions, which write file by file."""
    import ast
    import inspect

    import gmtool.tui.battle as tab

    imported = {
        alias.name
        for node in ast.walk(ast.parse(inspect.getsource(tab)))
        if isinstance(node, ast.ImportFrom) and node.module == "gmtool.store.battles"
        for alias in node.names
    }
    assert imported, "the tab reads battles from the store"
    assert not imported & {"run_step", "undo_step", "create_battle", "delete_battle"}
