"""The campaign's ships: their specs, sides, crew manifests and named rosters.

The list of ships (id, side, spec, roster seed) is one undoable state in the tracker
`trackers/ships.json`, so ctrl+z steps back an import, an edit, a deletion or a regenerated
roster. A ship's manifest and named roster are big (thousands of crew on a super-heavy), so
each ship keeps them in its own file, `rosters/<ship id>.json`, as numbered versions: the
ship record points at the version it uses, and an undone action points back at an older
one, which is kept in the file for that (a few versions, fewer for very big crews).

Other tabs read ships through `list_ships` and `get_ship`; a `ShipRecord` has `id`, `side`
and `spec` (a validated `ShipSpec`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gmtool.rules.crew import Manifest, crew_manifest, post_counts
from gmtool.rules.crew_size import checked_manifest
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.roster import CrewMember, Roster, named_roster
from gmtool.rules.ship_condition import ShipCondition
from gmtool.rules.ships import ShipSpec, load_ship_spec
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.ids import unique_id
from gmtool.store.records import (
    PackedRoster,
    RosterFile,
    RosterPost,
    RosterVersion,
    ShipDoc,
    ShipsState,
    as_record,
)
from gmtool.store.rolllog import RollEntry
from gmtool.store.tracker import Tracker, UndoneAction

SHIPS_TRACKER = "ships"
DEMO_LABEL = "demo ships"
SIDES = ("campaign", "enemy")
STATE_VERSION = 2  # 2: ships keep a condition (a ship saved without one is undamaged)
# How many roster versions a ship's file keeps for undo: at most this many...
ROSTER_VERSIONS = 20
# ...and no more crew members than this over all kept versions (a 5,000-crew ship keeps 3),
# so saving stays fast. The version in use and the one before it are always kept.
ROSTER_MEMBERS_KEPT = 20_000


class ShipNotFound(StoreError):
    """No ship with this id in the campaign."""


# -- records --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShipRecord:
    """One ship of the campaign: its id (a slug), side, spec, and what names its crew.

    `roster_seed` names the crew (the same seed always gives the same names);
    `regenerations` counts how often the GM asked for a new crew, and makes the next seed.
    `roster_rev` is the version of the ship's roster file that goes with this record.
    `condition` is what battles left of it (rules/ship_condition.py).
    """

    id: str
    side: str
    spec: ShipSpec
    roster_seed: str = ""
    regenerations: int = 0
    roster_rev: int = 0
    condition: ShipCondition = field(default_factory=ShipCondition)

    @property
    def name(self) -> str:
        return self.spec.name

    def to_dict(self) -> ShipDoc:
        return {
            "id": self.id,
            "side": self.side,
            "spec": self.spec.to_dict(),
            "roster_seed": self.roster_seed,
            "regenerations": self.regenerations,
            "roster_rev": self.roster_rev,
            "condition": self.condition.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ShipRecord:
        return cls(
            id=str(data["id"]),
            side=str(data["side"]),
            spec=ShipSpec.from_dict(data["spec"]),
            roster_seed=str(data.get("roster_seed", "")),
            regenerations=int(data.get("regenerations", 0)),
            roster_rev=int(data.get("roster_rev", 0)),
            condition=ShipCondition.from_dict(data.get("condition")),
        )


@dataclass(frozen=True)
class ShipCrew:
    """A ship with its saved manifest and named roster.

    `rebuilt` is true when the saved roster version was gone (trimmed from the file, or the
    file lost) and the roster was named again from the ship's seed.
    """

    record: ShipRecord
    manifest: Manifest
    roster: Roster
    rebuilt: bool = False


def roster_seed(campaign: Campaign, ship_id: str, regenerations: int = 0) -> str:
    """The seed that names a ship's crew: campaign seed, ship id and regeneration count."""
    return f"{campaign.seed}:{ship_id}:{regenerations}"


