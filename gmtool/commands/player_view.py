"""`gmtool player-view`: the players' read-only screen of a campaign, in this terminal.

`gmtool serve` runs it once for each browser that opens the page. It never locks or writes
the campaign, so it runs beside the GM's gmtool.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gmtool.store.campaign import MAIN_FILE
from gmtool.store.demo import demo_campaign_path
from gmtool.store.errors import StoreError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--campaign", default=None, metavar="PATH", help="campaign folder (default: the demo)"
    )


def campaign_folder(path: str | None) -> Path:
    """The campaign to show; one that is not there is refused before anything starts."""
    folder = Path(path) if path is not None else demo_campaign_path()
    if not (folder / MAIN_FILE).is_file():
        raise StoreError(f"{folder} is not a campaign (it has no {MAIN_FILE})")
    return folder


def run(args: argparse.Namespace) -> int:
    from gmtool.player.app import make_player_app

    make_player_app(campaign_folder(args.campaign)).run()
    return 0
