"""`gmtool init PATH [--demo]`: create a campaign without opening the app."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from gmtool.store import open_campaign
from gmtool.store.campaign import MAIN_FILE
from gmtool.store.demo import ensure_demo_campaign
from gmtool.store.errors import StoreError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="the new campaign's folder")
    parser.add_argument(
        "--demo", action="store_true", help="with the demo campaign's ships, enemies and party"
    )
    parser.add_argument("--seed", type=int, default=None, help="the campaign's dice seed")
    parser.add_argument("--json", action="store_true", help="print JSON")


def run(args: argparse.Namespace) -> int:
    if not args.path.strip():
        raise StoreError("gmtool init needs a folder path, not an empty one")
    path = Path(args.path)
    if (path / MAIN_FILE).exists():
        raise StoreError(f"{path} is already a campaign; nothing was changed")
    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise StoreError(
            f"{path} exists and is not an empty folder; a campaign needs a new or empty one"
        )
    if args.demo:
        ensure_demo_campaign(path, seed=args.seed)
    else:
        open_campaign(path, seed=args.seed, purpose="gmtool init").close()
    print(json.dumps({"path": str(path)}) if args.json else f"created campaign {path}")
    return 0
