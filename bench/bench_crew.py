"""Benchmark: manifest and named roster of a super-heavy ship of about 5,000 crew.

Target (issue 3): both together in under 100 ms. Run from the repo root:

    .venv/bin/python bench/bench_crew.py

Prints the crew size and the best and median time of each step over several runs. Tables
are loaded by a first call before timing (the app loads them once per process too); that
first call, table loading included, is printed separately.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from gmtool.rules.crew import crew_manifest
from gmtool.rules.roster import named_roster
from gmtool.rules.ships import ShipSpec, ship_spec_from_dict

RUNS = 30

SUPER_HEAVY: dict[str, Any] = {
    "name": "CSS Leviathan",
    "class": "super-heavy",
    "hull_points": 14_000,
    "carries_fuel": True,
    "flagship": True,
    "passengers": 40,
    "embarked_craft": 48,
    "flight_crews": 96,
    "marines": 400,
    "psi_officers": 4,
    "systems": [
        {"type": "ftl_drive", "hp": 1400},
        {"type": "engine", "count": 8, "hp": 600},
        {"type": "power_plant", "count": 6, "hp": 400},
        {"type": "life_support", "count": 12},
        {"type": "life_suspension", "count": 40},
        {"type": "recycler", "count": 6},
        {"type": "hydroponics", "count": 6},
        {"type": "sensor", "count": 8},
        {"type": "comm", "count": 6},
        {"type": "computer_core"},
        {"type": "dedicated_computer", "count": 10},
        {"type": "autocargo", "count": 4},
        {"type": "cargo_hold", "count": 10},
        {"type": "hangar", "count": 4, "hp": 300},
        {"type": "workshop", "count": 4},
        {"type": "fabrication_facility", "count": 2},
        {"type": "nanomanufacture_bay"},
        {"type": "lab_section", "count": 6},
        {"type": "beam", "count": 24, "hp": 40},
        {"type": "projectile", "count": 16, "hp": 30},
        {"type": "missile_tube", "count": 12, "hp": 20},
        {"type": "cell_array", "count": 8, "hp": 20},
        {"type": "torpedo", "count": 8, "hp": 40},
        {"type": "defense", "count": 20, "hp": 10},
        {"type": "sick_bay", "count": 6, "beds": 40},
    ],
}


def timed(step: Callable[[], Any]) -> tuple[float, float]:
    """Best and median wall time of `step` in milliseconds over RUNS runs."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        step()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)


def main() -> None:
    start = time.perf_counter()
    spec: ShipSpec = ship_spec_from_dict(SUPER_HEAVY, file="<bench>")
    first = named_roster(crew_manifest(spec), seed="bench")
    cold = (time.perf_counter() - start) * 1000

    manifest = crew_manifest(spec)
    print(f"ship: {spec.name} ({spec.ship_class}), total crew {manifest.total_crew}")
    print(f"roster members: {len(first.members)}")
    print(f"first call, tables loaded on the way: {cold:.1f} ms")
    best, median = timed(lambda: crew_manifest(spec))
    print(f"manifest:             best {best:.2f} ms, median {median:.2f} ms")
    best, median = timed(lambda: named_roster(manifest, seed="bench"))
    print(f"named roster:         best {best:.2f} ms, median {median:.2f} ms")
    best, median = timed(lambda: named_roster(crew_manifest(spec), seed="bench"))
    print(f"manifest + roster:    best {best:.2f} ms, median {median:.2f} ms (target < 100 ms)")
    best, median = timed(lambda: named_roster(manifest, seed="bench", previous=first))
    print(f"roster, keeping a previous one: best {best:.2f} ms, median {median:.2f} ms")
    best, median = timed(lambda: ship_spec_from_dict(SUPER_HEAVY, file="<bench>"))
    print(f"spec validation:      best {best:.2f} ms, median {median:.2f} ms")


if __name__ == "__main__":
    main()
