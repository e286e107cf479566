"""What the sub-commands that act on a campaign share (battle, ship): --campaign and --json,
opening the campaign (the demo's by default, made on first write), and printing a result."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gmtool.rules.limits import ALLOWED_CONTROLS, control_character
from gmtool.store import Campaign, lock, open_campaign


def common_options() -> argparse.ArgumentParser:
    """A parent parser with --campaign PATH and --json, for every sub-command."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--campaign", default=None, metavar="PATH", help="campaign folder (default: the demo)"
    )
    common.add_argument("--json", action="store_true", help="print JSON")
    return common


@contextmanager
def campaign_for(args: argparse.Namespace, *, write: bool, purpose: str) -> Iterator[Campaign]:
    """The campaign of --campaign (the demo's without it), for writing or read-only."""
    path = args.campaign
    if path is None:
        from gmtool.store.demo import demo_campaign_path, ensure_demo_campaign

        path = demo_campaign_path()
        if write:
            ensure_demo_campaign(path)
    wait = lock.LOCK_PATIENCE if write else 0.0  # another command's action ends in a moment
    campaign = open_campaign(
        path, create=False, readonly=not write, purpose=purpose, lock_wait=wait
    )
    try:
        yield campaign
    finally:
        campaign.close()


def emit(args: argparse.Namespace, data: Any, text: str) -> None:
    """The result as JSON with --json, else as the text a GM reads: a control character an
    older file still holds (an escape sequence in a name) is printed escaped, never sent to
    the terminal as it is."""
    print(json.dumps(data, ensure_ascii=False) if args.json else printable(text))


def printable(text: str) -> str:
    """`text` with every control character but line breaks and tabs written as `\\xNN`."""
    if control_character(text) is None:
        return text
    return "".join(
        f"\\x{ord(c):02x}" if c not in ALLOWED_CONTROLS and control_character(c) else c
        for c in text
    )
