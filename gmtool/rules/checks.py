"""ALTERNITY checks: control die d20 plus a situation die from the step ladder.

A check succeeds when the total is at most the score; the degree (Amazing, Good, Ordinary,
Failure, Critical Failure) comes from thresholds in `tables/checks.yaml`.
"""

from __future__ import annotations

import random
import re
from enum import StrEnum

import msgspec

from gmtool.rules.dice import Die
from gmtool.rules.errors import RulesError
from gmtool.rules.limits import MAX_STEP
from gmtool.rules.tables import Node, cached_table, load_table


class Degree(StrEnum):
    """Degrees of success, best first; values are the ids the CLI and logs use."""

    AMAZING = "amazing"
    GOOD = "good"
    ORDINARY = "ordinary"
    FAILURE = "failure"
    CRITICAL_FAILURE = "critical_failure"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").title()

    @property
    def success(self) -> bool:
        return self in (Degree.AMAZING, Degree.GOOD, Degree.ORDINARY)

    @property
    def rank(self) -> int:
        """0 for Amazing ... 4 for Critical Failure: lower is better."""
        return list(Degree).index(self)


class SituationDie(msgspec.Struct, frozen=True):
    """`sign * count d sides`; sides 0 means the +d0 rung (no die)."""

    sign: int
    count: int
    sides: int

    def text(self) -> str:
        sign = "-" if self.sign < 0 else "+"
        if self.sides == 0:
            return f"{sign}d0"
        count = "" if self.count == 1 else str(self.count)
        return f"{sign}{count}d{self.sides}"


class ChecksTable(msgspec.Struct, frozen=True):
    ladder: dict[int, SituationDie]
    beyond_top_sides: int
    base_step: dict[str, int]
    divisors: dict[str, int]
    critical_failure_on: int
    natural_success_on: int
    natural_success_void_from_step: int
    crew_quality: dict[str, int]
    score_min: int
    score_max: int

    @property
    def lowest_step(self) -> int:
        return min(self.ladder)

    @property
    def highest_step(self) -> int:
        return max(self.ladder)

    def situation_die(self, step: int) -> SituationDie:
        """The situation die for a step: off the bottom clamps, off the top adds dice."""
        if step < self.lowest_step:
            return self.ladder[self.lowest_step]
        if step > self.highest_step:
            top = self.ladder[self.highest_step]
            return SituationDie(top.sign, top.count + step - self.highest_step, top.sides)
        return self.ladder[step]

    def crew_score(self, quality: str | int) -> int:
        """Crew check score for a quality name or an explicit score."""
        if isinstance(quality, int):
            return quality
        if quality not in self.crew_quality:
            raise RulesError(
                f"unknown crew quality {quality!r}: expected one of "
                f"{', '.join(self.crew_quality)} or a score"
            )
        return self.crew_quality[quality]


_RUNG = re.compile(r"^([+-])(\d*)d(\d+)$")


def _read_rung(node: Node) -> SituationDie:
    text = node.str().replace(" ", "")
    match = _RUNG.match(text)
    if not match:
        raise node.error("a situation die such as +d4, -d20, +2d20 or +d0")
    sign, count, sides = match.groups()
    return SituationDie(-1 if sign == "-" else 1, int(count) if count else 1, int(sides))


