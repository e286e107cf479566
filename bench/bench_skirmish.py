"""Benchmark: how fast `gmtool skirmish simulate` plays Torga IV games.

Prints games per second on one core and with --jobs 2, against the targets: at least 2,000
games a second on one core, and two jobs within 1.2x of twice one core. One core is given
twice: by the wall clock, and by the CPU time the process used (the fairer figure on a
machine others are using; the load average is printed too). Then the real command,
`gmtool skirmish simulate`, end to end in a fresh process (Python's start-up, the imports,
reading the scenario and a cold start of the board's memory included), on one core and
with --jobs 2. Each figure is the best of a few runs, so other work on the machine disturbs
it less. Figures only, no asserts: run it on the machine you care about, when it is quiet.

    .venv/bin/python bench/bench_skirmish.py [--games N] [--cli-games N] [--repeat R]
                                             [--scenario FILE]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from gmtool.rules.skirmish import load_scenario
from gmtool.rules.skirmish.simulate import run_games

TARGET_ONE_CORE = 2000.0  # games per second
TARGET_SCALING = 1.2  # two jobs within this factor of twice one core


def _timed(scenario_path: str | None, games: int, jobs: int, seed: int) -> tuple[float, float]:
    """(games per wall-clock second, games per CPU second of this process)."""
    scenario = load_scenario(scenario_path)
    wall = time.perf_counter()
    cpu = time.process_time()
    run_games(scenario, games, seed=seed, jobs=jobs)
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def _command(games: int, jobs: int, scenario_path: str | None) -> float:
    """Games per wall-clock second of `gmtool skirmish simulate` in a fresh process."""
    argv = [sys.executable, "-m", "gmtool", "skirmish", "simulate", "--games", str(games)]
    argv += ["--jobs", str(jobs), "--json"]
    if scenario_path:
        argv += ["--scenario", scenario_path]
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed gmtool has its bytecode
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    return games / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--cli-games", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scenario", default=None)
    args = parser.parse_args()

    scenario = load_scenario(args.scenario)
    run_games(scenario, 50, seed=0)  # warm up: table load, walking grids, plans

    one = one_cpu = two = 0.0
    for attempt in range(args.repeat):  # interleaved, so a busy spell hurts both alike
        wall, cpu = _timed(args.scenario, args.games, 1, seed=attempt + 1)
        one, one_cpu = max(one, wall), max(one_cpu, cpu)
        two = max(two, _timed(args.scenario, args.games, 2, seed=attempt + 1)[0])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"scenario: {scenario.name}; {args.games} games a run, best of {args.repeat}")
    print(f"cores available: {os.cpu_count()}; load average {load:.1f}")
    for label, rate in (("one core (wall)", one), ("one core (CPU) ", one_cpu)):
        verdict = "ok" if rate >= TARGET_ONE_CORE else "BELOW TARGET"
        print(f"{label}: {rate:8.0f} games/s   (target {TARGET_ONE_CORE:.0f}: {verdict})")
    factor = 2 * one / two
    verdict = "ok" if factor <= TARGET_SCALING else "BELOW TARGET"
    print(
        f"--jobs 2       : {two:8.0f} games/s   ({factor:.2f}x short of twice one core, "
        f"target within {TARGET_SCALING}x: {verdict})"
    )
    _command(50, 1, args.scenario)  # writes the bytecode once, as an install would
    cli_one = cli_two = 0.0
    for _ in range(args.repeat):
        cli_one = max(cli_one, _command(args.cli_games, 1, args.scenario))
        cli_two = max(cli_two, _command(args.cli_games, 2, args.scenario))
    verdict = "ok" if cli_one >= TARGET_ONE_CORE else "BELOW TARGET"
    print(
        f"gmtool skirmish simulate --games {args.cli_games}, end to end: "
        f"{cli_one:.0f} games/s ({verdict}); --jobs 2: {cli_two:.0f} games/s "
        f"({2 * cli_one / cli_two:.2f}x short of twice one core)"
    )


if __name__ == "__main__":
    main()
