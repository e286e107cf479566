"""`gmtool skirmish simulate`: play many Torga IV games with both sides automatic.

Prints each side's win rate with a 95% interval, how many of the victory side's figures stand
at the end, and the mean final turn; `--json` prints the same as one JSON object. The output
depends only on the scenario, --games and --seed (not on --jobs), so runs can be compared.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from gmtool.rules.skirmish.scenario import load_scenario
from gmtool.rules.skirmish.simulate import SimulationSummary, simulate

DEFAULT_GAMES = 1000
DEFAULT_SEED = 1
_BAR_WIDTH = 30


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def configure(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    sim = actions.add_parser(
        "simulate",
        help="play many games with both sides automatic and print the balance",
        description="Play N games of a skirmish scenario with both sides automatic "
        "(the solo rules for the Jem'Hadar, a holding player for the Federation) and print "
        "win rates with 95% intervals, figures standing at the end and the mean final turn.",
    )
    sim.add_argument(
        "--scenario",
        metavar="FILE",
        default=None,
        help="scenario YAML file (default: tables/scenarios/torga_iv.yaml)",
    )
    sim.add_argument(
        "--games", type=_positive, default=DEFAULT_GAMES, help=f"games to play ({DEFAULT_GAMES})"
    )
    sim.add_argument(
        "--seed",
        type=_seed,
        default=DEFAULT_SEED,
        help=f"seed for the dice; the same seed gives the same output ({DEFAULT_SEED})",
    )
    sim.add_argument(
        "--jobs", type=_positive, default=1, help="processes to play in (1); same output"
    )
    sim.add_argument("--json", action="store_true", help="print one JSON object")


class _ProgressBar:
    """A one-line bar on a terminal's stderr, redrawn only when it moves."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        filled = done * _BAR_WIDTH // total
        if filled == self.shown and done != total:
            return
        self.shown = filled
        bar = "#" * filled + "." * (_BAR_WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games")
        if done == total:
            self.stream.write("\r" + " " * (_BAR_WIDTH + 30) + "\r")
        self.stream.flush()


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def format_summary(summary: SimulationSummary, source: str) -> str:
    lines = [f"{summary.scenario} ({source}): {summary.games} games, seed {summary.seed}"]
    width = max(len(name) for name in summary.side_names)
    for which, name in enumerate(summary.side_names):
        low, high = summary.interval(which)
        lines.append(
            f"{name + ' wins:':<{width + 6}} {summary.wins[which]:>6}  "
            f"{_percent(summary.win_rate(which)):>6}  "
            f"(95% interval {_percent(low)} to {_percent(high)})"
        )
    victory_name = summary.side_names[0]
    lines.append(f"{victory_name} figures standing at the end: mean {summary.mean_standing:.2f}")
    most = max(summary.standing_distribution) or 1
    for standing, count in enumerate(summary.standing_distribution):
        bar = "#" * round(20 * count / most)
        share = _percent(count / summary.games)
        lines.append(f"  {standing:>2} standing  {bar:<20} {count:>6}  {share:>6}")
    lines.append(f"Mean final turn: {summary.mean_final_turn:.2f}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.scenario)
    progress = _ProgressBar(sys.stderr) if sys.stderr.isatty() else None
    summary = simulate(scenario, args.games, args.seed, args.jobs, progress)
    if args.json:
        print(json.dumps(summary.to_dict(), indent=2))
    else:
        print(format_summary(summary, scenario.source))
    return 0