@cached_table
def checks_table() -> ChecksTable:
    root = load_table("checks")
    ladder: dict[int, SituationDie] = {}
    for key, rung in root["step_ladder"].items():
        if isinstance(key, bool) or not isinstance(key, int):
            raise rung.error("a whole-number step as the key", got=key)
        ladder[key] = _read_rung(rung)
    if 0 not in ladder or sorted(ladder) != list(range(min(ladder), max(ladder) + 1)):
        raise root["step_ladder"].error("consecutive steps including 0", got=sorted(ladder))
    beyond = _RUNG.match("+" + root["beyond_top_adds"].str())
    if not beyond:
        raise root["beyond_top_adds"].error("a die such as d20")
    divisors = {name: node.int(minimum=1) for name, node in root["degree_divisors"].items()}
    for needed in ("amazing", "good", "ordinary"):
        if needed not in divisors:
            raise root["degree_divisors"].error(f"a divisor for {needed}", got=sorted(divisors))
    score_range = root["score_range"]
    return ChecksTable(
        ladder=ladder,
        beyond_top_sides=int(beyond.group(3)),
        base_step={k: v.int() for k, v in root["base_step"].items()},
        divisors=divisors,
        critical_failure_on=root["critical_failure_on"].int(1, 20),
        natural_success_on=root["natural_success_on"].int(1, 20),
        natural_success_void_from_step=root["natural_success_void_from_step"].int(),
        crew_quality={k: v.int(1) for k, v in root["crew_quality"].items()},
        score_min=score_range["min"].int(),
        score_max=score_range["max"].int(),
    )


class CheckResult(msgspec.Struct, frozen=True):
    score: int
    step: int
    control: int
    situation: tuple[Die, ...]
    total: int
    degree: Degree

    @property
    def situation_total(self) -> int:
        return sum(d.sign * d.value for d in self.situation)

    @property
    def situation_text(self) -> str:
        return checks_table().situation_die(self.step).text()

    @property
    def ladder_step(self) -> int | None:
        """The rung rolled when the step is below the bottom of the ladder (a bonus bigger
        than the ladder has is rolled at its bottom rung); None when the step is on it or
        above it (each step past the top adds a die, which `situation_text` shows)."""
        lowest = checks_table().lowest_step
        return lowest if self.step < lowest else None

    def dice_text(self) -> str:
        """The check as rolled, without its degree (screens colour the degree apart)."""
        situation = " ".join(f"{'-' if d.sign < 0 else '+'}{d.value}" for d in self.situation)
        situation = situation or "+0"
        step = f"step {self.step:+d}"
        if self.ladder_step is not None:
            step += f", below the ladder: rolled at {self.ladder_step:+d}"
        return (
            f"score {self.score} {step} ({self.situation_text}): "
            f"d20 {self.control} {situation} = {self.total}"
        )

    def describe(self) -> str:
        return f"{self.dice_text()} -> {self.degree.label}"


def degree_for(score: int, step: int, control: int, total: int) -> Degree:
    """The degree a check earns: thresholds on the total, then the natural 20 and 1 rules."""
    table = checks_table()
    if control == table.critical_failure_on:
        return Degree.CRITICAL_FAILURE
    if total <= score // table.divisors["amazing"]:
        degree = Degree.AMAZING
    elif total <= score // table.divisors["good"]:
        degree = Degree.GOOD
    elif total <= score // table.divisors["ordinary"]:
        degree = Degree.ORDINARY
    else:
        degree = Degree.FAILURE
    if (
        control == table.natural_success_on
        and step < table.natural_success_void_from_step
        and degree is Degree.FAILURE
    ):
        degree = Degree.ORDINARY
    return degree


def validate_score(score: int) -> None:
    table = checks_table()
    if not table.score_min <= score <= table.score_max:
        raise RulesError(
            f"a check score must be from {table.score_min} to {table.score_max}, not {score}"
        )


def validate_step(step: int) -> None:
    """Past the step ladder every step adds a d20: a step of a million would roll for ever."""
    if not -MAX_STEP <= step <= MAX_STEP:
        raise RulesError(f"a check step must be from {-MAX_STEP} to {MAX_STEP}, not {step}")


def roll_check(score: int, step: int, rng: random.Random) -> CheckResult:
    """Roll a check at `score` with total step `step` (base step included by the caller)."""
    validate_score(score)
    validate_step(step)
    die = checks_table().situation_die(step)
    control = rng.randint(1, 20)
    situation = (
        tuple(Die(die.sides, rng.randint(1, die.sides), die.sign) for _ in range(die.count))
        if die.sides
        else ()
    )
    total = control + sum(d.sign * d.value for d in situation)
    return CheckResult(
        score, step, control, situation, total, degree_for(score, step, control, total)
    )
