"""Abandoning ship by hand (the Injuries tab's bail-out helper): give the order, take it back.

Each is one commit: the order's dice in the roll log and the evacuation in the `bailout`
tracker are saved together or not at all.
"""

from __future__ import annotations

from gmtool.actions.errors import refusals
from gmtool.rules.hazards import start_bailout
from gmtool.store.bailout import BailoutRecord, bailout_rolls, bailout_tracker
from gmtool.store.campaign import Campaign
from gmtool.store.injuries import newest_first
from gmtool.store.records import BailoutState
from gmtool.store.tracker import UndoneAction


def order_bailout(
    campaign: Campaign,
    ship_class: str,
    survivors: int,
    *,
    ship_id: str | None = None,
    ship_name: str | None = None,
    trapped_percent: int | None = None,
) -> BailoutRecord:
    """Give the order: roll once, log the dice, keep the evacuation (one undoable action)."""
    with refusals(), campaign.transaction():
        return _order(campaign, ship_class, survivors, ship_id, ship_name, trapped_percent)


def _order(
    campaign: Campaign,
    ship_class: str,
    survivors: int,
    ship_id: str | None,
    ship_name: str | None,
    trapped_percent: int | None,
) -> BailoutRecord:
    bailout = start_bailout(ship_class, survivors, campaign.rng(), trapped_percent=trapped_percent)
    latest = next(newest_first(campaign), None)
    newest = latest["id"] if latest else 0
    record = BailoutRecord(bailout, ship_id, ship_name, newest)
    rolls = campaign.record(bailout_rolls(bailout, record.where))
    record = BailoutRecord(bailout, ship_id, ship_name, newest, tuple(r["id"] for r in rolls))
    bailout_tracker(campaign).save(record.to_dict(), f"bail-out: {record.where}", rolls=rolls)
    return record


def undo_bailout(campaign: Campaign) -> UndoneAction[BailoutState] | None:
    """Take back the last order (its rolls are marked undone in the log)."""
    with refusals(), campaign.transaction():
        return bailout_tracker(campaign).undo()
