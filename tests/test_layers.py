"""The layers point one way, read from the import graph of every module under gmtool/:

    gmtool (the package's version) < rules < store < actions < tui < player < commands < cli

`gmtool/__main__.py` only runs `cli.main`, so it is of the cli layer. A module may import
modules of its own layer and of lower ones, with one exception: the screens (tui, player)
never import the store, only the actions (their read functions in `actions.reads`, their
errors), the rules' value types and errors, and Textual. tui and player are two screens,
but the code shows one direction between them: the players' view reuses the Torga IV tab's
map and standing line and the shared scaled bar (read-only renderers), so player may import
tui and tui never imports player.

Every import counts, in the source as written (ast; relative imports resolved): at module
level, under `if TYPE_CHECKING:` (the type checker and a reader follow it) and inside
functions (a deferred import is still a dependency). The same graph has no circle. Both
checks are proved on planted modules: an upward import and a circle are caught.

Besides the graph: rules import neither textual nor tinydb, store and actions never
textual (checked on what importing them loads), and no screen saves, rolls or applies a
rule but through an action.
"""

from __future__ import annotations

import ast
import functools
import pkgutil
import subprocess
import sys
from collections.abc import Mapping
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


# -- the import graph: directions and circles ----------------------------------------------

GMTOOL = Path(gmtool.rules.__file__).parents[1]

# Each layer, and the layers below it that it may import (its own is always allowed).
LAYERS = ("gmtool", "rules", "store", "actions", "tui", "player", "commands", "cli")
MAY_IMPORT: dict[str, frozenset[str]] = {
    layer: frozenset(LAYERS[:rank]) for rank, layer in enumerate(LAYERS)
}
# The screens skip the store: they read and write through the actions.
for _screen in ("tui", "player"):
    MAY_IMPORT[_screen] = MAY_IMPORT[_screen] - {"store"}


def layer_of(module: str) -> str:
    """`gmtool.store.battles.index` -> "store"; `gmtool.__main__` runs the cli."""
    parts = module.split(".")
    if len(parts) == 1:
        return "gmtool"
    return "cli" if parts[1] == "__main__" else parts[1]


def module_files(root: Path = GMTOOL) -> dict[str, Path]:
    """Every module under the package folder `root`, by dotted name."""
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports_in_source(module: str, source: str, *, package: bool, known: set[str]) -> set[str]:
    """The modules of `known` that `module` (whose source is `source`; `package`: it is a
    package's `__init__`) imports anywhere: at module level, under `if TYPE_CHECKING:`,
    inside functions. `from x import y` names the module `x.y` when there is one, else `x`;
    a name that is no module of `known` counts as its nearest enclosing one
    (`import gmtool.store.nothing` imports `gmtool.store`). Relative imports are resolved
    against the module's package."""
    package_parts = module.split(".") if package else module.split(".")[:-1]
    named: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package_parts[: len(package_parts) - node.level + 1]
                source_name = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source_name = node.module or ""
            for alias in node.names:
                submodule = f"{source_name}.{alias.name}"
                named.add(submodule if submodule in known else source_name)
    found: set[str] = set()
    for name in named:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)
    return found


def import_graph(files: Mapping[str, Path] | None = None) -> dict[str, set[str]]:
    """Module -> the gmtool modules it imports (the real package's graph is read once a run:
    every planted test copies it)."""
    if files is None:
        return {module: set(imported) for module, imported in _package_graph().items()}
    return _graph_of(files)


@functools.cache
def _package_graph() -> dict[str, set[str]]:
    return _graph_of(module_files())


def _graph_of(files: Mapping[str, Path]) -> dict[str, set[str]]:
    known = set(files)
    return {
        module: imports_in_source(
            module,
            path.read_text(encoding="utf-8"),
            package=path.name == "__init__.py",
            known=known,
        )
        for module, path in files.items()
    }


def wrong_way_imports(graph: Mapping[str, set[str]]) -> list[tuple[str, str]]:
    """Every (importer, imported) whose layers the direction forbids."""
    wrong: list[tuple[str, str]] = []
    for module, imported in sorted(graph.items()):
        layer = layer_of(module)
        allowed = MAY_IMPORT[layer] | {layer}
        wrong.extend(
            (module, target) for target in sorted(imported) if layer_of(target) not in allowed
        )
    return wrong


