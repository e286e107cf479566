"""One battle's own files: its state with an undo stack (`trackers/battles/<id>.json`) and
its events (`battles/<id>.json`); reading, saving and deleting them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from msgspec.structs import replace
from tinydb import TinyDB

from gmtool.rules.battle import BattleEvent, BattleState
from gmtool.store.atomic import exists
from gmtool.store.battles.event_memo import events_from, records_of
from gmtool.store.battles.index import (
    DELETED,
    BattleRecord,
    all_entries,
    battle_id_check,
    listed_entries,
    read_opened,
    slug,
    write_opened,
)
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.records import BattleEventRecord, BattleEvents, EngineState, as_record
from gmtool.store.rolllog import RollEntry
from gmtool.store.tracker import Tracker

# A battle's own files, `<prefix><battle id>.json` in the campaign folder.
TRACKER_PREFIX = "trackers/battles/"
EVENTS_PREFIX = "battles/"
# Saved beside the battle state: the injury entries the step that made this state created.
STEP_INJURIES = "step_injuries"
EVENT_COUNT = "event_count"
# -- one battle -----------------------------------------------------------------------------


class BattleFilesMissing(StoreError):
    """A battle the list names whose own files are gone (removed by hand, lost with a disk):
    it cannot be opened, only deleted from the list (`delete_battle`)."""

    def __init__(self, battle_id: str, missing: list[str]) -> None:
        self.battle_id = battle_id
        self.missing = missing  # relative to the campaign folder
        names = " and ".join(missing)
        files = f"file {names} is" if len(missing) == 1 else f"files {names} are"
        them = "it" if len(missing) == 1 else "them"
        super().__init__(
            f"battle {battle_id!r} is listed but its {files} missing: delete the battle from "
            f"the list or copy {them} back from the campaign's backups/"
        )


def battle_tracker(campaign: Campaign, battle_id: str) -> Tracker[EngineState]:
    if slug(battle_id) != battle_id:
        raise StoreError(f"{battle_id!r} is not a battle id (lower-case letters, digits, dashes)")
    return Tracker(campaign, f"battles/{battle_id}")  # trackers/battles/<id>.json


def _state_from(
    campaign: Campaign, battle_id: str, data: Mapping[str, Any], events: Sequence[Mapping[str, Any]]
) -> BattleState:
    """The saved state (without its events) made whole with `events`, their records."""
    try:
        state = BattleState.from_dict(data)
        return replace(state, events=events_from(battle_id, events))
    except UNREADABLE_STATE as exc:
        file = campaign.folder / "trackers" / "battles" / f"{battle_id}.json"
        raise StoreError(
            f"{file}: the saved battle does not read ({exc}); nothing was changed"
        ) from None


def _events_db(campaign: Campaign, battle_id: str) -> TinyDB:
    battle_id_check(battle_id)
    return campaign.db(f"{EVENTS_PREFIX}{battle_id}")


def read_events(campaign: Campaign, battle_id: str) -> list[BattleEventRecord]:
    """The battle's saved events (`battles/<id>.json`), all of them: the state's own count
    of them may be fewer (the doctor compares the two)."""
    docs = _events_db(campaign, battle_id).table("events").all()
    events = as_record(docs[0], BattleEvents).get("events", []) if docs else []
    if not isinstance(events, list):
        raise StoreError(
            f"{campaign.folder / 'battles' / battle_id}.json: no list of battle events; "
            "nothing was changed"
        )
    return events


def event_records(
    events: Sequence[BattleEvent], battle_id: str | None = None
) -> list[BattleEventRecord]:
    """The events as their file keeps them: the rules' `BattleEvent.to_dict`, whose fields
    the log shows are typed in BattleEventRecord (checked whenever the file is read). With
    `battle_id`, the events are the battle's whole log (conversions remembered)."""
    if battle_id is None:
        return cast(list[BattleEventRecord], [e.to_dict() for e in events])
    return cast(list[BattleEventRecord], records_of(battle_id, events))


def write_events(campaign: Campaign, battle_id: str, events: list[BattleEventRecord]) -> None:
    table = _events_db(campaign, battle_id).table("events")
    doc = {"battle": battle_id, "events": events}
    existing = table.all()
    if existing:
        table.update(doc, doc_ids=[existing[0].doc_id])
    else:
        table.insert(doc)


def with_events(campaign: Campaign, battle_id: str, data: Mapping[str, Any]) -> BattleState:
    """A tracker state made whole with the first `event_count` saved events."""
    full = dict(data)
    count = int(full.pop(EVENT_COUNT, 0))
    full.pop(STEP_INJURIES, None)
    events = read_events(campaign, battle_id)
    if len(events) < count:
        raise StoreError(
            f"{campaign.folder / 'battles' / battle_id}.json: {len(events)} battle events "
            f"saved where the battle needs {count}; nothing was changed"
        )
    full["events"] = []
    return _state_from(campaign, battle_id, full, events[:count])


def save_state(
    campaign: Campaign,
    state: BattleState,
    label: str,
    rolls: list[RollEntry] | None = None,
    made: Iterable[int] = (),
) -> None:
    """Events first, then the tracker: a crash between the two leaves the old state, which
    reads only as many events as it had."""
    data = replace(state, events=()).to_dict()
    del data["events"]
    events = event_records(state.events, state.id)
    write_events(campaign, state.id, events)
    data[EVENT_COUNT] = len(events)
    data[STEP_INJURIES] = list(made)
    battle_tracker(campaign, state.id).save(data, label, rolls=rolls)


