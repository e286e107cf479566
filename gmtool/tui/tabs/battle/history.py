"""The Battle tab's ctrl+z and ctrl+y: take the last step back, naming it and what came back
with it (rolls marked undone, injuries given back, stations and ships restored), and do it
again as it was saved (`actions.battles.redo`: its rolls unmarked, nothing rolled)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.actions import battles as battle_actions
from gmtool.actions import history
from gmtool.actions.errors import StoreError
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
        result = history.undo(pane.campaign, history.battle(pane.battle_id))
    except (StoreError, RulesError) as exc:
        pane.show_status(f"Not undone: {exc}", error=True)
        return
    if isinstance(result, history.Refused):
        pane.show_status(f"{_sentence(result.text)}.", error=True)
        return
    undone = result.detail
    assert isinstance(undone, battle_actions.StepUndone)
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
        result = history.redo(pane.campaign, history.battle(pane.battle_id))
    except (StoreError, RulesError) as exc:
        pane.show_status(f"Not redone: {exc}", error=True)
        return
    if isinstance(result, history.Refused):
        pane.show_status(f"{_sentence(result.text)}.", error=True)
        return
    pane.reload(keep_status=True)
    rolls = result.rolls
    pane.show_status(
        f"Redone: {result.label} (as saved: {rolls} roll{'s' if rolls != 1 else ''} "
        "back in the log, nothing rolled again)."
    )


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]
