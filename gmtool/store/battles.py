"""The campaign's battles: each narrative battle saved whole after every step, and their list.

Each battle's `BattleState` lives in its own tracker, `trackers/battles/<battle id>.json`:
every step the GM takes (`run_step`) saves the new state with the step's label and its saved
rolls, so ctrl+z (`undo_step`) puts the state before it back and marks those rolls undone.
The list of battles (id, name, status, round, when and in which game session they were set
up, the summary of a finished one) is a chunked log, `log/battles-NNNNN.json` (histories.py):
a campaign's battles only ever grow, and each step rewrites just the chunk holding its own
battle's record. `battles.json` remembers which battle the Battle tab has open.

A battle set up by mistake or for practice can be deleted (`delete_battle`): its record is
marked `deleted` and leaves the list, and its tracker and events files are removed. Its rolls
and injury entries stay; its id stays taken (a new battle never gets it), so the injury
entries that name it are never mistaken for another battle's.

The battle's events (the log, every step with its dice) only ever grow, and the tracker keeps
a copy of the state for every undo step, so they are kept apart: the tracker's state holds
everything but the events and their count, and `battles/<battle id>.json` holds the events of
the newest state. A state restored by undo reads the first `event_count` of them.

A step whose hits endanger characters aboard saves their hazard rolls through
`store.injuries.record_hazards` (the Injuries tab shows them); the ids of the injury entries a
step made are saved with its state, and undoing the step undoes exactly those entries.
The party's characters are the truth about damage: before every step the battle's copies are
brought up to date from the party (a treatment given in the Injuries tab between two steps
counts).
"""

from __future__ import annotations

import inspect
import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from tinydb import TinyDB

from gmtool.rules.battle import (
    BattleEvent,
    BattleState,
    FleetSetup,
    StepResult,
    battle_summary,
    new_battle,
)
from gmtool.rules.battle.live_stations import follow_stations, station_change, station_moves
from gmtool.rules.battle.steps import ROLL_SOURCE
from gmtool.rules.characters import Character
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import HazardOutcome
from gmtool.rules.limits import MAX_NAME_CHARS, checked_text
from gmtool.rules.roll_records import hazard_records
from gmtool.rules.ships import ShipSpec
from gmtool.store import injuries
from gmtool.store.atomic import exists
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.healing import battle_short_rest
from gmtool.store.ids import unique_id
from gmtool.store.party import load_party_state
from gmtool.store.records import BattleEventRecord, BattleEvents, EngineState, as_record
from gmtool.store.rolllog import NewRoll, RollEntry
from gmtool.store.ships import get_ship, list_ships
from gmtool.store.tracker import Tracker

INDEX_FILE = "battles"
INDEX_TABLE = "index"
# A battle's own files, `<prefix><battle id>.json` in the campaign folder.
TRACKER_PREFIX = "trackers/battles/"
EVENTS_PREFIX = "battles/"
SETUP_LABEL = "battle set-up"
# Saved beside the battle state: the injury entries the step that made this state created.
STEP_INJURIES = "step_injuries"
EVENT_COUNT = "event_count"
# Set on a deleted battle's record in the battle list (when it was deleted): it no longer
# lists, and its id is never given again.
DELETED = "deleted"
ACTIVE = "active"
FINISHED = "finished"

__all__ = [
    "ACTIVE",
    "FINISHED",
    "ROLL_SOURCE",
    "SETUP_LABEL",
    "BattleFilesMissing",
    "BattleRecord",
    "StepOutcome",
    "UndoneStep",
    "battle_files",
    "battle_names",
    "battle_tracker",
    "can_undo",
    "create_battle",
    "delete_battle",
    "fleet_setup",
    "get_battle_record",
    "list_battles",
    "live_battle",
    "load_battle",
    "new_battle_id",
    "open_battle_id",
    "run_step",
    "set_open_battle",
    "station_tag",
    "undo_step",
]


