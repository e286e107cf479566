"""Dice actions: roll dice or an ALTERNITY check into the campaign's log, undo and redo.

The Dice & Log tab and `gmtool roll/check --campaign` both call these, so a roll made from
either is rolled with the campaign's generator, saved with what it was for and which front
rolled it (`source`), and undone the same way. Each is one commit.
"""

from __future__ import annotations

import random

import msgspec

from gmtool.actions.errors import NothingToUndo, RedoRefused, refusals
from gmtool.rules import dice
from gmtool.rules.checks import CheckResult, Degree, roll_check
from gmtool.rules.dice import DiceRoll
from gmtool.store.campaign import Campaign
from gmtool.store.rolllog import RollEntry
from gmtool.store.undo_history import NotRedone

# The `source` the Dice & Log tab saves its rolls under; its undo takes back only those.
DICE_TAB = "dice"


class DiceRolled(msgspec.Struct, frozen=True):
    """A dice roll saved in the log."""

    roll_id: int
    expression: str  # canonical: 2d6+1, d8w
    total: int
    track: str | None  # stun, wound, mortal, critical for damage; None for plain dice
    purpose: str
    roll: DiceRoll  # every die, for the screens to show


class CheckRolled(msgspec.Struct, frozen=True):
    """An ALTERNITY check saved in the log."""

    roll_id: int
    score: int
    step: int
    total: int
    degree: Degree
    purpose: str
    check: CheckResult  # control die and situation dice, for the screens to show


class RollsUndone(msgspec.Struct, frozen=True):
    """The rolls of one action, marked undone in the log (which keeps them)."""

    roll_ids: tuple[int, ...]
    expression: str  # the first of them, as saved
    total: int | None = None  # the first roll's total, as saved
    purpose: str = ""
    time: str = ""  # when it was rolled (ISO), so a screen can say how old it is


def _rolls(entries: list[RollEntry]) -> RollsUndone:
    first = entries[0]
    total = first.get("total")
    return RollsUndone(
        tuple(int(e["id"]) for e in entries),
        str(first.get("expression", "")),
        total if isinstance(total, int) else None,
        str(first.get("for", "") or ""),
        str(first.get("time", "") or ""),
    )


def roll_dice(
    campaign: Campaign,
    expression: str,
    purpose: str = "",
    *,
    source: str = DICE_TAB,
    rng: random.Random | None = None,
) -> DiceRolled:
    """Roll a dice expression (`2d6+1`, `d8w`) and save it with its purpose.

    `rng` replaces the campaign's generator (the CLI's `--seed`); a bad expression is
    refused with the parser's reason and nothing is saved."""
    with refusals(), campaign.transaction():
        parsed = dice.parse(expression)
        result = dice.roll(parsed, rng or campaign.rng())
        saved = campaign.record([campaign.dice_entry(result, purpose.strip(), source=source)])
    return DiceRolled(
        roll_id=int(saved[0]["id"]),
        expression=parsed.canonical(),
        total=result.total,
        track=result.track,
        purpose=purpose.strip(),
        roll=result,
    )


def roll_a_check(
    campaign: Campaign,
    score: int,
    step: int,
    purpose: str = "",
    *,
    source: str = DICE_TAB,
    rng: random.Random | None = None,
) -> CheckRolled:
    """Roll an ALTERNITY check at `score` (1-30) and total `step`, and save it."""
    with refusals(), campaign.transaction():
        result = roll_check(score, step, rng or campaign.rng())
        saved = campaign.record([campaign.check_entry(result, purpose.strip(), source=source)])
    return CheckRolled(
        roll_id=int(saved[0]["id"]),
        score=result.score,
        step=result.step,
        total=result.total,
        degree=result.degree,
        purpose=purpose.strip(),
        check=result,
    )


def undo_last_roll(campaign: Campaign, source: str = DICE_TAB) -> RollsUndone:
    """Mark the newest action's rolls from `source` undone; refused when none is left."""
    with campaign.transaction():
        undone = campaign.undo_last(source=source)
    if not undone:
        raise NothingToUndo("nothing to undo: no roll is left to take back")
    return _rolls(undone)


def roll_to_undo(campaign: Campaign, source: str = DICE_TAB) -> RollsUndone | None:
    """The rolls ctrl+z would take back, without taking them back (None: none left)."""
    found = campaign.newest_action(source=source)
    return _rolls(found) if found else None


def roll_to_redo(campaign: Campaign, source: str = DICE_TAB) -> RollsUndone | None:
    """The rolls ctrl+y would bring back (None: nothing undone since the last roll)."""
    found = campaign.next_redo(source)
    return _rolls(found) if found else None


def redo_last_roll(campaign: Campaign, source: str = DICE_TAB) -> RollsUndone:
    """Bring back the rolls the last undo of `source` took back, as they were rolled."""
    with campaign.transaction():
        redone = campaign.redo_last(source)
    if not redone:
        raise RedoRefused(NotRedone.NOTHING)
    return _rolls(redone)
