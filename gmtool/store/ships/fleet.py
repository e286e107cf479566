"""The list of ships: one undoable state in `trackers/ships.json`, read and written whole."""

from __future__ import annotations

from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.ids import unique_id
from gmtool.store.records import ShipsState
from gmtool.store.rolllog import RollEntry
from gmtool.store.ships.records import (
    SHIPS_TRACKER,
    STATE_VERSION,
    ShipNotFound,
    ShipRecord,
    ship_slug,
)
from gmtool.store.tracker import Tracker


def ship_tracker(campaign: Campaign) -> Tracker[ShipsState]:
    return Tracker(campaign, SHIPS_TRACKER)


def read_state(campaign: Campaign) -> list[ShipRecord]:
    state = ship_tracker(campaign).load()
    if state is None:
        return []
    records: list[ShipRecord] = []
    for data in state.get("ships", []):
        try:
            records.append(ShipRecord.from_dict(data))
        except UNREADABLE_STATE as exc:
            ship = data.get("id", "?") if isinstance(data, dict) else "?"
            raise StoreError(
                f"{campaign.folder / 'trackers' / SHIPS_TRACKER}.json: saved ship {ship!r} "
                f"does not read any more ({exc}); nothing was changed"
            ) from None
    return records


def write_state(
    campaign: Campaign,
    records: list[ShipRecord],
    label: str,
    tag: str | None = None,
    rolls: list[RollEntry] | None = None,
) -> None:
    state: ShipsState = {"version": STATE_VERSION, "ships": [r.to_dict() for r in records]}
    ship_tracker(campaign).save(state, label, rolls=rolls, tag=tag)


def list_ships(campaign: Campaign) -> list[ShipRecord]:
    """Every ship of the campaign (both sides), in the order they were added."""
    return read_state(campaign)


def get_ship(campaign: Campaign, ship_id: str) -> ShipRecord:
    for record in read_state(campaign):
        if record.id == ship_id:
            return record
    raise ShipNotFound(f"no ship with the id {ship_id!r} in campaign {campaign.name}")


def new_ship_id(campaign: Campaign, wanted: str) -> str:
    """`wanted` made a slug and unique among the campaign's ships (kestrel, kestrel-2, ...)."""
    base = ship_slug(wanted)
    return unique_id(base, {r.id for r in read_state(campaign)})


def index_of(records: list[ShipRecord], ship_id: str, campaign: Campaign) -> int:
    for index, record in enumerate(records):
        if record.id == ship_id:
            return index
    raise ShipNotFound(f"no ship with the id {ship_id!r} in campaign {campaign.name}")
