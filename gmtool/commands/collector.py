"""When the garbage collector runs in the app: out of the way of the GM's keys.

Python collects when enough objects were made: its youngest generation often and briefly,
the whole heap now and then. The app makes and drops thousands of small objects a frame,
and its heap after the tabs are built holds hundreds of thousands more: a collection of the
whole heap took 100 to 150 ms, in the middle of whatever key set it off (a tab opened, a
dialog, an undo).

So: what start-up builds, and what a tab builds the first time it is shown, lives as long
as the app and is moved out of the collector's sight (`gc.freeze`: never scanned again;
objects whose last reference goes are still freed at once). What is left to scan is what
changed since: a full collection takes 5-40 ms instead of 100-150. The young generations
are collected every 5,000 objects, each collection short, and the whole heap also once the
GM has pressed no key for a moment (GmApp.idle_hooks), so it is seldom left for a key.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gmtool.tui.app import GmApp

# Container objects made, less those freed, before the youngest generation is collected
# (Python's default: 700; a key made ~25 collections at 700), then how many collections of
# each generation before the next one up (Python's own).
GC_THRESHOLDS = (5_000, 10, 10)


def collect_out_of_the_way(app: GmApp) -> None:
    """Hook the app up to collect out of the way of keys. Call before the app runs, with the
    collector disabled for start-up (it is enabled after the first frame)."""
    app.first_frame_hooks.append(resume_garbage_collection)
    app.tab_built_hooks.append(gc.freeze)
    app.idle_hooks.append(collect_when_idle)


def resume_garbage_collection() -> None:
    """After the first frame: what start-up built is frozen, and collection starts again."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    gc.enable()


def collect_when_idle() -> None:
    """A full collection, if objects reached the oldest generation since the last one."""
    if gc.isenabled() and gc.get_count()[2] > 0:
        gc.collect()
