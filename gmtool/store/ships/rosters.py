"""Roster files: a ship's manifest and named roster as numbered versions in
`rosters/<ship id>.json`, a few kept for undo (fewer for very big crews).
"""

from __future__ import annotations

from gmtool.rules.crew import Manifest
from gmtool.rules.roster import CrewMember, Roster
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError
from gmtool.store.records import PackedRoster, RosterFile, RosterPost, RosterVersion, as_record
from gmtool.store.ships.records import ship_slug

# How many roster versions a ship's file keeps for undo: at most this many...
ROSTER_VERSIONS = 20
# ...and no more crew members than this over all kept versions (a 5,000-crew ship keeps 3),
# so saving stays fast. The version in use and the one before it are always kept.
ROSTER_MEMBERS_KEPT = 20_000

# -- roster files -----------------------------------------------------------------------------


def roster_db_name(ship_id: str) -> str:
    if ship_slug(ship_id) != ship_id:
        raise StoreError(f"{ship_id!r} is not a ship id (lower-case letters, digits, dashes)")
    return f"rosters/{ship_id}"


def read_versions(campaign: Campaign, ship_id: str) -> list[RosterVersion]:
    docs = campaign.db(roster_db_name(ship_id)).table("crew").all()
    if not docs:
        return []
    versions = as_record(docs[0], RosterFile).get("versions")
    if not isinstance(versions, list):
        raise StoreError(
            f"{campaign.folder / roster_db_name(ship_id)}.json: no list of roster versions"
        )
    return versions


def write_versions(campaign: Campaign, ship_id: str, versions: list[RosterVersion]) -> None:
    table = campaign.db(roster_db_name(ship_id)).table("crew")
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


def version_doc(rev: int, manifest: Manifest, roster: Roster) -> RosterVersion:
    return {
        "rev": rev,
        "members": len(roster.members),
        "manifest": manifest.to_dict(),
        "roster": pack_roster(roster),
    }


def kept_versions(versions: list[RosterVersion], must_keep: set[int]) -> list[RosterVersion]:
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


def save_crew(
    campaign: Campaign, ship_id: str, manifest: Manifest, roster: Roster, keep_rev: int | None
) -> int:
    """Save a new roster version for `ship_id`; returns its number. `keep_rev` (the version in
    use before) is kept whatever the size limits say, so one undo always finds its roster."""
    versions = read_versions(campaign, ship_id)
    rev = max((int(v["rev"]) for v in versions), default=0) + 1
    versions = [*versions, version_doc(rev, manifest, roster)]
    must_keep = {rev} | ({keep_rev} if keep_rev else set())
    write_versions(campaign, ship_id, kept_versions(versions, must_keep))
    return rev


def load_version(campaign: Campaign, ship_id: str, rev: int) -> tuple[Manifest, Roster] | None:
    for version in read_versions(campaign, ship_id):
        if int(version["rev"]) == rev:
            return Manifest.from_dict(version["manifest"]), unpack_roster(version["roster"])
    return None


def newest_roster(campaign: Campaign, ship_id: str) -> Roster | None:
    versions = read_versions(campaign, ship_id)
    return unpack_roster(versions[-1]["roster"]) if versions else None
