"""Ship actions: add, edit, import and delete a ship, name a new crew, export a crew list, undo.

The Crew tab calls these. A ship's change writes its roster file and the list of ships
(`rosters/<ship>.json`, `trackers/ships.json`): each action commits both as one, so a crash
never leaves a ship without its crew or a crew without its ship. Results say what the
screens show: the ship's id and name, its crew, how many kept their names.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypeVar

from gmtool.actions.errors import ActionRefused, refusals
from gmtool.rules.crew import manifest_csv, manifest_markdown
from gmtool.rules.crew_casualties import CONDITIONS, MemberStanding, standings
from gmtool.rules.roster import roster_csv, roster_markdown
from gmtool.rules.ships import ShipSpec
from gmtool.store import ships as ship_store
from gmtool.store.atomic import atomic_write_bytes
from gmtool.store.battles import battle_names, list_battles
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError, os_error_detail
from gmtool.store.ship_condition import last_battle_end
from gmtool.store.ships import ShipCrew, ShipNotFound

ExportWhat = Literal["manifest", "roster"]
ExportFormat = Literal["markdown", "csv"]
EXPORT_WHAT: tuple[ExportWhat, ...] = ("manifest", "roster")
EXPORT_FORMATS: tuple[ExportFormat, ...] = ("markdown", "csv")
Choice = TypeVar("Choice", bound=str)


@dataclass(frozen=True)
class ShipSaved:
    """A ship added, edited, imported or given a new crew, as saved."""

    ship_id: str
    name: str
    side: str
    total_crew: int
    kept_names: int  # crew who kept their names through an edit (0: a new ship or crew)
    new_names: int  # crew members named by this action
    crew: ShipCrew


@dataclass(frozen=True)
class ShipDeleted:
    ship_id: str
    name: str


@dataclass(frozen=True)
class ShipsUndone:
    label: str  # the store's label of the action taken back ("delete Raider Vex")


@dataclass(frozen=True)
class CrewExported:
    ship_id: str
    what: ExportWhat
    format: ExportFormat
    path: Path
    lines: int


@contextmanager
def _refusals() -> Iterator[None]:
    """The rules' refusals, and a ship id the campaign does not have, as `ActionRefused`."""
    with refusals():
        try:
            yield
        except ShipNotFound as exc:
            raise ActionRefused(str(exc)) from None


def _saved(crew: ShipCrew, before: ShipCrew | None = None) -> ShipSaved:
    old = {m.id: m.name for m in before.roster.members} if before is not None else {}
    kept = sum(1 for m in crew.roster.members if old.get(m.id) == m.name)
    record = crew.record
    return ShipSaved(
        ship_id=record.id,
        name=record.name,
        side=record.side,
        total_crew=crew.manifest.total_crew,
        kept_names=kept,
        new_names=len(crew.roster.members) - kept,
        crew=crew,
    )


def crew_of(campaign: Campaign, ship_id: str) -> ShipCrew:
    """A ship with its manifest and roster. A roster version that was gone is named again
    from the ship's seed, and (in a writable campaign) saved as one commit."""
    if campaign.readonly:
        return ship_store.ship_crew(campaign, ship_id)
    with campaign.transaction():
        return ship_store.ship_crew(campaign, ship_id)


@dataclass(frozen=True)
class CrewStandings:
    """Every roster member with their condition, and the battles' names by id (a battle
    deleted since is named "(deleted)"; one not found keeps its id)."""

    members: tuple[MemberStanding, ...]
    battle_names: dict[str, str]

    def battle_name(self, battle_id: str | None) -> str:
        return "" if battle_id is None else self.battle_names.get(battle_id, battle_id)

    def counts(self) -> dict[str, int]:
        """How many are in each condition. Asked whenever the Crew tab checks which keys
        apply (several times a key press), so counted once, in one pass over the crew."""
        return dict(self._counts)

    @functools.cached_property
    def _counts(self) -> dict[str, int]:
        found = Counter(m.condition for m in self.members)
        return {c: found[c] for c in CONDITIONS}


def standings_of(campaign: Campaign, crew: ShipCrew) -> CrewStandings:
    """Who of the ship's named crew is fit, lightly or badly wounded, or dead (read only)."""
    members = standings(crew.roster, crew.record.condition.casualties)
    hurt = any(m.battle is not None for m in members)
    return CrewStandings(members, battle_names(campaign) if hurt else {})


