"""What the Injuries tab's ctrl+z took back, for ctrl+y to do again (`injury-redo.json`).

The tab's undo takes back the newest of two things: an injury entry with its batch (the
history marks it undone) or the last bail-out order (its tracker steps back). The redo stack
keeps each of those steps, newest last, with a stamp of the history and the bail-out as the
undo left them: when anything new is saved since (an entry from any tab, a new order), the
stamp no longer matches and nothing is redone, as a tracker clears its redo on a new action.
"""

from __future__ import annotations

import hashlib
import json
from typing import NotRequired, TypedDict, cast

from tinydb.table import Document

from gmtool.store.bailout import bailout_tracker
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError
from gmtool.store.injuries import history_log
from gmtool.store.records import RecordId

REDO_FILE = "injury-redo"
TABLE = "redo"
RECORD_ID = 1
REDO_DEPTH = 500
"""Undos kept for redo in a row (each a list of ids): the file stays small."""


class RedoStep(TypedDict):
    """One undo of the tab: the entries it marked undone (a batch), or the bail-out order."""

    entries: NotRequired[list[RecordId]]
    bailout: NotRequired[bool]


class RedoRecord(TypedDict):
    stamp: str
    steps: list[RedoStep]


def stamp(campaign: Campaign) -> str:
    """The history's next id and a digest of the bail-out tracker: what a new action
    changes."""
    record = bailout_tracker(campaign).record()
    digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]
    return f"{history_log(campaign).next_id}:{digest}"


def _problem(found: object) -> str | None:
    """What is wrong with a saved redo record's shape, or None."""
    if not isinstance(found, dict):
        return "the record is not an object"
    if not isinstance(found.get("stamp"), str) or not isinstance(found.get("steps"), list):
        return "'stamp' must be text and 'steps' a list"
    for number, step in enumerate(found["steps"], start=1):
        if not isinstance(step, dict):
            return f"step {number} is not an object"
        entries = step.get("entries", [])
        if not isinstance(entries, list) or not all(
            isinstance(e, int) and not isinstance(e, bool) for e in entries
        ):
            return f"step {number}'s 'entries' must be a list of entry ids"
        if not isinstance(step.get("bailout", False), bool):
            return f"step {number}'s 'bailout' must be true or false"
    return None


def _load(campaign: Campaign, strict: bool = False) -> RedoRecord:
    """The saved record; a missing one is empty, and so is a damaged one unless `strict`
    (a redo refuses, naming the file; an undo starts a new record over it, as a damaged
    redo record must not stop the GM undoing)."""
    found = campaign.db(REDO_FILE).table(TABLE).get(doc_id=RECORD_ID)
    if found is None:
        return {"stamp": "", "steps": []}
    problem = _problem(found)
    if problem is not None:
        if strict:
            raise StoreError(
                f"{campaign.folder / (REDO_FILE + '.json')}: what undo took back cannot be "
                f"read ({problem}); nothing was redone"
            )
        return {"stamp": "", "steps": []}
    return cast(RedoRecord, dict(found))


def _save(campaign: Campaign, steps: list[RedoStep]) -> None:
    record: RedoRecord = {"stamp": stamp(campaign), "steps": steps}
    campaign.db(REDO_FILE).table(TABLE).upsert(Document(record, doc_id=RECORD_ID))


def pending(campaign: Campaign, strict: bool = False) -> list[RedoStep]:
    """The steps ctrl+y can still do again, the next one last ([] after a new action);
    `strict`: a damaged record is refused (StoreError), not read as empty."""
    record = _load(campaign, strict)
    return record["steps"] if record["steps"] and record["stamp"] == stamp(campaign) else []


def push(campaign: Campaign, step: RedoStep, before: str) -> None:
    """Keep an undo that was just made; `before` is the stamp taken before it (steps kept
    under another stamp are stale: something new was saved since)."""
    record = _load(campaign)
    kept = record["steps"] if record["stamp"] == before else []
    _save(campaign, [*kept, step][-REDO_DEPTH:])


def keep(campaign: Campaign, steps: list[RedoStep]) -> None:
    """Keep `steps` as what is left to redo, stamped as things are now (after a redo)."""
    _save(campaign, steps)
