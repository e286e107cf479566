"""The cheap command line (issue 29): `gmtool battle show/list/next` and `gmtool doctor` load
only what they use. Each runs in a fresh process and names the modules it loaded; what it
must not load is what made it slow (bench/bench_cli_cost.py measures the time)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = (
    "import sys, runpy, io, contextlib\n"
    "sys.argv = ['gmtool'] + sys.argv[1:]\n"
    "with contextlib.redirect_stdout(io.StringIO()):\n"
    "    try:\n"
    "        runpy.run_module('gmtool', run_name='__main__')\n"
    "    except SystemExit as exc:\n"
    "        assert not exc.code, exc.code\n"
    "print(' '.join(sorted(sys.modules)))\n"
)

# for every command: the parsers of every `battle act` word, the demo's set-up
EVERY = ("gmtool.commands.battle_vocab", "gmtool.store.demo")
# what only the end of a battle, a report, the party's stations, setting a battle up, the
# campaign's ship records, healing or a skirmish needs
STEP = (
    "gmtool.rules.battle.report",
    "gmtool.rules.battle.report_deeds",
    "gmtool.store.crew_casualties",
    "gmtool.store.ship_condition",
    "gmtool.actions.battle_stations",
    "gmtool.rules.battle.setup",
    "gmtool.store.ships.records",
    "gmtool.rules.crew_casualties",
    "gmtool.rules.roster",
    "gmtool.rules.healing",
    "gmtool.store.healing",
    "gmtool.rules.skirmish",
    "gmtool.store.skirmish",
)
NOT_LOADED: dict[str, tuple[str, ...]] = {
    "battle show": (
        *EVERY,
        *STEP,
        "gmtool.actions.battles",
        "gmtool.rules.battle.engine",
        "gmtool.rules.hazards.table",
        "socket",
    ),
    "battle list": (
        *EVERY,
        *STEP,
        "gmtool.actions.battles",
        "gmtool.rules.battle.state",
        "socket",
        "difflib",
    ),
    "battle next": (*EVERY, *STEP),
    "session list": (
        *EVERY,
        *STEP,
        "gmtool.actions.battles",
        "gmtool.rules.battle.state",
        "gmtool.store.session_timeline",
        "socket",
    ),
    "doctor": (
        *EVERY,
        "gmtool.rules.skirmish",
        "gmtool.store.skirmish",
        "gmtool.actions.battles",
        "gmtool.rules.roster",
        "gmtool.store.healing",
    ),
}


def gmtool(env: dict[str, str], *words: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "gmtool", *words], check=True, env=env, capture_output=True
    )


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, dict[str, str]]:
    path = str(tmp_path_factory.mktemp("cost") / "verge")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    gmtool(env, "init", "--demo", path, "--seed", "3")
    gmtool(env, "battle", "new", "X", "--ship", "meridian", "--enemy", "gorgon",
           "--auto", "both", "--campaign", path)  # fmt: skip
    return path, env


@pytest.mark.parametrize("command", list(NOT_LOADED))
def test_a_light_command_does_not_load_what_it_does_not_use(
    campaign: tuple[str, dict[str, str]], command: str
) -> None:
    path, env = campaign
    words = command.split() + (["x"] if command in ("battle show", "battle next") else [])
    loaded = subprocess.run(
        [sys.executable, "-c", PROBE, *words, "--campaign", path],
        check=True,
        env=env,
        capture_output=True,
        text=True,
    ).stdout.split()
    heavy = NOT_LOADED[command]
    found = [m for m in loaded if m in heavy or m.startswith(tuple(f"{h}." for h in heavy))]
    assert found == [], (command, found)
    if command == "battle next":  # it did play a step
        assert "gmtool.actions.battle_next" in loaded
