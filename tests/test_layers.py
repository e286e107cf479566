"""The layers point down only: rules import neither textual nor tinydb; store never textual;
no import circles in the packages of ACYCLIC_PACKAGES."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import gmtool.rules
import gmtool.store
import gmtool.tui


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
    """The Battle tab asks the action layer, which commits each step as one; it no longer
    calls the store's step functions, which write file by file."""
    import gmtool.tui.tabs.battle

    for module in modules_of(gmtool.tui.tabs.battle):
        used = _used_names(module)  # names it calls: not its own action_delete_battle
        forbidden = {"run_step", "undo_step", "redo_step", "create_battle", "delete_battle"}
        assert not used & forbidden, (module, used & forbidden)


# -- screens only ask and show ------------------------------------------------------------

# Every module of the TUI: none of them saves, rolls or applies a rule but through an action.
CONVERTED_SCREENS = tuple(modules_of(gmtool.tui))
# What saves, rolls or applies a game rule: the actions call these, a screen never does.
STORE_WRITES = {
    # store.party
    "add_character",
    "update_character",
    "delete_character",
    "save_assignments",
    "save_party",
    "import_party",
    "export_party",
    "undo_party",
    # store.ships (ship_crew saves a roster it had to name again)
    "add_ship",
    "update_ship",
    "import_ship",
    "delete_ship",
    "regenerate_crew",
    "undo_ships",
    "ship_crew",
    # the campaign
    "record",
    "undo_last",
    "start_session",
    "end_session",
    "update_meta",
    "transaction",
    # files
    "atomic_write_bytes",
    "write_text",
    "write_bytes",
}
ROLLS_AND_RULES = {
    "rng",
    "roll",
    "roll_check",
    "assign",
    "move",
    "unassign",
    "set_posture",
    "task_refusal",
}


