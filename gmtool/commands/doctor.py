"""`gmtool doctor [--campaign PATH] [--json]`: is the campaign whole?

Checks every file as the app does at open, and that the files agree with each other (see
store/doctor.py). Exit 0 when whole; 1 with one line per problem. Opening the campaign
finishes a save a crash cut short, as any open does; a campaign open in the app is checked
read-only.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from gmtool.store import CampaignCorrupt, CampaignLocked, open_campaign
from gmtool.store.doctor import Problem, damaged, examine
from gmtool.store.errors import StoreError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--campaign", default=None, metavar="PATH", help="campaign folder (default: the demo)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")


def _examine(path: str | Path) -> list[Problem]:
    try:
        campaign = open_campaign(path, create=False, purpose="gmtool doctor")
    except CampaignLocked:
        campaign = open_campaign(path, create=False, readonly=True)
    try:
        return examine(campaign)
    finally:
        campaign.close()


def run(args: argparse.Namespace) -> int:
    from gmtool.store.demo import demo_campaign_path

    path = args.campaign if args.campaign is not None else demo_campaign_path()
    if not str(path).strip():
        raise StoreError("--campaign needs a folder path, not an empty one")
    try:
        problems = _examine(path)
    except CampaignCorrupt:  # a file read at open (the newest roll-log chunk) is damaged
        problems = damaged(Path(path))
    if args.json:
        print(json.dumps({"whole": not problems, "problems": [p.to_dict() for p in problems]}))
    elif not problems:
        print(f"{path}: whole")
    for problem in problems if not args.json else []:
        print(f"{problem.file}: {problem.what}")
    return 1 if problems else 0
