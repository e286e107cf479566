"""The battles as the Battle tab and the players' view show them: the list, the open one,
a battle as its next step will see it, and what ctrl+z and ctrl+y would take back or do
again. Each name is imported on first use (`rules/lazy.py`), as the store's package does, so
a screen that lists battles does not load the battle engine."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.store.battles import (
        ACTIVE,
        BattleFilesMissing,
        BattleRecord,
        StepOutcome,
        battle_names,
        can_undo,
        fleet_setup,
        get_battle_record,
        list_battles,
        live_battle,
        load_battle,
        open_battle_id,
    )
    from gmtool.store.campaign import Campaign

__all__ = [
    "ACTIVE",
    "BattleFilesMissing",
    "BattleRecord",
    "StepOutcome",
    "battle_names",
    "can_undo",
    "fleet_setup",
    "get_battle_record",
    "last_step_label",
    "list_battles",
    "live_battle",
    "load_battle",
    "next_redo_label",
    "open_battle_id",
]


def last_step_label(campaign: Campaign, battle_id: str) -> str | None:
    """The label of the battle's last saved step (its set-up when nothing came after), or
    None when no step is kept."""
    from gmtool.store.battles import battle_tracker

    return battle_tracker(campaign, battle_id).last_label()


def next_redo_label(campaign: Campaign, battle_id: str) -> str | None:
    """The label of the step a redo would do again, None when nothing can be redone now."""
    from gmtool.store.battles import battle_tracker, redo_check

    if redo_check(campaign, battle_id) is not None:
        return None
    return battle_tracker(campaign, battle_id).next_redo_label()


if not TYPE_CHECKING:  # the names above, each imported on first use
    __getattr__ = lazy_exports(__name__)
