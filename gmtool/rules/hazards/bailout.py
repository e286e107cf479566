"""Bail-out (Table 3-3): the time to abandon ship, rolled once when the order is given and
counted round by round.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec

from gmtool.rules.characters import Character
from gmtool.rules.dice import roll
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import Assignment, aboard


def _half_up(numerator: int, denominator: int) -> int:
    return (2 * numerator + denominator) // (2 * denominator)


def _ordinal(number: int) -> str:
    teen = 10 <= number % 100 <= 20
    suffix = "th" if teen else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


class BailoutTime(msgspec.Struct, frozen=True):
    """The bail-out time rolled on Table 3-3 (`rounds`: the dice's total; 1 for
    `same_round`), with the dice. `span` is how many rounds the evacuation lasts counting the
    round of the order."""

    ship_class: str
    rounds: int
    notation: str | None  # None: the same round
    dice: tuple[int, ...] = ()

    @property
    def span(self) -> int:
        """Rounds of the evacuation, the round of the order being the first. A time of N
        rounds is over at the end of the Nth full round after the round of the order (RULES.md
        section 5, third reading): N + 1. "Same round" is over at the end of that round: 1."""
        return 1 if self.notation is None else self.rounds + 1

    def describe(self) -> str:
        if self.notation is None:
            return f"{self.ship_class}: clear the same round"
        shown = " ".join(str(d) for d in self.dice)
        return (
            f"{self.ship_class}: {self.notation} [{shown}] = {self.rounds} "
            f"round{'s' if self.rounds != 1 else ''} after the round of the order"
        )

    def words(self) -> str:
        """When the evacuation is over, for the GM."""
        if self.notation is None:
            return "everyone who can get out is clear by the end of this round"
        return (
            f"the bail-out time is {self.rounds} round{'s' if self.rounds != 1 else ''}: "
            f"over at the end of the {_ordinal(self.rounds)} full round after this one"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship_class": self.ship_class,
            "rounds": self.rounds,
            "notation": self.notation,
            "dice": list(self.dice),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BailoutTime:
        return cls(
            str(data["ship_class"]),
            int(data["rounds"]),
            data.get("notation"),
            tuple(int(d) for d in data.get("dice", ())),
        )


def roll_bailout_time(ship_class: str, rng: random.Random) -> BailoutTime:
    """Roll Table 3-3 once, when the order to abandon ship is given."""
    # the hazard table loads here: a saved bail-out (a ship in a battle) needs none of it
    from gmtool.rules.hazards.table import check_class, hazard_table

    check_class(ship_class)
    expression = hazard_table().bailout_time[ship_class]
    if expression is None:
        return BailoutTime(ship_class, 1, None)
    result = roll(expression, rng)
    return BailoutTime(
        ship_class, result.total, expression.canonical(), tuple(d.value for d in result.dice)
    )


class Bailout(msgspec.Struct, frozen=True):
    """An evacuation under way: rolled once, then read round by round with `bailout_round`."""

    ship_class: str
    survivors: int  # aboard and alive when the order was given
    time: BailoutTime
    trapped_percent: int
    trapped_dice: tuple[int, ...]  # empty when the GM chose the percentage
    trapped: int  # cannot get out at all
    clear_percent: int  # of the survivors, each round

    @property
    def rounds(self) -> int:
        """Rounds of the evacuation, counting the round of the order (`BailoutTime.span`)."""
        return self.time.span

    @property
    def can_leave(self) -> int:
        return self.survivors - self.trapped

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship_class": self.ship_class,
            "survivors": self.survivors,
            "time": self.time.to_dict(),
            "trapped_percent": self.trapped_percent,
            "trapped_dice": list(self.trapped_dice),
            "trapped": self.trapped,
            "clear_percent": self.clear_percent,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Bailout:
        return cls(
            str(data["ship_class"]),
            int(data["survivors"]),
            BailoutTime.from_dict(data["time"]),
            int(data["trapped_percent"]),
            tuple(int(d) for d in data.get("trapped_dice", ())),
            int(data["trapped"]),
            int(data["clear_percent"]),
        )


def start_bailout(
    ship_class: str,
    survivors: int,
    rng: random.Random,
    *,
    trapped_percent: int | None = None,
) -> Bailout:
    """Give the order to abandon ship: roll the time, then the share who cannot get out.

    `trapped_percent` lets the GM choose the share (within the table's range) instead of
    rolling it.
    """
    from gmtool.rules.hazards.table import hazard_table

    table = hazard_table()
    if isinstance(survivors, bool) or not isinstance(survivors, int) or survivors < 0:
        raise RulesError(f"survivors must be a whole number of at least 0, not {survivors!r}")
    time = roll_bailout_time(ship_class, rng)
    dice: tuple[int, ...] = ()
    if trapped_percent is None:
        result = roll(table.trapped_percent, rng)
        percent, dice = result.total, tuple(d.value for d in result.dice)
    else:
        if isinstance(trapped_percent, bool) or not isinstance(trapped_percent, int):
            raise RulesError(f"the trapped share must be a whole number, not {trapped_percent!r}")
        if not table.trapped_min <= trapped_percent <= table.trapped_max:
            raise RulesError(
                f"the share who cannot get out must be from {table.trapped_min} to "
                f"{table.trapped_max} percent, not {trapped_percent}"
            )
        percent = trapped_percent
    trapped = min(survivors, _half_up(survivors * percent, 100))
    return Bailout(
        ship_class, survivors, time, percent, dice, trapped, table.clear_percent[ship_class]
    )


class BailoutRound(msgspec.Struct, frozen=True):
    round: int
    cleared: int  # got clear this round
    cleared_total: int  # got clear so far
    still_leaving: int  # inside and able to leave, after this round
    trapped: int  # cannot get out
    complete: bool  # everyone who can leave is clear

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "cleared": self.cleared,
            "cleared_total": self.cleared_total,
            "still_leaving": self.still_leaving,
            "trapped": self.trapped,
            "complete": self.complete,
        }


def _cleared_by(bailout: Bailout, round_number: int) -> int:
    if round_number <= 0:
        return 0
    if round_number >= bailout.rounds:
        return bailout.can_leave
    share = _half_up(bailout.survivors * bailout.clear_percent * round_number, 100)
    return min(bailout.can_leave, share)


def bailout_round(bailout: Bailout, round_number: int) -> BailoutRound:
    """How many got clear in this round (1 = the round of the order) and how many remain.

    Counted from the start each time (rounded half up on the running total), so the rounds
    add up exactly to everyone who can leave.
    """
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise RulesError(f"bail-out rounds count from 1, not {round_number!r}")
    before = _cleared_by(bailout, round_number - 1)
    total = _cleared_by(bailout, round_number)
    return BailoutRound(
        round=round_number,
        cleared=total - before,
        cleared_total=total,
        still_leaving=bailout.can_leave - total,
        trapped=bailout.trapped,
        complete=total == bailout.can_leave,
    )


def bailout_rounds(bailout: Bailout) -> tuple[BailoutRound, ...]:
    """Every round of the evacuation, from the order to the end of the bail-out time."""
    return tuple(bailout_round(bailout, r) for r in range(1, bailout.rounds + 1))


def survivors_aboard(
    characters: Sequence[Character], assignments: Iterable[Assignment], ship_id: str
) -> tuple[Character, ...]:
    """The characters aboard a ship who are still alive: they must reach a pod or airlock."""
    ids = {a.character_id for a in aboard(assignments, ship_id)}
    return tuple(c for c in characters if c.id in ids and c.state != "dead")
