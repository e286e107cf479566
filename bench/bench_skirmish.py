"""Benchmark: how fast `gmtool skirmish simulate` plays Torga IV games.

Prints games per second on one core and with --jobs 2, against the targets: at least 500
games a second on one core, and two jobs within 1.3x of twice one core. Each figure is the
best of a few runs, so other work on the machine disturbs it less. Figures only, no asserts:
run it on the machine you care about.

    .venv/bin/python bench/bench_skirmish.py [--games N] [--repeat R] [--scenario FILE]
"""

from __future__ import annotations

import argparse
import os
import time

from gmtool.rules.skirmish import load_scenario, simulate
from gmtool.rules.skirmish.simulate import run_games

TARGET_ONE_CORE = 500.0  # games per second
TARGET_SCALING = 1.3  # two jobs within this factor of twice one core


def _timed(scenario_path: str | None, games: int, jobs: int) -> tuple[float, float]:
    scenario = load_scenario(scenario_path)
    start = time.perf_counter()
    summary = simulate(scenario, games, seed=1, jobs=jobs)
    elapsed = time.perf_counter() - start
    return games / elapsed, summary.mean_final_turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scenario", default=None)
    args = parser.parse_args()

    scenario = load_scenario(args.scenario)
    run_games(scenario, 20, seed=0)  # warm up: table load, walking grids, caches

    one = two = 0.0
    turns = 0.0
    for _ in range(args.repeat):  # interleaved, so a busy spell hurts both alike
        rate, turns = _timed(args.scenario, args.games, 1)
        one = max(one, rate)
        two = max(two, _timed(args.scenario, args.games, 2)[0])
    ideal = 2 * one
    print(f"scenario: {scenario.name}; {args.games} games; mean final turn {turns:.2f}")
    print(f"cores available: {os.cpu_count()}")
    verdict = "ok" if one >= TARGET_ONE_CORE else "BELOW TARGET"
    print(f"one core: {one:8.0f} games/s   (target {TARGET_ONE_CORE:.0f}: {verdict})")
    factor = ideal / two
    verdict = "ok" if factor <= TARGET_SCALING else "BELOW TARGET"
    print(
        f"--jobs 2: {two:8.0f} games/s   ({factor:.2f}x short of twice one core, "
        f"target within {TARGET_SCALING}x: {verdict})"
    )


if __name__ == "__main__":
    main()
