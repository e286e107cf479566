"""A campaign ship's condition between battles: damage kept, crew lost, what became of it.

A battle starts from the condition and the battle's end state is written back into it, so a
ship crippled today is crippled tomorrow. Between battles the GM repairs it (rates in
`tables/repairs.yaml`), replaces its lost crew, scraps it, or restores a lost ship. Each of
these is a pure function from one condition to the next, with a `ConditionEvent` for the
ship's history; the status (operational ... destroyed, or lost) is read off the marks and the
`lost` field, never stored twice.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec.structs import replace

from gmtool.rules.crew_casualties import (
    NOT_ABOARD,
    Casualty,
    CasualtyDraw,
    hurt_in_battle,
    recovered,
    wounded_count,
)
from gmtool.rules.errors import RulesError
from gmtool.rules.limits import MAX_REPAIR_DAYS
from gmtool.rules.ship_damage import ShipDamage, can_act, track_ids
from gmtool.rules.tables import cached_table, load_table

WHERE = ("port", "sea")
# What a ship can be lost to: the battle's fates that take it out of play, and the GM's scrap.
LOSSES = ("destroyed", "abandoned", "scrapped")
EVENT_KINDS = ("battle", "repair", "crew_replaced", "scrapped", "restored")
HISTORY_KEPT = 20
"""Entries a ship's history keeps (the newest); a battle's full story is in its own log."""


class RepairRules(msgspec.Struct, frozen=True):
    cleared_when_battle_ends: tuple[str, ...]
    percent_per_day: dict[str, dict[str, int]]  # where -> track -> percent of its points


@cached_table
def repair_rules() -> RepairRules:
    """The validated `repair:` section of tables/repairs.yaml (loaded once)."""
    root = load_table("repairs")
    root.only_keys({"repair"}, what="repairs")
    section = root["repair"]
    section.only_keys({"cleared_when_battle_ends", "percent_per_day"}, what="repair")
    tracks = track_ids()
    cleared = tuple(node.choice(tracks) for node in section["cleared_when_battle_ends"].list())
    rates_node = section["percent_per_day"]
    rates_node.only_keys(set(WHERE), what="percent_per_day")
    rates: dict[str, dict[str, int]] = {}
    for where in WHERE:
        node = rates_node[where]
        node.only_keys(set(tracks), what=where)
        rates[where] = {str(track): value.int(0, 100) for track, value in node.items()}
    return RepairRules(cleared, rates)


class ConditionEvent(msgspec.Struct, frozen=True):
    """One thing that happened to a ship: a battle it came out of, a repair, new crew.

    `marks` is the change per track (positive: damage taken, negative: repaired), `crew` the
    change in crew aboard, `status` the ship's status afterwards. Screens word it."""

    kind: str
    status: str
    battle: str | None = None
    round: int | None = None
    marks: dict[str, int] = msgspec.field(default_factory=dict)
    crew: int = 0
    days: int = 0
    where: str | None = None
    recovered: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "status": self.status,
            "battle": self.battle,
            "round": self.round,
            "marks": dict(self.marks),
            "crew": self.crew,
            "days": self.days,
            "where": self.where,
            "recovered": self.recovered,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ConditionEvent:
        kind = str(data["kind"])
        if kind not in EVENT_KINDS:
            raise RulesError(f"unknown ship history entry {kind!r}")
        return cls(
            kind=kind,
            status=str(data["status"]),
            battle=None if data.get("battle") is None else str(data["battle"]),
            round=None if data.get("round") is None else int(data["round"]),
            marks={str(k): int(v) for k, v in dict(data.get("marks", {})).items()},
            crew=int(data.get("crew", 0)),
            days=int(data.get("days", 0)),
            where=None if data.get("where") is None else str(data["where"]),
            recovered=int(data.get("recovered", 0)),
        )


