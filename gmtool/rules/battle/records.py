"""Roll records: every die the battle engine rolls, as a plain dict for the campaign's roll log.

The shape matches the entries the store writes for the Dice & Log tab (`kind`, `for`,
`source`, `expression`, `dice` as [sides, value, sign] triples, `total`, and for checks the
score, step, control die and degree), so the app can log a battle step's rolls as they come.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gmtool.rules.checks import CheckResult, checks_table
from gmtool.rules.dice import DiceRoll, parse
from gmtool.rules.hazards import HazardOutcome, hazard_table

SOURCE = "battle"

RollRecord = dict[str, Any]


def check_record(check: CheckResult, purpose: str) -> RollRecord:
    return {
        "kind": "check",
        "for": purpose,
        "source": SOURCE,
        "expression": f"score {check.score} step {check.step:+d}",
        "score": check.score,
        "step": check.step,
        "control": check.control,
        "situation": check.situation_text,
        "dice": [[20, check.control, 1]] + [[d.sides, d.value, d.sign] for d in check.situation],
        "total": check.total,
        "degree": check.degree.value,
    }


def dice_record(roll: DiceRoll, purpose: str) -> RollRecord:
    return {
        "kind": "dice",
        "for": purpose,
        "source": SOURCE,
        "expression": roll.expression.canonical(),
        "dice": [[d.sides, d.value, d.sign] for d in roll.dice],
        "modifier": roll.modifier,
        "total": roll.total,
        "track": roll.track,
    }


def values_record(
    purpose: str, notation: str, values: Sequence[int], total: int, track: str | None = None
) -> RollRecord:
    """A dice roll known only by its values (rolled inside another rules module)."""
    sides = _sides(notation)
    return {
        "kind": "dice",
        "for": purpose,
        "source": SOURCE,
        "expression": notation,
        "dice": [[sides, v, 1] for v in values],
        "modifier": total - sum(values),
        "total": total,
        "track": track,
    }


def hazard_records(outcome: HazardOutcome, name: str) -> list[RollRecord]:
    """The hazard die, the Personality feat and the injury dice of one hazard roll."""
    table = hazard_table()
    records = [
        values_record(
            f"hazard to {name} ({outcome.ship_class} ship, {outcome.track})",
            table.hazard_die.canonical(),
            [outcome.hazard_roll],
            outcome.hazard_roll,
        )
    ]
    if not outcome.endangered or outcome.feat_step is None or outcome.feat_control is None:
        return records
    rung = checks_table().situation_die(outcome.feat_step)
    situation = [[rung.sides, abs(v), -1 if v < 0 else 1] for v in outcome.feat_situation]
    records.append(
        {
            "kind": "check",
            "for": f"{name}'s {outcome.feat_ability} feat (endangered)",
            "source": SOURCE,
            "expression": f"score {outcome.feat_score} step {outcome.feat_step:+d}",
            "score": outcome.feat_score,
            "step": outcome.feat_step,
            "control": outcome.feat_control,
            "situation": rung.text(),
            "dice": [[20, outcome.feat_control, 1], *situation],
            "total": outcome.feat_total,
            "degree": outcome.degree,
        }
    )
    if outcome.injury is not None:
        records.append(
            values_record(
                f"injury to {name}",
                outcome.injury,
                outcome.injury_dice,
                outcome.injury_total,
                outcome.damage.kind if outcome.damage else None,
            )
        )
    return records


def _sides(notation: str) -> int:
    expression = parse(notation)
    return max(t.sides for t in expression.terms if t.is_dice)
