"""SIGKILL every writer of `gmtool` at random instants and check the campaign after each kill.

Each kind of writer (bench/kill_kinds.py: rolls, checks, battle set-up, steps and undo, heal,
the ships' condition, deletion and undo, crew regeneration, Torga IV) runs its cycle in a
process killed after a random while; the campaign is then looked at as the kill left it
(a journal or temporary files: killed mid-save), opened as gmtool opens it (torn: it does
not open, a file the store refuses, a journal left), compared with what the writer saw
saved (lost: a saved step missing), and given to `gmtool doctor` (dirty). Prints one row per
step killed. `python bench/bench_kill.py [KILLS_PER_KIND] [SLOW_FSYNC_SECONDS]`.
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
    """`kills` kills of each kind's writer; the rows by step."""
    rng = random.Random(2026)
    rows: dict[str, Row] = {}
    with tempfile.TemporaryDirectory() as tmp:
        template = Path(tmp) / "template"
        prepare(template)
        for kind in kinds:
            folder = Path(tmp) / "killed"
            start = 0
            for _ in range(kills):
                if start == 0 or not folder.exists():
                    shutil.rmtree(folder, ignore_errors=True)
                    shutil.copytree(template, folder)
                before = generation.read(folder)
                at, start, saved, newest, refusals = kill_step_once(
                    folder, kind.steps, start, rng, kind.max_wait, slow_fsync
                )
                row = rows.setdefault(kind.steps[at].replace("{b}", BATTLE), Row())
                row.kills += 1
                row.saved += saved
                row.refused += len(refusals)
                mid_save, torn, lost, dirty = examine_after_kill(folder, max(newest, before))
                row.mid_save += mid_save
                row.torn += bool(torn)
                row.lost += lost
                row.dirty += bool(dirty)
                row.notes += [f"torn: {torn}"] * bool(torn) + [f"doctor: {dirty}"] * bool(dirty)
                row.notes += [f"lost: generation {generation.read(folder)} < {newest}"] * lost
                if torn or dirty or lost:
                    start = 0  # the next kill starts again from a whole campaign
    return rows


def main() -> int:
    kills = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    slow = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
    began = time.perf_counter()
    rows = kill_kinds(KINDS, kills, slow)
    print(f"{kills} kills of each of {len(KINDS)} kinds of writer (fsync slowed by {slow} s):")
    print_table(rows, time.perf_counter() - began)
    return 1 if any(r.torn or r.lost or r.dirty for r in rows.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