class ShipCondition(msgspec.Struct, frozen=True):
    """Boxes still marked per track, crew dead and badly wounded (not aboard), what the ship
    was lost to (None: in service), its recent history, and its named crew who are hurt
    (`casualties`: the roster's dead, badly and lightly wounded; counts saved before names
    were kept have none). The default is a ship as built: undamaged and fully crewed (what
    a campaign saved before conditions reads as)."""

    marked: dict[str, int] = msgspec.field(default_factory=dict)
    dead: int = 0
    badly_wounded: int = 0
    lost: str | None = None
    history: tuple[ConditionEvent, ...] = ()
    casualties: tuple[Casualty, ...] = ()

    def marks_on(self, points: Mapping[str, int]) -> dict[str, int]:
        """The marks on tracks of these sizes (a ship edited to smaller tracks keeps full
        tracks full, never more)."""
        return {t: min(self.marked.get(t, 0), points[t]) for t in track_ids()}

    def damage(self, points: Mapping[str, int]) -> ShipDamage:
        return ShipDamage(dict(points), self.marks_on(points))

    def crew_aboard(self, complement: int) -> int:
        return max(0, complement - self.dead - self.badly_wounded)

    def status(self, points: Mapping[str, int]) -> str:
        """The lost fate, else the durability state read off the marks."""
        return self.lost or self.damage(points).state

    def to_dict(self) -> dict[str, Any]:
        return {
            "marked": {t: n for t, n in self.marked.items() if n},
            "dead": self.dead,
            "badly_wounded": self.badly_wounded,
            "lost": self.lost,
            "history": [e.to_dict() for e in self.history],
            "casualties": [c.to_list() for c in self.casualties],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> ShipCondition:
        if not data:
            return cls()
        try:
            marked = {str(k): int(v) for k, v in dict(data.get("marked", {})).items()}
            unknown = set(marked) - set(track_ids())
            if unknown or any(n < 0 for n in marked.values()):
                raise RulesError(f"marks on unknown tracks or below 0: {marked}")
            lost = data.get("lost")
            if lost is not None and lost not in LOSSES:
                raise RulesError(f"a ship is lost as one of {', '.join(LOSSES)}, not {lost!r}")
            dead, badly = int(data.get("dead", 0)), int(data.get("badly_wounded", 0))
            if dead < 0 or badly < 0:
                raise RulesError("crew dead and badly wounded cannot be below 0")
            history = tuple(ConditionEvent.from_dict(e) for e in data.get("history", ()))
            casualties = tuple(Casualty.from_list(c) for c in data.get("casualties", ()))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RulesError(f"cannot read a ship's condition: {exc}") from None
        return cls(marked, dead, badly, lost, history, casualties)


def _logged(condition: ShipCondition, event: ConditionEvent) -> ShipCondition:
    return replace(condition, history=(*condition.history, event)[-HISTORY_KEPT:])


def _change(before: Mapping[str, int], after: Mapping[str, int]) -> dict[str, int]:
    changed = {t: after.get(t, 0) - before.get(t, 0) for t in track_ids()}
    return {t: n for t, n in changed.items() if n}


# -- battles --------------------------------------------------------------------------------


def check_can_join(name: str, condition: ShipCondition, points: Mapping[str, int]) -> None:
    """Refuse a ship that is lost or a wreck: the GM restores it before it fights again."""
    status = condition.status(points)
    if condition.lost is not None or not can_act(status):
        raise RulesError(f"{name} is {status}: restore it before it joins a battle")


def after_battle(
    condition: ShipCondition,
    points: Mapping[str, int],
    marked: Mapping[str, int],
    losses: Mapping[str, int],
    fate: str,
    complement: int,
    *,
    battle: str,
    round: int,
    draw: CasualtyDraw | None = None,
) -> ShipCondition:
    """The condition a battle leaves: its end marks less the tracks cleared when a battle
    ends (stun), its dead and badly wounded off the crew (never more than the complement),
    and lost when the battle destroyed it or its crew abandoned it. With a `draw` of the
    named crew, the losses are the draw's counts and the ones drawn are its casualties."""
    rules = repair_rules()
    if draw is not None:
        losses = draw.counts()
        condition = replace(
            condition, casualties=hurt_in_battle(condition.casualties, draw, battle)
        )
    kept = {t: (0 if t in rules.cleared_when_battle_ends else n) for t, n in marked.items()}
    aboard = condition.crew_aboard(complement)
    dead = min(losses.get("dead", 0), aboard)
    badly = min(losses.get("badly_wounded", 0), aboard - dead)
    lost = fate if fate in LOSSES else None
    if lost is None and not can_act(ShipDamage(dict(points), kept).state):
        lost = "destroyed"
    after = replace(
        condition,
        marked=kept,
        dead=condition.dead + dead,
        badly_wounded=condition.badly_wounded + badly,
        lost=lost,
    )
    event = ConditionEvent(
        "battle",
        after.status(points),
        battle=battle,
        round=round,
        marks=_change(condition.marks_on(points), kept),
        crew=-(dead + badly),
    )
    return _logged(after, event)


# -- between battles ------------------------------------------------------------------------


def _check_in_service(name: str, condition: ShipCondition, what: str) -> None:
    if condition.lost is not None:
        raise RulesError(f"{name} is {condition.lost}: restore it before {what}")


def repair_points(points: Mapping[str, int], days: int, where: str) -> dict[str, int]:
    """Points each track can have repaired in `days` at `where` (whole points, rounded up)."""
    rates = repair_rules().percent_per_day[where]
    return {t: math.ceil(points[t] * pct * days / 100) for t, pct in rates.items() if pct}


def repaired(
    name: str, condition: ShipCondition, points: Mapping[str, int], days: int, where: str
) -> ShipCondition:
    """The ship after `days` of repairs in port or at sea, at the table's rates."""
    if where not in WHERE:
        raise RulesError(f"a ship is repaired in port or at sea ({'/'.join(WHERE)}), not {where!r}")
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_REPAIR_DAYS:
        raise RulesError(f"repair days must be a whole number from 1 to {MAX_REPAIR_DAYS}")
    _check_in_service(name, condition, "it is repaired")
    before = condition.marks_on(points)
    if not any(before.values()) and not wounded_count(condition.casualties):
        raise RulesError(f"{name} has no damage to repair and no wounded crew")
    budget = repair_points(points, days, where)
    after = {t: max(0, n - budget.get(t, 0)) for t, n in before.items()}
    # The days are care for the named wounded too (tables/casualties.yaml recovery_days).
    recovery = recovered(condition.casualties, days)
    back_aboard = min(recovery.back["badly_wounded"], condition.badly_wounded)
    changed = replace(
        condition,
        marked={t: n for t, n in after.items() if n},
        casualties=recovery.casualties,
        badly_wounded=condition.badly_wounded - back_aboard,
    )
    event = ConditionEvent(
        "repair",
        changed.status(points),
        marks=_change(before, after),
        crew=back_aboard,
        days=days,
        where=where,
        recovered=sum(recovery.back.values()),
    )
    return _logged(changed, event)


def crew_replaced(
    name: str, condition: ShipCondition, points: Mapping[str, int], complement: int
) -> ShipCondition:
    """New hands for the dead and the badly wounded (put ashore): the ship is fully crewed
    again; the lightly wounded stay aboard as they are. The new hands' names are the
    roster's business (`roster.renamed`)."""
    _check_in_service(name, condition, "it takes on crew")
    lost = complement - condition.crew_aboard(complement)
    if lost == 0:
        raise RulesError(f"{name} has its whole crew aboard: no one to replace")
    kept = tuple(c for c in condition.casualties if c.condition not in NOT_ABOARD)
    changed = replace(condition, dead=0, badly_wounded=0, casualties=kept)
    return _logged(changed, ConditionEvent("crew_replaced", changed.status(points), crew=lost))


def scrapped(name: str, condition: ShipCondition) -> ShipCondition:
    """Out of service for good (kept on the list with its history; restore undoes it)."""
    if condition.lost == "scrapped":
        raise RulesError(f"{name} is already scrapped")
    changed = replace(condition, lost="scrapped")
    return _logged(changed, ConditionEvent("scrapped", "scrapped"))


def restored(
    name: str, condition: ShipCondition, points: Mapping[str, int], complement: int
) -> ShipCondition:
    """A lost or wrecked ship salvaged and rebuilt by the GM's say-so: back in service,
    undamaged and fully crewed, everyone aboard fit."""
    status = condition.status(points)
    if condition.lost is None and can_act(status):
        raise RulesError(f"{name} is {status}, not lost: repair it instead")
    crew = complement - condition.crew_aboard(complement)
    changed = replace(condition, marked={}, dead=0, badly_wounded=0, lost=None, casualties=())
    event = ConditionEvent(
        "restored",
        changed.status(points),
        marks=_change(condition.marks_on(points), {}),
        crew=crew,
    )
    return _logged(changed, event)
