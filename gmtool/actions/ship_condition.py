"""Between battles: show a campaign ship's condition, repair it, replace its crew, scrap it,
restore a lost ship. Each change is one commit and one undo step of the ships (ctrl+z in the
Crew tab, `actions.ships.undo`) and one entry of the ship's history.

A battle's ending writes the condition (`store.ship_condition.write_back`); these are the
GM's own changes. Results carry the ship's condition and the history entry the change made,
for the screens and the CLI to word.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from gmtool.actions.errors import ActionRefused, refusals
from gmtool.rules import ship_condition as rules
from gmtool.rules.crew import crew_manifest
from gmtool.rules.crew_casualties import NOT_ABOARD, casualty_map, wounded_count
from gmtool.rules.roster import renamed
from gmtool.rules.ship_condition import ConditionEvent, ShipCondition
from gmtool.store import ships as ship_store
from gmtool.store.battles import battle_names
from gmtool.store.campaign import Campaign
from gmtool.store.ships import ShipNotFound, ShipRecord


class ConditionView(msgspec.Struct, frozen=True):
    """A ship's condition as the screens show it: tracks, crew aboard, status, history."""

    ship_id: str
    name: str
    side: str
    points: dict[str, int]
    marked: dict[str, int]
    complement: int
    aboard: int
    dead: int
    badly_wounded: int
    status: str
    lost: str | None
    history: tuple[ConditionEvent, ...]
    wounded: int = 0  # named crew lightly or badly wounded, whom repair days heal
    # the name of each battle the history names, by id (the screens word battles by name)
    battle_names: dict[str, str] = msgspec.field(default_factory=dict)


class ConditionChanged(msgspec.Struct, frozen=True):
    """A change the GM made: the ship's condition after it, and its history entry;
    `new_hands` the named crew who took the places of the dead and badly wounded."""

    view: ConditionView
    event: ConditionEvent
    new_hands: int = 0


def view_of(campaign: Campaign, record: ShipRecord) -> ConditionView:
    points = record.spec.durability.to_dict()
    condition = record.condition
    fought = {e.battle for e in condition.history if e.battle is not None}
    names = battle_names(campaign) if fought else {}
    complement = crew_manifest(record.spec).total_crew
    return ConditionView(
        ship_id=record.id,
        name=record.name,
        side=record.side,
        points=points,
        marked=condition.marks_on(points),
        complement=complement,
        aboard=condition.crew_aboard(complement),
        dead=condition.dead,
        badly_wounded=condition.badly_wounded,
        status=condition.status(points),
        lost=condition.lost,
        history=condition.history,
        wounded=wounded_count(condition.casualties),
        battle_names={b: names[b] for b in fought if b in names},
    )


def show(campaign: Campaign, ship_id: str) -> ConditionView:
    """A ship's condition (read only)."""
    try:
        return view_of(campaign, ship_store.get_ship(campaign, ship_id))
    except ShipNotFound as exc:
        raise ActionRefused(str(exc)) from None


Change = Callable[[ShipRecord, dict[str, int], int], ShipCondition]


def _change(campaign: Campaign, ship_id: str, label: str, change: Change) -> ConditionChanged:
    with refusals(), campaign.transaction():
        try:
            record = ship_store.get_ship(campaign, ship_id)
        except ShipNotFound as exc:
            raise ActionRefused(str(exc)) from None
        points = record.spec.durability.to_dict()
        condition = change(record, points, crew_manifest(record.spec).total_crew)
        saved = ship_store.save_conditions(campaign, {ship_id: condition}, f"{label} {record.name}")
    after = next(r for r in saved if r.id == ship_id)
    return ConditionChanged(view_of(campaign, after), condition.history[-1])


def repair(campaign: Campaign, ship_id: str, days: int, where: str) -> ConditionChanged:
    """`days` of repairs in port or at sea, at the rates of tables/repairs.yaml."""
    return _change(
        campaign,
        ship_id,
        "repair",
        lambda r, points, _: rules.repaired(r.name, r.condition, points, days, where),
    )


def _new_hands(campaign: Campaign, ship_id: str, label: str, change: Change) -> ConditionChanged:
    """A change that fills the places of the dead and badly wounded: they leave the named
    roster and new hands, newly named, take their posts (tables/casualties.yaml)."""
    with refusals(), campaign.transaction():
        try:
            crew = ship_store.ship_crew(campaign, ship_id)
        except ShipNotFound as exc:
            raise ActionRefused(str(exc)) from None
        record = crew.record
        condition = change(
            record, record.spec.durability.to_dict(), crew_manifest(record.spec).total_crew
        )
        gone = [
            c.member_id
            for c in casualty_map(crew.roster, record.condition.casualties).values()
            if c.condition in NOT_ABOARD
        ]
        roster = renamed(crew.roster, gone, f"{record.roster_seed}:new hands:{record.roster_rev}")
        saved = ship_store.save_new_hands(
            campaign, ship_id, condition, roster, f"{label} {record.name}"
        )
    return ConditionChanged(view_of(campaign, saved.record), condition.history[-1], len(gone))


def replace_crew(campaign: Campaign, ship_id: str) -> ConditionChanged:
    """New hands for the dead and badly wounded (put ashore): the ship is fully crewed
    again, the newcomers named on the roster; the lightly wounded stay as they are."""
    return _new_hands(
        campaign,
        ship_id,
        "replace the crew of",
        lambda r, points, crew: rules.crew_replaced(r.name, r.condition, points, crew),
    )


def scrap(campaign: Campaign, ship_id: str) -> ConditionChanged:
    """Take a ship out of service (kept on the list; restore brings it back)."""
    return _change(
        campaign, ship_id, "scrap", lambda r, _points, _crew: rules.scrapped(r.name, r.condition)
    )


def restore(campaign: Campaign, ship_id: str) -> ConditionChanged:
    """Bring a destroyed, abandoned or scrapped ship back into service, rebuilt and crewed:
    new hands for the dead and badly wounded, everyone aboard fit."""
    return _new_hands(
        campaign,
        ship_id,
        "restore",
        lambda r, points, crew: rules.restored(r.name, r.condition, points, crew),
    )
