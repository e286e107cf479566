"""Undo and redo for every tab and the CLI: `undo(campaign, scope)` and `redo(campaign,
scope)`, one commit each, on the one history of store/undo_history.py.

Each returns `Done` (the step's label, its rolls, and the history's own typed result for a
screen to say more) or `Refused` (why, in words that name no tab and no key: each front end
adds its own hint). A damaged file is not a refusal: its StoreError passes, as elsewhere.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from gmtool.actions import battles, dice, injuries, party, ships, skirmish
from gmtool.actions.errors import NOT_REDONE_WORDS, ActionRefused, NothingToUndo, RedoRefused
from gmtool.store.campaign import Campaign
from gmtool.store.records import EngineState, InjuryEntry
from gmtool.store.tracker import UndoneAction
from gmtool.store.undo_history import (
    DICE,
    INJURIES,
    PARTY,
    SHIPS,
    SKIRMISH,
    HistoryKind,
    NotRedone,
    Scope,
    battle,
)

__all__ = [
    "DICE",
    "INJURIES",
    "PARTY",
    "SHIPS",
    "SKIRMISH",
    "Done",
    "Refusal",
    "Refused",
    "Scope",
    "battle",
    "done",
    "redo",
    "undo",
]

Detail = (
    battles.StepUndone
    | battles.StepRedone
    | ships.ShipsUndone
    | injuries.Undone
    | injuries.Redone
    | party.PartyUndone
    | UndoneAction[EngineState]
    | dice.RollsUndone
)


class Done(msgspec.Struct, frozen=True):
    """A step undone (`redo` False) or done again: its label, how many rolls it marked
    undone or counts again, and the history's own result (`detail`)."""

    scope: Scope
    redo: bool
    label: str
    rolls: int
    detail: Detail


class Refusal(StrEnum):
    NOTHING = "nothing"  # no step to take back, or none taken back to do again
    NOT_REDONE = "not-redone"  # the step taken back cannot be done again whole (`why`)
    INJURIES_FIRST = "injuries-first"  # the party's step came with injury entries: undo those
    REFUSED = "refused"  # the history refused the step (the words say why)


class Refused(msgspec.Struct, frozen=True):
    """Nothing was undone or redone, and nothing saved; `text` says why in the GM's words."""

    scope: Scope
    redo: bool
    reason: Refusal
    text: str
    why: NotRedone | None = None


NOTHING_TO_UNDO: dict[HistoryKind, str] = {
    HistoryKind.PARTY: "nothing to undo: no change to the party is left",
    HistoryKind.SHIPS: "nothing to undo: no change to the ships is left",
    HistoryKind.INJURIES: "nothing to undo: every injury entry is already undone",
    HistoryKind.BATTLE: "nothing to undo: only the battle's set-up is left",
    HistoryKind.SKIRMISH: "nothing to undo: no action of the game is left to take back",
    HistoryKind.DICE: "nothing to undo: no roll is left to take back",
}


def _nothing(scope: Scope, redo: bool) -> Refused:
    text = NOT_REDONE_WORDS[NotRedone.NOTHING] if redo else NOTHING_TO_UNDO[scope.kind]
    return Refused(scope, redo, Refusal.NOTHING, text)


def undo(campaign: Campaign, scope: Scope) -> Done | Refused:
    """Take back the last step of `scope`'s history (one commit)."""
    try:
        return _undo(campaign, scope)
    except NothingToUndo:
        return _nothing(scope, redo=False)
    except party.InjuryStepRefused as exc:
        return Refused(scope, False, Refusal.INJURIES_FIRST, str(exc))
    except ActionRefused as exc:
        return Refused(scope, False, Refusal.REFUSED, str(exc))


def redo(campaign: Campaign, scope: Scope) -> Done | Refused:
    """Do the step `scope`'s last undo took back again, as it was saved (one commit)."""
    try:
        return _redo(campaign, scope)
    except RedoRefused as exc:
        if exc.why is NotRedone.NOTHING:
            return _nothing(scope, redo=True)
        return Refused(scope, True, Refusal.NOT_REDONE, str(exc), exc.why)
    except ActionRefused as exc:
        return Refused(scope, True, Refusal.REFUSED, str(exc))


def _entry_label(entry: InjuryEntry) -> str:
    return f"{entry['kind']} of {entry['character_name']}"


def _rolls_label(rolls: dice.RollsUndone) -> str:
    return f"{rolls.expression} ({rolls.purpose})" if rolls.purpose else rolls.expression


def _undo(campaign: Campaign, scope: Scope) -> Done | Refused:
    kind = scope.kind
    if kind is HistoryKind.BATTLE:
        step = battles.undo(campaign, scope.battle_id)
        return Done(scope, False, step.label, len(step.roll_ids), step)
    if kind is HistoryKind.SHIPS:
        changed = ships.undo(campaign)
        return Done(scope, False, changed.label, 0, changed)
    if kind is HistoryKind.PARTY:
        undone = party.undo(campaign)
        return Done(scope, False, undone.label, 0, undone)
    if kind is HistoryKind.INJURIES:
        taken = injuries.undo_newest(campaign)
        if taken.bailout is not None:
            order = taken.bailout
            return Done(scope, False, f"bail-out: {order.where}", len(order.rolls), taken)
        if taken.entry is None:
            return _nothing(scope, redo=False)
        rolls = sum(len(e.get("rolls", [])) for e in taken.batch)
        return Done(scope, False, _entry_label(taken.entry), rolls, taken)
    if kind is HistoryKind.DICE:
        marked = dice.undo_last_roll(campaign)
        return Done(scope, False, _rolls_label(marked), len(marked.roll_ids), marked)
    game = skirmish.undo(campaign)
    if game is None:
        return _nothing(scope, redo=False)
    return Done(scope, False, game.label, len(game.roll_ids), game)


def _redo(campaign: Campaign, scope: Scope) -> Done | Refused:
    kind = scope.kind
    if kind is HistoryKind.BATTLE:
        step = battles.redo(campaign, scope.battle_id)
        return Done(scope, True, step.label, len(step.roll_ids), step)
    if kind is HistoryKind.SHIPS:
        changed = ships.redo(campaign)
        return Done(scope, True, changed.label, 0, changed)
    if kind is HistoryKind.PARTY:
        redone = party.redo(campaign)
        return Done(scope, True, redone.label, 0, redone)
    if kind is HistoryKind.INJURIES:
        back = injuries.redo(campaign)
        if back.bailout is not None:
            order = back.bailout
            return Done(scope, True, f"bail-out: {order.where}", len(order.rolls), back)
        first = back.entries[0] if back.entries else None
        if first is None:
            return _nothing(scope, redo=True)
        rolls = sum(len(e.get("rolls", [])) for e in back.entries)
        return Done(scope, True, _entry_label(first), rolls, back)
    if kind is HistoryKind.DICE:
        rolled = dice.redo_last_roll(campaign)
        return Done(scope, True, _rolls_label(rolled), len(rolled.roll_ids), rolled)
    game = skirmish.redo(campaign)
    if game is None:
        return _nothing(scope, redo=True)
    return Done(scope, True, game.label, len(game.roll_ids), game)


def done(result: Done | Refused) -> Done:
    """The step done, or the refusal raised (`ActionRefused`), for a front end that shows a
    refusal as an error (the CLI)."""
    if isinstance(result, Refused):
        raise ActionRefused(result.text)
    return result