def ship_slug(text: str) -> str:
    """An id from a name or file name: lower-case letters, digits and dashes."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug or "ship"


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise RulesError(f"a ship's side is one of {', '.join(SIDES)}, not {side!r}")


# -- the list of ships ------------------------------------------------------------------------


def ship_tracker(campaign: Campaign) -> Tracker[ShipsState]:
    return Tracker(campaign, SHIPS_TRACKER)


def _read_state(campaign: Campaign) -> list[ShipRecord]:
    state = ship_tracker(campaign).load()
    if state is None:
        return []
    records: list[ShipRecord] = []
    for data in state.get("ships", []):
        try:
            records.append(ShipRecord.from_dict(data))
        except UNREADABLE_STATE as exc:
            ship = data.get("id", "?") if isinstance(data, dict) else "?"
            raise StoreError(
                f"{campaign.folder / 'trackers' / SHIPS_TRACKER}.json: saved ship {ship!r} "
                f"does not read any more ({exc}); nothing was changed"
            ) from None
    return records


def _write_state(
    campaign: Campaign,
    records: list[ShipRecord],
    label: str,
    tag: str | None = None,
    rolls: list[RollEntry] | None = None,
) -> None:
    state: ShipsState = {"version": STATE_VERSION, "ships": [r.to_dict() for r in records]}
    ship_tracker(campaign).save(state, label, rolls=rolls, tag=tag)


def save_conditions(
    campaign: Campaign,
    conditions: Mapping[str, ShipCondition],
    label: str,
    tag: str | None = None,
    rolls: list[RollEntry] | None = None,
) -> list[ShipRecord]:
    """Give ships new conditions as one undo step; `tag` marks a battle's write-back,
    `rolls` the saved rolls of the step (marked undone with it)."""
    records = _read_state(campaign)
    for ship_id in conditions:
        _index_of(records, ship_id, campaign)
    records = [replace(r, condition=conditions.get(r.id, r.condition)) for r in records]
    _write_state(campaign, records, label, tag, rolls)
    return records


def save_new_hands(
    campaign: Campaign, ship_id: str, condition: ShipCondition, roster: Roster, label: str
) -> ShipCrew:
    """A new condition with new hands named in the roster (crew replaced, ship restored)
    as one undo step: undoing it points the ship back at the roster it had."""
    records = _read_state(campaign)
    index = _index_of(records, ship_id, campaign)
    old = records[index]
    crew = ship_crew(campaign, ship_id)
    rev = old.roster_rev
    if roster != crew.roster:
        rev = _save_crew(campaign, ship_id, crew.manifest, roster, keep_rev=old.roster_rev)
    record = replace(old, condition=condition, roster_rev=rev)
    records[index] = record
    _write_state(campaign, records, label)
    return ShipCrew(record, crew.manifest, roster)


def list_ships(campaign: Campaign) -> list[ShipRecord]:
    """Every ship of the campaign (both sides), in the order they were added."""
    return _read_state(campaign)


def get_ship(campaign: Campaign, ship_id: str) -> ShipRecord:
    for record in _read_state(campaign):
        if record.id == ship_id:
            return record
    raise ShipNotFound(f"no ship with the id {ship_id!r} in campaign {campaign.name}")


def new_ship_id(campaign: Campaign, wanted: str) -> str:
    """`wanted` made a slug and unique among the campaign's ships (kestrel, kestrel-2, ...)."""
    base = ship_slug(wanted)
    return unique_id(base, {r.id for r in _read_state(campaign)})


# -- roster files -----------------------------------------------------------------------------


def _roster_db_name(ship_id: str) -> str:
    if ship_slug(ship_id) != ship_id:
        raise StoreError(f"{ship_id!r} is not a ship id (lower-case letters, digits, dashes)")
    return f"rosters/{ship_id}"


def _read_versions(campaign: Campaign, ship_id: str) -> list[RosterVersion]:
    docs = campaign.db(_roster_db_name(ship_id)).table("crew").all()
    if not docs:
        return []
    versions = as_record(docs[0], RosterFile).get("versions")
    if not isinstance(versions, list):
        raise StoreError(
            f"{campaign.folder / _roster_db_name(ship_id)}.json: no list of roster versions"
        )
    return versions