# -- the index ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BattleRecord:
    """One battle in the index: what the Open dialog lists.

    `summary` is the battle summary's text, saved when the battle ends; `label` the newest
    step, `round` the round it reached.
    """

    id: str
    name: str
    status: str  # ACTIVE or FINISHED
    created: str
    session: int | None
    round: int = 1
    label: str = SETUP_LABEL
    summary: str = ""
    seed: int | None = None  # the battle's own dice seed (`gmtool battle new --seed`)

    def to_dict(self) -> dict[str, Any]:
        # under the battle's own id: the battle list keeps it as `battle`, and numbers its entries
        own = {} if self.seed is None else {"seed": self.seed}
        return own | {
            "id": self.id,
            "name": self.name,
            "status": self.status,
            "created": self.created,
            "session": self.session,
            "round": self.round,
            "label": self.label,
            "summary": self.summary,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BattleRecord:
        session = data.get("session")
        return cls(
            id=str(data["id"]),
            name=str(data["name"]),
            status=str(data.get("status", ACTIVE)),
            created=str(data.get("created", "")),
            session=None if session is None else int(session),
            round=int(data.get("round", 1)),
            label=str(data.get("label", "")),
            summary=str(data.get("summary", "")),
            seed=None if data.get("seed") is None else int(data["seed"]),
        )


def _index_db(campaign: Campaign) -> TinyDB:
    return campaign.db(INDEX_FILE)


def _all_entries(campaign: Campaign) -> list[tuple[int, BattleRecord, bool]]:
    """Every battle's record with its id in the battle list and whether it was deleted,
    oldest first."""
    battle_list = campaign.battle_list
    found: list[tuple[int, BattleRecord, bool]] = []
    for entry in battle_list.newest_first():
        try:
            record = BattleRecord.from_dict(dict(entry, id=entry["battle"]))
        except UNREADABLE_STATE as exc:
            raise StoreError(
                f"{battle_list.path_of(int(entry['id']))}: battle record {entry.get('id')} does "
                f"not read ({exc}); nothing was changed"
            ) from None
        found.append((int(entry["id"]), record, bool(entry.get(DELETED))))
    return found[::-1]


def _entries(campaign: Campaign) -> list[tuple[int, BattleRecord]]:
    """Every battle's record with its id in the battle list, oldest first; deleted battles
    left out."""
    return [(entry_id, record) for entry_id, record, gone in _all_entries(campaign) if not gone]


def _read_opened(campaign: Campaign) -> str | None:
    docs = _index_db(campaign).table(INDEX_TABLE).all()
    opened = docs[0].get("open") if docs else None
    return None if opened is None else str(opened)


def _write_opened(campaign: Campaign, opened: str | None) -> None:
    """Which battle the tab has open: the one small record left in battles.json."""
    table = _index_db(campaign).table(INDEX_TABLE)
    existing = table.all()
    if existing:
        table.update({"open": opened}, doc_ids=[existing[0].doc_id])
    else:
        table.insert({"open": opened})


def list_battles(campaign: Campaign) -> list[BattleRecord]:
    """Every battle of the campaign, in the order they were set up."""
    return [record for _, record in _entries(campaign)]


def battle_names(campaign: Campaign) -> dict[str, str]:
    """Every battle's name by id, deleted ones too ("Ambush (deleted)"): the injury history
    still names the battles it happened in."""
    return {
        record.id: f"{record.name} (deleted)" if gone else record.name
        for _, record, gone in _all_entries(campaign)
    }


def get_battle_record(campaign: Campaign, battle_id: str) -> BattleRecord:
    """The battle's record (one read of the list: ids are never given twice)."""
    for _, record, deleted in _all_entries(campaign):
        if record.id == battle_id:
            if deleted:  # the GM knows it by its name
                raise StoreError(
                    f"the battle {record.name} was deleted from campaign {campaign.name}"
                )
            return record
    raise StoreError(f"no battle {battle_id!r} in campaign {campaign.name}")


def open_battle_id(campaign: Campaign) -> str | None:
    """The battle the Battle tab has open (None: none yet)."""
    opened = _read_opened(campaign)
    return opened if any(r.id == opened for r in list_battles(campaign)) else None


def set_open_battle(campaign: Campaign, battle_id: str) -> BattleRecord:
    record = get_battle_record(campaign, battle_id)
    _write_opened(campaign, battle_id)
    return record


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "battle"


def new_battle_id(campaign: Campaign, name: str) -> str:
    """An id from the battle's name, unique in the campaign (ambush, ambush-2, ...); the
    ids of deleted battles stay taken."""
    base = _slug(name)
    return unique_id(base, {r.id for _, r, _ in _all_entries(campaign)})


def _update_record(campaign: Campaign, state: BattleState, label: str) -> None:
    """Keep the battle's record in step with it: status, round, newest step, summary. Only
    the chunk of the battle list that holds it is rewritten."""
    for entry_id, record in reversed(_entries(campaign)):
        if record.id == state.id:
            fields = {
                "status": FINISHED if state.finished else ACTIVE,
                "round": state.round,
                "label": label,
                "summary": battle_summary(state).text() if state.finished else "",
            }
            campaign.battle_list.update([entry_id], fields)
            return
    raise StoreError(
        f"the battle {state.name} is not in campaign {campaign.name}'s list of battles"
    )


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
            f"battle {battle_id!r} is listed but its {files} missing: delete it from the list "
            f"(x in the Battle tab) or copy {them} back from the campaign's backups/"
        )


