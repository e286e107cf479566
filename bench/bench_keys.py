"""Key latency: the time from a GM's key press to a settled screen, on the demo campaign and
on a big one (the demo plus a ship whose crew is about 5,000, and 100,000 logged rolls).

Issue 16's target: every key's median under 100 ms once its tab has been opened, the first
open of any tab under 300 ms. The app runs headless (`make_app` + `App.run_test`) and is
driven by keys only, the keys a GM presses: switching tabs, opening and closing forms,
moving cursors, rolling, regenerating a crew, stepping and undoing a battle, playing Torga IV.
Every session starts from a fresh copy of the campaign, so each one meets the same files.

"Settled" (read from textual/pilot.py): `Pilot.press` sends the key and returns once the
app and the screen's widgets have handled the messages queued so far (`_wait_for_screen`,
after two `wait_for_idle` waits of at least 20 ms each, so its return is no clock). After
the press the bench waits until `Pilot.wait_for_scheduled_animations` returns (queues
drained, animations done, the process idle) and no worker is pending or running in a thread
(an async worker awaiting a dialog is idle, not busy: the Battle tab's dialogs live in
workers that wait for the GM). The time reported is from the key's send to the last frame
the app drew before it settled (every `App._display` of a rendered screen, which the
headless driver also goes through), so the idle waits do not count. A key that drew nothing
is timed to `Pilot.press`'s return and marked `*`. Notifications are cleared (unmeasured)
before each key, so a toast timing out does not draw a frame into the next key's time;
animations are off (`animation_level = "none"`, as in the tests: a tab's underline sliding
on is not the key's answer) and a focused field's cursor does not blink (each blink draws a
frame).

The garbage collector runs as under the gmtool command (commands/collector.py): off during
start-up, then what start-up and each tab's first build made frozen out of its sight; the
collection the gmtool command makes once no key came for two seconds the bench, pressing
keys back to back, never gives it (a GM reading the screen does).

Prints, per key, runs, median and max ms for the demo and the big campaign, the first open
of each tab separately. No asserts on time: this script measures, the issue judges.

    python bench/bench_keys.py [--quick] [--size 80x24] [--sessions N] [--repeats N]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gmtool.tui  # noqa: F401  (first: it sets Textual's frame rate, as the gmtool command does)

# isort: split
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input
from textual.worker import WorkerState

from gmtool.actions import ships
from gmtool.commands.collector import collect_out_of_the_way
from gmtool.rules.dice import roll
from gmtool.rules.ships import parse_ship_spec
from gmtool.store import open_campaign
from gmtool.store import ships as ship_store
from gmtool.store.demo import DEMO_NAME, seed_demo
from gmtool.store.rolllog import CHUNK_SIZE
from gmtool.tui.app import make_app

SEED = 20261202
HISTORY = 100_000

# The demo's heavy cruiser (campaigns/demo/ships/tenacity.yaml, 721 crew) nine times over:
# the crew rules give it 5,115. Nothing about it is special but its size.
BIG_SHIP = """\
name: CSS Leviathan
class: heavy
hull_points: 10800
acceleration: 3
crew_quality: crack
carries_fuel: true
flagship: true
passengers: 54
embarked_craft: 108
flight_crews: 216
marines: 540
psi_officers: 2
systems:
  - {type: ftl_drive, hp: 120}
  - {type: engine, count: 36, hp: 50}
  - {type: power_plant, count: 27, hp: 40}
  - {type: life_support, count: 36}
  - {type: life_suspension, count: 54}
  - {type: recycler, count: 18}
  - {type: hydroponics, count: 18}
  - {type: sensor, name: long-range array}
  - {type: sensor, name: fire-control array, count: 18}
  - {type: comm, count: 27}
  - {type: computer_core}
  - {type: dedicated_computer, name: fire-control computer, count: 18}
  - {type: autocargo}
  - {type: cargo_hold, count: 18}
  - {type: hangar, name: flight deck, hp: 120}
  - {type: workshop}
  - {type: fabrication_facility}
  - {type: lab_section, count: 18}
  - {type: beam, name: particle lance, count: 18, hp: 20, firepower: heavy, arc: forward,
     damage: {ordinary: d8+2w, good: d6+1m, amazing: d8+2m}}
  - {type: beam, name: heavy laser battery, count: 36, hp: 8, firepower: medium, arc: turret,
     damage: {ordinary: d6+1w, good: d6+3w, amazing: d4+2m}}
  - {type: projectile, name: mass driver, count: 18, hp: 12, firepower: heavy, arc: aft,
     damage: {ordinary: d8+1w, good: d8+3w, amazing: d6+2m}}
  - {type: torpedo, name: antimatter torpedo, count: 18, hp: 15, firepower: heavy,
     arc: forward, damage: {ordinary: d6+1m, good: d8+1m, amazing: d4c}}
  - {type: defense, name: point-defense grid, count: 36, hp: 3}
  - {type: defense, name: deflector screen, hp: 30, energy_screen: true}
  - {type: transporter, name: troop transporter, count: 18, hp: 6}
  - {type: sick_bay, count: 18, beds: 10}
  - {type: fuel, name: fuel bunkers, hp: 40}