def _write_versions(campaign: Campaign, ship_id: str, versions: list[RosterVersion]) -> None:
    table = campaign.db(_roster_db_name(ship_id)).table("crew")
    doc = {"ship_id": ship_id, "versions": versions}
    existing = table.all()
    if existing:
        table.update(doc, doc_ids=[existing[0].doc_id])
    else:
        table.insert(doc)


def pack_roster(roster: Roster) -> PackedRoster:
    """A roster in a compact saved form: the crew grouped by post, three strings a member.

    About a quarter the size of `Roster.to_dict()`, so a 5,000-crew roster saves quickly.
    """
    groups: list[RosterPost] = []
    last: tuple[str, ...] | None = None
    for m in roster.members:
        key = (m.post_id, m.post_name, m.rank, m.department, m.department_name)
        if key != last:
            groups.append(
                {
                    "post_id": m.post_id,
                    "post_name": m.post_name,
                    "rank": m.rank,
                    "department": m.department,
                    "department_name": m.department_name,
                    "crew": [],
                }
            )
            last = key
        groups[-1]["crew"].append((m.id, m.rank_title, m.name))
    return {"ship": roster.ship, "seed": roster.seed, "posts": groups}


def unpack_roster(data: PackedRoster) -> Roster:
    members = [
        CrewMember(
            id=str(member_id),
            name=str(name),
            rank_title=str(rank_title),
            rank=str(group["rank"]),
            post_id=str(group["post_id"]),
            post_name=str(group["post_name"]),
            department=str(group["department"]),
            department_name=str(group["department_name"]),
        )
        for group in data["posts"]
        for member_id, rank_title, name in group["crew"]
    ]
    return Roster(ship=str(data["ship"]), seed=str(data["seed"]), members=tuple(members))


def _version_doc(rev: int, manifest: Manifest, roster: Roster) -> RosterVersion:
    return {
        "rev": rev,
        "members": len(roster.members),
        "manifest": manifest.to_dict(),
        "roster": pack_roster(roster),
    }


def _kept_versions(versions: list[RosterVersion], must_keep: set[int]) -> list[RosterVersion]:
    """The versions to keep, oldest first: those in `must_keep`, then the newest that fit."""
    kept: list[RosterVersion] = []
    members = sum(int(v.get("members", 0)) for v in versions if v["rev"] in must_keep)
    count = sum(1 for v in versions if v["rev"] in must_keep)
    for version in reversed(versions):
        if version["rev"] in must_keep:
            kept.append(version)
            continue
        size = int(version.get("members", 0))
        if count < ROSTER_VERSIONS and members + size <= ROSTER_MEMBERS_KEPT:
            kept.append(version)
            count += 1
            members += size
    return sorted(kept, key=lambda v: int(v["rev"]))


def _save_crew(
    campaign: Campaign, ship_id: str, manifest: Manifest, roster: Roster, keep_rev: int | None
) -> int:
    """Save a new roster version for `ship_id`; returns its number. `keep_rev` (the version in
    use before) is kept whatever the size limits say, so one undo always finds its roster."""
    versions = _read_versions(campaign, ship_id)
    rev = max((int(v["rev"]) for v in versions), default=0) + 1
    versions = [*versions, _version_doc(rev, manifest, roster)]
    must_keep = {rev} | ({keep_rev} if keep_rev else set())
    _write_versions(campaign, ship_id, _kept_versions(versions, must_keep))
    return rev


def _load_version(campaign: Campaign, ship_id: str, rev: int) -> tuple[Manifest, Roster] | None:
    for version in _read_versions(campaign, ship_id):
        if int(version["rev"]) == rev:
            return Manifest.from_dict(version["manifest"]), unpack_roster(version["roster"])
    return None


def _newest_roster(campaign: Campaign, ship_id: str) -> Roster | None:
    versions = _read_versions(campaign, ship_id)
    return unpack_roster(versions[-1]["roster"]) if versions else None


# -- reading a ship's crew --------------------------------------------------------------------


