"""The list of battles (a chunked log, `log/battles-NNNNN.json`) and which one is open
(`battles.json`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import msgspec
from tinydb import TinyDB

from gmtool.rules.errors import RulesError
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.ids import unique_id

if TYPE_CHECKING:  # the list itself needs no rules: `gmtool battle list` loads none
    from gmtool.rules.battle import BattleState

INDEX_FILE = "battles"
INDEX_TABLE = "index"
SETUP_LABEL = "battle set-up"
# Set on a deleted battle's record in the battle list (when it was deleted): it no longer
# lists, and its id is never given again.
DELETED = "deleted"
ACTIVE = "active"
FINISHED = "finished"
# -- the index ------------------------------------------------------------------------------


class BattleRecord(msgspec.Struct, frozen=True):
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


def all_entries(campaign: Campaign) -> list[tuple[int, BattleRecord, bool]]:
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


def listed_entries(campaign: Campaign) -> list[tuple[int, BattleRecord]]:
    """Every battle's record with its id in the battle list, oldest first; deleted battles
    left out."""
    return [(entry_id, record) for entry_id, record, gone in all_entries(campaign) if not gone]


def read_opened(campaign: Campaign) -> str | None:
    docs = _index_db(campaign).table(INDEX_TABLE).all()
    opened = docs[0].get("open") if docs else None
    return None if opened is None else str(opened)


def write_opened(campaign: Campaign, opened: str | None) -> None:
    """Which battle the tab has open: the one small record left in battles.json."""
    table = _index_db(campaign).table(INDEX_TABLE)
    existing = table.all()
    if existing:
        table.update({"open": opened}, doc_ids=[existing[0].doc_id])
    else:
        table.insert({"open": opened})


def list_battles(campaign: Campaign) -> list[BattleRecord]:
    """Every battle of the campaign, in the order they were set up."""
    return [record for _, record in listed_entries(campaign)]


def battle_names(campaign: Campaign) -> dict[str, str]:
    """Every battle's name by id, deleted ones too ("Ambush (deleted)"): the injury history
    still names the battles it happened in."""
    return {
        record.id: f"{record.name} (deleted)" if gone else record.name
        for _, record, gone in all_entries(campaign)
    }


def get_battle_record(campaign: Campaign, battle_id: str) -> BattleRecord:
    """The battle's record (one read of the list: ids are never given twice)."""
    for _, record, deleted in all_entries(campaign):
        if record.id == battle_id:
            if deleted:  # the GM knows it by its name
                raise StoreError(
                    f"the battle {record.name} was deleted from campaign {campaign.name}"
                )
            return record
    raise StoreError(f"no battle {battle_id!r} in campaign {campaign.name}")


def open_battle_id(campaign: Campaign) -> str | None:
    """The battle the Battle tab has open (None: none yet)."""
    opened = read_opened(campaign)
    return opened if any(r.id == opened for r in list_battles(campaign)) else None


def set_open_battle(campaign: Campaign, battle_id: str) -> BattleRecord:
    record = get_battle_record(campaign, battle_id)
    write_opened(campaign, battle_id)
    return record


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "battle"


def new_battle_id(campaign: Campaign, name: str) -> str:
    """An id from the battle's name, unique in the campaign (ambush, ambush-2, ...); the
    ids of deleted battles stay taken."""
    base = slug(name)
    return unique_id(base, {r.id for _, r, _ in all_entries(campaign)})


def _summary_text(state: BattleState) -> str:
    from gmtool.rules.battle.summary import battle_summary

    return battle_summary(state).text()


def update_record(campaign: Campaign, state: BattleState, label: str) -> None:
    """Keep the battle's record in step with it: status, round, newest step, summary. Only
    the chunk of the battle list that holds it is rewritten."""
    for entry_id, record in reversed(listed_entries(campaign)):
        if record.id == state.id:
            fields = {
                "status": FINISHED if state.finished else ACTIVE,
                "round": state.round,
                "label": label,
                "summary": _summary_text(state) if state.finished else "",
            }
            campaign.battle_list.update([entry_id], fields)
            return
    raise StoreError(
        f"the battle {state.name} is not in campaign {campaign.name}'s list of battles"
    )


def battle_id_check(battle_id: str) -> str:
    if slug(battle_id) != battle_id:
        raise RulesError(f"{battle_id!r} is not a battle id (lower-case letters, digits, dashes)")
    return battle_id
