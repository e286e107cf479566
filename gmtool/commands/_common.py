"""Helpers shared by the roll, check and log commands."""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from gmtool.rules.errors import RulesError
from gmtool.rules.limits import MAX_TIMES, checked_text
from gmtool.store import Campaign, lock, open_campaign

CLI = "cli"  # the source the roll log names for rolls made from the command line


def add_roll_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--times", type=int, default=1, metavar="K", help="roll K times")
    parser.add_argument("--seed", type=int, default=None, help="seed the dice (replayable)")
    parser.add_argument(
        "--campaign", default=None, metavar="PATH", help="log the rolls to this campaign"
    )
    parser.add_argument("--for", dest="purpose", default="", metavar="TEXT", help="what for")
    parser.add_argument("--json", action="store_true", help="print JSON")


def check_times(times: int) -> None:
    if times < 1 or times > MAX_TIMES:
        raise RulesError(f"--times must be from 1 to {MAX_TIMES:,}, not {times}")


def check_purpose(purpose: str) -> None:
    """`--for` is saved with every roll: a pasted page would weigh on every later save."""
    checked_text("--for", purpose)


@contextmanager
def roll_context(
    args: argparse.Namespace,
) -> Iterator[tuple[Campaign | None, random.Random | None]]:
    """Yield (campaign or None, the generator to roll with).

    Without a campaign the generator is seeded by `--seed` (or not at all). With a campaign
    the rolls go through the dice actions, and the generator is None (the campaign's own,
    derived for each roll) unless `--seed` asks for a replayable one."""
    seeded = random.Random(args.seed) if args.seed is not None else None
    if args.campaign is None:
        yield None, seeded or random.Random()
        return
    purpose = "gmtool " + " ".join(_command_words(args))
    campaign = open_campaign(args.campaign, purpose=purpose, lock_wait=lock.LOCK_PATIENCE)
    try:
        yield campaign, seeded
    finally:
        campaign.close()


def one_commit(campaign: Campaign | None) -> AbstractContextManager[object]:
    """`--times K` with a campaign saves its K rolls as one commit: all of them or, killed
    part-way, none (not the first few thousand of a command that had printed nothing)."""
    return campaign.transaction() if campaign is not None else nullcontext()


def _command_words(args: argparse.Namespace) -> list[str]:
    return [str(getattr(args, "command_name", "roll"))]


def emit_json(items: list[dict[str, Any]], times: int) -> str:
    import json

    return json.dumps(items[0] if times == 1 else items)
