"""Saving one injury entry into a campaign whose history already holds 20,000 of them.

The campaign is built in the old layout (one `injuries.json`, schema 1), the shape a long
campaign had before the injury history was chunked, so opening it also times the migration.
Prints the median time of saving one entry (direct damage, then treatment, alternately) into
that campaign and into a fresh one; the project rule is that the two stay about the same.
Reading the whole history (what the Injuries tab shows) is printed too: it does grow.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from gmtool.rules.characters import character_from_dict
from gmtool.rules.hazards import roll_hazard
from gmtool.store import Campaign, open_campaign
from gmtool.store.injuries import Context, history, record_damage, record_hazards, record_treatment
from gmtool.store.party import add_character, load_party_state

HISTORY = 20_000
SAMPLES = 60
DAX = {
    "id": "dax",
    "name": "Jadra Dax",
    "kind": "pc",
    "player": "Sam",
    "abilities": {"constitution": 12, "personality": 8},
    "skills": {},
}


def new_campaign(path: Path) -> Campaign:
    campaign = open_campaign(path, seed=1)
    add_character(campaign, character_from_dict(DAX))
    return campaign


def hazard_entry(path: Path) -> dict[str, Any]:
    """A real hazard entry (the biggest kind), saved by the store and read back."""
    campaign = new_campaign(path)
    try:
        dax = load_party_state(campaign).character("dax")
        rng = random.Random(3)
        outcome = next(
            o
            for _ in range(500)
            if (o := roll_hazard("small", "critical", dax, "vulnerable", rng)).hurt
        )
        record_hazards(
            campaign, [outcome], Context("torpedo hit", "kestrel", "CSS Kestrel", "b1", 2)
        )
        return history(campaign)[0]
    finally:
        campaign.close()


def build_old_layout(path: Path, template: dict[str, Any]) -> None:
    """A campaign of schema 1 whose injuries.json holds HISTORY entries (fast set-up)."""
    new_campaign(path).close()
    body = {k: v for k, v in template.items() if k != "id"}
    entries = {str(n): dict(body, undone=n % 7 == 0) for n in range(1, HISTORY + 1)}
    (path / "injuries.json").write_text(json.dumps({"entries": entries}))
    for chunk in (path / "log").glob("injuries-*.json"):
        chunk.unlink()
    main = path / "campaign.json"
    data = json.loads(main.read_text())
    for meta in data["meta"].values():
        meta["schema"] = 1
    main.write_text(json.dumps(data))


def median_save_ms(campaign: Campaign) -> float:
    times: list[float] = []
    context = Context("benchmark")
    for n in range(SAMPLES):
        start = time.perf_counter()
        if n % 2 == 0:
            record_damage(campaign, "dax", 1, "stun", context)
        else:
            record_treatment(campaign, "dax", "stun", 1, "benchmark")
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        template = hazard_entry(Path(tmp) / "template.campaign")
        print(f"one hazard entry is {len(json.dumps(template)):,} bytes of JSON")
        fresh = new_campaign(Path(tmp) / "fresh.campaign")
        fresh_ms = median_save_ms(fresh)
        fresh.close()
        long_path = Path(tmp) / "long.campaign"
        build_old_layout(long_path, template)
        start = time.perf_counter()
        long = open_campaign(long_path)
        open_ms = (time.perf_counter() - start) * 1000
        print(f"opening the old-layout campaign ({HISTORY:,} entries): {open_ms:.0f} ms")
        long_ms = median_save_ms(long)
        long.close()
        long = open_campaign(long_path)
        start = time.perf_counter()
        count = len(history(long))
        cold_ms = (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        history(long)
        warm_ms = (time.perf_counter() - start) * 1000
        long.close()
    print(f"save one injury entry, fresh campaign: median {fresh_ms:.2f} ms")
    print(f"save one injury entry, {count:,} entries: median {long_ms:.2f} ms")
    print(f"ratio: {long_ms / fresh_ms:.2f}x (the rule: about 1x)")
    print(f"read the whole history: {cold_ms:.0f} ms just opened, {warm_ms:.0f} ms again")
    return 0


if __name__ == "__main__":
    sys.exit(main())
