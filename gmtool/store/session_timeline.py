"""One game session's facts, read from what the campaign already saved.

Rolls, injury entries and battles carry the session they were made in. Ship changes and
Torga IV steps are found in their trackers' undo steps, each tagged with the session open
when it was saved (a step saved before the tags: by its time inside the session); a tagged
step that leaves the undo window leaves its facts in the session's archive
(store/session_archive.py). The
roll log and the injury history are read newest first and only back to the session's start,
so a recap costs the session's size, not the campaign's.

Read-only: the players' view builds its recap from here too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gmtool.rules import session_facts as facts
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.records import GameSession
from gmtool.store.session_archive import Archived, archived, changes_between, game_fact
from gmtool.store.session_notes import session_notes

if TYPE_CHECKING:
    from gmtool.rules.battle import BattleState

# Later than any saved time: the end of a session still open.
OPEN_END = "9999"


def session_info(campaign: Campaign, session_id: int) -> facts.SessionInfo:
    """The saved session `session_id`; StoreError when there is none."""
    for record in campaign.sessions():
        if record["id"] == session_id:
            return info_of(record)
    count = len(campaign.sessions())
    have = f"sessions 1 to {count}" if count else "no session yet"
    raise StoreError(f"campaign {campaign.name} has no session {session_id} ({have})")


def info_of(record: GameSession) -> facts.SessionInfo:
    return facts.SessionInfo(record["id"], record["title"], record["started"], record["ended"])


def session_facts(campaign: Campaign, session_id: int) -> facts.SessionFacts:
    """Everything the journal shows of one session. A part that does not read (a damaged
    battle file) is named in `gaps`; the rest is still there."""
    info = session_info(campaign, session_id)
    gaps: list[str] = []
    battles = _battles(campaign, info, gaps)
    rolls, made = _rolls(campaign, info)
    return facts.SessionFacts(
        session=info,
        battles=tuple(battles),
        injuries=tuple(_injuries(campaign, info)),
        ship_changes=tuple(_ship_changes(campaign, info, gaps)),
        games=tuple(_games(campaign, info, gaps)),
        rolls=tuple(rolls),
        notes=tuple(
            facts.NoteFact(n["id"], n["time"], n["text"], n.get("edited"))
            for n in session_notes(campaign, session_id)
        ),
        rolls_made=made,
        gaps=tuple(gaps),
    )


def _within(info: facts.SessionInfo, time: str) -> bool:
    return info.started <= time <= (info.ended or OPEN_END)


# -- battles --------------------------------------------------------------------------------


def _battles(
    campaign: Campaign, info: facts.SessionInfo, gaps: list[str]
) -> list[facts.BattleFact]:
    from gmtool.store import battles
    from gmtool.store.reports import REPORT_FOLDER

    found: list[facts.BattleFact] = []
    for record in battles.list_battles(campaign):
        if record.session != info.id:
            continue
        try:
            state = battles.load_battle(campaign, record.id)
            casualties = _casualties(campaign, state)
        except (StoreError, *UNREADABLE_STATE) as exc:
            gaps.append(f"battle {record.name}: {exc}")
            continue
        report = f"{REPORT_FOLDER}/{record.id}.md"
        found.append(
            facts.BattleFact(
                battle_id=record.id,
                name=state.name,
                time=record.created,
                sides=tuple((s.id, s.name) for s in state.sides),
                rounds=state.round,
                finished=state.finished,
                broke_off=tuple(s.id for s in state.sides if s.broke_off),
                ships=tuple(
                    facts.ShipOutcome(
                        name=ship.name,
                        side=ship.side,
                        fate=ship.fate,
                        points=dict(ship.damage.points),
                        marked={t: ship.damage.marked.get(t, 0) for t in ship.damage.points},
                        crew_total=ship.crew_total,
                        losses=dict(ship.crew_losses),
                    )
                    for ship in state.ships
                ),
                casualties=casualties,
                report=report if (campaign.folder / report).exists() else None,
            )
        )
    return found


def _casualties(campaign: Campaign, state: BattleState) -> tuple[facts.CrewCasualties, ...]:
    from gmtool.store.crew_casualties import battle_casualties

    if not state.finished:
        return ()
    sides = {ship.id: ship.side for ship in state.ships}
    found = []
    for ship in battle_casualties(campaign, state.id):
        members = ship.members
        found.append(
            facts.CrewCasualties(
                ship_name=ship.ship_name,
                side=sides.get(ship.ship_id, facts.PLAYERS_SIDE),
                dead=tuple(
                    f"{m.rank_title} {m.name} ({m.post_name})".strip()
                    for m in members
                    if m.condition == "dead"
                ),
                badly_wounded=sum(m.condition == "badly_wounded" for m in members),
                lightly_wounded=sum(m.condition == "lightly_wounded" for m in members),
            )
        )
    return tuple(found)


# -- the histories ---------------------------------------------------------------------------


def _session_entries(entries: Iterator[Any], info: facts.SessionInfo) -> Iterator[Any]:
    """The live entries of the session, from a history read newest first: read back only to
    the session's start (everything further is older)."""
    for entry in entries:
        if str(entry.get("time", "")) < info.started:
            return
        if entry.get("session") == info.id and not entry.get("undone"):
            yield entry


