"""Balance simulation: many games with both sides automatic, and what they add up to.

Game `i` of a run seeded `s` draws its dice from a generator seeded with (s, i) alone, so a
run gives the same numbers whether it is played in one process or split over several.
"""

from __future__ import annotations

import math
import multiprocessing
import random
from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.auto import automatic_player
from gmtool.rules.skirmish.engine import deploy, play_action
from gmtool.rules.skirmish.opening import Openings
from gmtool.rules.skirmish.outcome import END_REASONS, EndReason, ending, reason_label
from gmtool.rules.skirmish.scenario import Scenario
from gmtool.rules.skirmish.state import GameOptions

Progress = Callable[[int, int], None]  # (games done, games in all)

# Games handed to a worker process at a time: big enough that passing them costs little,
# small enough that the progress bar moves and the two workers finish together.
_CHUNK = 50


class GameResult(NamedTuple):
    winner: str
    standing: int  # figures of the scenario's victory side standing at the end
    final_turn: int
    reason: EndReason
    survivors: int  # bit i set: the roster's figure i is standing at the end

    def survived(self, index: int) -> bool:
        return bool(self.survivors >> index & 1)


def game_rng(seed: int, index: int) -> random.Random:
    """The generator for game `index` of a run seeded `seed` (independent of --jobs)."""
    return random.Random(f"skirmish:{seed}:{index}")


def simulation_options(scenario: Scenario) -> GameOptions:
    """The scenario's options with every side automatic."""
    base = GameOptions.from_scenario(scenario)
    return GameOptions(
        base.wound_effects,
        base.first_in_tier,
        tuple(s.id for s in scenario.sides),
        base.weapon_wounds,
    )


def play_game(
    scenario: Scenario,
    rng: random.Random,
    options: GameOptions | None = None,
    openings: Openings | None = None,
) -> GameResult:
    """One game with both sides played by `automatic_player`, on one state in place.

    With `openings` (the run's, for these options) the game starts where its opening ends
    rather than playing it again: the same game, see `opening.py`.
    """
    if options is None:
        options = simulation_options(scenario)
        options.check(scenario)
    state = deploy(scenario, rng, options, None)
    if openings is not None:
        state = openings.play(state)
    while state.winner is None:
        play_action(state, automatic_player(state), rng, None, check=False)
    end = ending(state)
    assert end is not None
    survivors = sum(1 << i for i, fig in enumerate(state.figures) if not fig.fallen)
    return GameResult(end.winner, end.standing, end.turn, end.reason, survivors)


def _play_range(openings: Openings, seed: int, start: int, stop: int) -> list[GameResult]:
    scenario, options = openings.scenario, openings.options
    return [play_game(scenario, game_rng(seed, i), options, openings) for i in range(start, stop)]


# Worker processes receive the scenario once, through the pool's initializer, and keep the
# openings they play for the rest of the run.
_worker_openings: Openings | None = None


def _init_worker(scenario: Scenario, options: GameOptions) -> None:
    global _worker_openings
    _worker_openings = Openings(scenario, options, automatic_player)


def _worker_play(job: tuple[int, int, int]) -> list[GameResult]:
    assert _worker_openings is not None
    seed, start, stop = job
    return _play_range(_worker_openings, seed, start, stop)


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% with the default z)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


