"""What one battle step costs to save as one commit, against saving its files one by one.

A step (damage typed in on the Meridian, with her people's hazard rolls) is saved through the
action layer (`actions.battles.do_apply_damage`: every file staged, then one journaled
commit) and, for comparison, the way it was saved before the action layer (`run_step` on its
own, each file replaced as it was written). Both in the demo campaign and in one whose roll
log holds 100,000 rolls. Prints the median wall time, the CPU time and the fsyncs of a step
(the two figures that do not move with a busy disk). Targets: the commit within 2x of the
file-by-file save, and under 20 ms with 100,000 rolls.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_save import build_history  # type: ignore[import-not-found]

from gmtool.actions import battles as act
from gmtool.rules.battle import apply_damage_manually
from gmtool.store import Campaign, open_campaign
from gmtool.store.battles import run_step
from gmtool.store.demo import seed_demo

SAMPLES = 40


FSYNCS = [0]
_fsync = os.fsync


def _counted_fsync(fd: int) -> None:
    FSYNCS[0] += 1
    _fsync(fd)


def _median_ms(campaign: Campaign, step: Callable[[str], object]) -> tuple[float, float, float]:
    """(median wall ms, mean CPU ms, fsyncs) of one step."""
    battle = act.new_battle(campaign, "Bench", ["meridian"], ["gorgon", "vex"], "long").id
    times: list[float] = []
    cpu = 0.0
    FSYNCS[0] = 0
    for n in range(SAMPLES):
        if n % 8 == 7:  # keep the Meridian in the fight: undo is not timed
            before = FSYNCS[0]
            act.undo(campaign, battle)
            FSYNCS[0] = before
        start, start_cpu = time.perf_counter(), time.process_time()
        step(battle)
        times.append(time.perf_counter() - start)
        cpu += time.process_time() - start_cpu
    return statistics.median(times) * 1000, cpu / SAMPLES * 1000, FSYNCS[0] / SAMPLES


Figures = tuple[float, float, float]


def measure(campaign: Campaign) -> tuple[Figures, Figures]:
    def committed(battle: str) -> object:
        return act.do_apply_damage(campaign, battle, "meridian", 1, "wound")

    def one_by_one(battle: str) -> object:
        return run_step(campaign, battle, apply_damage_manually, "meridian", 1, "wound")

    return _median_ms(campaign, committed), _median_ms(campaign, one_by_one)


def main() -> int:
    os.fsync = _counted_fsync
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for label, history in (("demo", False), ("100,000 rolls", True)):
            path = Path(tmp) / label.replace(" ", "").replace(",", "")
            if history:
                build_history(path)
            campaign = open_campaign(path, seed=1)
            seed_demo(campaign)
            commit, plain = measure(campaign)
            campaign.close()
            rows.append((label, commit, plain))
    for label, commit, plain in rows:
        for how, (wall, cpu, syncs) in (("one commit", commit), ("file by file", plain)):
            print(
                f"{label:>14}, {how:>12}: {wall:6.2f} ms median, {cpu:5.2f} ms CPU, "
                f"{syncs:4.1f} fsyncs a step"
            )
        print(f"{label:>14}: the commit takes {commit[0] / plain[0]:.2f}x the wall time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
