"""Changing ships: add, import, edit, regenerate a crew, delete, new conditions and hands,
undo, redo, and the demo ships. Each is one undo step of the ships; its roster version goes
with it, and comes back with a redo (kept on the redo step, store/undo_history.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from msgspec.structs import replace

from gmtool.rules.crew_size import checked_manifest
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.roster import Roster, named_roster
from gmtool.rules.ship_condition import ShipCondition
from gmtool.rules.ships import ShipSpec, load_ship_spec
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError
from gmtool.store.records import RedoRoster, ShipsState
from gmtool.store.rolllog import RollEntry
from gmtool.store.ships.crew import ship_crew
from gmtool.store.ships.fleet import index_of, new_ship_id, read_state, ship_tracker, write_state
from gmtool.store.ships.records import (
    DEMO_LABEL,
    ShipCrew,
    ShipRecord,
    check_side,
    ship_slug,
)
from gmtool.store.ships.rosters import read_versions, roster_db_name, save_crew, write_versions
from gmtool.store.tracker import UndoneAction
from gmtool.store.undo_history import keep


def roster_seed(campaign: Campaign, ship_id: str, regenerations: int = 0) -> str:
    """The seed that names a ship's crew: campaign seed, ship id and regeneration count."""
    return f"{campaign.seed}:{ship_id}:{regenerations}"


def save_conditions(
    campaign: Campaign,
    conditions: Mapping[str, ShipCondition],
    label: str,
    tag: str | None = None,
    rolls: list[RollEntry] | None = None,
) -> list[ShipRecord]:
    """Give ships new conditions as one undo step; `tag` marks a battle's write-back,
    `rolls` the saved rolls of the step (marked undone with it)."""
    records = read_state(campaign)
    for ship_id in conditions:
        index_of(records, ship_id, campaign)
    records = [replace(r, condition=conditions.get(r.id, r.condition)) for r in records]
    write_state(campaign, records, label, tag, rolls)
    return records


def save_new_hands(
    campaign: Campaign, ship_id: str, condition: ShipCondition, roster: Roster, label: str
) -> ShipCrew:
    """A new condition with new hands named in the roster (crew replaced, ship restored)
    as one undo step: undoing it points the ship back at the roster it had."""
    records = read_state(campaign)
    index = index_of(records, ship_id, campaign)
    old = records[index]
    crew = ship_crew(campaign, ship_id)
    rev = old.roster_rev
    if roster != crew.roster:
        rev = save_crew(campaign, ship_id, crew.manifest, roster, keep_rev=old.roster_rev)
    record = replace(old, condition=condition, roster_rev=rev)
    records[index] = record
    write_state(campaign, records, label)
    return ShipCrew(record, crew.manifest, roster)


# -- changing ships ---------------------------------------------------------------------------


def add_ship(
    campaign: Campaign,
    spec: ShipSpec,
    side: str = "campaign",
    ship_id: str | None = None,
    label: str | None = None,
) -> ShipCrew:
    """Add a validated ship with its manifest and a freshly named roster (one undo step)."""
    check_side(side)
    records = read_state(campaign)
    new_id = new_ship_id(campaign, ship_id or spec.name)
    seed = roster_seed(campaign, new_id)
    manifest = checked_manifest(spec)
    roster = named_roster(manifest, seed)
    # The roster first: if the tracker write then fails, the list is unchanged and the
    # unused roster version is harmless.
    rev = save_crew(campaign, new_id, manifest, roster, keep_rev=None)
    record = ShipRecord(new_id, side, spec, seed, 0, rev)
    write_state(campaign, [*records, record], label or f"add {spec.name}")
    return ShipCrew(record, manifest, roster)


def import_ship(campaign: Campaign, path: str | Path, side: str = "campaign") -> ShipCrew:
    """Read, validate and add a ship spec file; its id comes from the file name.

    A bad file raises `TableError` (file, ship, key with line, what was expected) and
    nothing is saved.
    """
    check_side(side)
    path = Path(path)
    spec = load_ship_spec(path)
    return add_ship(campaign, spec, side, ship_id=path.stem, label=f"import {spec.name}")


def update_ship(
    campaign: Campaign, ship_id: str, spec: ShipSpec, side: str | None = None
) -> ShipCrew:
    """Replace a ship's spec: the manifest is worked out again and the roster renamed with
    the previous one, so crew whose posts still exist keep their names (one undo step)."""
    records = read_state(campaign)
    index = index_of(records, ship_id, campaign)
    old = records[index]
    if side is not None:
        check_side(side)
    previous = ship_crew(campaign, ship_id)
    manifest = checked_manifest(spec)
    roster = named_roster(manifest, old.roster_seed, previous=previous.roster)
    rev = save_crew(campaign, ship_id, manifest, roster, keep_rev=old.roster_rev)
    record = replace(old, spec=spec, side=side or old.side, roster_rev=rev)
    records[index] = record
    write_state(campaign, records, f"edit {spec.name}")
    return ShipCrew(record, manifest, roster)