class SimulationSummary(msgspec.Struct, frozen=True):
    scenario: str
    seed: int
    games: int
    sides: tuple[str, str]  # (victory side, the other side)
    side_names: tuple[str, str]
    wins: tuple[int, int]
    standing_distribution: tuple[int, ...]  # games ending with 0, 1, 2, ... standing
    mean_standing: float
    mean_final_turn: float
    final_turn_distribution: dict[int, int]
    endings: dict[EndReason, int]  # games per end reason (every reason, summing to games)
    ending_turns: dict[EndReason, float]  # mean final turn of the games ending so
    ending_labels: dict[EndReason, str]
    survival: dict[str, float]  # figure id -> share of games it ends standing

    def win_rate(self, which: int) -> float:
        return self.wins[which] / self.games if self.games else 0.0

    def interval(self, which: int) -> tuple[float, float]:
        return wilson_interval(self.wins[which], self.games)

    def to_dict(self) -> dict[str, Any]:
        """The --json shape: the agreed keys first, then the details."""
        first, second = self.sides
        lo0, hi0 = self.interval(0)
        lo1, hi1 = self.interval(1)
        return {
            "games": self.games,
            f"{first}_wins": self.wins[0],
            f"{second}_wins": self.wins[1],
            f"mean_{first}_standing": round(self.mean_standing, 4),
            "mean_final_turn": round(self.mean_final_turn, 4),
            f"{first}_win_rate": round(self.win_rate(0), 4),
            f"{first}_win_interval_95": [round(lo0, 4), round(hi0, 4)],
            f"{second}_win_rate": round(self.win_rate(1), 4),
            f"{second}_win_interval_95": [round(lo1, 4), round(hi1, 4)],
            f"{first}_standing_distribution": {
                str(n): count for n, count in enumerate(self.standing_distribution)
            },
            "final_turn_distribution": {
                str(turn): count for turn, count in sorted(self.final_turn_distribution.items())
            },
            "endings": {reason.value: self.endings[reason] for reason in END_REASONS},
            "ending_mean_turn": {
                reason.value: round(self.ending_turns[reason], 4)
                for reason in END_REASONS
                if self.endings[reason]
            },
            "ending_names": {reason.value: self.ending_labels[reason] for reason in END_REASONS},
            "survival": {fid: round(rate, 4) for fid, rate in self.survival.items()},
            "scenario": self.scenario,
            "seed": self.seed,
        }


def summarise(scenario: Scenario, seed: int, results: list[GameResult]) -> SimulationSummary:
    victory_side = scenario.victory.side
    other = scenario.other_side(victory_side)
    games = len(results)
    wins = sum(1 for r in results if r.winner == victory_side)
    size = sum(1 for f in scenario.forces if f.side == victory_side) + 1
    distribution = [0] * size
    turns: dict[int, int] = {}
    endings = dict.fromkeys(END_REASONS, 0)
    ending_turn_sums = dict.fromkeys(END_REASONS, 0)
    survived = [0] * len(scenario.forces)
    for r in results:
        distribution[r.standing] += 1
        turns[r.final_turn] = turns.get(r.final_turn, 0) + 1
        endings[r.reason] += 1
        ending_turn_sums[r.reason] += r.final_turn
        for i in range(len(survived)):
            if r.survivors >> i & 1:
                survived[i] += 1
    return SimulationSummary(
        scenario=scenario.name,
        seed=seed,
        games=games,
        sides=(victory_side, other),
        side_names=(scenario.side(victory_side).name, scenario.side(other).name),
        wins=(wins, games - wins),
        standing_distribution=tuple(distribution),
        mean_standing=sum(r.standing for r in results) / games if games else 0.0,
        mean_final_turn=sum(r.final_turn for r in results) / games if games else 0.0,
        final_turn_distribution=turns,
        endings=endings,
        ending_turns={
            reason: ending_turn_sums[reason] / count if count else 0.0
            for reason, count in endings.items()
        },
        ending_labels={reason: reason_label(reason, scenario) for reason in END_REASONS},
        survival={
            spec.id: survived[i] / games if games else 0.0 for i, spec in enumerate(scenario.forces)
        },
    )


def run_games(
    scenario: Scenario,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Play `games` games, in `jobs` processes; results in game order."""
    if games < 1:
        raise RulesError("simulate at least one game")
    if jobs < 1:
        raise RulesError("use at least one job")
    options = simulation_options(scenario)
    options.check(scenario)
    chunks = [(seed, start, min(start + _CHUNK, games)) for start in range(0, games, _CHUNK)]
    results: list[GameResult] = []
    if jobs == 1 or len(chunks) == 1:
        openings = Openings(scenario, options, automatic_player)
        for _, start, stop in chunks:
            results.extend(_play_range(openings, seed, start, stop))
            if progress is not None:
                progress(len(results), games)
        return results
    context = multiprocessing.get_context("fork" if "fork" in _methods() else None)
    with context.Pool(
        processes=min(jobs, len(chunks)),
        initializer=_init_worker,
        initargs=(scenario, options),
    ) as pool:
        for chunk in pool.imap(_worker_play, chunks):
            results.extend(chunk)
            if progress is not None:
                progress(len(results), games)
    return results


def _methods() -> list[str]:
    return multiprocessing.get_all_start_methods()


def simulate(
    scenario: Scenario,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Progress | None = None,
) -> SimulationSummary:
    """Play the games and sum them up."""
    return summarise(scenario, seed, run_games(scenario, games, seed, jobs, progress))
