"""A long battle played to its end: the Kestrel against the Vex, gmtool playing both sides
(over a thousand steps), as `gmtool battle next ID --until end` plays it.

Prints the median time of a step among the first, middle and last hundred: a step late in
the battle should cost about what an early one does (each step once converted the battle's
whole event log both ways, and grew with it). Saves are flushed to disk as for a GM.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

from gmtool.actions.battle_next import play_on
from gmtool.store import open_campaign
from gmtool.store.battles import create_battle, fleet_setup
from gmtool.store.demo import seed_demo

SEED = 7
WINDOW = 100


def median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        campaign = open_campaign(Path(tmp) / "long.campaign", seed=SEED)
        try:
            seed_demo(campaign)
            kestrel = fleet_setup(campaign, "Kestrel", ["kestrel"])
            vex = fleet_setup(campaign, "Vex", ["vex"])
            battle = create_battle(campaign, "Duel", kestrel, vex, "long", auto=("a", "b")).id
            marks = [time.perf_counter()]
            cpu = time.process_time()
            played = play_on(
                campaign, battle, "end", progress=lambda _: marks.append(time.perf_counter())
            )
            cpu = time.process_time() - cpu
        finally:
            campaign.close()
    steps = [after - before for before, after in pairwise(marks)]
    count = len(steps)
    middle = steps[count // 2 - WINDOW // 2 : count // 2 + WINDOW // 2]
    print(
        f"{count} steps to round {played.round} in {marks[-1] - marks[0]:.1f} s "
        f"({cpu:.1f} s of CPU); median step: first {WINDOW} {median_ms(steps[:WINDOW]):.1f} ms, "
        f"middle {median_ms(middle):.1f} ms, last {WINDOW} {median_ms(steps[-WINDOW:]):.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