def add_ship(campaign: Campaign, spec: ShipSpec, side: str = "campaign") -> ShipSaved:
    """Add a ship with its manifest and a freshly named crew (one undo step)."""
    with _refusals(), campaign.transaction():
        return _saved(ship_store.add_ship(campaign, spec, side))


def edit_ship(campaign: Campaign, ship_id: str, spec: ShipSpec) -> ShipSaved:
    """Replace a ship's spec; crew whose posts are still there keep their names."""
    with _refusals(), campaign.transaction():
        before = ship_store.ship_crew(campaign, ship_id)
        return _saved(ship_store.update_ship(campaign, ship_id, spec), before)


def import_ship(campaign: Campaign, path: Path, side: str = "campaign") -> ShipSaved:
    """Read a ship spec file into the campaign (its id from the file name); a file with any
    mistake is refused with its file, key and line, and nothing is saved."""
    with _refusals(), campaign.transaction():
        return _saved(ship_store.import_ship(campaign, path, side))


def regenerate_crew(campaign: Campaign, ship_id: str) -> ShipSaved:
    """Name a whole new crew for a ship from its next seed (undo brings the old names back)."""
    with _refusals(), campaign.transaction():
        return _saved(ship_store.regenerate_crew(campaign, ship_id))


def delete_ship(campaign: Campaign, ship_id: str) -> ShipDeleted:
    """Take a ship off the list; its roster file stays, so undo brings its crew back."""
    with _refusals(), campaign.transaction():
        removed = ship_store.delete_ship(campaign, ship_id)
    return ShipDeleted(removed.id, removed.name)


def undo(campaign: Campaign) -> ShipsUndone:
    """Take back the last change to the ships (never the demo's own set-up). A battle's end
    is undone with the battle's step, unless the battle has been deleted since."""
    with _refusals(), campaign.transaction():
        battle = last_battle_end(campaign)
        gone = battle is not None and battle not in {b.id for b in list_battles(campaign)}
        undone = ship_store.undo_ships(campaign, battle_gone=gone)
    if undone is None:
        raise ActionRefused("nothing to undo: no change to the ships is left")
    return ShipsUndone(undone.label)


def export_text(
    crew: ShipCrew, what: ExportWhat, fmt: ExportFormat, standing: CrewStandings | None = None
) -> str:
    """A ship's manifest or roster as Markdown or CSV; the roster with each member's
    condition and the battle that hurt them, when `standing` is given."""
    if what == "roster":
        conditions = None
        if standing is not None:
            conditions = {
                m.member.id: (m.condition, standing.battle_name(m.battle)) for m in standing.members
            }
        if fmt == "csv":
            return roster_csv(crew.roster, conditions)
        return roster_markdown(crew.roster, conditions)
    return manifest_csv(crew.manifest) if fmt == "csv" else manifest_markdown(crew.manifest)


def _one_of(value: str, choices: tuple[Choice, ...], refusal: str) -> Choice:
    for choice in choices:
        if choice == value:
            return choice
    raise ActionRefused(f"{refusal}, not {value!r}")


def export_crew(campaign: Campaign, ship_id: str, what: str, fmt: str, path: Path) -> CrewExported:
    """Write a ship's manifest or roster to `path`, replacing a file already there.

    The file is written atomically (a temporary file beside it, then a rename): a crash or a
    full disk leaves the old file or the new one, never half of one."""
    kind = _one_of(what, EXPORT_WHAT, "export the manifest or the roster")
    form = _one_of(fmt, EXPORT_FORMATS, "export as markdown or csv")
    if not str(path).strip():
        raise ActionRefused("type a file name to export to")
    path = path.expanduser()
    if path.is_dir():
        raise ActionRefused(f"{path} is a folder: give a file name inside it")
    if not path.parent.is_dir():
        raise ActionRefused(f"cannot write {path}: the folder {path.parent} does not exist")
    with _refusals():
        crew = crew_of(campaign, ship_id)
    text = export_text(crew, kind, form, standings_of(campaign, crew))
    try:
        atomic_write_bytes(path, text.encode("utf-8"))
    except OSError as exc:
        raise StoreError(f"cannot write {path} ({os_error_detail(exc, path)})") from None
    return CrewExported(ship_id, kind, form, path, text.count("\n"))