def battle_tracker(campaign: Campaign, battle_id: str) -> Tracker[EngineState]:
    if _slug(battle_id) != battle_id:
        raise StoreError(f"{battle_id!r} is not a battle id (lower-case letters, digits, dashes)")
    return Tracker(campaign, f"battles/{battle_id}")  # trackers/battles/<id>.json


def _state_from(campaign: Campaign, battle_id: str, data: Mapping[str, Any]) -> BattleState:
    try:
        return BattleState.from_dict(data)
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


def _event_records(events: Iterable[BattleEvent]) -> list[BattleEventRecord]:
    """The events as their file keeps them: the rules' `BattleEvent.to_dict`, whose fields
    the log shows are typed in BattleEventRecord (checked whenever the file is read)."""
    return cast(list[BattleEventRecord], [e.to_dict() for e in events])


def _write_events(campaign: Campaign, battle_id: str, events: list[BattleEventRecord]) -> None:
    table = _events_db(campaign, battle_id).table("events")
    doc = {"battle": battle_id, "events": events}
    existing = table.all()
    if existing:
        table.update(doc, doc_ids=[existing[0].doc_id])
    else:
        table.insert(doc)


def _with_events(campaign: Campaign, battle_id: str, data: Mapping[str, Any]) -> BattleState:
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
    full["events"] = events[:count]
    return _state_from(campaign, battle_id, full)


def _save_state(
    campaign: Campaign,
    state: BattleState,
    label: str,
    rolls: list[RollEntry] | None = None,
    made: Iterable[int] = (),
) -> None:
    """Events first, then the tracker: a crash between the two leaves the old state, which
    reads only as many events as it had."""
    data = state.to_dict()
    # the rules' BattleEvent.to_dict, of the shape BattleEventRecord types (and checks on read)
    events: list[BattleEventRecord] = data.pop("events")
    _write_events(campaign, state.id, events)
    data[EVENT_COUNT] = len(events)
    data[STEP_INJURIES] = list(made)
    battle_tracker(campaign, state.id).save(data, label, rolls=rolls)


def battle_files(campaign: Campaign, battle_id: str) -> tuple[Path, Path]:
    """The battle's own files: its tracker (state and undo steps) and its events."""
    if _slug(battle_id) != battle_id:
        raise StoreError(f"{battle_id!r} is not a battle id (lower-case letters, digits, dashes)")
    return (
        campaign.folder / f"{TRACKER_PREFIX}{battle_id}.json",
        campaign.folder / f"{EVENTS_PREFIX}{battle_id}.json",
    )


def _check_files(campaign: Campaign, battle_id: str) -> None:
    """A battle the list names must have its files: one clear message when they are gone
    (removed by hand, lost with a disk), not whatever reading an empty battle runs into."""
    missing = [p for p in battle_files(campaign, battle_id) if not exists(p)]
    if missing and any(r.id == battle_id for _, r in _entries(campaign)):
        raise BattleFilesMissing(battle_id, [str(p.relative_to(campaign.folder)) for p in missing])


def load_battle(campaign: Campaign, battle_id: str) -> BattleState:
    """The battle exactly as its last step saved it."""
    _check_files(campaign, battle_id)
    data = battle_tracker(campaign, battle_id).load()
    if data is None:
        raise StoreError(f"no saved battle {battle_id!r} in campaign {campaign.name}")
    return _with_events(campaign, battle_id, data)


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
    found = [(i, r) for i, r in _entries(campaign) if r.id == battle_id]
    if not found:
        raise StoreError(
            f"no battle {battle_id!r} in campaign {campaign.name}: nothing was deleted"
        )
    entry_id, record = found[-1]
    campaign.battle_list.update([entry_id], {DELETED: campaign.clock().isoformat()})
    if _read_opened(campaign) == battle_id:
        _write_opened(campaign, None)
    for _, gone, deleted in _all_entries(campaign):
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


