"""`gmtool [PATH]`: open the TUI on a campaign (the demo campaign without PATH)."""

from __future__ import annotations

import gc
import sys

from gmtool.store.errors import StoreError


def run_app(campaign: str | None, seed: int | None = None) -> int:
    # Start-up creates tens of thousands of long-lived objects (modules, styles, widgets),
    # and the collector would rescan them again and again before the first frame: a
    # measurable share of start-up. It is paused until the app is on screen.
    gc.disable()
    try:
        from gmtool.commands.collector import collect_out_of_the_way
        from gmtool.tui.app import make_app

        try:
            app = make_app(campaign, seed=seed)
        except StoreError as exc:
            print(f"gmtool: {exc}", file=sys.stderr)
            return 2
        collect_out_of_the_way(app)
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
