"""`gmtool [PATH]`: open the TUI on a campaign (the demo campaign without PATH)."""

from __future__ import annotations

import gc
import sys

from gmtool.store.errors import StoreError

# Container objects allocated, less those freed, before the collector's youngest
# generation is collected (Python's default: 700), then the two older generations' counts.
# A key draws a frame or more, each making and dropping thousands of small objects, so at
# 700 a key set off about 25 collections (~40 ms of a key, a full one now and then >100 ms);
# at 20,000 about one.
GC_THRESHOLDS = (20_000, 20, 50)


def resume_garbage_collection() -> None:
    """After the first frame: what start-up built lives as long as the app, so it is moved
    out of the collector's sight (never rescanned) and collection starts again, less often
    than Python's default (GC_THRESHOLDS)."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    gc.enable()


def run_app(campaign: str | None, seed: int | None = None) -> int:
    # Start-up creates tens of thousands of long-lived objects (modules, styles, widgets),
    # and the collector would rescan them again and again before the first frame: a
    # measurable share of start-up. It is paused until the app is on screen.
    gc.disable()
    try:
        from gmtool.tui.app import make_app

        try:
            app = make_app(campaign, seed=seed)
        except StoreError as exc:
            print(f"gmtool: {exc}", file=sys.stderr)
            return 2
        app.first_frame_hooks.append(resume_garbage_collection)
        app.run()
    finally:
        gc.enable()
    if app.crash_report is not None:
        print(
            f"gmtool: an unexpected error stopped the app; the report is {app.crash_report} "
            "(please send it along)",
            file=sys.stderr,
        )
        return 1
    return app.return_code or 0
