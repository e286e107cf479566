"""The roster versions an undo of the ships drops, kept for ctrl+y.

Undoing a ship's add, edit, regeneration or new hands removes the roster version that action
saved (store/ships.py: nothing refers to it any more). Redo points the ship at that version
again, so it must come back: `trackers/ships-redo.json` keeps what each undone step dropped,
by its place on the ships' redo stack, until the step is redone or a new action clears the
redo stack. A step it has nothing for (undone before this file existed, or by the Battle
tab) is redone all the same: the ship's crew is then named again from its seed.
"""

from __future__ import annotations

from gmtool.store.campaign import Campaign
from gmtool.store.records import RedoRoster, ShipsRedoStep
from gmtool.store.ships import list_ships, ship_tracker
from gmtool.store.ships.rosters import read_versions, write_versions
from gmtool.store.tracker import UNDO_DEPTH

REDO_FILE = "trackers/ships-redo"


def _steps(campaign: Campaign) -> list[ShipsRedoStep]:
    found = campaign.db(REDO_FILE).table("tracker").all()
    return list(found[0].get("steps", [])) if found else []


def _write(campaign: Campaign, steps: list[ShipsRedoStep]) -> None:
    table = campaign.db(REDO_FILE).table("tracker")
    if table.all():
        table.update({"steps": steps})
    else:
        table.insert({"steps": steps})


def before_undo(campaign: Campaign) -> ShipsRedoStep | None:
    """The roster versions the next undo of the ships will drop (read before it runs);
    None when there is nothing to undo."""
    record = ship_tracker(campaign).record()
    if not record["undo"]:
        return None
    top = record["undo"][-1]
    previous = top.get("previous") or {"ships": []}
    after = {doc["id"]: int(doc.get("roster_rev", 0)) for doc in previous.get("ships", [])}
    rosters: list[RedoRoster] = []
    for ship in list_ships(campaign):
        if after.get(ship.id) == ship.roster_rev:
            continue
        for version in read_versions(campaign, ship.id):
            if int(version["rev"]) == ship.roster_rev:
                rosters.append({"ship_id": ship.id, "version": version})
    at = len(record.get("redo", []))
    return {"at": at, "time": top.get("time", ""), "rosters": rosters}


def after_undo(campaign: Campaign, step: ShipsRedoStep) -> None:
    """Keep what the undo dropped; entries for steps a new action has cleared go."""
    kept = [s for s in _steps(campaign) if s["at"] < step["at"]]
    _write(campaign, [*kept, step][-UNDO_DEPTH:])


def after_redo(campaign: Campaign, at: int, time: str) -> int:
    """Put back the roster versions of the step just redone (`at`: its place on the redo
    stack before the redo); returns how many versions came back."""
    steps = _steps(campaign)
    found = [s for s in steps if s["at"] == at and s["time"] == time]
    if steps:
        _write(campaign, [s for s in steps if s["at"] < at])
    if not found:
        return 0
    for roster in found[-1]["rosters"]:
        versions = read_versions(campaign, roster["ship_id"])
        if all(int(v["rev"]) != int(roster["version"]["rev"]) for v in versions):
            versions = sorted([*versions, roster["version"]], key=lambda v: int(v["rev"]))
            write_versions(campaign, roster["ship_id"], versions)
    return len(found[-1]["rosters"])
