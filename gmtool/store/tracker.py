"""An undoable tracker: one JSON state per feature, saved whole after every action.

Every tab that tracks something (the party and its stations, the ships, a battle, a
skirmish game) keeps its state as one JSON-friendly dict in `trackers/<name>.json`. `save`
stores the new state and pushes the previous one on an undo stack in the same file (one
atomic write, so state and undo never disagree); `undo` pops it back. Rolls saved with an
action are marked undone in the roll log when the action is undone, so the log keeps them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tinydb import TinyDB
from tinydb.table import Document

from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError

# Actions ctrl+z can take back in one tab. Each undo step keeps the whole previous state and
# the file is rewritten on every action, so the cap keeps a tracker file at most 51 states:
# bounded by the size of the state (a party, a fleet, one battle, one skirmish game), never
# by how long the campaign has run. Histories that must keep everything are chunked logs.
UNDO_DEPTH = 50
# The one record of a tracker file (the first document a TinyDB table is given).
RECORD_ID = 1


@dataclass(frozen=True)
class UndoneAction:
    label: str
    state: dict[str, Any] | None
    roll_ids: list[int]


class Tracker:
    def __init__(self, campaign: Campaign, name: str, depth: int = UNDO_DEPTH) -> None:
        self.campaign = campaign
        self.name = name
        self.depth = depth

    @property
    def _db(self) -> TinyDB:
        return self.campaign.db(f"trackers/{self.name}")

    def _doc(self) -> dict[str, Any]:
        found = self._db.table("tracker").get(doc_id=RECORD_ID)
        if found is None:
            return {"state": None, "undo": []}
        doc = dict(found)
        if not isinstance(doc.get("undo"), list):
            raise StoreError(f"trackers/{self.name}.json: the tracker record has no undo list")
        return doc

    def load(self) -> dict[str, Any] | None:
        state = self._doc().get("state")
        return dict(state) if isinstance(state, dict) else None

    def save(
        self,
        state: dict[str, Any],
        label: str,
        rolls: list[dict[str, Any]] | None = None,
        tag: str | None = None,
    ) -> None:
        """Store `state` after the action `label`; `rolls` are the saved rolls it made.

        `tag` marks an undo step made on another tracker's behalf (a battle's ending written
        into the ships), so that tracker can find and take back its own step."""
        doc = self._doc()
        undo = list(doc["undo"])
        step: dict[str, Any] = {
            "label": label,
            "previous": doc.get("state"),
            "rolls": [r["id"] for r in rolls or [] if "id" in r],
            "time": self.campaign.clock().isoformat(),
        }
        if tag is not None:
            step["tag"] = tag
        undo.append(step)
        self._write({"state": state, "undo": undo[-self.depth :]})

    def _write(self, doc: dict[str, Any]) -> None:
        self._db.table("tracker").upsert(Document(doc, doc_id=RECORD_ID))

    def can_undo(self) -> bool:
        return bool(self._doc()["undo"])

    def last_label(self) -> str | None:
        undo = self._doc()["undo"]
        return str(undo[-1]["label"]) if undo else None

    def tags(self) -> list[tuple[str, str | None]]:
        """(label, tag) of every undo step, oldest first."""
        return [(str(u["label"]), u.get("tag")) for u in self._doc()["undo"]]

    def undo(self) -> UndoneAction | None:
        """Restore the state before the last action; None when there is nothing to undo."""
        doc = self._doc()
        undo = list(doc["undo"])
        if not undo:
            return None
        last = undo.pop()
        previous = last.get("previous")
        self._write({"state": previous, "undo": undo})
        roll_ids = [int(i) for i in last.get("rolls", [])]
        if roll_ids and self.campaign.rolls is not None:
            self.campaign.rolls.mark_undone(roll_ids)
        return UndoneAction(str(last["label"]), previous, roll_ids)
