"""Saving one action into a campaign that already holds 100,000 logged rolls.

Prints the median time of `Campaign.record` (one roll, one action) and of writing the same
file with plain json.dump + fsync, the floor any atomic JSON save must pay. Target: median
under 20 ms and within 2x of the floor.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from gmtool.rules.dice import roll
from gmtool.store import open_campaign
from gmtool.store.rolllog import CHUNK_SIZE, TABLE

HISTORY = 100_000
# The newest chunk is half full, as it is on average in play.
NEWEST_CHUNK_FILL = CHUNK_SIZE // 2
SAMPLES = 60


def build_history(path: Path) -> None:
    """Write 100,000 realistic rolls straight into the chunk files (fast set-up)."""
    campaign = open_campaign(path, seed=1)
    template = campaign.dice_entry(roll("2d6+1w", random.Random(1)), "history")
    campaign.close()
    log = path / "log"
    log.mkdir(exist_ok=True)
    full_chunks = HISTORY // CHUNK_SIZE
    for index in range(full_chunks + 1):
        docs = {}
        for n in range(CHUNK_SIZE if index < full_chunks else NEWEST_CHUNK_FILL):
            roll_id = index * CHUNK_SIZE + n + 1
            docs[str(roll_id)] = dict(
                template, id=roll_id, action=roll_id, time="2026-01-01T20:00:00", session=None
            )
        (log / f"rolls-{index:05d}.json").write_text(json.dumps({TABLE: docs}))


def plain_dump(path: Path, data: object) -> float:
    start = time.perf_counter()
    with open(path, "w") as fh:
        json.dump(data, fh)
        fh.flush()
        os.fsync(fh.fileno())
    return time.perf_counter() - start


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "long.campaign"
        build_history(path)
        campaign = open_campaign(path)
        assert campaign.rolls is not None
        print(f"campaign holds {campaign.rolls.count():,} rolls")
        save_times = []
        floor_times = []
        for _ in range(SAMPLES):
            result = roll("2d6", campaign.rng())
            entry = campaign.dice_entry(result, "benchmark")
            start = time.perf_counter()
            campaign.record([entry])
            save_times.append(time.perf_counter() - start)
            chunk = campaign.rolls.chunk_path((campaign.rolls.next_id - 2) // CHUNK_SIZE)
            data = json.loads(chunk.read_text())
            floor_times.append(plain_dump(Path(tmp) / "plain.json", data))
        campaign.close()
    save = statistics.median(save_times) * 1000
    floor = statistics.median(floor_times) * 1000
    print(f"save one action: median {save:.2f} ms (target < 20 ms)")
    print(f"plain json.dump + fsync of the same file: median {floor:.2f} ms")
    print(f"ratio: {save / floor:.2f}x (target <= 2x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
