"""What the Battle tab reads from the campaign: the open battle, what ctrl+z and ctrl+y
would do, and why a battle does not read. Functions of the campaign, never of the pane."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from gmtool.actions.errors import StoreError
from gmtool.actions.reads.battles import (
    BattleFilesMissing,
    can_undo,
    get_battle_record,
    last_step_label,
    live_battle,
    next_redo_label,
)
from gmtool.actions.reads.campaign import Campaign
from gmtool.rules.battle import BattleState
from gmtool.rules.errors import RulesError


class BattleRead(NamedTuple):
    state: BattleState | None
    problem: str | None  # why the battle does not read (its files may come back)


def battle_name(campaign: Campaign, battle_id: str) -> str:
    """'The battle Ambush at Tarsus', for messages (its id when the list does not read)."""
    try:
        return f"The battle {get_battle_record(campaign, battle_id).name}"
    except StoreError:
        return f"The battle {battle_id!r}"


def read_battle(campaign: Campaign, battle_id: str) -> BattleRead:
    """The battle as saved, or why it does not read."""
    try:
        return BattleRead(live_battle(campaign, battle_id), None)
    except BattleFilesMissing as exc:
        return BattleRead(None, missing_words(battle_name(campaign, exc.battle_id), exc.missing))
    except (StoreError, RulesError) as exc:
        return BattleRead(None, f"{battle_name(campaign, battle_id)} does not read: {exc}")


def history_labels(campaign: Campaign, battle_id: str) -> tuple[str | None, str | None]:
    """What ctrl+z would take back and ctrl+y do again (None: nothing, or the history does
    not read, which the keys say when pressed)."""
    try:
        undo = last_step_label(campaign, battle_id) if can_undo(campaign, battle_id) else None
        return undo, next_redo_label(campaign, battle_id)
    except StoreError:
        return None, None


def missing_words(name: str, missing: Sequence[str]) -> str:
    """Why the battle `name` cannot open: which of its saved files are gone."""
    files, are = ("file", "is") if len(missing) == 1 else ("files", "are")
    return (
        f"{name} cannot open: its saved {files} {', '.join(missing)} {are} missing. "
        "x deletes it from the list (backups/ may hold copies)."
    )
