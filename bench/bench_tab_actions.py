"""What the Dice & Log, Stations and Crew tabs' actions cost to save, against the store's
own calls they replaced.

Each action runs in one transaction: a roll or a station change writes one file (the commit
skips the journal), a ship added or given a new crew writes two (the roster and the list of
ships) with a journal. Prints median wall ms, mean CPU ms and fsyncs per action, through the
action and through the store directly, in the demo campaign, its files filled to their caps.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from gmtool.actions import dice, party, ships
from gmtool.rules import dice as rules_dice
from gmtool.rules.stations import move
from gmtool.store import Campaign, open_campaign
from gmtool.store import party as party_store
from gmtool.store import ships as ship_store
from gmtool.store.demo import seed_demo

SAMPLES = 30
FSYNCS = [0]
_fsync = os.fsync


def _counted_fsync(fd: int) -> None:
    FSYNCS[0] += 1
    _fsync(fd)


def measure(action: Callable[[int], object]) -> tuple[float, float, float]:
    times: list[float] = []
    cpu = 0.0
    FSYNCS[0] = 0
    for n in range(SAMPLES):
        start, start_cpu = time.perf_counter(), time.process_time()
        action(n)
        times.append(time.perf_counter() - start)
        cpu += time.process_time() - start_cpu
    return statistics.median(times) * 1000, cpu / SAMPLES * 1000, FSYNCS[0] / SAMPLES


def _store_roll(c: Campaign) -> Callable[[int], object]:
    def roll(_n: int) -> object:
        result = rules_dice.roll("2d6+1", c.rng())
        return c.record([c.dice_entry(result, "bench")])

    return roll


def _store_move(c: Campaign) -> Callable[[int], object]:
    places = ("sensors", "computers")

    def change(n: int) -> object:
        now = party_store.load_party_state(c)
        ids = {"characters": now.ids, "ships": [s.id for s in ship_store.list_ships(c)]}
        new = move(now.assignments, "priya-salo", "meridian", places[n % 2], **ids)
        return party_store.save_assignments(c, new, "bench")

    return change


def main() -> None:
    os.fsync = _counted_fsync
    with tempfile.TemporaryDirectory() as tmp:
        c = open_campaign(Path(tmp) / "bench", seed=7)
        seed_demo(c)
        rows = [
            ("roll 2d6+1, store", _store_roll(c)),
            ("roll 2d6+1, action", lambda _n: dice.roll_dice(c, "2d6+1", "bench")),
            ("move a character, store", _store_move(c)),
            (
                "move a character, action",
                lambda n: party.move_to_station(
                    c, "priya-salo", "meridian", ("sensors", "computers")[n % 2]
                ),
            ),
            ("new crew for a ship, store", lambda _n: ship_store.regenerate_crew(c, "meridian")),
            ("new crew for a ship, action", lambda _n: ships.regenerate_crew(c, "meridian")),
        ]
        # Fill the files to their caps first (50 undo steps, 20 roster versions), so neither
        # side of a comparison is timed on smaller files than the other.
        for n in range(60):
            party.move_to_station(c, "priya-salo", "meridian", ("sensors", "computers")[n % 2])
        for _ in range(25):
            ships.regenerate_crew(c, "meridian")
        print(f"{'action':32} {'median ms':>10} {'CPU ms':>8} {'fsyncs':>7}")
        for name, action in rows:
            wall, cpu, fsyncs = measure(action)
            print(f"{name:32} {wall:10.2f} {cpu:8.2f} {fsyncs:7.1f}")
        c.close()


if __name__ == "__main__":
    main()