def _used_names(module: str) -> set[str]:
    """Every name a module imports or calls (`f(...)`, `x.f(...)`), read from its source,
    except what it imports from and calls on the action layer: its own methods, strings and
    docstrings do not count, nor `party_actions.add_character(...)`."""
    import ast
    import importlib
    import inspect

    tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    actions: set[str] = set()  # the names the module gives action modules
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            for alias in node.names:
                if f"{source}.{alias.name}".startswith("gmtool.actions"):
                    actions.add(alias.asname or alias.name)
                else:
                    names.add(alias.name)
            names.add(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            base = node.func.value
            if not (isinstance(base, ast.Name) and base.id in actions):
                names.add(node.func.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            names.add(node.func.id)
    return names


def test_converted_screens_save_roll_and_rule_only_through_actions() -> None:
    for module in CONVERTED_SCREENS:
        used = _used_names(module)
        assert "random" not in used, module
        assert not used & STORE_WRITES, (module, used & STORE_WRITES)
        assert not used & ROLLS_AND_RULES, (module, used & ROLLS_AND_RULES)


def test_the_layer_check_sees_what_it_forbids() -> None:
    """The check above finds a store write, a roll and a rule when a module has them."""
    used = _used_names("gmtool.actions.party") | _used_names("gmtool.actions.dice")
    assert {"save_assignments", "add_character", "record", "rng", "roll", "move"} <= used


def test_the_session_title_does_not_load_the_battle_rules() -> None:
    """The app's title at start-up reads the game session; loading the battle rules with it
    (for F2's question about an unfinished battle) cost a third of the start-up."""
    code = "import sys, gmtool.actions.sessions\nprint('gmtool.rules.battle' in sys.modules)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# What the players' view may load of the action layer: its readers and the errors.
PLAYER_ACTIONS = ("gmtool.actions", "gmtool.actions.errors", "gmtool.actions.reads")


def test_the_players_screen_only_reads() -> None:
    """The players' view imports no action but the readers and calls no store write, roll or
    rule change: it opens the campaign read-only and shows what `player_model` built."""
    import gmtool.player

    player_modules = modules_of(gmtool.player)
    code = (
        "import sys, importlib\n"
        f"for m in {player_modules!r}: importlib.import_module(m)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "gmtool.player.app" in out
    actions = [m for m in out if m.startswith("gmtool.actions")]
    assert [m for m in actions if not m.startswith(PLAYER_ACTIONS)] == []
    assert [m for m in actions if m.startswith("gmtool.actions.reads.")]
    for module in player_modules:
        used = _used_names(module)
        assert not used & (STORE_WRITES | ROLLS_AND_RULES | {"random"}), module


def test_the_readers_save_nothing() -> None:
    """What screens read through `actions.reads` calls no store write, roll or rule change."""
    import gmtool.actions.reads

    for module in modules_of(gmtool.actions.reads):
        used = _used_names(module)
        assert not used & (STORE_WRITES | ROLLS_AND_RULES | {"random"}), module


# -- no import circles ----------------------------------------------------------------------

# The packages held to "no import circles": the whole of gmtool.
ACYCLIC_PACKAGES = (
    "gmtool.tui",
    "gmtool.rules",
    "gmtool.store",
    "gmtool.actions",
    "gmtool.player",
    "gmtool.commands",
    "gmtool.cli",
)


def _module_files(package: str) -> dict[str, Path]:
    """Every module of a package (or a single module) by dotted name, read from its files."""
    import importlib.util

    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.origin is not None, package
    origin = Path(spec.origin)
    if origin.name != "__init__.py":
        return {package: origin}
    found: dict[str, Path] = {}
    for path in sorted(origin.parent.rglob("*.py")):
        parts = path.relative_to(origin.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join((package, *parts))] = path
    return found


def _type_checking_only(node: ast.AST) -> bool:
    """`if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`): never run, so not an import."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports_of(module: str, path: Path, known: set[str]) -> set[str]:
    """The modules of `known` that `module` imports anywhere in its source.

    Counted: `import x` and `from x import y` at module level and inside functions or
    methods (a deferred import that dodges a circle at start-up is still a circle between
    the two modules). Not counted: imports under `if TYPE_CHECKING:` (only the type checker
    reads them; with `from __future__ import annotations` they never run), and the implicit
    import of a package when one of its submodules is imported (Python makes the package
    first and a submodule naming its package is how packages work). `from package import
    submodule` counts as importing the submodule, not the package's `__init__`.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package_parts = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if _type_checking_only(node):
            assert isinstance(node, ast.If)
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package_parts[: len(package_parts) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in known else source)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {name for name in found if name in known and name != module}


def import_graph(packages: Sequence[str]) -> dict[str, set[str]]:
    """Module -> the modules it imports, over the modules of `packages` only."""
    files: dict[str, Path] = {}
    for package in packages:
        files.update(_module_files(package))
    known = set(files)
    return {module: _imports_of(module, path, known) for module, path in files.items()}


def import_circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (each is at least one circle),
    by Tarjan's algorithm, iterative so a deep graph cannot hit the recursion limit."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    circles.append(sorted(group))
    return sorted(circles)


def test_no_import_circles() -> None:
    circles = import_circles(import_graph(ACYCLIC_PACKAGES))
    assert not circles, "import circles:\n" + "\n".join(" <-> ".join(c) for c in circles)


def test_the_circle_check_finds_a_circle() -> None:
    """A circle through a deferred import is found; one only under TYPE_CHECKING is not."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert import_circles(graph) == [["a", "b", "c"]]
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg import b\n"
        "def f():\n    from pkg.b import thing\n"
    )
    b_source = "import pkg.a\n"
    assert _imports_from_text("pkg.a", source, {"pkg.a", "pkg.b"}) == {"pkg.b"}
    typed_only = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.a\n"
    assert _imports_from_text("pkg.b", typed_only, {"pkg.a", "pkg.b"}) == set()
    graph = {
        "pkg.a": _imports_from_text("pkg.a", source, {"pkg.a", "pkg.b"}),
        "pkg.b": _imports_from_text("pkg.b", b_source, {"pkg.a", "pkg.b"}),
    }
    assert import_circles(graph) == [["pkg.a", "pkg.b"]]


def _imports_from_text(module: str, source: str, known: set[str]) -> set[str]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{module.rsplit('.', 1)[-1]}.py"
        path.write_text(source, encoding="utf-8")
        return _imports_of(module, path, known)