def regenerate_crew(campaign: Campaign, ship_id: str) -> ShipCrew:
    """Work out the manifest again and name a whole new crew from the next seed."""
    records = read_state(campaign)
    index = index_of(records, ship_id, campaign)
    old = records[index]
    regenerations = old.regenerations + 1
    seed = roster_seed(campaign, ship_id, regenerations)
    manifest = checked_manifest(old.spec)
    roster = named_roster(manifest, seed)
    rev = save_crew(campaign, ship_id, manifest, roster, keep_rev=old.roster_rev)
    record = replace(old, roster_seed=seed, regenerations=regenerations, roster_rev=rev)
    records[index] = record
    write_state(campaign, records, f"regenerate the crew of {old.name}")
    return ShipCrew(record, manifest, roster)


def delete_ship(campaign: Campaign, ship_id: str) -> ShipRecord:
    """Take a ship off the list (its roster file stays, so undo brings the crew back)."""
    records = read_state(campaign)
    index = index_of(records, ship_id, campaign)
    removed = records.pop(index)
    write_state(campaign, records, f"delete {removed.name}")
    return removed


def undo_ships(campaign: Campaign, battle_gone: bool = False) -> UndoneAction[ShipsState] | None:
    """Step back the last change to the ships; None when there is nothing to undo.

    Setting up the demo's ships is not a GM's action: one ctrl+z too many must not empty the
    demo fleet (there is no redo), so undo stops there. A battle's end written into the ships
    is taken back by undoing the battle's step, unless that battle is gone (`battle_gone`).
    """
    tracker = ship_tracker(campaign)
    if tracker.last_label() == DEMO_LABEL:
        return None
    steps = tracker.tags()
    if steps and steps[-1][1] is not None and not battle_gone:
        raise RulesError(
            f"the last change to the ships is a battle's end ({steps[-1][0]}): undo the "
            "battle's last step to take it back"
        )
    before = read_state(campaign)
    undone = tracker.undo()
    if undone is not None:
        keep(tracker, {"rosters": _drop_undone_rosters(campaign, before)})
    return undone


def _drop_undone_rosters(campaign: Campaign, before: list[ShipRecord]) -> list[RedoRoster]:
    """Remove the roster versions the undone action named (an add, an edit, a regeneration):
    no ship refers to them any more; a roster file left with no version goes too. They are
    returned, for the redo step to keep."""
    after = {r.id: r.roster_rev for r in read_state(campaign)}
    dropped: list[RedoRoster] = []
    for record in before:
        if after.get(record.id) == record.roster_rev:
            continue
        versions = read_versions(campaign, record.id)
        remaining = [v for v in versions if int(v["rev"]) != record.roster_rev]
        if len(remaining) == len(versions):
            continue
        dropped += [{"ship_id": record.id, "version": v} for v in versions if v not in remaining]
        if remaining:
            write_versions(campaign, record.id, remaining)
        else:
            campaign.remove_db(roster_db_name(record.id))
    return dropped


def redo_ships(campaign: Campaign) -> UndoneAction[ShipsState] | None:
    """Do the last undone change to the ships again, with the roster versions its undo
    dropped; None when nothing was undone since the last change. A step undone without
    them (by a battle's undo) is redone all the same: its crew is named again from its seed."""
    done = ship_tracker(campaign).redo()
    if done is None:
        return None
    for roster in (done.kept or {}).get("rosters", []):
        versions = read_versions(campaign, roster["ship_id"])
        if all(int(v["rev"]) != int(roster["version"]["rev"]) for v in versions):
            versions = sorted([*versions, roster["version"]], key=lambda v: int(v["rev"]))
            write_versions(campaign, roster["ship_id"], versions)
    return done


# -- the demo campaign ------------------------------------------------------------------------


def seed_demo_ships(campaign: Campaign, demo_dir: Path) -> None:
    """Seeder: the demo's ships (`ships/*.yaml`) and enemies (`enemies/*.yaml`), with their
    crews, saved as one action. A bad demo file stops the set-up with its message."""
    records = read_state(campaign)
    taken = {r.id for r in records}
    for folder, side in (("ships", "campaign"), ("enemies", "enemy")):
        for path in sorted((demo_dir / folder).glob("*.yaml")):
            ship_id = ship_slug(path.stem)
            if ship_id in taken:
                continue
            try:
                spec = load_ship_spec(path)
            except TableError as exc:
                raise StoreError(f"the demo ship does not read: {exc}") from None
            seed = roster_seed(campaign, ship_id)
            manifest = checked_manifest(spec)
            rev = save_crew(campaign, ship_id, manifest, named_roster(manifest, seed), None)
            records.append(ShipRecord(ship_id, side, spec, seed, 0, rev))
            taken.add(ship_id)
    write_state(campaign, records, DEMO_LABEL)
