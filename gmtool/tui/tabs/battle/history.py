"""The Battle tab's ctrl+z and ctrl+y: take the last step back, naming it and what came back
with it (rolls marked undone, injuries given back, stations and ships restored), and do it
again as it was saved (`actions.battles.redo`: its rolls unmarked, nothing rolled)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.actions import ActionRefused
from gmtool.actions import battles as battle_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.reads.battles import can_undo, last_step_label, redo_refusal
from gmtool.rules.errors import RulesError
from gmtool.tui.tabs.battle.station_orders import undone_text

if TYPE_CHECKING:
    from gmtool.tui.tabs.battle.tab import BattleTab


def undo(pane: BattleTab) -> None:
    """ctrl+z: take the last step back; the status line names it and what came back."""
    if pane.battle_id is None:
        pane.show_status("No battle open: nothing to undo.", error=True)
        return
    try:
        if not can_undo(pane.campaign, pane.battle_id):
            last = last_step_label(pane.campaign, pane.battle_id)
            why = "only the battle's set-up is left" if last else "no older step is kept"
            pane.show_status(f"Nothing to undo: {why}.", error=True)
            return
        undone = battle_actions.undo(pane.campaign, pane.battle_id)
    except (StoreError, RulesError, ActionRefused) as exc:
        pane.show_status(f"Not undone: {exc}", error=True)
        return
    pane.reload(keep_status=True)
    rolls = len(undone.roll_ids)
    text = f"Undone: {undone.label} ({rolls} roll{'s' if rolls != 1 else ''} marked undone"
    if undone.injury_ids:
        text += f", {len(undone.injury_ids)} injury entries given back"
    text = " ".join(filter(None, (text + ").", undone_text(undone))))
    if pane.redo_label is not None:
        text += " ctrl+y does it again."
    pane.show_status(text)


def redo(pane: BattleTab) -> None:
    """ctrl+y: do the step taken back again, as it was saved."""
    if pane.battle_id is None:
        pane.show_status("No battle open: nothing to redo.", error=True)
        return
    try:
        why = redo_refusal(pane.campaign, pane.battle_id)
        if why is None or why:
            pane.show_status(f"Nothing to redo: {why or 'no step was taken back'}.", True)
            return
        redone = battle_actions.redo(pane.campaign, pane.battle_id)
    except (StoreError, RulesError, ActionRefused) as exc:
        pane.show_status(f"Not redone: {exc}", error=True)
        return
    pane.reload(keep_status=True)
    rolls = len(redone.roll_ids)
    pane.show_status(
        f"Redone: {redone.label} (as saved: {rolls} roll{'s' if rolls != 1 else ''} "
        "back in the log, nothing rolled again)."
    )