def station_tag(battle_id: str, event_count: int) -> str:
    """The tag of a party undo step a battle step made (a move from the Battle tab): the
    battle's id and its event count after the step, so undoing that step finds it."""
    return f"battle:{battle_id}@{event_count}"


def fleet_setup(
    campaign: Campaign,
    name: str,
    ship_ids: Iterable[str],
    extra: Iterable[tuple[str, ShipSpec]] = (),
    commander: str | None = None,
) -> FleetSetup:
    """A side for `create_battle`: the campaign's ships by id (with their conditions), then
    ships made for this battle only (a quick enemy, a spec file) as (id, spec); an id already
    taken gets -2, -3, ..."""
    records = [get_ship(campaign, i) for i in ship_ids]
    ships: list[tuple[str, ShipSpec]] = [(r.id, r.spec) for r in records]
    taken = {i for i, _ in ships} | {r.id for r in list_ships(campaign)}
    for wanted, spec in extra:
        candidate = unique_id(_slug(wanted), taken)
        taken.add(candidate)
        ships.append((candidate, spec))
    conditions = tuple((r.id, r.condition) for r in records)
    return FleetSetup(name, tuple(ships), commander, conditions)


def create_battle(
    campaign: Campaign,
    name: str,
    side_a: FleetSetup,
    side_b: FleetSetup,
    starting_range: str,
    *,
    battle_id: str | None = None,
    seed: int | None = None,
) -> BattleState:
    """Set up a battle with the party's characters at their stations aboard its ships, save
    it as the battle's first state, list it in the index and open it. With a `seed`, the
    battle's dice come from it (and the roll ids) instead of the campaign's seed, so the same
    battle can be played again roll for roll."""
    checked_text("the battle's name", name, MAX_NAME_CHARS)
    for fleet in (side_a, side_b):
        checked_text("a side's name", fleet.name, MAX_NAME_CHARS)
    party = load_party_state(campaign)
    wanted = battle_id or new_battle_id(campaign, name)
    for _, record, gone in _all_entries(campaign):
        if record.id == wanted:
            if gone:
                raise StoreError(
                    f"campaign {campaign.name} had a battle {wanted!r}, since deleted: its "
                    "injury entries keep the id, so a new battle cannot take it"
                )
            raise StoreError(f"campaign {campaign.name} already has a battle {wanted!r}")
    state = new_battle(
        name,
        side_a,
        side_b,
        starting_range,
        party.assignments,
        party.characters,
        battle_id=battle_id_check(wanted),
    )
    session = campaign.current_session
    record = BattleRecord(
        id=state.id,
        name=state.name,
        status=ACTIVE,
        created=campaign.clock().isoformat(),
        session=session["id"] if session else None,
        round=state.round,
        seed=seed,
    )
    _save_state(campaign, state, SETUP_LABEL)
    entry = dict(record.to_dict(), battle=record.id)
    del entry["id"]  # the battle list numbers its entries; the battle's id is `battle`
    campaign.battle_list.append([entry])
    _write_opened(campaign, state.id)
    return state


def battle_id_check(battle_id: str) -> str:
    if _slug(battle_id) != battle_id:
        raise RulesError(f"{battle_id!r} is not a battle id (lower-case letters, digits, dashes)")
    return battle_id


# -- steps ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class StepOutcome:
    """A saved step: the new state, what the engine said, the rolls as saved in the log (the
    step's own, then every hazard roll), and the injury entries its hazards made."""

    state: BattleState
    result: StepResult
    label: str
    rolls: list[RollEntry]
    injuries: list[injuries.InjuryEntry]
    before: BattleState  # the battle as the step found it


@dataclass(frozen=True)
class UndoneStep:
    """A step taken back: its label, the state before it, every roll it had made (now marked
    undone in the log, the hazard rolls included) and the injury entries undone."""

    label: str
    state: BattleState
    roll_ids: list[int]
    injuries: list[injuries.InjuryEntry]


