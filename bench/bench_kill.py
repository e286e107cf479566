"""SIGKILL every writer of `gmtool` at random instants and check the campaign after each kill.

Each kind of writer (bench/kill_kinds.py: rolls, checks, battle set-up, steps and undo, heal,
the ships' condition, deletion and undo, crew regeneration, Torga IV) runs its cycle in a
process killed at a random instant of one of its steps, each step in turn. The campaign is
then looked at as the kill left it (a journal or temporary files: killed mid-save), opened
as gmtool opens it (torn: it does not open, a file the store refuses, a journal left),
compared with what the writer saw saved (lost: a saved step missing), and given to
`gmtool doctor` (dirty). Prints one row per step killed.
`python bench/bench_kill.py [KILLS_PER_STEP] [SLOW_FSYNC_SECONDS]`.
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from kill_kinds import BATTLE, KINDS, Kind, prepare  # type: ignore[import-not-found]
from killtest import Row, examine_after_kill, kill_step_once, print_table  # type: ignore[import-not-found]

from gmtool.store import generation


def kill_kinds(kinds: tuple[Kind, ...], kills: int, slow_fsync: float = 0.0) -> dict[str, Row]:
    """`kills` kills in each step of each kind's cycle; the rows by step. A kill or its
    check that finds trouble starts the next one from a whole campaign."""
    rng = random.Random(2026)
    rows: dict[str, Row] = {}
    with tempfile.TemporaryDirectory() as tmp:
        template = Path(tmp) / "template"
        prepare(template)
        for kind in kinds:
            folder = Path(tmp) / kind.name.replace(" ", "-").replace("/", "-")
            shutil.copytree(template, folder)
            took = [0.3] * len(kind.steps)  # learnt from what the writer times
            start = 0
            for n in range(kills * len(kind.steps)):
                target = n % len(kind.steps)
                before = generation.read(folder)
                start, saved, newest, refusals, longest = kill_step_once(
                    folder, kind.steps, start, target, rng, took[target], slow_fsync
                )
                if longest:
                    took[target] = max(0.05, min(longest, 2.0))
                row = rows.setdefault(kind.steps[target].replace("{b}", BATTLE), Row())
                row.kills += 1
                row.saved += saved
                row.refused += len(refusals)
                row.notes += [f"refused: {r}" for r in refusals[:1]]
                mid_save, torn, lost, dirty = examine_after_kill(folder, max(newest, before))
                row.mid_save += mid_save
                row.torn += bool(torn)
                row.lost += lost
                row.dirty += bool(dirty)
                row.notes += [f"torn: {torn}"] * bool(torn) + [f"doctor: {dirty}"] * bool(dirty)
                row.notes += [f"lost: generation {generation.read(folder)} < {newest}"] * lost
                if torn or dirty or lost:
                    shutil.rmtree(folder)
                    shutil.copytree(template, folder)
                    start = 0
    return rows


def main() -> int:
    kills = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    slow = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
    began = time.perf_counter()
    rows = kill_kinds(KINDS, kills, slow)
    steps = sum(len(k.steps) for k in KINDS)
    print(
        f"{kills} kills in each of {steps} steps of {len(KINDS)} writers (fsync slowed {slow} s):"
    )
    print_table(rows, time.perf_counter() - began)
    return 1 if any(r.torn or r.lost or r.dirty for r in rows.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
