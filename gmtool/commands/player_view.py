"""`gmtool player-view`: the players' read-only screen of a campaign, in this terminal.

`gmtool serve` runs it once for each browser that opens the page. It never locks or writes
the campaign, so it runs beside the GM's gmtool.
"""

from __future__ import annotations

import argparse
import os
import select
import sys
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


def server_already_gone() -> bool:
    """Served, and the server has closed our stdin already (a visitor that connected and
    dropped at once): nobody is watching, so the app is not even loaded. A pipe whose
    writer has closed polls as hung up, whatever it still holds."""
    if os.environ.get("TEXTUAL_DRIVER", "").partition(":")[0] != "textual.drivers.web_driver":
        return False
    try:
        poller = select.poll()
        poller.register(sys.stdin.fileno(), select.POLLIN)
        return any(events & select.POLLHUP for _, events in poller.poll(0))
    except (OSError, ValueError, AttributeError):
        return False


def run(args: argparse.Namespace) -> int:
    folder = campaign_folder(args.campaign)
    if server_already_gone():
        return 0
    from gmtool.player.app import make_player_app

    make_player_app(folder).run()
    return 0
