"""Re-exports that import on first use, for the packages that gather their modules' names.

A package's `__init__` re-exports its modules' names so that callers import from the
package. But importing any module of a package runs the package's `__init__` first, so
eager re-exports made every use of one small module (a battle's saved state) import the
whole package with it (the engine, the orders, boarding, their tables): most of what a
`gmtool battle show` or `gmtool doctor` spent. So such a package writes its re-exports
under `if TYPE_CHECKING:` (what mypy and a reader see, unchanged) and ends with

    if not TYPE_CHECKING:
        __getattr__ = lazy_exports(__name__)

The first time a name is asked of the package, the package's own `if TYPE_CHECKING:`
imports are read (with `ast`, once) and the name is imported from the module they name,
then kept on the package. So the list of names is written once, where mypy checks it.
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Callable
from pathlib import Path


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def type_checking_imports(source: str) -> dict[str, tuple[str, str]]:
    """Each name a module imports under a top-level `if TYPE_CHECKING:` -> (module, name)."""
    found: dict[str, tuple[str, str]] = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.If) and _is_type_checking(node.test)):
            continue
        for sub in node.body:
            if isinstance(sub, ast.ImportFrom) and sub.module and sub.level == 0:
                for alias in sub.names:
                    found[alias.asname or alias.name] = (sub.module, alias.name)
    return found


def lazy_exports(package: str) -> Callable[[str], object]:
    """A module `__getattr__` for `package` (see the module's docstring)."""
    sources: dict[str, tuple[str, str]] | None = None

    def __getattr__(name: str) -> object:
        nonlocal sources
        module = sys.modules[package]
        if sources is None:
            file = module.__file__
            sources = type_checking_imports(Path(file).read_text()) if file else {}
        if name not in sources:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        source, original = sources[name]
        value = getattr(importlib.import_module(source), original)
        setattr(module, name, value)
        return value

    return __getattr__
