"""The party's and the campaign ships' condition over time, for the Journal tab's chart.

The party: each character's wound and mortal boxes marked at the end of each game session,
followed through the injury history (every entry saves the tracks after it). The ships:
each campaign ship's damage and crew at the end of each of its battles, read from the
battles' saved states (the newest `CHART_BATTLES` finished battles).
"""

from __future__ import annotations

from typing import Any

import msgspec

from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError

# Finished battles the ships' chart reads (each is a battle file to load).
CHART_BATTLES = 12
PARTY_TRACKS = ("wound", "mortal")


class CharacterSeries(msgspec.Struct, frozen=True):
    """One character's wound and mortal boxes marked at the end of each session."""

    name: str
    wound: tuple[int, ...]
    mortal: tuple[int, ...]


class ShipSeries(msgspec.Struct, frozen=True):
    """One campaign ship at the end of each battle it fought: how full its fullest track
    is and the share of its crew still aboard, in percent."""

    name: str
    battles: tuple[int, ...]  # the battles' places in `ConditionHistory.battles`
    damage: tuple[int, ...]
    crew: tuple[int, ...]


class ConditionHistory(msgspec.Struct, frozen=True):
    sessions: tuple[int, ...]  # session numbers, oldest first
    party: tuple[CharacterSeries, ...]
    battles: tuple[str, ...]  # battle names, oldest first
    ships: tuple[ShipSeries, ...]


def condition_history(campaign: Campaign) -> ConditionHistory:
    sessions = campaign.sessions()
    battles, ships = _ships(campaign)
    return ConditionHistory(
        sessions=tuple(s["id"] for s in sessions),
        party=_party(campaign, [(s["id"], s["ended"]) for s in sessions]),
        battles=battles,
        ships=ships,
    )


def _party(campaign: Campaign, ends: list[tuple[int, str | None]]) -> tuple[CharacterSeries, ...]:
    entries = [e for e in campaign.injury_log.newest_first() if not e.get("undone")][::-1]
    names: dict[str, str] = {}
    now: dict[str, dict[str, int]] = {}
    marks: dict[str, list[dict[str, int]]] = {}
    place = 0
    for number, (session, end) in enumerate(ends):
        while place < len(entries) and _by_then(entries[place], session, end):
            entry = entries[place]
            who = entry["character"]
            names[who] = entry["character_name"]
            now[who] = dict(entry["after"])
            place += 1
        for who in names:
            marks.setdefault(who, [{}] * number).append(now[who])
    return tuple(
        CharacterSeries(
            name=names[who],
            wound=tuple(m.get("wound", 0) for m in marks[who]),
            mortal=tuple(m.get("mortal", 0) for m in marks[who]),
        )
        for who in names
    )


def _by_then(entry: Any, session: int, end: str | None) -> bool:
    """Whether an injury entry (the next, in order) happened by the end of `session`: by
    the session it records, else (made outside any session) by its time."""
    if entry.get("session") is not None:
        return bool(entry["session"] <= session)
    return end is None or bool(entry["time"] <= end)


def _ships(campaign: Campaign) -> tuple[tuple[str, ...], tuple[ShipSeries, ...]]:
    from gmtool.store import battles as stored
    from gmtool.store.ships.records import SHIPS_TRACKER
    from gmtool.store.tracker import Tracker

    fleet = Tracker[Any](campaign, SHIPS_TRACKER).load() or {}
    ours = {str(s.get("id")) for s in fleet.get("ships", [])}
    finished = [r for r in stored.list_battles(campaign) if r.status == stored.FINISHED]
    names: list[str] = []
    series: dict[str, tuple[str, list[int], list[int], list[int], int]] = {}
    for record in finished[-CHART_BATTLES:]:
        try:
            state = stored.load_battle(campaign, record.id)
        except (StoreError, *UNREADABLE_STATE):
            continue  # the Battle tab says why; the chart shows the battles that read
        names.append(record.name)
        for ship in state.ships:
            if ship.id not in ours:
                continue
            _, places, damage, crew, first_crew = series.setdefault(
                ship.id, (ship.name, [], [], [], max(ship.crew_total, 1))
            )
            worst = max(  # the fullest track: what decides a ship's state
                (ship.damage.marked.get(t, 0) / n for t, n in ship.damage.points.items() if n),
                default=0.0,
            )
            losses = ship.crew_losses
            aboard = ship.crew_total - losses.get("dead", 0) - losses.get("badly_wounded", 0)
            places.append(len(names) - 1)
            damage.append(round(100 * worst))
            crew.append(max(0, round(100 * aboard / first_crew)))
    return tuple(names), tuple(
        ShipSeries(name, tuple(places), tuple(damage), tuple(crew))
        for name, places, damage, crew, _ in series.values()
    )
