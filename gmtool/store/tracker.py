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

from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError

UNDO_DEPTH = 50


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
        docs = self._db.table("tracker").all()
        if not docs:
            return {"state": None, "undo": []}
        doc = dict(docs[0])
        if not isinstance(doc.get("undo"), list):
            raise StoreError(f"trackers/{self.name}.json: the tracker record has no undo list")
        return doc

    def load(self) -> dict[str, Any] | None:
        state = self._doc().get("state")
        return dict(state) if isinstance(state, dict) else None

    def save(
        self, state: dict[str, Any], label: str, rolls: list[dict[str, Any]] | None = None
    ) -> None:
        """Store `state` after the action `label`; `rolls` are the saved rolls it made."""
        doc = self._doc()
        undo = list(doc["undo"])
        undo.append(
            {
                "label": label,
                "previous": doc.get("state"),
                "rolls": [r["id"] for r in rolls or [] if "id" in r],
                "time": self.campaign.clock().isoformat(),
            }
        )
        undo = undo[-self.depth :]
        table = self._db.table("tracker")
        new_doc = {"state": state, "undo": undo}
        if table.all():
            table.update(new_doc, doc_ids=[table.all()[0].doc_id])
        else:
            table.insert(new_doc)

    def can_undo(self) -> bool:
        return bool(self._doc()["undo"])

    def last_label(self) -> str | None:
        undo = self._doc()["undo"]
        return str(undo[-1]["label"]) if undo else None

    def undo(self) -> UndoneAction | None:
        """Restore the state before the last action; None when there is nothing to undo."""
        doc = self._doc()
        undo = list(doc["undo"])
        if not undo:
            return None
        last = undo.pop()
        previous = last.get("previous")
        table = self._db.table("tracker")
        table.update({"state": previous, "undo": undo}, doc_ids=[table.all()[0].doc_id])
        roll_ids = [int(i) for i in last.get("rolls", [])]
        if roll_ids and self.campaign.rolls is not None:
            self.campaign.rolls.mark_undone(roll_ids)
        return UndoneAction(str(last["label"]), previous, roll_ids)
