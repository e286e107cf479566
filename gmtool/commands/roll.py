"""`gmtool roll EXPR`: roll dice from the terminal, optionally logging to a campaign."""

from __future__ import annotations

import argparse

from gmtool.actions.dice import roll_dice
from gmtool.commands._common import (
    CLI,
    add_roll_options,
    check_purpose,
    check_times,
    emit_json,
    one_commit,
    roll_context,
)
from gmtool.rules import dice


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("expression", help="dice such as 2d6+1, d20, d8w")
    add_roll_options(parser)
    parser.set_defaults(command_name="roll")


def run(args: argparse.Namespace) -> int:
    check_times(args.times)
    check_purpose(args.purpose)
    expression = dice.parse(args.expression)
    results = []
    with roll_context(args) as (campaign, rng), one_commit(campaign):
        for _ in range(args.times):
            if campaign is None:
                assert rng is not None
                result = dice.roll(expression, rng)
            else:
                result = roll_dice(
                    campaign, args.expression, args.purpose, source=CLI, rng=rng
                ).roll
            results.append(result)
    if args.json:
        items = [
            {
                "expression": r.expression.canonical(),
                "dice": [d.sign * d.value for d in r.dice],
                "total": r.total,
            }
            for r in results
        ]
        print(emit_json(items, args.times))
    else:
        for r in results:
            print(r.describe())
    return 0
