"""Is the campaign whole? Damaged files, and files that disagree with each other.

What a torn save would leave if an action were not one commit is what this looks for:
an injury entry that no battle step made, a step whose rolls are not in the log (or were
undone), a battle whose events are fewer than its state needs, and trackers pointing at
things that do not exist (an open battle not listed, a character at a ship the campaign does
not have). Reads only; `gmtool doctor` prints what it finds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from gmtool.store import battles, checkup, injuries
from gmtool.store.atomic import remove_file
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError
from gmtool.store.injury_party import disagreements
from gmtool.store.party import load_party_state
from gmtool.store.ships import list_ships


class Problem(msgspec.Struct, frozen=True):
    file: str  # relative to the campaign folder
    what: str
    orphan: bool = False  # a file nothing refers to, which `remove_orphans` removes

    def to_dict(self) -> dict[str, str | bool]:
        return {"file": self.file, "problem": self.what, "orphan": self.orphan}


def orphans(campaign: Campaign) -> list[Path]:
    """Files nothing in the campaign refers to, proven so (a killed `skirmish start` of an
    older gmtool left replays no game names)."""
    from gmtool.store.skirmish_files import orphan_replays  # without the skirmish rules

    return orphan_replays(campaign)


def remove_orphans(campaign: Campaign) -> list[Path]:
    """Remove what `orphans` finds, as one commit; returns the files removed."""
    found = orphans(campaign)
    with campaign.transaction():
        for path in found:
            remove_file(path)
    return found


def _roll_states(campaign: Campaign) -> dict[int, bool]:
    """Every roll id in the log -> whether it is live (not undone)."""
    return {int(e["id"]): not e.get("undone") for e in campaign.roll_log()}


def _battle_problems(
    campaign: Campaign,
    record: battles.BattleRecord,
    rolls: dict[int, bool],
    live: dict[int, Any],
    kept: set[int],
) -> tuple[list[Problem], set[int]]:
    """What is wrong with one battle's files; and the injury entries its steps made."""
    tracker_file, events_file = (
        str(p.relative_to(campaign.folder)) for p in battles.battle_files(campaign, record.id)
    )
    doc = battles.battle_tracker(campaign, record.id).record()
    state = doc.get("state")
    if not isinstance(state, dict):
        return [Problem(tracker_file, f"battle {record.id} has no saved state")], set()
    found: list[Problem] = []
    events = battles.read_events(campaign, record.id)
    needed = int(state.get(battles.EVENT_COUNT, 0))
    if len(events) < needed:
        found.append(Problem(events_file, f"{len(events)} events where the battle needs {needed}"))
    made = battles.step_entries(campaign, record.id)
    # the Injuries tab may take a standing step's injuries back (undone, kept): missing is
    # what disagrees
    for entry_id in sorted(i for i in (state.get(battles.STEP_INJURIES) or []) if i not in kept):
        found.append(Problem(tracker_file, f"the last step's injury entry {entry_id} is missing"))
    for step in doc["undo"]:
        missing = [i for i in step.get("rolls", []) if not rolls.get(int(i), False)]
        if missing:
            found.append(
                Problem(
                    tracker_file,
                    f"step '{step.get('label')}' names rolls {missing} the log does not have live",
                )
            )
    # the undo stack keeps the newest steps only: once the set-up has left it, older
    # steps' injury entries cannot be checked
    window_full = not doc["undo"] or doc["undo"][0].get("label") != battles.SETUP_LABEL
    oldest = min(made, default=None)
    for entry_id, entry in live.items():
        if entry.get("battle") != record.id:
            continue
        if entry_id in made or (window_full and (oldest is None or entry_id < oldest)):
            continue
        found.append(
            Problem(
                str(campaign.injury_log.path_of(entry_id).relative_to(campaign.folder)),
                f"injury entry {entry_id} ({entry.get('character_name')}) names battle "
                f"{record.id}, but no saved step of it made the entry",
            )
        )
    return found, made


def _tracker_problems(campaign: Campaign) -> list[Problem]:
    found: list[Problem] = []
    listed = {r.id for r in battles.list_battles(campaign)}
    opened = battles.open_battle_id(campaign)
    if opened is not None and opened not in listed:
        found.append(Problem("battles.json", f"the open battle {opened!r} is not listed"))
    ships = {s.id for s in list_ships(campaign)}
    party = load_party_state(campaign)
    for assignment in party.assignments:
        if assignment.ship_id not in ships:
            found.append(
                Problem(
                    "trackers/party.json",
                    f"{assignment.character_id} is aboard {assignment.ship_id!r}, "
                    "which the campaign does not have",
                )
            )
    return found


def _unending(campaign: Campaign, record: battles.BattleRecord) -> list[Problem]:
    """An open battle that could not end as it stands (the GM would be stuck in it): its
    ending is tried on a copy in memory, nothing saved."""
    if record.status != battles.ACTIVE:
        return []
    # imported here: a campaign without an open battle needs no battle engine
    from gmtool.rules.battle import battle_summary, end_battle
    from gmtool.rules.errors import RulesError

    try:
        ended, _ = end_battle(battles.live_battle(campaign, record.id))
        battle_summary(ended)
    except RulesError as exc:
        return [
            Problem(f"battle {record.id}", f"the open battle {record.name} could not end: {exc}")
        ]
    return []


def damaged(folder: Path) -> list[Problem]:
    """The damaged files of a campaign that does not open for them (a roll-log chunk read at
    open): read only, nothing changed."""
    return [Problem(str(d.file), str(d)) for d in checkup.damaged_files(folder, thorough=True)]


def examine(campaign: Campaign) -> list[Problem]:
    """Every problem found, damaged files first; [] for a whole campaign."""
    found_damaged = damaged(campaign.folder)
    if found_damaged:  # the rest would only trip over the same damage
        return found_damaged
    found: list[Problem] = []
    try:
        rolls = _roll_states(campaign)
        kept: dict[int, Any] = {int(e["id"]): e for e in injuries.newest_first(campaign)}
        live = {i: e for i, e in kept.items() if not e.get("undone")}
        for record in battles.list_battles(campaign):
            try:
                problems, _ = _battle_problems(campaign, record, rolls, live, set(kept))
                problems += _unending(campaign, record)
            except StoreError as exc:
                problems = [Problem(f"battle {record.id}", str(exc))]
            found += problems
        found += _tracker_problems(campaign)
        found += [Problem("trackers/party.json", what) for what in disagreements(campaign, live)]
        found += [
            Problem(
                str(p.relative_to(campaign.folder)),
                "a skirmish replay no saved game refers to (gmtool doctor --fix removes it)",
                orphan=True,
            )
            for p in orphans(campaign)
        ]
    except StoreError as exc:
        found.append(Problem(".", str(exc)))
    return found
