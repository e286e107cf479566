"""Kill a saving process at random moments and check the campaign afterwards.

Shared by the store and CLI tests (a few kills) and bench/bench_kill.py and
bench/bench_battle_kill.py (hundreds). A harness, not part of gmtool: it lives beside the
benches, which import it by name (their folder is first on sys.path); tests import
`bench.killtest` from the repository's root.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
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


# -- every writer: one kind's cycle, killed at a random instant, then the campaign checked --

KIND_WRITER = """
import contextlib, io, os, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[3])
import kill_kinds
from gmtool.cli import main
from gmtool.store import generation
if os.environ.get("KILL_SLOW_FSYNC"):  # a slow disk: the commit's window is wider
    real_fsync = os.fsync
    def slow(fd):
        time.sleep(float(os.environ["KILL_SLOW_FSYNC"]))
        real_fsync(fd)
    os.fsync = slow
folder, steps = Path(sys.argv[1]), sys.argv[4:]
n = int(sys.argv[2])
while True:
    step = steps[n % len(steps)]
    print("start", n % len(steps), flush=True)
    began = time.perf_counter()
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        if step.startswith("py:"):
            try:
                kill_kinds.run_py(folder, step[3:])
                code = 0
            except Exception:
                code = 2
        else:
            args = step.format(b=kill_kinds.BATTLE).split()
            code = main([*args, "--campaign", str(folder)])
    if code == 0:
        took = time.perf_counter() - began
        print("done", n % len(steps), generation.read(folder), f"{took:.3f}", flush=True)
    else:
        print("refused", n % len(steps), out.getvalue().strip()[:200].replace(chr(10), " "),
              flush=True)
    n += 1
"""


@dataclass
class Row:
    """What the kills of one step found: `kills` landed in it, `mid_save` left a journal or
    temporary files, `torn` left files the store refuses or an unfinished journal after the
    open, `lost` lost a step the writer had seen saved, `dirty` left `doctor` unhappy."""

    kills: int = 0
    mid_save: int = 0
    torn: int = 0
    lost: int = 0
    dirty: int = 0
    refused: int = 0
    saved: int = 0
    notes: list[str] = field(default_factory=list)


def kill_step_once(
    folder: Path,
    steps: tuple[str, ...],
    start: int,
    target: int,
    rng: random.Random,
    took: float,
    slow_fsync: float = 0.0,
) -> tuple[int, int, int, list[str], float]:
    """Run the cycle from step `start` in a new process and SIGKILL it at a random instant
    of step `target` (within `took` seconds of its start: what it took before); returns
    (the next step to run, steps saved, the newest generation the writer saw saved, the
    refusals it printed, the longest step it timed)."""
    env = dict(os.environ)
    if slow_fsync:
        env["KILL_SLOW_FSYNC"] = str(slow_fsync)
    here = str(Path(__file__).resolve().parent)
    proc = subprocess.Popen(
        [sys.executable, "-c", KIND_WRITER, str(folder), str(start), here, *steps],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert proc.stdout is not None
    lines: list[str] = []
    while True:
        line = proc.stdout.readline()
        if not line:
            _, err = proc.communicate()
            raise RuntimeError(f"writer stopped: {err.strip()[-500:]}")
        lines.append(line)
        if line.split() == ["start", str(target)]:
            break
    time.sleep(rng.uniform(0, took))
    os.kill(proc.pid, signal.SIGKILL)
    rest, _ = proc.communicate()
    nxt, saved, newest, longest = start, 0, 0, 0.0
    refusals: list[str] = []
    for line in [*lines, *rest.splitlines()]:
        word, _, tail = line.strip().partition(" ")
        if word == "done":
            index, gen, seconds = tail.split()
            saved, newest = saved + 1, max(newest, int(gen))
            nxt, longest = (int(index) + 1) % len(steps), max(longest, float(seconds))
        elif word == "refused":
            index, _, why = tail.partition(" ")
            nxt = (int(index) + 1) % len(steps)
            refusals.append(f"{steps[int(index)]}: {why}")
    return nxt, saved, newest, refusals, longest


def examine_after_kill(folder: Path, confirmed: int) -> tuple[bool, str, bool, str]:
    """(killed mid-save, torn: why or '', lost, doctor's complaint or '') after a kill: the
    campaign is looked at as the kill left it, then opened as gmtool opens it."""
    from gmtool.cli import main as gmtool
    from gmtool.store import checkup, generation, journal

    mid_save = journal.pending(folder) or any(
        journal.TEMPORARY.match(p.name) for p in folder.rglob("*.tmp")
    )
    torn = ""
    try:
        open_campaign(folder, create=False).close()
    except Exception as exc:  # any failure to open is what is counted
        torn = f"does not open: {exc}"
    if not torn:
        damaged = checkup.damaged_files(folder, thorough=True)
        if damaged:
            torn = str(damaged[0])
        elif journal.pending(folder):
            torn = "a journal is left after the open"
    lost = not torn and generation.read(folder) < confirmed
    dirty = ""
    if not torn:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            code = gmtool(["doctor", "--campaign", str(folder)])
        dirty = out.getvalue().strip() if code != 0 else ""
    return bool(mid_save), torn, lost, dirty


def print_table(rows: dict[str, Row], seconds: float) -> None:
    """The table the kill benches print: one row per step killed."""
    print(f"{'kind':<58} {'kills':>5} {'mid-save':>8} {'torn':>4} {'lost':>4} {'dirty':>5}")
    total = Row()
    for name, row in rows.items():
        print(
            f"{name[:58]:<58} {row.kills:>5} {row.mid_save:>8} {row.torn:>4} {row.lost:>4} "
            f"{row.dirty:>5}"
        )
        for attr in ("kills", "mid_save", "torn", "lost", "dirty", "saved", "refused"):
            setattr(total, attr, getattr(total, attr) + getattr(row, attr))
    print(
        f"{'all':<58} {total.kills:>5} {total.mid_save:>8} {total.torn:>4} {total.lost:>4} "
        f"{total.dirty:>5}"
    )
    print(f"{total.saved} steps saved, {total.refused} refused by the rules, in {seconds:.0f} s")
    for name, row in rows.items():
        for note in row.notes[:3]:
            print(f"  {name}: {note[:400]}")
