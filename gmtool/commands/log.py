"""`gmtool log`: print a campaign's roll log (read-only: works while the app is open)."""

from __future__ import annotations

import argparse
import itertools
import json

from gmtool.commands.campaign_commands import printable
from gmtool.rules.checks import Degree
from gmtool.rules.errors import RulesError
from gmtool.rules.roll_records import DRAW_KIND
from gmtool.store import open_campaign
from gmtool.store.demo import demo_campaign_path


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--campaign", default=None, metavar="PATH", help="campaign folder (default: the demo)"
    )
    parser.add_argument("--last", type=int, default=None, metavar="N", help="only the last N")
    parser.add_argument("--json", action="store_true", help="print a JSON array, oldest first")


def run(args: argparse.Namespace) -> int:
    if args.last is not None and args.last < 0:
        raise RulesError(f"--last must be 0 or more, not {args.last}")
    path = args.campaign or demo_campaign_path()
    campaign = open_campaign(path, create=False, readonly=True)
    try:
        newest = campaign.roll_log()
        if args.last is not None:
            newest = itertools.islice(newest, args.last)
        entries = list(newest)[::-1]
    finally:
        campaign.close()
    if args.json:
        print(json.dumps(entries, ensure_ascii=False))
        return 0
    for e in entries:
        mark = " (undone)" if e.get("undone") else ""
        result = (
            "drawn"
            if e.get("kind") == DRAW_KIND
            else _result_words(e.get("degree"), e.get("track"))
        )
        purpose = f" for {e['for']}" if e.get("for") else ""
        line = f"#{e['id']} {e['time']} {e['expression']} = {e['total']} {result}{purpose}{mark}"
        print(printable(line))
    return 0


def _result_words(degree: object, track: object) -> str:
    """A check's degree as the GM reads it ("Critical Failure"), else a roll's track."""
    if isinstance(degree, str):
        try:
            return Degree(degree).label
        except ValueError:  # a degree this version does not know: shown as saved
            return degree
    return str(track or "")
