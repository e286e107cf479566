"""`gmtool doctor [--campaign PATH] [--json] [--fix]`: is the campaign whole?

Checks every file as the app does at open, and that the files agree with each other (see
store/doctor.py). Exit 0 when whole; 1 with one line per problem. Opening the campaign
finishes a save a crash cut short, as any open does; a campaign open in the app is checked
read-only. `--fix` removes the files nothing refers to (it needs the campaign for writing).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from gmtool.store import CampaignCorrupt, CampaignLocked, open_campaign
from gmtool.store.doctor import Problem, damaged, examine, remove_orphans
from gmtool.store.errors import StoreError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--campaign", default=None, metavar="PATH", help="campaign folder (default: the demo)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--fix", action="store_true", help="remove files nothing refers to (orphan replays)"
    )


def _examine(path: str | Path, fix: bool) -> tuple[list[Problem], list[Path]]:
    """(problems, files removed by --fix)."""
    try:
        campaign = open_campaign(path, create=False, purpose="gmtool doctor")
    except CampaignLocked:
        if fix:
            raise
        campaign = open_campaign(path, create=False, readonly=True)
    try:
        problems = examine(campaign)
        if not fix or not any(p.orphan for p in problems):
            return problems, []
        removed = remove_orphans(campaign)
        return examine(campaign), removed
    finally:
        campaign.close()


def run(args: argparse.Namespace) -> int:
    path = args.campaign
    if path is None:
        from gmtool.store.demo import demo_campaign_path  # the demo's set-up loads on use

        path = demo_campaign_path()
    if not str(path).strip():
        raise StoreError("--campaign needs a folder path, not an empty one")
    removed: list[Path] = []
    try:
        problems, removed = _examine(path, args.fix)
    except CampaignCorrupt:  # a file read at open (the newest roll-log chunk) is damaged
        problems = damaged(Path(path))
    for file in removed if not args.json else []:
        print(f"removed {file.relative_to(path)}: nothing referred to it")
    if args.json:
        report = {
            "whole": not problems,
            "problems": [p.to_dict() for p in problems],
            "removed": [str(f.relative_to(path)) for f in removed],
        }
        print(json.dumps(report))
    elif not problems:
        print(f"{path}: whole")
    for problem in problems if not args.json else []:
        print(f"{problem.file}: {problem.what}")
    return 1 if problems else 0
