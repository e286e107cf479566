"""`gmtool log`: print a campaign's roll log (read-only: works while the app is open).

gmtool log [--last N]           the log, oldest first
gmtool log mark N [--hidden]    mark roll N to remember (the session journal lists it;
                                the players' recap too, unless --hidden)
gmtool log unmark N             take the mark off roll N
"""

from __future__ import annotations

import argparse
import itertools
import json

import msgspec

from gmtool.commands.campaign_commands import printable
from gmtool.rules.checks import Degree
from gmtool.rules.errors import RulesError
from gmtool.rules.roll_records import DRAW_KIND, drawn_names
from gmtool.store import open_campaign
from gmtool.store.demo import demo_campaign_path


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--campaign", default=None, metavar="PATH", help="campaign folder (default: the demo)"
    )
    parser.add_argument("--last", type=int, default=None, metavar="N", help="only the last N")
    parser.add_argument("--json", action="store_true", help="print a JSON array, oldest first")
    subs = parser.add_subparsers(dest="log_command", metavar="COMMAND", required=False)
    # SUPPRESS: an option typed before the sub-command is not overwritten by its default
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--campaign", default=argparse.SUPPRESS, metavar="PATH", help="campaign folder"
    )
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="JSON")
    mark = subs.add_parser("mark", help="mark a roll to remember", parents=[common])
    mark.add_argument("number", type=int, help="the roll's number (#N in the log)")
    mark.add_argument(
        "--hidden",
        action="store_true",
        help="behind the screen: the GM's recap lists it, the players' recap does not",
    )
    unmark = subs.add_parser("unmark", help="take a roll's mark off", parents=[common])
    unmark.add_argument("number", type=int, help="the roll's number (#N in the log)")


def run(args: argparse.Namespace) -> int:
    if getattr(args, "log_command", None) in ("mark", "unmark"):
        return _mark(args)
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
        purpose += f" ({drawn_names(e)})" if drawn_names(e) else ""
        mark += " (marked)" if e.get("marked") else ""
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


def _mark(args: argparse.Namespace) -> int:
    """`gmtool log mark N` / `unmark N`: through the action, as the Dice & Log tab's m."""
    from gmtool.actions.roll_marks import mark_roll
    from gmtool.commands.campaign_commands import campaign_for, emit
    from gmtool.rules.session_facts import RollMark

    args.campaign = getattr(args, "campaign", None)
    args.json = getattr(args, "json", False)
    marking = args.log_command == "mark"
    mark = (RollMark.GM if args.hidden else RollMark.PLAYERS) if marking else None
    with campaign_for(args, write=True, purpose=f"gmtool log {args.log_command}") as campaign:
        done = mark_roll(campaign, args.number, mark)
    if mark is None:
        text = f"roll #{done.roll_id} is no longer marked"
    else:
        who = "behind the screen" if mark is RollMark.GM else "for the players' recap too"
        text = f"roll #{done.roll_id} marked to remember ({who})"
    emit(args, msgspec.to_builtins(done), text)
    return 0
