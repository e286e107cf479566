"""The layers point down only: rules import neither textual nor tinydb; store never textual."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

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


def test_the_players_screen_only_reads() -> None:
    """The players' view imports no action and calls no store write, roll or rule change:
    it opens the campaign read-only and shows what `player_model` built."""
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
    assert not [m for m in out if m.startswith("gmtool.actions")]
    for module in player_modules:
        used = _used_names(module)
        assert not used & (STORE_WRITES | ROLLS_AND_RULES | {"random"}), module
