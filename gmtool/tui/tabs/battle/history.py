"""The words of the Battle tab's ctrl+z and ctrl+y, from the typed result or refusal of
`actions.history`: the step and what came back with it."""

from __future__ import annotations

from gmtool.actions import battles as battle_actions
from gmtool.actions import history
from gmtool.tui.tabs.battle.station_orders import undone_text


def refused_words(refused: history.Refused) -> str:
    """The history's refusal as a sentence."""
    text = refused.text
    return f"{text[:1].upper()}{text[1:]}."


def undone_words(done: history.Done, can_redo: bool) -> str:
    """'Undone: <step> (2 rolls marked undone, 1 injury entries given back).'"""
    undone = done.detail
    assert isinstance(undone, battle_actions.StepUndone)
    rolls = len(undone.roll_ids)
    text = f"Undone: {undone.label} ({rolls} roll{'s' if rolls != 1 else ''} marked undone"
    if undone.injury_ids:
        text += f", {len(undone.injury_ids)} injury entries given back"
    text = " ".join(filter(None, (text + ").", undone_text(undone))))
    if can_redo:
        text += " ctrl+y does it again."
    return text


def redone_words(done: history.Done) -> str:
    """'Redone: <step> (as saved: 2 rolls back in the log, nothing rolled again).'"""
    rolls = done.rolls
    return (
        f"Redone: {done.label} (as saved: {rolls} roll{'s' if rolls != 1 else ''} "
        "back in the log, nothing rolled again)."
    )
