"""`gmtool skirmish simulate`: play many Torga IV games with both sides automatic.

Prints each side's win rate with a 95% interval, how the games ended (a count per end reason,
with the mean turn of each), each figure's survival rate, how many of the victory side's
figures stand at the end, and the mean final turn; `--json` prints the same as one JSON
object. `--set KEY=VALUE` plays a variant of the scenario (a setting by its dotted name),
`--sweep KEY=V1,V2,...` one batch per value with a table of the results, `--csv FILE` one
row per game. The output depends only on the scenario, the settings, --games and --seed
(not on --jobs), so runs can be compared.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.outcome import END_REASONS
from gmtool.rules.skirmish.scenario import Scenario, load_scenario
from gmtool.rules.skirmish.simulate import GameResult, SimulationSummary, run_games, summarise
from gmtool.rules.skirmish.variants import parse_setting, parse_sweep, with_settings

DEFAULT_GAMES = 1000
DEFAULT_SEED = 1
_BAR_WIDTH = 30
PROGRESS_DELAY = 1.0  # seconds a run takes before its progress bar shows


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
    sim.add_argument(
        "--set",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        dest="settings",
        help="change a scenario setting by its dotted name, e.g. victory.turn=12, "
        "weapons.energy_rifle.wounds=1, sides.federation.move=5, cover.within=3, "
        "forces.worf.hand_to_hand=3 (repeatable)",
    )
    sim.add_argument(
        "--sweep",
        metavar="KEY=V1,V2,...",
        default=None,
        help="play one batch per value of a setting and print a table, e.g. victory.turn=8,10,12",
    )
    sim.add_argument("--csv", metavar="FILE", default=None, help="write one row per game to FILE")


class _ProgressBar:
    """A one-line bar on a terminal's stderr, redrawn only when it moves, and only once the
    run has taken longer than `delay` seconds (a quick run prints nothing)."""

    def __init__(
        self,
        stream: TextIO,
        delay: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.shown = -1
        self.delay = delay
        self.clock = clock
        self.started = clock()

    def __call__(self, done: int, total: int) -> None:
        if self.shown < 0 and self.clock() - self.started < self.delay:
            return
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


def format_summary(summary: SimulationSummary, source: str, scenario: Scenario) -> str:
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
    lines.append("How the games ended:")
    label_width = max(len(label) for label in summary.ending_labels.values())
    for reason in END_REASONS:
        count = summary.endings[reason]
        turn = f"mean turn {summary.ending_turns[reason]:.2f}" if count else ""
        lines.append(
            f"  {summary.ending_labels[reason]:<{label_width}}  {count:>6}  "
            f"{_percent(count / summary.games):>6}  {turn}"
        )
    lines.append("Figures standing at the end:")
    names = {spec.id: spec.name for spec in scenario.forces}
    name_width = max(len(name) for name in names.values())
    for fid, rate in summary.survival.items():
        lines.append(f"  {names[fid]:<{name_width}}  {_percent(rate):>6}")
    return "\n".join(lines)


def format_sweep(key: str, values: list[Any], summaries: list[SimulationSummary]) -> str:
    """One row per value: the victory side's win rate and interval, and how games ended."""
    first = summaries[0]
    name = first.side_names[0]
    head = [key, "games", f"{name} wins", "95% interval", *(r.value for r in END_REASONS)]
    rows = [head]
    for value, summary in zip(values, summaries, strict=True):
        low, high = summary.interval(0)
        rows.append(
            [
                str(value),
                str(summary.games),
                _percent(summary.win_rate(0)),
                f"{_percent(low)}-{_percent(high)}",
                *(str(summary.endings[r]) for r in END_REASONS),
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [f"{first.scenario}: {name} win rate by {key} (seed {first.seed})"]
    for row in rows:
        lines.append("  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)))
    return "\n".join(lines)


def _csv_rows(
    scenario: Scenario, results: list[GameResult], setting: tuple[str, Any] | None
) -> Iterator[list[str]]:
    for index, result in enumerate(results):
        row = [] if setting is None else [str(setting[1])]
        row += [
            str(index),
            result.winner,
            result.reason.value,
            str(result.final_turn),
            str(result.standing),
        ]
        row += ["1" if result.survived(i) else "0" for i in range(len(scenario.forces))]
        yield row


def _write_csv(
    path: str,
    scenario: Scenario,
    batches: list[tuple[tuple[str, Any] | None, list[GameResult]]],
) -> None:
    """One row per game: its number, winner, end reason, final turn, the victory side's
    figures standing, and 1/0 for each figure standing (a sweep's value first)."""
    sweep_key = batches[0][0][0] if batches[0][0] is not None else None
    head = [] if sweep_key is None else [sweep_key]
    head += ["game", "winner", "ending", "final_turn", f"{scenario.victory.side}_standing"]
    head += [spec.id for spec in scenario.forces]
    try:
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(head)
            for setting, results in batches:
                writer.writerows(_csv_rows(scenario, results, setting))
    except OSError as exc:
        raise RulesError(f"{path}: the CSV file cannot be written ({exc.strerror})") from None


def run(args: argparse.Namespace) -> int:
    base = with_settings(
        load_scenario(args.scenario), [parse_setting(text) for text in args.settings]
    )
    variants: list[tuple[str, Any] | None] = [None]
    if args.sweep is not None:
        key, values = parse_sweep(args.sweep)
        variants = [(key, value) for value in values]
    # every variant is read (and refused) before the first game is played
    scenarios = [base if v is None else with_settings(base, [v]) for v in variants]
    progress = _ProgressBar(sys.stderr, delay=PROGRESS_DELAY) if sys.stderr.isatty() else None
    total = args.games * len(scenarios)
    batches: list[tuple[tuple[str, Any] | None, list[GameResult]]] = []
    summaries: list[SimulationSummary] = []
    for index, (variant, scenario) in enumerate(zip(variants, scenarios, strict=True)):
        offset = index * args.games

        def step(done: int, _games: int, offset: int = offset) -> None:
            if progress is not None:
                progress(offset + done, total)

        results = run_games(scenario, args.games, args.seed, args.jobs, step)
        batches.append((variant, results))
        summaries.append(summarise(scenario, args.seed, results))
    if args.csv:
        _write_csv(args.csv, base, batches)
    if args.sweep is not None:
        key, values = parse_sweep(args.sweep)
        if args.json:
            runs = [
                {"value": value, **summary.to_dict()}
                for value, summary in zip(values, summaries, strict=True)
            ]
            print(json.dumps({"sweep": key, "runs": runs}, indent=2))
        else:
            print(format_sweep(key, values, summaries))
    elif args.json:
        print(json.dumps(summaries[0].to_dict(), indent=2))
    else:
        print(format_summary(summaries[0], base.source, base))
    return 0
