"""SIGKILL a saving process 200 times at random moments; the campaign must hold every roll
whose save had returned. Prints how many kills, rolls confirmed and rolls found."""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from killtest import kill_once, verify  # type: ignore[import-not-found]

KILLS = int(sys.argv[1]) if len(sys.argv) > 1 else 200


def main() -> int:
    rng = random.Random(2026)
    confirmed: set[int] = set()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "killed.campaign"
        for n in range(KILLS):
            confirmed |= kill_once(path, rng, max_wait=0.1)
            if (n + 1) % 50 == 0:
                print(f"  {n + 1} kills, {len(confirmed)} rolls confirmed so far")
        found = verify(path, confirmed)
    print(
        f"{KILLS} kills: campaign opens and parses; {len(confirmed)} confirmed rolls all "
        f"present ({found} stored) in {time.perf_counter() - start:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
