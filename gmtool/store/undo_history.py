"""One undo/redo history for every tab, kept in the trackers' own files.

Each history is one tracker (store/tracker.py): `Tracker.save` records a step, `undo` takes
the last one back onto the redo stack, `redo` does it again until a new step clears that
stack. What an undo takes out beside the tracker's state rides on the same redo step as
`kept` (records.RedoKept), so it is written in the same atomic write and cleared with it:
a battle step's events, the roster versions a ships step named, an injury batch.

The Injuries tab's history is the bail-out tracker's: its orders are the tracker's own
steps, and an injury batch undone (marked undone in the injury history, no tracker state)
goes on the redo stack as a step kept apart, which leaves the state as it is when redone.
Since injury entries are also written from other tabs, each kept step notes the history's
next id: a newer entry ends the redo, as a new action does.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import msgspec

from gmtool.store.records import NotRedone as NotRedone  # re-exported for its callers
from gmtool.store.records import RedoKept
from gmtool.store.tracker import Step, Tracker


class HistoryKind(StrEnum):
    """Whose history an undo or redo works on."""

    PARTY = "party"
    SHIPS = "ships"
    INJURIES = "injuries"
    BATTLE = "battle"
    SKIRMISH = "skirmish"
    DICE = "dice"  # the Dice & Log tab's rolls: marked undone in the roll log, no tracker


class Scope(msgspec.Struct, frozen=True):
    """One history: a kind, and for a battle its id."""

    kind: HistoryKind
    battle_id: str = ""


PARTY = Scope(HistoryKind.PARTY)
SHIPS = Scope(HistoryKind.SHIPS)
INJURIES = Scope(HistoryKind.INJURIES)
SKIRMISH = Scope(HistoryKind.SKIRMISH)
DICE = Scope(HistoryKind.DICE)


def battle(battle_id: str) -> Scope:
    return Scope(HistoryKind.BATTLE, battle_id)


def next_step(tracker: Tracker[Any]) -> Step[Any] | None:
    """The step the next redo would do again (None: nothing)."""
    redo = tracker.record().get("redo", [])
    return redo[-1] if redo else None


def kept_of(step: Step[Any] | None) -> RedoKept:
    return step.get("kept", {}) if step is not None else {}


def keep(tracker: Tracker[Any], kept: RedoKept) -> None:
    """Keep what the undo just made took out beside the state, on its redo step."""
    doc = tracker.record()
    redo = list(doc.get("redo", []))
    if not redo:
        return
    redo[-1] = {**redo[-1], "kept": kept}
    tracker.rewrite(doc["state"], list(doc["undo"]), redo)


def keep_apart(tracker: Tracker[Any], label: str, kept: RedoKept) -> None:
    """Put an undo that changed no state of the tracker (an injury batch) on its redo
    stack, to be done again by `take_apart`."""
    doc = tracker.record()
    step: Step[Any] = {"label": label, "previous": doc["state"], "kept": kept}
    tracker.rewrite(doc["state"], list(doc["undo"]), [*doc.get("redo", []), step])


def is_apart(step: Step[Any] | None) -> bool:
    return "entries" in kept_of(step)


def take_apart(tracker: Tracker[Any]) -> Step[Any]:
    """Take the next redo step off the stack, leaving the state as it is (a step kept
    apart is done again by its own history)."""
    doc = tracker.record()
    redo = list(doc.get("redo", []))
    step = redo.pop()
    tracker.rewrite(doc["state"], list(doc["undo"]), redo)
    return step
