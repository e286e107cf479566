"""`gmtool [PATH]`: open the TUI on a campaign (the demo campaign without PATH)."""

from __future__ import annotations

import sys

from gmtool.store.errors import StoreError


def run_app(campaign: str | None, seed: int | None = None) -> int:
    from gmtool.tui.app import make_app

    try:
        app = make_app(campaign, seed=seed)
    except StoreError as exc:
        print(f"gmtool: {exc}", file=sys.stderr)
        return 2
    app.run()
    return 0