def with_planted(module: str, source: str, **more: str) -> dict[str, set[str]]:
    """The real graph with one more module written as `source` (and any `more`, by their
    names with `_` for `.`), each read by the same reader as the real ones."""
    planted = {module: source} | {name.replace("_", "."): text for name, text in more.items()}
    known = set(module_files()) | set(planted)
    graph = import_graph()
    for name, text in planted.items():
        graph[name] = imports_in_source(name, text, package=False, known=known)
    return graph


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


def test_the_graph_holds_every_layer() -> None:
    """The reader sees the whole package: every layer has modules, every module a layer."""
    graph = import_graph()
    assert {layer_of(module) for module in graph} == set(LAYERS)
    assert "gmtool.store.campaign" in graph["gmtool.actions.dice"]
    assert "gmtool.store.rolllog" in graph["gmtool.actions.reads.rolls"]  # typing only


def test_every_import_points_down() -> None:
    wrong = wrong_way_imports(import_graph())
    assert not wrong, "imports against the layers:\n" + "\n".join(f"{a} -> {b}" for a, b in wrong)


def test_a_planted_upward_import_is_caught() -> None:
    """The direction check fails on a rules module that imports the store, however written:
    absolute, relative, only for typing, deferred into a function; and on a screen that
    skips the actions or imports the other way between the screens."""
    plants = {
        "gmtool.rules.planted": "import gmtool.store\n",
        "gmtool.rules.planted_relative": "from ..store import campaign\n",
        "gmtool.rules.planted_typing": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from gmtool.store.campaign import Campaign\n"
        ),
        "gmtool.rules.planted_deferred": "def f():\n    from gmtool.actions import dice\n",
        "gmtool.tui.planted": "from gmtool.store.party import load_party_state\n",
        "gmtool.tui.tabs.planted": "from ...player import model\n",
        "gmtool.actions.planted": "from gmtool.tui.pane import GmPane\n",
    }
    caught = {
        "gmtool.rules.planted": "gmtool.store",
        "gmtool.rules.planted_relative": "gmtool.store.campaign",
        "gmtool.rules.planted_typing": "gmtool.store.campaign",
        "gmtool.rules.planted_deferred": "gmtool.actions.dice",
        "gmtool.tui.planted": "gmtool.store.party",
        "gmtool.tui.tabs.planted": "gmtool.player.model",
        "gmtool.actions.planted": "gmtool.tui.pane",
    }
    for module, source in plants.items():
        assert wrong_way_imports(with_planted(module, source)) == [(module, caught[module])]
    allowed = {  # downward, within a layer, and the players' view on the Torga IV map
        "gmtool.tui.planted": "from gmtool.actions import reads\nfrom . import pane\n",
        "gmtool.player.planted": "from ..tui.tabs.torga import map\n",
        "gmtool.commands.planted": "import gmtool.store.demo\n",
    }
    for module, source in allowed.items():
        assert wrong_way_imports(with_planted(module, source)) == []


def test_no_import_circles() -> None:
    """No circle in the whole graph: module level, `TYPE_CHECKING` and deferred imports all
    count. Where two modules need each other, the shared piece gets a module of its own (the
    Battle tab's orders name the tab by the `BattleTab` protocol, not the pane)."""
    circles = import_circles(import_graph())
    assert not circles, "import circles:\n" + "\n".join(" <-> ".join(c) for c in circles)


def test_a_planted_circle_is_caught() -> None:
    """A store module that the campaign imports, importing the campaign back only for a
    type, closes a circle the check finds; a chain that does not come back is no circle."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from gmtool.store.campaign import Campaign\n"
    )
    graph = with_planted("gmtool.store.planted", source)
    graph["gmtool.store.campaign"] = graph["gmtool.store.campaign"] | {"gmtool.store.planted"}
    assert import_circles(graph) == [["gmtool.store.campaign", "gmtool.store.planted"]]
    deferred = "def f():\n    from . import b\n"  # a circle through a deferred import
    graph = with_planted("gmtool.planted.a", deferred, gmtool_planted_b="import gmtool.rules\n")
    assert graph["gmtool.planted.a"] == {"gmtool.planted.b"}
    assert import_circles(graph) == []
    graph = with_planted("gmtool.planted.a", deferred, gmtool_planted_b="from .a import f\n")
    assert import_circles(graph) == [["gmtool.planted.a", "gmtool.planted.b"]]
    assert import_circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}) == [
        ["a", "b", "c"]
    ]