def step_label(result: StepResult) -> str:
    """A short name for the step in the undo stack: its first line of text."""
    first = result.text.splitlines()[0] if result.text else result.action.replace("_", " ")
    return first if len(first) <= 100 else first[:99] + "…"


def _own_rolls(result: StepResult, state: BattleState) -> list[NewRoll]:
    """The step's rolls without its hazard rolls (`record_hazards` saves those, with the
    injury entries they belong to)."""
    rolls = [dict(r) for r in result.rolls]
    for outcome in result.hazards:
        name = state.character(outcome.character_id).name
        for record in hazard_records(outcome, name, ROLL_SOURCE):
            if record in rolls:
                rolls.remove(record)
    return rolls


def _cause(result: StepResult) -> str:
    """What hurt the characters, for the injury history: the step's own cause ("damage typed
    in: a ram by the Vex" keeps the GM's note, "CSS Wren self-destructs"); a step that names
    none (none that hurts anyone should): its action's name."""
    cause = result.cause or result.action.replace("_", " ")
    return cause if len(cause) <= 80 else cause[:79] + "…"


def _hazard_ship(state: BattleState, outcome: HazardOutcome) -> tuple[str | None, str | None]:
    try:
        ship_id = state.assignment(outcome.character_id).ship_id
    except RulesError:
        return None, None
    try:
        return ship_id, state.ship(ship_id).name
    except RulesError:
        return ship_id, None


def _unexplained_harm(
    before: BattleState, after: BattleState, hazards: Iterable[HazardOutcome]
) -> list[tuple[Character, str, int]]:
    """Characters the step hurt other than by a hazard roll (going down with a ship that
    self-destructs): (character, track, points) for the most severe track that grew."""
    rolled = {o.character_id for o in hazards}
    found: list[tuple[Character, str, int]] = []
    for character in after.characters:
        if character.id in rolled:
            continue
        try:
            old = before.character(character.id)
        except RulesError:
            continue
        for track in ("mortal", "wound", "stun"):
            grown = character.damage.get(track, 0) - old.damage.get(track, 0)
            if grown > 0:
                found.append((character, track, grown))
                break
    return found


def run_step(
    campaign: Campaign,
    battle_id: str,
    fn: Callable[..., tuple[BattleState, StepResult]],
    *args: Any,
    **kwargs: Any,
) -> StepOutcome:
    """Apply one engine action to the saved battle and save everything it did.

    The action gets the battle (its characters as the party has them now), then `args` and
    `kwargs`, and `rng=campaign.rng()` when it rolls. Its rolls go to the roll log, its hazard
    rolls and the injuries they did to the injury history and the party, and the new state to
    the battle's tracker (one undo step). A refused action (RulesError) saves nothing, and
    neither does a damaged file the step would write to (CampaignCorrupt).
    """
    record = _check_histories(campaign, battle_id)
    state = live_battle(campaign, battle_id)
    if "rng" in inspect.signature(fn).parameters:
        kwargs["rng"] = battle_rng(campaign, record)
    new_state, result = fn(state, *args, **kwargs)
    party = load_party_state(campaign)
    known = set(party.ids)
    missing = sorted(
        {o.character_id for o in result.hazards if o.character_id not in known}
        | {c.id for c, _, _ in _unexplained_harm(state, new_state, result.hazards)} - known
    )
    if missing:
        raise RulesError(
            f"{', '.join(missing)} aboard the battle's ships no longer in the party: "
            "their injuries cannot be saved (add them back in the Stations tab)"
        )
    saved = campaign.record(_own_rolls(result, new_state))
    made: list[injuries.InjuryEntry] = []
    by_ship: dict[tuple[str | None, str | None], list[HazardOutcome]] = {}
    for outcome in result.hazards:
        by_ship.setdefault(_hazard_ship(new_state, outcome), []).append(outcome)
    cause = _cause(result)
    for (ship_id, ship_name), outcomes in by_ship.items():
        context = injuries.Context(
            cause,
            ship_id,
            ship_name,
            battle=battle_id,
            round=new_state.round,
            source=ROLL_SOURCE,
            typed_in=result.typed_in,
            note=result.note,
        )
        made += injuries.record_hazards(campaign, outcomes, context)
    for character, track, points in _unexplained_harm(state, new_state, result.hazards):
        ship_id, ship_name = _ship_of(new_state, character.id)
        context = injuries.Context(
            cause,
            ship_id,
            ship_name,
            battle=battle_id,
            round=new_state.round,
            source=ROLL_SOURCE,
            typed_in=result.typed_in,
            note=result.note,
        )
        made.append(injuries.record_damage(campaign, character.id, points, track, context))
    if new_state.finished and not state.finished:  # the short rest: undone with this step
        made += battle_short_rest(campaign, new_state)
    label = step_label(result)
    hazard_rolls = _saved_rolls(campaign, [i for e in made for i in e["rolls"]])
    _save_state(campaign, new_state, label, saved, [e["id"] for e in made])
    _update_record(campaign, new_state, label)
    return StepOutcome(new_state, result, label, saved + hazard_rolls, made, state)


