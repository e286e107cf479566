"""The packages that re-export their modules' names import them on first use
(rules/lazy.py): every name they list is there, the same object as in its module."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.rules.lazy import type_checking_imports

ROOT = Path(__file__).resolve().parents[2]
LAZY = (
    "gmtool.rules.battle",
    "gmtool.rules.battle.actions",
    "gmtool.rules.battle.engine",
    "gmtool.rules.narrative",
    "gmtool.rules.ships",
    "gmtool.rules.hazards",
    "gmtool.rules.stations",
    "gmtool.store.battles",
    "gmtool.store.ships",
)


@pytest.mark.parametrize("package", LAZY)
def test_every_listed_name_comes_from_the_module_its_import_names(package: str) -> None:
    module = importlib.import_module(package)
    assert module.__file__ is not None
    sources = type_checking_imports(Path(module.__file__).read_text())
    assert set(module.__all__) <= set(sources)
    for name in module.__all__:
        source, original = sources[name]
        assert getattr(module, name) is getattr(importlib.import_module(source), original)
    with pytest.raises(AttributeError, match="no_such_name"):
        module.no_such_name  # noqa: B018


def test_importing_a_small_module_leaves_the_rest_of_its_package_alone() -> None:
    probe = (
        "import sys\n"
        "from gmtool.rules.battle.state import BattleState\n"
        "print(' '.join(m for m in sys.modules if m.startswith('gmtool.rules.battle.')))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe],
        check=True,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    ).stdout.split()
    assert "gmtool.rules.battle.state" in loaded
    assert not {"gmtool.rules.battle.engine", "gmtool.rules.battle.boarding"} & set(loaded)