def step_entries(campaign: Campaign, battle_id: str) -> set[int]:
    """The injury entries the battle's saved steps made (its state and every state its undo
    can bring back): an entry naming the battle and not among them has no step behind it."""
    doc = battle_tracker(campaign, battle_id).record()
    made: set[int] = set()
    for each in [doc.get("state") or {}, *(u.get("previous") or {} for u in doc["undo"])]:
        made |= {int(i) for i in each.get(STEP_INJURIES, [])}
    return made


def battle_files(campaign: Campaign, battle_id: str) -> tuple[Path, Path]:
    """The battle's own files: its tracker (state and undo steps) and its events."""
    if slug(battle_id) != battle_id:
        raise StoreError(f"{battle_id!r} is not a battle id (lower-case letters, digits, dashes)")
    return (
        campaign.folder / f"{TRACKER_PREFIX}{battle_id}.json",
        campaign.folder / f"{EVENTS_PREFIX}{battle_id}.json",
    )


def _check_files(campaign: Campaign, battle_id: str) -> None:
    """A battle the list names must have its files: one clear message when they are gone
    (removed by hand, lost with a disk), not whatever reading an empty battle runs into."""
    missing = [p for p in battle_files(campaign, battle_id) if not exists(p)]
    if missing and any(r.id == battle_id for _, r in listed_entries(campaign)):
        raise BattleFilesMissing(battle_id, [str(p.relative_to(campaign.folder)) for p in missing])


def load_battle(campaign: Campaign, battle_id: str) -> BattleState:
    """The battle exactly as its last step saved it."""
    _check_files(campaign, battle_id)
    data = battle_tracker(campaign, battle_id).load()
    if data is None:
        raise StoreError(f"no saved battle {battle_id!r} in campaign {campaign.name}")
    return with_events(campaign, battle_id, data)


def delete_battle(campaign: Campaign, battle_id: str) -> BattleRecord:
    """Delete a battle from the campaign: its record leaves the battle list, it is no longer
    the open battle, and its own files (`trackers/battles/<id>.json`, `battles/<id>.json`)
    are removed. Not undoable; the files' rotating copies in backups/ stay, the only way back.

    What the battle did at the table stays: its rolls in the campaign's roll log and its
    injury entries in the injury history (and the damage they did on the characters). Undo
    its steps first (ctrl+z, `undo_step`) if they should not count. Its id stays taken.

    Crash-safe by the order of the writes: the record is marked deleted first (one chunk
    written atomically), so the list never names a battle whose files are gone; then the open
    battle is cleared (`open_battle_id` already ignores a battle not listed), and the files are
    removed last. Files a crash left behind belong to no listed battle and are removed by the
    next deletion. Returns the deleted battle's record; StoreError for an id not listed.
    """
    if campaign.readonly:
        raise StoreError(f"campaign {campaign.folder} is open read-only: nothing was deleted")
    found = [(i, r) for i, r in listed_entries(campaign) if r.id == battle_id]
    if not found:
        raise StoreError(
            f"no battle {battle_id!r} in campaign {campaign.name}: nothing was deleted"
        )
    entry_id, record = found[-1]
    campaign.battle_list.update([entry_id], {DELETED: campaign.clock().isoformat()})
    if read_opened(campaign) == battle_id:
        write_opened(campaign, None)
    for _, gone, deleted in all_entries(campaign):
        if deleted:
            _remove_files(campaign, gone.id)
    return record


def _remove_files(campaign: Campaign, battle_id: str) -> None:
    """The events, then the tracker: whichever a crash leaves, no listed battle needs it."""
    campaign.remove_db(f"{EVENTS_PREFIX}{battle_id}")
    campaign.remove_db(f"{TRACKER_PREFIX}{battle_id}")


def _synced(campaign: Campaign, state: BattleState) -> BattleState:
    """The battle with its characters as the party has them now (damage, skills; a
    character no longer in the party keeps the battle's copy) and at the stations the party
    gives them on the battle's ships: moves made since the last step (the Stations tab) are
    logged as an event ahead of the next step's (rules/battle/live_stations.py)."""
    if state.finished:
        return state
    # imported here: reading a battle (`gmtool battle show`) needs neither
    from gmtool.rules.battle.live_stations import follow_stations, station_change, station_moves
    from gmtool.store.party import load_party_state

    party = load_party_state(campaign)
    by_id = {c.id: c for c in party.characters}
    characters = tuple(by_id.get(c.id, c) for c in state.characters)
    if characters != state.characters:
        state = replace(state, characters=characters)
    if station_moves(state, party.assignments):
        state, _ = station_change(state, party.assignments, party.characters, since_last_step=True)
    else:
        state, _ = follow_stations(state, party.assignments, party.characters)
    return state


def live_battle(campaign: Campaign, battle_id: str) -> BattleState:
    """The battle as the next step will see it: saved state, characters and stations from
    the party."""
    return _synced(campaign, load_battle(campaign, battle_id))
