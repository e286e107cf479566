"""Roll records: every die the rules roll, as a plain dict for the campaign's roll log.

One shape for every tab and command (`kind`, `for`, `source`, `expression`, `dice` as
[sides, value, sign] triples, `modifier`, `total`, `track`; checks add score, step, control
die, situation die and degree), so the Dice & Log tab shows a battle's, a hazard's or a
skirmish's dice the same way. `source` names the tab or command that rolled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gmtool.rules.dice import parse

if TYPE_CHECKING:
    from gmtool.rules.checks import CheckResult
    from gmtool.rules.dice import DiceRoll
    from gmtool.rules.hazards import HazardOutcome

RollRecord = dict[str, Any]


DRAW_KIND = "draw"  # the roll log's kind of a draw of named casualties (store/crew_casualties.py)


def drawn_names(entry: Mapping[str, Any]) -> str:
    """Who a draw of named casualties fell on, in the order drawn ("" for any other roll):
    a draw's dice pick people, so the log says whom."""
    drawn = entry.get("drawn")
    if entry.get("kind") != DRAW_KIND or not isinstance(drawn, list):
        return ""
    return ", ".join(str(name) for name in drawn)


def check_record(check: CheckResult, purpose: str, source: str) -> RollRecord:
    return {
        "kind": "check",
        "for": purpose,
        "source": source,
        "expression": f"score {check.score} step {check.step:+d}",
        "score": check.score,
        "step": check.step,
        "control": check.control,
        "situation": check.situation_text,
        "dice": [[20, check.control, 1]] + [[d.sides, d.value, d.sign] for d in check.situation],
        "total": check.total,
        "degree": check.degree.value,
    }


def dice_record(roll: DiceRoll, purpose: str, source: str) -> RollRecord:
    return {
        "kind": "dice",
        "for": purpose,
        "source": source,
        "expression": roll.expression.canonical(),
        "dice": [[d.sides, d.value, d.sign] for d in roll.dice],
        "modifier": roll.modifier,
        "total": roll.total,
        "track": roll.track,
    }


def values_record(
    purpose: str,
    notation: str,
    values: Sequence[int],
    total: int,
    source: str,
    track: str | None = None,
) -> RollRecord:
    """A dice roll known only by its values (rolled inside another rules function)."""
    expression = parse(notation)
    dice = [(t.sides, t.sign) for t in expression.terms if t.is_dice for _ in range(t.count)]
    shown = [[sides, value, sign] for (sides, sign), value in zip(dice, values, strict=False)]
    return {
        "kind": "dice",
        "for": purpose,
        "source": source,
        "expression": expression.canonical(),
        "dice": shown,
        "modifier": total - sum(sign * value for _sides, value, sign in shown),
        "total": total,
        "track": track,
    }


def hazard_records(outcome: HazardOutcome, name: str, source: str) -> list[RollRecord]:
    """The hazard die, the Personality feat and the injury dice of one hazard roll."""
    # The tables load here, not with the module: the roll log's readers (the app's first
    # tab, `gmtool log`) import this module for DRAW_KIND and need no rule table.
    from gmtool.rules.checks import checks_table
    from gmtool.rules.hazards import hazard_table

    records: list[RollRecord] = []
    if outcome.hazard_roll is not None:  # None: endangered outright, no hazard die
        records.append(
            values_record(
                f"hazard to {name} ({outcome.ship_class} ship, {outcome.track})",
                hazard_table().hazard_die.canonical(),
                [outcome.hazard_roll],
                outcome.hazard_roll,
                source,
            )
        )
    if not outcome.endangered or outcome.feat_step is None or outcome.feat_control is None:
        return records
    rung = checks_table().situation_die(outcome.feat_step)
    situation = [[rung.sides, abs(v), -1 if v < 0 else 1] for v in outcome.feat_situation]
    records.append(
        {
            "kind": "check",
            "for": f"{name}'s {outcome.feat_ability} feat (endangered)",
            "source": source,
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
                source,
                outcome.damage.kind if outcome.damage else None,
            )
        )
    armor = outcome.armor
    if armor is not None and armor.protection is not None:
        records.append(
            values_record(
                f"{name}'s armor against {armor.damage_type.replace('_', ' ')}",
                armor.protection,
                armor.protection_dice,
                armor.protection_total,
                source,
            )
        )
    return records