def _check_histories(campaign: Campaign, battle_id: str) -> BattleRecord:
    """Read the chunks a step or its undo will write (the battle's record, the newest injury
    entries) before anything is saved, so a damaged one stops it whole."""
    record = get_battle_record(campaign, battle_id)
    injuries.open_history(campaign)
    return record


def battle_rng(campaign: Campaign, record: BattleRecord) -> random.Random:
    """The dice of the battle's next step: the campaign's, or the battle's own seed's, both
    derived from the next roll id so a replay rolls the same."""
    if record.seed is None:
        return campaign.rng()
    assert campaign.rolls is not None
    return random.Random(f"battle:{record.seed}:{campaign.rolls.next_id}")


def _saved_rolls(campaign: Campaign, ids: list[int]) -> list[RollEntry]:
    """The log's entries with these ids, oldest first (they are the newest in the log)."""
    wanted = set(ids)
    found: list[RollEntry] = []
    if not wanted:
        return found
    for entry in campaign.roll_log():
        if entry["id"] in wanted:
            found.append(entry)
            if len(found) == len(wanted):
                break
        elif entry["id"] < min(wanted):
            break
    return found[::-1]


def _ship_of(state: BattleState, character_id: str) -> tuple[str | None, str | None]:
    try:
        ship_id = state.assignment(character_id).ship_id
        return ship_id, state.ship(ship_id).name
    except RulesError:
        return None, None


def can_undo(campaign: Campaign, battle_id: str) -> bool:
    tracker = battle_tracker(campaign, battle_id)
    return tracker.can_undo() and tracker.last_label() != SETUP_LABEL


def undo_step(campaign: Campaign, battle_id: str) -> UndoneStep | None:
    """Take back the battle's last step: the state before it, its rolls marked undone, and
    the injuries its hazards did given back. None when only the set-up is left (a battle is
    not un-set-up by ctrl+z). Refused (StoreError) when the Injuries tab has recorded newer
    entries than the step's: undo those there first, so nothing is given back twice."""
    tracker = battle_tracker(campaign, battle_id)
    if not can_undo(campaign, battle_id):
        return None
    _check_histories(campaign, battle_id)
    current = tracker.load() or {}
    made = {int(i) for i in current.get(STEP_INJURIES, [])}
    wanted: list[int] = []
    others: list[injuries.InjuryEntry] = []
    # newest first, only back to the step's oldest entry: older ones cannot be in the way
    oldest = min(made, default=0)
    for live in injuries.newest_first(campaign, include_undone=False):
        if not made or live["id"] < oldest:
            break
        if live["id"] in made:
            wanted.append(live["id"])
        else:
            others.append(live)
    newer = [e for e in others if wanted and e["id"] > min(wanted)]
    if newer:
        who = ", ".join(sorted({e["character_name"] for e in newer})) or "someone"
        raise StoreError(
            f"the injury history has newer entries ({who}) than this step's hazards: undo "
            "those in the Injuries tab first"
        )
    undone: list[injuries.InjuryEntry] = []
    for _ in wanted:
        entry = injuries.undo_last(campaign)
        if entry is not None:
            undone.append(entry)
    action = tracker.undo()
    assert action is not None and action.state is not None  # can_undo checked both
    state = _with_events(campaign, battle_id, action.state)
    _write_events(campaign, battle_id, _event_records(state.events))
    _update_record(campaign, state, tracker.last_label() or SETUP_LABEL)
    hazard_ids = [int(i) for e in undone for i in e.get("rolls", [])]
    return UndoneStep(action.label, state, [*action.roll_ids, *hazard_ids], undone)
