"""SIGKILL `gmtool battle next` at random instants 200 times in a demo battle.

After every kill the campaign is opened as gmtool opens it (a journal left by the kill is
finished, temporary files removed) and checked: `gmtool doctor` must find it whole (no injury
without its step, no step without its rolls), and `gmtool battle undo` must work, after which
the campaign must still be whole. Prints the kills, the steps saved, how many kills left a
journal to finish or temporary files behind, and any failure.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from killtest import kill_battle_once  # type: ignore[import-not-found]

from gmtool.cli import main as gmtool
from gmtool.store import journal

KILLS = int(sys.argv[1]) if len(sys.argv) > 1 else 200


def quiet(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = gmtool(list(args))
    return code, out.getvalue() + err.getvalue()


def new_battle(path: str) -> str:
    """A new battle of the same ships: those the last one destroyed or left abandoned are
    restored first (the rules rightly refuse a wreck; a ship still fit says so, ignored)."""
    for ship in ("meridian", "gorgon", "vex"):
        quiet("ship", "restore", ship, "--campaign", path)
    _code, out = quiet("battle", "new", "Kill test", "--ship", "meridian", "--enemy", "gorgon",
                      "--enemy", "vex", "--campaign", path, "--json")  # fmt: skip
    battle: str = json.loads(out)["id"]
    return battle


def main() -> int:
    rng = random.Random(2026)
    failures: list[str] = []
    steps = journals = strays = undos = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "killed")
        quiet("init", path, "--demo", "--seed", "1")
        battle = new_battle(path)
        for n in range(KILLS):
            if json.loads(quiet("battle", "show", battle, "--campaign", path, "--json")[1])[
                "finished"
            ]:
                battle = new_battle(path)
            steps += kill_battle_once(Path(path), battle, rng, max_wait=0.6)
            journals += journal.pending(Path(path))
            strays += any(journal.TEMPORARY.match(p.name) for p in Path(path).rglob("*.tmp"))
            code, out = quiet("doctor", "--campaign", path)
            if code != 0:
                failures.append(f"kill {n + 1}: doctor: {out.strip()}")
            if n % 2 == 0:  # every other kill: undo the last step, then check again
                code, out = quiet("battle", "undo", battle, "--campaign", path)
                undos += code == 0
                if code != 0 and "only the battle's set-up" not in out:
                    failures.append(f"kill {n + 1}: undo: {out.strip()}")
                code, out = quiet("doctor", "--campaign", path)
                if code != 0:
                    failures.append(f"kill {n + 1}: doctor after undo: {out.strip()}")
            if (n + 1) % 50 == 0:
                print(f"  {n + 1} kills, {steps} steps saved, {len(failures)} failures")
    print(
        f"{KILLS} kills of `gmtool battle next` in {time.perf_counter() - start:.0f} s: "
        f"{steps} steps saved, {journals} kills left a journal to finish, {strays} left "
        f"temporary files, {undos} undos after a kill; {len(failures)} failures"
    )
    for failure in failures[:10]:
        print("  " + failure[:800])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
