"""Kill a saving process at random moments and check the campaign afterwards.

Shared by the store and CLI tests (a few kills) and bench/bench_kill.py and
bench/bench_battle_kill.py (hundreds). A harness, not part of gmtool: it lives beside the
benches, which import it by name (their folder is first on sys.path); tests import
`bench.killtest` from the repository's root.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from gmtool.store.campaign import open_campaign

WRITER = """
import sys
from gmtool.rules.dice import roll
from gmtool.store import open_campaign
campaign = open_campaign(sys.argv[1], seed=1)
while True:
    result = roll("3d6", campaign.rng())
    saved = campaign.record([campaign.dice_entry(result, "kill test")])
    sys.stdout.write(f"{saved[0]['id']}\\n")
    sys.stdout.flush()
"""


def kill_once(path: Path, rng: random.Random, max_wait: float = 0.4) -> set[int]:
    """Start a writer, let it save for a random while, SIGKILL it; return the ids it printed."""
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()  # wait until it is saving
    time.sleep(rng.uniform(0, max_wait))
    os.kill(proc.pid, signal.SIGKILL)
    rest, err = proc.communicate()
    lines = (first + rest).split()
    if not first:
        raise RuntimeError(f"writer failed to start: {err.strip()}")
    return {int(x) for x in lines}


def verify(path: Path, confirmed: set[int]) -> int:
    """Open the campaign after the kills; every confirmed roll must be there."""
    campaign = open_campaign(path, create=False)
    try:
        ids = {e["id"] for e in campaign.roll_log()}
    finally:
        campaign.close()
    missing = confirmed - ids
    if missing:
        raise AssertionError(f"{len(missing)} saved rolls lost, e.g. {sorted(missing)[:5]}")
    return len(ids)


BATTLE_WRITER = """
import sys
from gmtool.cli import main
while True:
    if main(["battle", "next", sys.argv[2], "--campaign", sys.argv[1], "--json"]) != 0:
        sys.exit(3)
    sys.stdout.write("step\\n")
    sys.stdout.flush()
"""


def kill_battle_once(path: Path, battle_id: str, rng: random.Random, max_wait: float) -> int:
    """Run `gmtool battle next` over and over in one process, SIGKILL it at a random instant
    after its first step is saved; returns the steps it reported saved."""
    proc = subprocess.Popen(
        [sys.executable, "-c", BATTLE_WRITER, str(path), battle_id],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    if not first:
        _, err = proc.communicate()
        raise RuntimeError(f"battle writer failed: {err.strip()[-500:]}")
    time.sleep(rng.uniform(0, max_wait))
    os.kill(proc.pid, signal.SIGKILL)
    rest, _ = proc.communicate()
    return (first + rest).count("step")
