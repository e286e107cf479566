"""The session journal's archive: facts of ship and Torga IV steps older than the undo window.

The journal reads ship changes and Torga IV games from their trackers' undo steps, each
tagged with its session (store/tracker.py). A tracker keeps only its newest steps; when a
tagged step leaves the window it can no longer be undone, so its facts are final: the
tracker's save hands it here, and its facts are kept in `journal/<session>.json` (written in
the same commit as the tracker). A session's recap reads these beside the steps still kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec
from tinydb.table import Document

from gmtool.rules import session_facts as facts
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError

ARCHIVE_FOLDER = "journal"
SHIP_CHANGES = ("repair", "crew_replaced", "scrapped", "restored")
RECORD_ID = 1


class Archived(msgspec.Struct, frozen=True):
    """A session's facts from steps that left their tracker's undo window."""

    changes: tuple[facts.ShipChangeFact, ...] = ()
    games: dict[str, facts.GameFact] = {}  # game id -> the game as its newest such step left it


def _name(session_id: int) -> str:
    return f"{ARCHIVE_FOLDER}/{int(session_id)}"


def archived(campaign: Campaign, session_id: int) -> Archived:
    """The session's archived facts (none for most sessions: no file is made by reading)."""
    if not (campaign.folder / f"{_name(session_id)}.json").exists():
        return Archived()
    found = campaign.db(_name(session_id)).table("facts").get(doc_id=RECORD_ID)
    try:
        return msgspec.convert(dict(found or {}), Archived)
    except msgspec.ValidationError as exc:
        raise StoreError(
            f"{_name(session_id)}.json: the archived facts do not read ({exc})"
        ) from None


def keep_dropped(campaign: Campaign, dropped: Sequence[Mapping[str, Any]], after: Any) -> None:
    """Archive the facts of the tagged `dropped` steps (oldest first) of the campaign's ships
    or a Torga IV game, known by their states' shape (this module imports no tracker's
    owner, which imports the tracker); `after` is the state the last of them left."""
    new: dict[int, tuple[list[facts.ShipChangeFact], dict[str, facts.GameFact]]] = {}
    for index, step in enumerate(dropped):
        session = step.get("session")
        if not isinstance(session, int):
            continue
        state = dropped[index + 1].get("previous") if index + 1 < len(dropped) else after
        if not isinstance(state, Mapping):
            continue
        changes, games = new.setdefault(session, ([], {}))
        time = str(step.get("time", ""))
        if "game_id" in state and "game" in state:  # a Torga IV step
            game = _game(time, state)
            if game is not None:
                games[game.game_id] = game
        elif _campaign_ships(state):  # a step of the campaign's ships
            changes += changes_between(time, step.get("previous"), state, [])
    for session, (changes, games) in new.items():
        if changes or games:
            _add(campaign, session, changes, games)


def _campaign_ships(state: Mapping[str, Any]) -> bool:
    """The campaign's ships (store/ships): ships with a spec and a condition between
    battles, unlike a battle's ships."""
    ships = state.get("ships")
    return isinstance(ships, list) and any(
        isinstance(s, Mapping) and "spec" in s and isinstance(s.get("condition"), Mapping)
        for s in ships
    )


def _game(time: str, state: Mapping[str, Any]) -> facts.GameFact | None:
    try:
        return game_fact(str(state.get("game_id", "")), time, state)
    except UNREADABLE_STATE:  # a step that does not read: the recap reads the rest
        return None


def _add(
    campaign: Campaign,
    session: int,
    changes: list[facts.ShipChangeFact],
    games: dict[str, facts.GameFact],
) -> None:
    try:
        kept = archived(campaign, session)
    except StoreError:  # a damaged archive is left as it is (the recap names it); play goes on
        return
    merged = Archived(changes=(*kept.changes, *changes), games={**kept.games, **games})
    if merged == kept:
        return  # a Torga IV step in the same turn as the one archived: nothing new
    campaign.db(_name(session)).table("facts").upsert(
        Document(msgspec.to_builtins(merged), doc_id=RECORD_ID)
    )


# -- the facts of one step (the timeline reads the steps still kept with these too) --------


def _history(state: Any) -> dict[str, tuple[str, str, list[Any]]]:
    """Each ship's (name, side, history entries) in a saved ships state."""
    found: dict[str, tuple[str, str, list[Any]]] = {}
    for ship in (state or {}).get("ships", []):
        condition = ship.get("condition") or {}
        spec = ship.get("spec") or {}
        found[str(ship.get("id"))] = (
            str(spec.get("name", ship.get("id"))),
            str(ship.get("side", facts.PLAYERS_SIDE)),
            list(condition.get("history") or []),
        )
    return found


def _new_entries(before: list[Any], after: list[Any]) -> list[Any]:
    """The entries at the end of `after` that `before` had not (a history keeps its newest)."""
    for kept in range(min(len(before), len(after)), -1, -1):
        if after[:kept] == before[len(before) - kept :]:
            return after[kept:]
    return after


def changes_between(
    time: str, before: Any, after: Any, gaps: list[str]
) -> list[facts.ShipChangeFact]:
    """The repairs, new crews, scrapping and restoring one ships step made."""
    found: list[facts.ShipChangeFact] = []
    old = _history(before)
    for ship_id, (name, side, entries) in _history(after).items():
        for entry in _new_entries(old.get(ship_id, ("", "", []))[2], entries):
            if not isinstance(entry, dict) or entry.get("kind") not in SHIP_CHANGES:
                continue
            try:
                found.append(
                    facts.ShipChangeFact(
                        time=time,
                        ship_name=name,
                        side=side,
                        kind=str(entry["kind"]),
                        status=str(entry.get("status", "")),
                        marks={str(k): int(v) for k, v in (entry.get("marks") or {}).items()},
                        crew=int(entry.get("crew", 0)),
                        days=int(entry.get("days", 0)),
                        where=entry.get("where"),
                    )
                )
            except UNREADABLE_STATE as exc:
                gaps.append(f"a change to {name}: {exc}")
    return found


def game_fact(game_id: str, time: str, saved: Mapping[str, Any]) -> facts.GameFact:
    """A Torga IV game as one skirmish step left it (`saved`: the tracker's state)."""
    from gmtool.rules.skirmish import GameState
    from gmtool.rules.skirmish.outcome import ending

    state = GameState.from_dict(saved["game"])
    end = ending(state)
    names = {side.id: side.name for side in state.scenario.sides}
    return facts.GameFact(
        game_id=game_id,
        time=time,
        scenario=state.scenario.name,
        turn=state.turn,
        winner=None if end is None else names.get(end.winner, end.winner),
        reason=None if end is None else end.reason.value,
        standing=None if end is None else end.standing,
        needed=None if end is None else end.needed,
    )
