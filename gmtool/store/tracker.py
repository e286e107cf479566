"""An undoable tracker: one JSON state per feature, saved whole after every action.

Every tab that tracks something (the party and its stations, the ships, a battle, a
skirmish game) keeps its state as one JSON-friendly dict in `trackers/<name>.json`. `save`
stores the new state and pushes the previous one on an undo stack in the same file (one
atomic write, so state and undo never disagree); `undo` pops it back and keeps the step on a
redo stack, which `redo` replays until the next new action clears it; what else the undo
took out (a battle's events, a roster version) rides on that redo step as `kept`
(store/undo_history.py), so it is cleared with it. Rolls saved with an
action are marked undone in the roll log when the action is undone, so the log keeps them,
and unmarked when it is redone: a redo never rolls again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, NotRequired, TypedDict, TypeVar, cast

import msgspec
from tinydb import TinyDB
from tinydb.table import Document

from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError
from gmtool.store.records import RecordId, RedoKept

# Actions ctrl+z can take back in one tab. Each undo step keeps the whole previous state and
# the file is rewritten on every action, so the cap keeps a tracker file at most 51 states:
# bounded by the size of the state (a party, a fleet, one battle, one skirmish game), never
# by how long the campaign has run. Histories that must keep everything are chunked logs.
UNDO_DEPTH = 50
# The one record of a tracker file (the first document a TinyDB table is given).
RECORD_ID = 1

# A tracker's state: each tab's own record type (store/records.py: ShipsState, PartyState,
# BailoutState); the skirmish game and a battle keep the rules engine's own dict.
S = TypeVar("S", bound=Mapping[str, Any])


class Step(TypedDict, Generic[S]):
    """One undo step as saved: the action's label, the state before it, its rolls."""

    label: str
    previous: S | None
    rolls: NotRequired[list[RecordId]]
    time: NotRequired[str]
    tag: NotRequired[str]
    kept: NotRequired[RedoKept]


class Saved(TypedDict, Generic[S]):
    """A tracker file's one record: the state and its undo stack (checked when read:
    records.TrackerRecord and the typed ones beside it)."""

    state: S | None
    undo: list[Step[S]]
    redo: NotRequired[list[Step[S]]]


class UndoneAction(msgspec.Struct, Generic[S], frozen=True):
    """A step undone or redone: its label, the state it left, its rolls; a redo also gives
    back what the undo kept beside the state."""

    label: str
    state: S | None
    roll_ids: list[int]
    kept: RedoKept | None = None


class Tracker(Generic[S]):
    def __init__(self, campaign: Campaign, name: str, depth: int = UNDO_DEPTH) -> None:
        self.campaign = campaign
        self.name = name
        self.depth = depth

    @property
    def _db(self) -> TinyDB:
        return self.campaign.db(f"trackers/{self.name}")

    def record(self) -> Saved[S]:
        """The saved state with its undo stack (a tracker never saved: no state, no undo)."""
        found = self._db.table("tracker").get(doc_id=RECORD_ID)
        if found is None:
            return {"state": None, "undo": []}
        doc = dict(found)
        if not isinstance(doc.get("undo"), list):
            raise StoreError(f"trackers/{self.name}.json: the tracker record has no undo list")
        return cast(Saved[S], doc)

    def load(self) -> S | None:
        state = self.record()["state"]
        return cast(S, dict(state)) if isinstance(state, Mapping) else None

    def save(
        self,
        state: S,
        label: str,
        rolls: Sequence[Mapping[str, Any]] | None = None,
        tag: str | None = None,
    ) -> None:
        """Store `state` after the action `label`; `rolls` are the saved rolls it made.

        `tag` marks an undo step made on another tracker's behalf (a battle's ending written
        into the ships), so that tracker can find and take back its own step."""
        doc = self.record()
        undo = list(doc["undo"])
        step: Step[S] = {
            "label": label,
            "previous": doc["state"],
            "rolls": [r["id"] for r in rolls or [] if "id" in r],
            "time": self.campaign.clock().isoformat(),
        }
        if tag is not None:
            step["tag"] = tag
        undo.append(step)
        # a new action: what was undone before it can no longer be redone
        self._write({"state": state, "undo": undo[-self.depth :], "redo": []})

    def rewrite(self, state: S | None, undo: list[Step[S]], redo: list[Step[S]]) -> None:
        """Save a history edited outside save, undo and redo (store/injury_party.py takes an
        injury's step out; store/undo_history.py keeps what an undo took out on its redo
        step): the caller keeps state and steps agreeing."""
        self._write({"state": state, "undo": undo[-self.depth :], "redo": redo[-self.depth :]})

    def _write(self, doc: Saved[S]) -> None:
        self._db.table("tracker").upsert(Document(doc, doc_id=RECORD_ID))

    def can_undo(self) -> bool:
        return bool(self.record()["undo"])

    def last_label(self) -> str | None:
        undo = self.record()["undo"]
        return undo[-1]["label"] if undo else None

    def tags(self) -> list[tuple[str, str | None]]:
        """(label, tag) of every undo step, oldest first."""
        return [(u["label"], u.get("tag")) for u in self.record()["undo"]]

    def labels_after(self, tag: str) -> list[str] | None:
        """The labels of the undo steps saved after the newest step tagged `tag` (None: no
        step has the tag, undone already or out of the undo window). Undoing a tagged step
        is only right while this is empty, so that no later action is taken back with it."""
        steps = self.tags()
        found = [i for i, (_, t) in enumerate(steps) if t == tag]
        if not found:
            return None
        return [label for label, _ in steps[found[-1] + 1 :]]

    def undo(self) -> UndoneAction[S] | None:
        """Restore the state before the last action; None when there is nothing to undo.
        The step goes on the redo stack."""
        doc = self.record()
        undo = list(doc["undo"])
        if not undo:
            return None
        last = undo.pop()
        previous = last.get("previous")
        redo_step: Step[S] = {**_without_kept(last), "previous": doc["state"]}
        redo = [*doc.get("redo", []), redo_step][-self.depth :]
        self._write({"state": previous, "undo": undo, "redo": redo})
        roll_ids = list(last.get("rolls", []))
        if roll_ids and self.campaign.rolls is not None:
            self.campaign.rolls.mark_undone(roll_ids)
        return UndoneAction(last["label"], previous, roll_ids)

    def can_redo(self) -> bool:
        return bool(self.record().get("redo"))

    def next_redo_label(self) -> str | None:
        """The label of the action ctrl+y would do again (None: nothing to redo)."""
        redo = self.record().get("redo", [])
        return redo[-1]["label"] if redo else None

    def redo(self) -> UndoneAction[S] | None:
        """Do the last undone action again: its state back, its rolls no longer marked
        undone, its step back on the undo stack. None when nothing was undone since the last
        action."""
        doc = self.record()
        redo = list(doc.get("redo", []))
        if not redo:
            return None
        step = redo.pop()
        state = step.get("previous")
        undo_step: Step[S] = {**_without_kept(step), "previous": doc["state"]}
        undo = [*doc["undo"], undo_step][-self.depth :]
        self._write({"state": state, "undo": undo, "redo": redo})
        roll_ids = list(step.get("rolls", []))
        if roll_ids and self.campaign.rolls is not None:
            self.campaign.rolls.mark_redone(roll_ids)
        return UndoneAction(step["label"], state, roll_ids, step.get("kept"))


def _without_kept(step: Step[S]) -> Step[S]:
    """A step as it moves between the stacks: what an undo kept belongs to that undo only."""
    return cast(Step[S], {k: v for k, v in step.items() if k != "kept"})
