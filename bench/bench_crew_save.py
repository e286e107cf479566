"""Benchmark: a super-heavy ship of about 5,000 crew, generated and saved through the ship store.

Targets (issue 3): manifest plus named roster in under 100 ms, saved in under 200 ms. Run from
the repo root:

    .venv/bin/python bench/bench_crew_save.py

Each run works in a fresh temporary campaign (atomic, fsynced writes, as in the app). Prints
the median and worst time of each step; "save" is the store's write of the roster version and
the ship list, and the whole action is what a GM waits for after pressing the key.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_crew import SUPER_HEAVY

from gmtool.rules.crew import crew_manifest
from gmtool.rules.roster import named_roster
from gmtool.rules.ships import ship_spec_from_dict
from gmtool.store import Campaign, open_campaign
from gmtool.store import ships as store
from gmtool.store.ships import rosters

RUNS = 15


def report(label: str, times: list[float], target: float | None = None) -> None:
    goal = f" (target < {target:.0f} ms)" if target else ""
    print(
        f"{label:<44} median {statistics.median(times):7.2f} ms, worst {max(times):7.2f} ms{goal}"
    )


def timed(step: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    result = step()
    return result, (time.perf_counter() - start) * 1000


def one_run(campaign: Campaign, run: int, steps: dict[str, list[float]]) -> tuple[int, int]:
    """Time every step once in `campaign`; returns the crew size and the roster file's size."""
    spec = ship_spec_from_dict(SUPER_HEAVY, file="<bench>")
    bigger = ship_spec_from_dict(dict(SUPER_HEAVY, hull_points=15_000, marines=450))
    manifest, t = timed(lambda: crew_manifest(spec))
    roster, t2 = timed(lambda: named_roster(manifest, f"bench:{run}"))
    steps["generate"].append(t + t2)
    _, t = timed(lambda: rosters.save_crew(campaign, "s", manifest, roster, None))
    steps["save"].append(t)
    added, t = timed(lambda: store.add_ship(campaign, spec))
    steps["add"].append(t)
    ship_id = added.record.id
    _, t = timed(lambda: store.update_ship(campaign, ship_id, bigger))
    steps["edit"].append(t)
    _, t = timed(lambda: store.regenerate_crew(campaign, ship_id))
    steps["regenerate"].append(t)
    _, t = timed(lambda: store.ship_crew(campaign, ship_id))
    steps["read"].append(t)
    store.undo_ships(campaign)
    _, t = timed(lambda: store.ship_crew(campaign, ship_id))
    steps["undo+read"].append(t)
    file_size = (campaign.folder / "rosters" / f"{ship_id}.json").stat().st_size
    return len(roster.members), file_size


def main() -> None:
    spec = ship_spec_from_dict(SUPER_HEAVY, file="<bench>")
    named_roster(crew_manifest(spec), "warm-up")  # load the tables once, as the app does
    names = ("generate", "save", "add", "edit", "regenerate", "read", "undo+read")
    steps: dict[str, list[float]] = {k: [] for k in names}
    crew_size = file_size = 0
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(RUNS):
            campaign = open_campaign(Path(tmp) / f"bench-{run}.campaign", seed=run + 1)
            try:
                crew_size, file_size = one_run(campaign, run, steps)
            finally:
                campaign.close()
    print(f"ship: {spec.name} ({spec.ship_class}), {crew_size} crew; {RUNS} runs")
    print(f"roster file with its kept versions: {file_size / 1024:.0f} KiB")
    report("manifest + named roster", steps["generate"], 100)
    report("save one roster version (store)", steps["save"], 200)
    report("add ship: generate + save + ship list", steps["add"])
    report("edit ship: keep names + save + ship list", steps["edit"])
    report("regenerate crew: generate + save + list", steps["regenerate"])
    report("read the saved crew (cached file)", steps["read"])
    report("undo, then read the older version", steps["undo+read"])


if __name__ == "__main__":
    main()
