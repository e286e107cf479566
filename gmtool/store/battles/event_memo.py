"""A battle's events converted between the rules' `BattleEvent` and the records its file
keeps, remembering the last conversion of each battle.

A step adds an event or two to a log of hundreds; converting the whole log both ways at
every step made each step slower than the one before, and late in a long battle it was most
of a step's time. A record or an event is taken from memory only when it is the very
object remembered (identity, not equality), and a pair is remembered only when converting
each gives back the other, so what is read and saved is exactly what converting afresh
gives. Neither is changed in place: a file's records are replaced whole, events are frozen.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from gmtool.rules.battle import BattleEvent
from gmtool.rules.errors import RulesError

# Battles remembered: the one being played and a few read beside it (list, doctor, report).
KEPT = 4


class _Pairs:
    """Records and events of one battle, pairwise each other's conversion, oldest first."""

    __slots__ = ("events", "records")

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []
        self.events: list[BattleEvent] = []

    def keep_first(self, count: int) -> None:
        del self.records[count:]
        del self.events[count:]


_memory: OrderedDict[str, _Pairs] = OrderedDict()
_lock = threading.Lock()  # a screen's worker thread may read a battle while a step saves


def _pairs(battle_id: str) -> _Pairs:
    pairs = _memory.pop(battle_id, None) or _Pairs()
    _memory[battle_id] = pairs
    while len(_memory) > KEPT:
        _memory.popitem(last=False)
    return pairs


def _same_start(found: Sequence[object], known: Sequence[object]) -> int:
    """How many leading items of `found` are the very objects `known` starts with."""
    count = min(len(found), len(known))
    for index in range(count):
        if found[index] is not known[index]:
            return index
    return count


def forget() -> None:
    """Drop every remembered battle (tests that compare a fresh conversion)."""
    with _lock:
        _memory.clear()


def events_from(battle_id: str, records: Sequence[Mapping[str, Any]]) -> tuple[BattleEvent, ...]:
    """`BattleEvent.from_dict` of each record (RulesError for one that does not read)."""
    with _lock:
        return _events_from(battle_id, records)


def _events_from(battle_id: str, records: Sequence[Mapping[str, Any]]) -> tuple[BattleEvent, ...]:
    pairs = _pairs(battle_id)
    same = _same_start(records, pairs.records)
    events = pairs.events[:same]
    if same == len(records):
        return tuple(events)
    pairs.keep_first(same)
    paired = True
    for record in records[same:]:
        event = BattleEvent.from_dict(record)
        events.append(event)
        if paired and isinstance(record, dict) and event.to_dict() == record:
            pairs.records.append(record)
            pairs.events.append(event)
        else:
            paired = False
    return tuple(events)


def records_of(battle_id: str, events: Sequence[BattleEvent]) -> list[dict[str, Any]]:
    """`BattleEvent.to_dict` of each event, as the battle's file keeps them."""
    with _lock:
        return _records_of(battle_id, events)


def _records_of(battle_id: str, events: Sequence[BattleEvent]) -> list[dict[str, Any]]:
    pairs = _pairs(battle_id)
    same = _same_start(events, pairs.events)
    records = pairs.records[:same]
    if same == len(events):
        return records
    pairs.keep_first(same)
    paired = True
    for event in events[same:]:
        record = event.to_dict()
        records.append(record)
        if paired and _reads_back(record, event):
            pairs.records.append(record)
            pairs.events.append(event)
        else:
            paired = False
    return records


def _reads_back(record: Mapping[str, Any], event: BattleEvent) -> bool:
    try:
        return BattleEvent.from_dict(record) == event
    except RulesError:
        return False