def ship_crew(campaign: Campaign, ship_id: str) -> ShipCrew:
    """A ship with its saved manifest and roster.

    When the saved version is gone (trimmed, or the file lost), the crew is worked out again
    from the spec and named from the ship's seed, keeping the names of the newest saved
    roster where posts match; a writable campaign saves the result under the same version.
    """
    record = get_ship(campaign, ship_id)
    try:
        found = _load_version(campaign, ship_id, record.roster_rev)
    except UNREADABLE_STATE as exc:
        raise StoreError(
            f"{campaign.folder / _roster_db_name(ship_id)}.json: roster version "
            f"{record.roster_rev} does not read ({exc!r}); nothing was changed"
        ) from None
    if found is not None:
        return ShipCrew(record, *found)
    manifest = checked_manifest(record.spec)
    roster = named_roster(manifest, record.roster_seed, previous=_newest_roster(campaign, ship_id))
    if not campaign.readonly:
        versions = _read_versions(campaign, ship_id)
        versions = [v for v in versions if int(v["rev"]) != record.roster_rev]
        versions.append(_version_doc(record.roster_rev, manifest, roster))
        versions.sort(key=lambda v: int(v["rev"]))
        _write_versions(campaign, ship_id, _kept_versions(versions, {record.roster_rev}))
    return ShipCrew(record, manifest, roster, rebuilt=True)


def ship_manifest(campaign: Campaign, ship_id: str) -> Manifest:
    """A ship's saved manifest, without reading its roster (a quick look for lists); worked
    out from the spec when the saved version is gone."""
    record = get_ship(campaign, ship_id)
    for version in _read_versions(campaign, ship_id):
        if int(version["rev"]) == record.roster_rev:
            return Manifest.from_dict(version["manifest"])
    return crew_manifest(record.spec)


@dataclass(frozen=True)
class ManifestCheck:
    """A ship's saved manifest beside the one today's crew rules give its spec.

    A saved roster never changes by itself when tables/crew.yaml (or gmtool's reading of the
    rules) changes: the Crew tab marks the ship and offers to regenerate it instead.
    """

    saved: Manifest
    current: Manifest

    @property
    def changed(self) -> bool:
        return post_counts(self.saved) != post_counts(self.current)


def check_manifest(campaign: Campaign, ship_id: str) -> ManifestCheck:
    """The ship's saved manifest and today's, read without the roster (quick, for lists)."""
    record = get_ship(campaign, ship_id)
    return ManifestCheck(ship_manifest(campaign, ship_id), crew_manifest(record.spec))


def compare_manifest(crew: ShipCrew) -> ManifestCheck:
    """The same check for a ship whose crew is already read."""
    return ManifestCheck(crew.manifest, crew_manifest(crew.record.spec))


# -- changing ships ---------------------------------------------------------------------------


def add_ship(
    campaign: Campaign,
    spec: ShipSpec,
    side: str = "campaign",
    ship_id: str | None = None,
    label: str | None = None,
) -> ShipCrew:
    """Add a validated ship with its manifest and a freshly named roster (one undo step)."""
    _check_side(side)
    records = _read_state(campaign)
    new_id = new_ship_id(campaign, ship_id or spec.name)
    seed = roster_seed(campaign, new_id)
    manifest = checked_manifest(spec)
    roster = named_roster(manifest, seed)
    # The roster first: if the tracker write then fails, the list is unchanged and the
    # unused roster version is harmless.
    rev = _save_crew(campaign, new_id, manifest, roster, keep_rev=None)
    record = ShipRecord(new_id, side, spec, seed, 0, rev)
    _write_state(campaign, [*records, record], label or f"add {spec.name}")
    return ShipCrew(record, manifest, roster)


def import_ship(campaign: Campaign, path: str | Path, side: str = "campaign") -> ShipCrew:
    """Read, validate and add a ship spec file; its id comes from the file name.

    A bad file raises `TableError` (file, ship, key with line, what was expected) and
    nothing is saved.
    """
    _check_side(side)
    path = Path(path)
    spec = load_ship_spec(path)
    return add_ship(campaign, spec, side, ship_id=path.stem, label=f"import {spec.name}")