def _injuries(campaign: Campaign, info: facts.SessionInfo) -> list[facts.InjuryFact]:
    from gmtool.store.battles import battle_names

    names: dict[str, str] | None = None
    found: list[facts.InjuryFact] = []
    for entry in _session_entries(iter(campaign.injury_log.newest_first()), info):
        battle = entry.get("battle")
        if battle is not None and names is None:
            names = battle_names(campaign)
        before: Mapping[str, int] = entry.get("before") or {}
        after: Mapping[str, int] = entry.get("after") or {}
        restored = {t: before[t] - after.get(t, 0) for t in before if before[t] > after.get(t, 0)}
        detail = entry.get("detail") or {}
        marked = {t: n for t, n in (entry.get("marked") or {}).items() if n}
        kind = str(entry["kind"])
        if (
            kind not in facts.HEALING_KINDS
            and not marked
            and entry["state"] == entry["state_before"]
        ):
            continue  # a hazard that passed the character by: no injury
        found.append(
            facts.InjuryFact(
                id=int(entry["id"]),
                time=str(entry["time"]),
                kind=kind,
                character=str(entry.get("character_name") or entry.get("character")),
                battle=None if battle is None else (names or {}).get(battle, battle),
                marked=marked,
                restored=restored if kind in facts.HEALING_KINDS else {},
                state_before=str(entry.get("state_before", "")),
                state=str(entry.get("state", "")),
                stabilized=bool(entry.get("stabilized_after"))
                and not entry.get("stabilized_before"),
                days=int(detail.get("days", 0) or 0),
            )
        )
    return found[::-1]


def _rolls(campaign: Campaign, info: facts.SessionInfo) -> tuple[list[facts.RollFact], int]:
    found: list[facts.RollFact] = []
    made = 0
    for entry in _session_entries(campaign.roll_log(), info):
        made += 1
        mark = _mark(entry.get("marked"))
        if entry.get("degree") in facts.NOTABLE_DEGREES or mark is not None:
            found.append(
                facts.RollFact(
                    id=int(entry["id"]),
                    time=str(entry["time"]),
                    source=str(entry.get("source", "")),
                    purpose=str(entry.get("for", "")),
                    expression=str(entry.get("expression", "")),
                    total=int(entry.get("total", 0)),
                    degree=entry.get("degree"),
                    mark=mark,
                )
            )
    return found[::-1], made


def _mark(saved: object) -> facts.RollMark | None:
    """The GM's mark as saved; one this version does not know stays behind the screen."""
    if not saved:
        return None
    try:
        return facts.RollMark(str(saved))
    except ValueError:
        return facts.RollMark.GM


# -- the trackers ----------------------------------------------------------------------------


def _steps_in(record: Mapping[str, Any], info: facts.SessionInfo) -> list[tuple[str, Any, Any]]:
    """(time, state before, state after) of each undo step a tracker still keeps that was
    saved in the session: by its session tag, or for a step saved before the tags, by its
    time."""
    undo: Sequence[Mapping[str, Any]] = record.get("undo") or []
    found = []
    for index, step in enumerate(undo):
        time = str(step.get("time", ""))
        if "session" in step:
            if step["session"] != info.id:
                continue
        elif not _within(info, time):
            continue
        after = undo[index + 1].get("previous") if index + 1 < len(undo) else record.get("state")
        found.append((time, step.get("previous"), after))
    return found


def _ship_changes(
    campaign: Campaign, info: facts.SessionInfo, gaps: list[str]
) -> list[facts.ShipChangeFact]:
    from gmtool.store.ships.records import SHIPS_TRACKER
    from gmtool.store.tracker import Tracker

    found: list[facts.ShipChangeFact] = []
    if not (campaign.folder / "trackers" / f"{SHIPS_TRACKER}.json").exists():
        return list(_archived(campaign, info, gaps).changes)
    record = Tracker[Any](campaign, SHIPS_TRACKER).record()
    for time, before, after in _steps_in(record, info):
        found += changes_between(time, before, after, gaps)
    kept = _archived(campaign, info, gaps)
    return sorted([*kept.changes, *found], key=lambda c: c.time)


def _archived(campaign: Campaign, info: facts.SessionInfo, gaps: list[str]) -> Archived:
    try:
        return archived(campaign, info.id)
    except StoreError as exc:
        if str(exc) not in gaps:
            gaps.append(str(exc))
        return Archived()


def _games(campaign: Campaign, info: facts.SessionInfo, gaps: list[str]) -> list[facts.GameFact]:
    from gmtool.store.skirmish_files import SKIRMISH_TRACKER
    from gmtool.store.tracker import Tracker

    kept = _archived(campaign, info, gaps).games  # games whose steps left the undo window
    if not (campaign.folder / "trackers" / f"{SKIRMISH_TRACKER}.json").exists():
        return list(kept.values())
    record = Tracker[Any](campaign, SKIRMISH_TRACKER).record()
    newest: dict[str, tuple[str, Any]] = {}  # game id -> (time, its newest state then)
    for time, _before, after in _steps_in(record, info):
        if isinstance(after, dict):
            newest[str(after.get("game_id", ""))] = (time, after)
    found = [game for game_id, game in kept.items() if game_id not in newest]
    for game_id, (time, state) in newest.items():
        try:
            found.append(game_fact(game_id, time, state))
        except UNREADABLE_STATE as exc:
            gaps.append(f"Torga IV game {game_id}: {exc}")
    return found