"""

# What the history's rolls were for: dice the GM rolled, and the battles' own rolls.
HISTORY_ROLLS = [
    ("2d6+1w", "torpedo damage", "dice"),
    ("d20", "Perception", "dice"),
    ("d8+2w", "particle lance damage", "battle"),
    ("d6+1m", "mass driver damage", "battle"),
    ("d4c", "antimatter torpedo", "battle"),
    ("3d6", "hull breach", "dice"),
]

TAB_NAMES = ["Dice & Log", "Crew", "Stations", "Battle", "Injuries", "Torga IV"]
START_UP = "start-up to a settled screen (Dice & Log)"


def first_open(number: int) -> str:
    return f"{number} {TAB_NAMES[number - 1]}: first open"


def reopen(number: int) -> str:
    return f"{number} {TAB_NAMES[number - 1]}: open again"


# Every key row the bench prints, in order (the smoke test checks each is measured).
FIRST_OPENS = [START_UP, *(first_open(n) for n in range(2, 7))]
KEYS = [
    "Dice: enter (roll 2d6+1w)",
    "Dice: ctrl+z (undo the roll)",
    "Dice: escape (to the log)",
    "Crew: down/up (another ship)",
    "Crew: down (select the biggest ship)",
    "Crew: R (its roster)",
    "Crew: down (roster cursor)",
    "Crew: m (the manifest)",
    "Crew: escape (back to the ships)",
    "Crew: n (open the ship form)",
    "Crew: escape (close the form)",
    "Crew: r (regenerate: asks)",
    "Crew: y (regenerate the biggest crew)",
    "Crew: ctrl+z (undo the regeneration)",
    "Stations: down (cursor)",
    "Stations: up (cursor)",
    "Stations: p (posture: a save)",
    "Stations: ctrl+z (undo)",
    "Stations: m (open the move list)",
    "Stations: escape (close it)",
    "Battle: n (open the set-up form)",
    "Battle: ctrl+s (set up the battle)",
    "Battle: enter (roll the edge)",
    "Battle: ctrl+z (undo the step)",
    "Battle: ctrl+n (next step)",
    "Injuries: h (open the hazard form)",
    "Injuries: escape (close it)",
    "Torga IV: n (open new game)",
    "Torga IV: enter (start a solo game)",
    "Torga IV: space (an activation: hold)",
    "Torga IV: ctrl+z (undo it)",
    *(reopen(n) for n in range(1, 7)),
]


# -- the campaigns ------------------------------------------------------------------------------
def build_demo(path: Path) -> Path:
    campaign = open_campaign(path, name=DEMO_NAME, seed=SEED)
    seed_demo(campaign)
    campaign.close()
    return path


def build_big(path: Path, demo: Path) -> Path:
    """The demo, a ship of about 5,000 crew (added by the Crew tab's action) and 100,000
    rolls written through the roll log, one action of one to three rolls at a time."""
    shutil.copytree(demo, path)
    campaign = open_campaign(path, seed=SEED)
    try:
        ships.add_ship(campaign, parse_ship_spec(BIG_SHIP, "bench"))
        rng = random.Random(SEED)
        assert campaign.rolls is not None
        batch: list[dict[str, Any]] = []
        action = campaign.rolls.next_id
        while campaign.rolls.count() + len(batch) < HISTORY:
            expression, purpose, source = rng.choice(HISTORY_ROLLS)
            entry = campaign.dice_entry(roll(expression, rng), purpose, source)
            if rng.random() < 0.6:  # most actions roll once, a battle's attack more
                action = campaign.rolls.next_id + len(batch)
            batch.append(dict(entry, time="2026-01-01T20:00:00", action=action, session=None))
            if len(batch) == CHUNK_SIZE:
                campaign.rolls.append(batch)
                batch = []
        campaign.rolls.append(batch)
    finally:
        campaign.close()
    # Opened once more, as a GM's campaign has been since its rolls were made: opening takes
    # backups of the files changed since the last open (each checked first), and here that
    # is all 200 chunks at once, a cost the start-up row would otherwise show every session.
    open_campaign(path).close()
    return path


@contextmanager
def steady_cursor() -> Iterator[None]:
    """A focused field's cursor does not blink: each blink draws a frame."""
    real = Input._toggle_cursor
    Input._toggle_cursor = lambda self: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        Input._toggle_cursor = real  # type: ignore[method-assign]


@contextmanager
def no_fsync() -> Iterator[None]:
    """Set-up only: building 200 chunk files need not wait for the disk."""
    real = os.fsync
    os.fsync = lambda _fd: None
    try:
        yield
    finally:
        os.fsync = real


# -- timing ---------------------------------------------------------------------------------------
@dataclass
class Frames:
    """The moments (wall and CPU clock) the app drew a rendered screen (App._display)."""

    times: list[tuple[float, float]] = field(default_factory=list)

    @contextmanager
    def installed(self) -> Iterator[None]:
        real = App._display

        def display(app: App[Any], screen: Any, renderable: Any) -> None:
            real(app, screen, renderable)
            if renderable is not None:
                self.times.append((time.perf_counter(), time.process_time()))

        App._display = display  # type: ignore[method-assign]
        try:
            yield
        finally:
            App._display = real  # type: ignore[method-assign]

    def last_after(self, start: float) -> tuple[float, float] | None:
        return self.times[-1] if self.times and self.times[-1][0] >= start else None


async def settle(pilot: Pilot[None]) -> None:
    """Until the app is idle, its animations done and no worker is pending or busy in a
    thread (an async worker waiting for a dialog's answer is idle)."""
    app = pilot.app
    for _ in range(200):
        await pilot.wait_for_scheduled_animations()
        busy = [
            w
            for w in app.workers
            if w.state is WorkerState.PENDING
            or (w.state is WorkerState.RUNNING and w._thread_worker)
        ]
        if not busy:
            return
        await asyncio.wait([asyncio.ensure_future(w.wait()) for w in busy], timeout=1)
    raise RuntimeError("the app did not settle: a worker is still busy")


@dataclass
class Timings:
    """Per key: wall ms and CPU ms of each press (CPU: this process's, over the same span;
    on a shared machine it shows what the app did when the wall clock shows waiting)."""

    rows: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    no_frame: set[str] = field(default_factory=set)

    def add(self, label: str, start: tuple[float, float], end: tuple[float, float]) -> None:
        ms = ((end[0] - start[0]) * 1000, (end[1] - start[1]) * 1000)
        self.rows.setdefault(label, []).append(ms)


class Driver:
    """Presses keys like a GM and times the ones that are measured."""

    def __init__(self, pilot: Pilot[None], frames: Frames, timings: Timings) -> None:
        self.pilot = pilot
        self.app: Any = pilot.app
        self.frames = frames
        self.timings = timings

    async def key(self, label: str, key: str) -> None:
        if self.app._notifications:
            self.app.clear_notifications()
            await settle(self.pilot)
        start = (time.perf_counter(), time.process_time())
        await self.pilot.press(key)
        pressed = (time.perf_counter(), time.process_time())
        await settle(self.pilot)
        end = self.frames.last_after(start[0])
        if end is None:
            end = pressed
            self.timings.no_frame.add(label)
        self.timings.add(label, start, end)

    async def quiet(self, *keys: str) -> None:
        """Keys that only bring the screen to where a measured key starts."""
        await self.pilot.press(*keys)
        await settle(self.pilot)

    def expect(self, ok: bool, what: str) -> None:
        if not ok:
            raise RuntimeError(f"bench driver: expected {what}; the app's keys have changed")

    def active_tab(self) -> str:
        from textual.widgets import TabbedContent

        return str(self.app.query_one(TabbedContent).active).removeprefix("tab-")

    def modal_open(self) -> bool:
        from textual.screen import ModalScreen

        return isinstance(self.app.screen, ModalScreen)

    async def open_tab(self, number: int, label: str) -> None:
        if self.active_tab() == "dice":
            await self.key("Dice: escape (to the log)", "escape")
        await self.key(label, str(number))
        wanted = self.app.tabs[number - 1].TAB_ID
        self.expect(self.active_tab() == wanted, f"key {number} to open the {wanted} tab")
        # A tab built just now takes the cursor a refresh or more later (the app retries
        # until its widgets are there); its keys work from then on, so wait for it
        # (unmeasured) before the tab's first key, as a GM's eye waits for the cursor.
        for _ in range(100):
            focused = self.app.focused
            if focused is not None and any(n.id == wanted for n in focused.ancestors_with_self):
                return
            await self.pilot.pause(0.01)
        self.expect(False, f"the {wanted} tab to take the cursor (it is on {self.app.focused!r})")


async def drive(driver: Driver, repeats: int, biggest_ship_row: int) -> None:
    """One session: every tab, first open then its keys, then every tab opened again."""
    d = driver
    # Dice & Log: the cursor starts in the roll log (digits there switch tabs); d goes to
    # the dice field
    await d.quiet("d", *"2d6+1w")
    field = d.app.focused
    d.expect(
        d.active_tab() == "dice" and isinstance(field, Input) and field.value == "2d6+1w",
        "d to put the cursor in the dice field",
    )
    for _ in range(repeats):
        await d.key("Dice: enter (roll 2d6+1w)", "enter")
        await d.key("Dice: ctrl+z (undo the roll)", "ctrl+z")

    await d.open_tab(2, first_open(2))
    d.expect(biggest_ship_row >= 1, "the biggest ship below the first")
    for _ in range(biggest_ship_row - 1):
        await d.key("Crew: down/up (another ship)", "down")
    for n in range(repeats):
        if n:
            await d.key("Crew: down/up (another ship)", "up")
        await d.key("Crew: down (select the biggest ship)", "down")
    await d.key("Crew: R (its roster)", "R")
    for _ in range(repeats):
        await d.key("Crew: down (roster cursor)", "down")
    await d.key("Crew: m (the manifest)", "m")
    await d.key("Crew: escape (back to the ships)", "escape")
    for _ in range(repeats):
        await d.key("Crew: n (open the ship form)", "n")
        d.expect(d.modal_open(), "n to open the ship form")
        await d.key("Crew: escape (close the form)", "escape")
    for _ in range(repeats):
        await d.key("Crew: r (regenerate: asks)", "r")
        d.expect(d.modal_open(), "r to ask before regenerating")
        await d.key("Crew: y (regenerate the biggest crew)", "y")
        await d.key("Crew: ctrl+z (undo the regeneration)", "ctrl+z")

    await d.open_tab(3, first_open(3))
    for _ in range(repeats):
        await d.key("Stations: down (cursor)", "down")
    for _ in range(repeats):
        await d.key("Stations: up (cursor)", "up")
    for _ in range(repeats):
        await d.key("Stations: p (posture: a save)", "p")
        await d.key("Stations: ctrl+z (undo)", "ctrl+z")
        await d.key("Stations: m (open the move list)", "m")
        d.expect(d.modal_open(), "m to open the move list")
        await d.key("Stations: escape (close it)", "escape")

    await d.open_tab(4, first_open(4))
    await d.key("Battle: n (open the set-up form)", "n")
    d.expect(d.modal_open(), "n to open the battle set-up")
    # a name; the Meridian on side A; the Gorgon and the Vex on side B (as the Battle tests)
    await d.quiet("ctrl+u", *"Bench at Tarsus", "tab", "tab", "tab", "tab", "tab", "down", "space")
    await d.quiet("tab", "tab", "tab", "tab", "space", "down", "space")
    await d.key("Battle: ctrl+s (set up the battle)", "ctrl+s")
    d.expect(not d.modal_open(), "ctrl+s to set the battle up")
    for _ in range(repeats):
        await d.key("Battle: enter (roll the edge)", "enter")
        await d.key("Battle: ctrl+z (undo the step)", "ctrl+z")
    await d.quiet("enter")
    for _ in range(repeats):
        await d.key("Battle: ctrl+n (next step)", "ctrl+n")

    await d.open_tab(5, first_open(5))
    for _ in range(repeats):
        await d.key("Injuries: h (open the hazard form)", "h")
        d.expect(d.modal_open(), "h to open the hazard form")
        await d.key("Injuries: escape (close it)", "escape")

    await d.open_tab(6, first_open(6))
    await d.key("Torga IV: n (open new game)", "n")
    d.expect(d.modal_open(), "n to open a new Torga IV game")
    await d.key("Torga IV: enter (start a solo game)", "enter")
    d.expect(not d.modal_open(), "enter to start the game")
    for _ in range(repeats):
        await d.key("Torga IV: space (an activation: hold)", "space")
        await d.key("Torga IV: ctrl+z (undo it)", "ctrl+z")

    for _ in range(repeats):
        for number in range(1, 7):
            await d.open_tab(number, reopen(number))


def biggest_ship_row(folder: Path) -> int:
    campaign = open_campaign(folder, readonly=True)
    try:
        records = ship_store.list_ships(campaign)
        crews = [ship_store.ship_manifest(campaign, r.id).total_crew for r in records]
    finally:
        campaign.close()
    return crews.index(max(crews))


async def session(folder: Path, size: tuple[int, int], repeats: int, timings: Timings) -> None:
    frames = Frames()
    row = biggest_ship_row(folder)
    with frames.installed():
        start = (time.perf_counter(), time.process_time())
        gc.disable()  # as the gmtool command starts: collection resumes after the first frame
        app = make_app(folder, seed=SEED)
        collect_out_of_the_way(app)
        app.animation_level = "none"  # an animation runs on after the answer; tests run so
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            timings.add(START_UP, start, frames.last_after(start[0]) or start)
            await drive(Driver(pilot, frames, timings), repeats, row)
    # as a new gmtool process would start: nothing of this app's left frozen or uncollected
    gc.unfreeze()
    gc.collect()


def run(template: Path, sessions: int, repeats: int, size: tuple[int, int]) -> Timings:
    """Time every key over `sessions` runs of the app, each on a fresh copy of `template`."""
    timings = Timings()
    with tempfile.TemporaryDirectory() as tmp, steady_cursor():
        for n in range(sessions):
            folder = Path(tmp) / f"session-{n}.campaign"
            shutil.copytree(template, folder)
            asyncio.run(session(folder, size, repeats, timings))
            shutil.rmtree(folder)
    return timings


# -- the table ------------------------------------------------------------------------------------
def cells(timings: Timings, label: str) -> str:
    values = timings.rows.get(label, [])
    if not values:
        return f"{'-':>4} {'-':>6} {'-':>6} {'-':>6}"
    walls = [wall for wall, _ in values]
    cpu = statistics.median(c for _, c in values)
    mark = "*" if label in timings.no_frame else " "
    return f"{len(values):>4} {statistics.median(walls):>5.0f}{mark} {max(walls):>6.0f} {cpu:>6.0f}"


def print_table(title: str, labels: list[str], results: dict[str, Timings]) -> None:
    names = list(results)
    print(f"\n{title}")
    print(f"{'':44}" + "".join(f" | {name:^27}" for name in names))
    print(f"{'key':44}" + f" | {'runs':>4} {'median':>6} {'max':>6} {'cpu':>6}" * len(names))
    for label in labels:
        print(f"{label:44}" + "".join(f" | {cells(results[n], label)}" for n in names))


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="one session, two repeats")
    parser.add_argument("--size", default="120x36", type=parse_size, help="terminal, WxH")
    parser.add_argument("--sessions", type=int, default=3, help="app runs per campaign")
    parser.add_argument("--repeats", type=int, default=5, help="presses of each key a run")
    parser.add_argument("--demo-only", action="store_true", help="skip the big campaign")
    args = parser.parse_args(argv)
    sessions, repeats = (1, 2) if args.quick else (args.sessions, args.repeats)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["GMTOOL_HOME"] = tmp  # nothing read from or written to the GM's home
        started = time.perf_counter()
        with no_fsync():
            demo = build_demo(Path(tmp) / "demo.campaign")
            templates = {"demo": demo}
            if not args.demo_only:
                templates["big"] = build_big(Path(tmp) / "big.campaign", demo)
        print(f"campaigns built in {time.perf_counter() - started:.1f} s")
        results = {}
        for name, template in templates.items():
            results[name] = run(template, sessions, repeats, args.size)
    width, height = args.size
    print(
        f"terminal {width}x{height}; {sessions} session(s) a campaign, each key pressed "
        f"{repeats} time(s) a session; ms from the key to the last frame before settling "
        f"(cpu: median CPU ms of this process over the same span); load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print_table("first open of each tab (target < 300 ms)", FIRST_OPENS, results)
    print_table("keys (target: median < 100 ms)", KEYS, results)
    if any(t.no_frame for t in results.values()):
        print("* drew no frame: timed to Pilot.press's return (two idle waits of >= 20 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