def update_ship(
    campaign: Campaign, ship_id: str, spec: ShipSpec, side: str | None = None
) -> ShipCrew:
    """Replace a ship's spec: the manifest is worked out again and the roster renamed with
    the previous one, so crew whose posts still exist keep their names (one undo step)."""
    records = _read_state(campaign)
    index = _index_of(records, ship_id, campaign)
    old = records[index]
    if side is not None:
        _check_side(side)
    previous = ship_crew(campaign, ship_id)
    manifest = checked_manifest(spec)
    roster = named_roster(manifest, old.roster_seed, previous=previous.roster)
    rev = _save_crew(campaign, ship_id, manifest, roster, keep_rev=old.roster_rev)
    record = replace(old, spec=spec, side=side or old.side, roster_rev=rev)
    records[index] = record
    _write_state(campaign, records, f"edit {spec.name}")
    return ShipCrew(record, manifest, roster)


def regenerate_crew(campaign: Campaign, ship_id: str) -> ShipCrew:
    """Work out the manifest again and name a whole new crew from the next seed."""
    records = _read_state(campaign)
    index = _index_of(records, ship_id, campaign)
    old = records[index]
    regenerations = old.regenerations + 1
    seed = roster_seed(campaign, ship_id, regenerations)
    manifest = checked_manifest(old.spec)
    roster = named_roster(manifest, seed)
    rev = _save_crew(campaign, ship_id, manifest, roster, keep_rev=old.roster_rev)
    record = replace(old, roster_seed=seed, regenerations=regenerations, roster_rev=rev)
    records[index] = record
    _write_state(campaign, records, f"regenerate the crew of {old.name}")
    return ShipCrew(record, manifest, roster)


def delete_ship(campaign: Campaign, ship_id: str) -> ShipRecord:
    """Take a ship off the list (its roster file stays, so undo brings the crew back)."""
    records = _read_state(campaign)
    index = _index_of(records, ship_id, campaign)
    removed = records.pop(index)
    _write_state(campaign, records, f"delete {removed.name}")
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
            "battle's last step in the Battle tab to take it back"
        )
    before = _read_state(campaign)
    undone = tracker.undo()
    if undone is not None:
        _drop_undone_rosters(campaign, before)
    return undone


def _drop_undone_rosters(campaign: Campaign, before: list[ShipRecord]) -> None:
    """Remove the roster version the undone action named (an add, an edit, a regeneration):
    nothing refers to it any more, since there is no redo; a roster file left with no
    version goes too. Run after the undo is saved, so a crash between leaves only a spare
    version, never a ship without its crew."""
    after = {r.id: r.roster_rev for r in _read_state(campaign)}
    for record in before:
        if after.get(record.id) == record.roster_rev:
            continue
        versions = _read_versions(campaign, record.id)
        remaining = [v for v in versions if int(v["rev"]) != record.roster_rev]
        if len(remaining) == len(versions):
            continue
        if remaining:
            _write_versions(campaign, record.id, remaining)
        else:
            campaign.remove_db(_roster_db_name(record.id))


def _index_of(records: list[ShipRecord], ship_id: str, campaign: Campaign) -> int:
    for index, record in enumerate(records):
        if record.id == ship_id:
            return index
    raise ShipNotFound(f"no ship with the id {ship_id!r} in campaign {campaign.name}")


# -- the demo campaign ------------------------------------------------------------------------


def seed_demo_ships(campaign: Campaign, demo_dir: Path) -> None:
    """Seeder: the demo's ships (`ships/*.yaml`) and enemies (`enemies/*.yaml`), with their
    crews, saved as one action. A bad demo file stops the set-up with its message."""
    records = _read_state(campaign)
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
            rev = _save_crew(campaign, ship_id, manifest, named_roster(manifest, seed), None)
            records.append(ShipRecord(ship_id, side, spec, seed, 0, rev))
            taken.add(ship_id)
    _write_state(campaign, records, DEMO_LABEL)
