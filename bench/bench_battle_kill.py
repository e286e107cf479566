"""SIGKILL the battle's writers (`battle new`, `act`, `next`, `undo`) at random instants on
a slow disk (every fsync slowed, so more kills land inside a commit), and check the campaign
after each kill as bench_kill.py does: killed mid-save, torn, lost, doctor-dirty, per step.
`python bench/bench_battle_kill.py [KILLS_PER_STEP] [SLOW_FSYNC_SECONDS]`.
"""

from __future__ import annotations

import sys
import time

from bench_kill import kill_kinds  # type: ignore[import-not-found]
from kill_kinds import KINDS  # type: ignore[import-not-found]
from killtest import print_table  # type: ignore[import-not-found]

BATTLE_KINDS = tuple(k for k in KINDS if k.name.startswith("battle"))


def main() -> int:
    kills = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    slow = float(sys.argv[2]) if len(sys.argv) > 2 else 0.005
    began = time.perf_counter()
    rows = kill_kinds(BATTLE_KINDS, kills, slow)
    steps = sum(len(k.steps) for k in BATTLE_KINDS)
    print(f"{kills} kills in each of {steps} steps of the battle's writers (fsync +{slow} s):")
    print_table(rows, time.perf_counter() - began)
    return 1 if any(r.torn or r.lost or r.dirty for r in rows.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
