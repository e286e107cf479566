"""`gmtool check SCORE [--step N]`: roll ALTERNITY checks from the terminal."""

from __future__ import annotations

import argparse

from gmtool.actions.dice import roll_a_check
from gmtool.commands._common import (
    CLI,
    add_roll_options,
    check_purpose,
    check_times,
    emit_json,
    one_commit,
    roll_context,
)
from gmtool.rules.checks import roll_check, validate_score, validate_step


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("score", type=int, help="the skill, feat or crew check score (1-30)")
    parser.add_argument(
        "--step", type=int, default=0, help="total step: bonus negative, penalty positive"
    )
    add_roll_options(parser)
    parser.set_defaults(command_name="check")


def run(args: argparse.Namespace) -> int:
    check_times(args.times)
    check_purpose(args.purpose)
    validate_score(args.score)
    validate_step(args.step)
    results = []
    with roll_context(args) as (campaign, rng), one_commit(campaign):
        for _ in range(args.times):
            if campaign is None:
                assert rng is not None
                result = roll_check(args.score, args.step, rng)
            else:
                result = roll_a_check(
                    campaign, args.score, args.step, args.purpose, source=CLI, rng=rng
                ).check
            results.append(result)
    if args.json:
        items = [
            {
                "control": r.control,
                "situation": r.situation_total,
                "total": r.total,
                "score": r.score,
                "step": r.step,
                "degree": r.degree.value,
            }
            for r in results
        ]
        print(emit_json(items, args.times))
    else:
        for r in results:
            print(r.describe())
    return 0
