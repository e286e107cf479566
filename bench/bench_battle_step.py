"""Saving one battle step in a campaign that has already fought 500 battles.

The campaign is the demo with 500 finished battles listed the old way (inside `battles.json`,
schema 2), so opening it also times the migration into the chunked battle list. Prints the
median time of one step (damage typed in) in that campaign and in the demo with no battle
behind it; the project rule is that the two stay about the same.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from gmtool.rules.battle import apply_damage_manually, end_battle
from gmtool.store import Campaign, open_campaign
from gmtool.store.battles import create_battle, fleet_setup, list_battles, run_step
from gmtool.store.demo import seed_demo

BATTLES = 500
SAMPLES = 40


def demo_campaign(path: Path) -> Campaign:
    campaign = open_campaign(path, seed=1)
    seed_demo(campaign)
    return campaign


def raid(campaign: Campaign, name: str) -> str:
    navy = fleet_setup(campaign, "Navy", ["meridian"])
    raiders = fleet_setup(campaign, "Raiders", ["gorgon", "vex"])
    return create_battle(campaign, name, navy, raiders, "long").id


def build_old_list(path: Path) -> int:
    """The demo with one real finished battle, its record copied BATTLES times into the
    list inside battles.json (the layout of schema 2); returns the record's size."""
    campaign = demo_campaign(path)
    first = raid(campaign, "Raid")
    run_step(campaign, first, apply_damage_manually, "meridian", 5, "wound")
    run_step(campaign, first, end_battle, "the raiders break off")
    template = list_battles(campaign)[0].to_dict()
    campaign.close()
    for chunk in (path / "log").glob("battles-*.json"):
        chunk.unlink()
    records = [dict(template, id=f"raid-{n}", name=f"Raid {n}") for n in range(1, BATTLES)]
    doc = {"battles": [template, *records], "open": first}
    (path / "battles.json").write_text(json.dumps({"index": {"1": doc}}))
    main = path / "campaign.json"
    data = json.loads(main.read_text())
    for meta in data["meta"].values():
        meta["schema"] = 2
    main.write_text(json.dumps(data))
    return len(json.dumps(template))


def median_step_ms(campaign: Campaign) -> float:
    battle = raid(campaign, "Benchmark")
    times: list[float] = []
    for _ in range(SAMPLES):
        start = time.perf_counter()
        run_step(campaign, battle, apply_damage_manually, "meridian", 1, "stun")
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        fresh = demo_campaign(Path(tmp) / "fresh.campaign")
        fresh_ms = median_step_ms(fresh)
        fresh.close()
        long_path = Path(tmp) / "long.campaign"
        size = build_old_list(long_path)
        print(f"one finished battle's record is {size:,} bytes of JSON")
        start = time.perf_counter()
        long = open_campaign(long_path)
        open_ms = (time.perf_counter() - start) * 1000
        print(f"opening the old-layout campaign ({BATTLES} battles): {open_ms:.0f} ms")
        long_ms = median_step_ms(long)
        count = len(list_battles(long))
        long.close()
    print(f"one battle step, no battle before: median {fresh_ms:.2f} ms")
    print(f"one battle step, {count} battles: median {long_ms:.2f} ms")
    print(f"ratio: {long_ms / fresh_ms:.2f}x (the rule: about 1x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
