"""Reading a ship's crew: its roster as saved (or named again from its seed) and whether its
manifest still matches its spec.
"""

from __future__ import annotations

import msgspec

from gmtool.rules.crew import Manifest, crew_manifest, post_counts
from gmtool.rules.crew_size import checked_manifest
from gmtool.rules.roster import named_roster
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.ships.fleet import get_ship
from gmtool.store.ships.records import ShipCrew
from gmtool.store.ships.rosters import (
    kept_versions,
    load_version,
    newest_roster,
    read_versions,
    roster_db_name,
    version_doc,
    write_versions,
)


def ship_crew(campaign: Campaign, ship_id: str) -> ShipCrew:
    """A ship with its saved manifest and roster.

    When the saved version is gone (trimmed, or the file lost), the crew is worked out again
    from the spec and named from the ship's seed, keeping the names of the newest saved
    roster where posts match; a writable campaign saves the result under the same version.
    """
    record = get_ship(campaign, ship_id)
    try:
        found = load_version(campaign, ship_id, record.roster_rev)
    except UNREADABLE_STATE as exc:
        raise StoreError(
            f"{campaign.folder / roster_db_name(ship_id)}.json: roster version "
            f"{record.roster_rev} does not read ({exc!r}); nothing was changed"
        ) from None
    if found is not None:
        return ShipCrew(record, *found)
    manifest = checked_manifest(record.spec)
    roster = named_roster(manifest, record.roster_seed, previous=newest_roster(campaign, ship_id))
    if not campaign.readonly:
        versions = read_versions(campaign, ship_id)
        versions = [v for v in versions if int(v["rev"]) != record.roster_rev]
        versions.append(version_doc(record.roster_rev, manifest, roster))
        versions.sort(key=lambda v: int(v["rev"]))
        write_versions(campaign, ship_id, kept_versions(versions, {record.roster_rev}))
    return ShipCrew(record, manifest, roster, rebuilt=True)


def ship_manifest(campaign: Campaign, ship_id: str) -> Manifest:
    """A ship's saved manifest, without reading its roster (a quick look for lists); worked
    out from the spec when the saved version is gone."""
    record = get_ship(campaign, ship_id)
    for version in read_versions(campaign, ship_id):
        if int(version["rev"]) == record.roster_rev:
            return Manifest.from_dict(version["manifest"])
    return crew_manifest(record.spec)


class ManifestCheck(msgspec.Struct, frozen=True):
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
