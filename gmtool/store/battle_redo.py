"""What ctrl+y needs to do a battle step again exactly as it was saved.

Undoing a battle step (`battles.undo_step`) puts the state before it back and cuts the
battle's events file to that state's events; the tracker keeps the undone state on its redo
stack, but not the events the step logged. So every undo made through the actions keeps
those events here, `trackers/battle-redo/<battle id>.json`, a stack aligned with the
tracker's redo stack, and a redo puts the tracker's state and these events back together:
nothing is rolled again, the step's rolls are only unmarked (Tracker.redo).

A step is redone only when its undo took back nothing but the battle: no injury given back
(the party's damage would have to be marked again), no station move taken back in the
party, no end state taken out of the campaign's ships. Such a step is kept as not
redoable and ctrl+y says why. A kept step is used only while it still matches the tracker's
next redo step (same label, same event counts); anything else is refused, never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

import msgspec
from tinydb import TinyDB

from gmtool.rules.battle import BattleEvent, BattleState
from gmtool.store import battles
from gmtool.store.battles.index import update_record
from gmtool.store.battles.saved import write_events
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError
from gmtool.store.records import BattleEventRecord

REDO_PREFIX = "trackers/battle-redo/"
EVENT_COUNT = "event_count"
STEP_INJURIES = "step_injuries"


class KeptStep(TypedDict):
    """An undone step as kept for redo: its label, the event count before it, the events
    it logged, and why it cannot be redone ('' when it can)."""

    label: str
    before: int
    events: list[BattleEventRecord]
    refused: str


class RedoneStep(msgspec.Struct, frozen=True):
    label: str
    state: BattleState
    roll_ids: list[int]


def _db(campaign: Campaign, battle_id: str) -> TinyDB:
    return campaign.db(f"{REDO_PREFIX}{battles.battle_id_check(battle_id)}")


def _kept(campaign: Campaign, battle_id: str) -> list[KeptStep]:
    docs = _db(campaign, battle_id).table("redo").all()
    steps = docs[0].get("steps", []) if docs else []
    if not isinstance(steps, list):
        raise StoreError(f"{REDO_PREFIX}{battle_id}.json: no list of undone steps")
    return cast(list[KeptStep], steps)


def _write(campaign: Campaign, battle_id: str, steps: list[KeptStep]) -> None:
    table = _db(campaign, battle_id).table("redo")
    doc = {"battle": battle_id, "steps": steps}
    existing = table.all()
    if existing:
        table.update(doc, doc_ids=[existing[0].doc_id])
    else:
        table.insert(doc)


def _redo_stack(campaign: Campaign, battle_id: str) -> list[Mapping[str, Any]]:
    return list(battles.battle_tracker(campaign, battle_id).record().get("redo", []))


def keep_undone(
    campaign: Campaign,
    battle_id: str,
    label: str,
    events: tuple[BattleEvent, ...],
    before: int,
    refused: str = "",
) -> None:
    """After `battles.undo_step`: keep the undone step's events (those past `before`) on top
    of the kept steps that still match the tracker's redo stack."""
    redo = _redo_stack(campaign, battle_id)
    older = len(redo) - 1  # the tracker's redo steps below this one: the newest kept
    kept = _kept(campaign, battle_id)
    kept = kept[len(kept) - older :] if older > 0 else []
    records = cast(list[BattleEventRecord], [e.to_dict() for e in events[before:]])
    kept.append({"label": label, "before": before, "events": records, "refused": refused})
    _write(campaign, battle_id, kept)


def redo_refusal(campaign: Campaign, battle_id: str) -> str | None:
    """Why ctrl+y cannot redo now ('' when it can; None when nothing was undone)."""
    redo = _redo_stack(campaign, battle_id)
    if not redo:
        return None
    kept = _kept(campaign, battle_id)
    step = redo[-1]
    state = step.get("previous") or {}
    current = battles.battle_tracker(campaign, battle_id).load() or {}
    top = kept[-1] if kept else None
    if (
        top is None
        or top["label"] != step.get("label")
        or top["before"] != int(current.get(EVENT_COUNT, -1))
        or int(state.get(EVENT_COUNT, -1)) != top["before"] + len(top["events"])
    ):
        return "the step was taken back elsewhere (not on this tab): play it again instead"
    if top["refused"]:
        return top["refused"]
    if state.get(STEP_INJURIES):
        return "it hurt characters: play it again instead"
    return ""


def next_redo_label(campaign: Campaign, battle_id: str) -> str | None:
    """The label ctrl+y would do again, None when nothing can be redone now."""
    if redo_refusal(campaign, battle_id) != "":
        return None
    return battles.battle_tracker(campaign, battle_id).next_redo_label()


def redo_step(campaign: Campaign, battle_id: str) -> RedoneStep:
    """Do the last undone step again: its saved state and events back, its rolls unmarked.
    StoreError (nothing saved) when it cannot be redone, with why."""
    why = redo_refusal(campaign, battle_id)
    if why is None:
        raise StoreError("nothing to redo: no step was taken back since the last one")
    if why:
        raise StoreError(f"not redone: {why}")
    tracker = battles.battle_tracker(campaign, battle_id)
    kept = _kept(campaign, battle_id)
    top = kept.pop()
    events = battles.read_events(campaign, battle_id)[: top["before"]] + top["events"]
    # store/battles.py's own writers, so a battle's files are written one way only
    write_events(campaign, battle_id, events)
    action = tracker.redo()
    assert action is not None  # redo_refusal found the step
    _write(campaign, battle_id, kept)
    state = battles.load_battle(campaign, battle_id)
    update_record(campaign, state, action.label)
    return RedoneStep(action.label, state, action.roll_ids)


def forget(campaign: Campaign, battle_id: str) -> None:
    """A deleted battle's kept steps go with it."""
    campaign.remove_db(f"{REDO_PREFIX}{battles.battle_id_check(battle_id)}")
