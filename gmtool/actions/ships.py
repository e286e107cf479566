"""Ship actions: add, edit, import and delete a ship, name a new crew, export a crew list,
undo and redo.

The Crew tab calls these. A ship's change writes its roster file and the list of ships
(`rosters/<ship>.json`, `trackers/ships.json`): each action commits both as one, so a crash
never leaves a ship without its crew or a crew without its ship. Results say what the
screens show: the ship's id and name, its crew, how many kept their names.

Two ships never share a name (case and spaces aside): a battle, a station and the players'
screen name ships by name. Deleting a ship that characters stand aboard takes them off
their stations in the same commit, and undoing the deletion puts them back.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal, TypeVar

import msgspec

from gmtool.actions.errors import ActionRefused, NothingToUndo, RedoRefused, refusals
from gmtool.rules.battle.departures import ship_leaves
from gmtool.rules.characters import Party
from gmtool.rules.crew import manifest_csv, manifest_markdown
from gmtool.rules.crew_casualties import CONDITIONS, MemberStanding, standings
from gmtool.rules.roster import roster_csv, roster_markdown
from gmtool.rules.ships import ShipSpec, load_ship_spec
from gmtool.store import party as party_store
from gmtool.store import ships as ship_store
from gmtool.store.atomic import atomic_write_bytes
from gmtool.store.battles import battle_names, list_battles, run_step
from gmtool.store.battles.index import ACTIVE
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError, os_error_detail
from gmtool.store.records import PartyState
from gmtool.store.ship_condition import last_battle_end
from gmtool.store.ships import ShipCrew, ShipNotFound, ShipRecord, ship_tracker
from gmtool.store.undo_history import NotRedone

ExportWhat = Literal["manifest", "roster"]
ExportFormat = Literal["markdown", "csv"]
EXPORT_WHAT: tuple[ExportWhat, ...] = ("manifest", "roster")
EXPORT_FORMATS: tuple[ExportFormat, ...] = ("markdown", "csv")
Choice = TypeVar("Choice", bound=str)


class ShipSaved(msgspec.Struct, frozen=True, dict=True):
    """A ship added, edited, imported or given a new crew, as saved."""

    ship_id: str
    name: str
    side: str
    total_crew: int
    kept_names: int  # crew who kept their names through an edit (0: a new ship or crew)
    new_names: int  # crew members named by this action
    crew: ShipCrew


class ShipDeleted(msgspec.Struct, frozen=True, dict=True):
    ship_id: str
    name: str
    unassigned: tuple[str, ...] = ()  # names of the characters taken off their stations
    left_battles: tuple[str, ...] = ()  # names of the open battles she left


class ShipsUndone(msgspec.Struct, frozen=True, dict=True):
    """A ships step taken back (`undo`) or done again (`redo`)."""

    label: str  # the store's label of the action ("delete Raider Vex")
    ship_id: str | None = None  # the ship the step changed (the first, if several)
    # characters put back at their stations (undo of a deletion) or taken off them again
    # (its redo)
    stations: tuple[str, ...] = ()
    # characters of an undone deletion left off their stations: the stations changed since
    stations_kept: tuple[str, ...] = ()


class DuplicateShipName(ActionRefused):
    """Another ship of the campaign has this name (case and spaces aside)."""

    def __init__(self, name: str, other_id: str, other_name: str) -> None:
        super().__init__(
            f"{other_name!r} ({other_id}) already has the name {name!r}: give this ship "
            "another name"
        )
        self.name = name
        self.other_id = other_id
        self.other_name = other_name


class CharactersAboard(ActionRefused):
    """A ship to delete has characters at its stations; `delete_ship(...,
    take_off_stations=True)` deletes it and takes them off."""

    def __init__(self, ship_name: str, names: tuple[str, ...]) -> None:
        super().__init__(
            f"{len(names)} character{'s are' if len(names) != 1 else ' is'} aboard "
            f"{ship_name} ({', '.join(names)}): delete it and take them off their stations, "
            "or keep it"
        )
        self.ship_name = ship_name
        self.names = names


class ShipInBattle(ActionRefused):
    """A ship to delete fights in an open battle; `delete_ship(..., leave_battles=True)`
    deletes it all the same and it leaves each battle (logged there as a step)."""

    def __init__(self, ship_name: str, battles: tuple[str, ...]) -> None:
        super().__init__(
            f"{ship_name} is in the open battle{'s' if len(battles) != 1 else ''} "
            f"{', '.join(battles)}: deleting her takes her out of "
            f"{'them' if len(battles) != 1 else 'it'}, with everyone aboard"
        )
        self.ship_name = ship_name
        self.battles = battles


class CrewExported(msgspec.Struct, frozen=True, dict=True):
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


class CrewStandings(msgspec.Struct, frozen=True, dict=True):
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


def name_key(name: str) -> str:
    """A ship's name as two names are compared: case and spaces aside."""
    return "".join(name.split()).casefold()


def _check_name(campaign: Campaign, name: str, ship_id: str | None = None) -> None:
    """Refuse a name another ship (not `ship_id`) already has."""
    wanted = name_key(name)
    for other in ship_store.list_ships(campaign):
        if other.id != ship_id and name_key(other.name) == wanted:
            raise DuplicateShipName(name, other.id, other.name)


def add_ship(campaign: Campaign, spec: ShipSpec, side: str = "campaign") -> ShipSaved:
    """Add a ship with its manifest and a freshly named crew (one undo step)."""
    with _refusals(), campaign.transaction():
        _check_name(campaign, spec.name)
        return _saved(ship_store.add_ship(campaign, spec, side))


def edit_ship(campaign: Campaign, ship_id: str, spec: ShipSpec) -> ShipSaved:
    """Replace a ship's spec; crew whose posts are still there keep their names."""
    with _refusals(), campaign.transaction():
        _check_name(campaign, spec.name, ship_id)
        before = ship_store.ship_crew(campaign, ship_id)
        return _saved(ship_store.update_ship(campaign, ship_id, spec), before)


def import_ship(campaign: Campaign, path: Path, side: str = "campaign") -> ShipSaved:
    """Read a ship spec file into the campaign (its id from the file name); a file with any
    mistake, or the name of a ship already in the campaign, is refused and nothing is
    saved."""
    with _refusals(), campaign.transaction():
        _check_name(campaign, load_ship_spec(Path(path)).name)
        return _saved(ship_store.import_ship(campaign, path, side))


def regenerate_crew(campaign: Campaign, ship_id: str) -> ShipSaved:
    """Name a whole new crew for a ship from its next seed (undo brings the old names back)."""
    with _refusals(), campaign.transaction():
        return _saved(ship_store.regenerate_crew(campaign, ship_id))


def aboard(campaign: Campaign, ship_id: str) -> tuple[str, ...]:
    """The names of the characters at a station (or off-station place) of the ship."""
    party = party_store.load_party_state(campaign)
    names = {c.id: c.name for c in party.characters}
    return tuple(
        names.get(a.character_id, a.character_id) for a in party.assignments if a.ship_id == ship_id
    )


def _deletion_tag(ship_id: str, time: str) -> str:
    """The tag of the party step that took a deleted ship's characters off their stations,
    made from the ships step's own time, so undo and redo find the pair."""
    return f"ship-deleted:{ship_id}@{time}"


def open_battles_of(campaign: Campaign, ship_id: str) -> dict[str, str]:
    """The open battles the campaign ship fights in (battle id -> name)."""
    from gmtool.store.battles import load_battle

    found: dict[str, str] = {}
    for record in list_battles(campaign):
        if record.status != ACTIVE:
            continue
        state = load_battle(campaign, record.id)
        if any(s.id == ship_id and not s.left for s in state.ships):
            found[record.id] = record.name
    return found


def delete_ship(
    campaign: Campaign,
    ship_id: str,
    take_off_stations: bool = False,
    leave_battles: bool = False,
) -> ShipDeleted:
    """Take a ship off the list; its roster file stays, so undo brings its crew back.

    A ship with characters aboard is refused (`CharactersAboard`) unless
    `take_off_stations`: then they are unassigned in the same commit (no station board is
    left naming a ship that is gone), and undoing the deletion puts them back. A ship in an
    open battle is refused (`ShipInBattle`) unless `leave_battles`: then she leaves each of
    them with her people, as a step of that battle, in the same commit (a battle never waits
    on a ship that is gone)."""
    with _refusals(), campaign.transaction():
        names = aboard(campaign, ship_id)
        record = ship_store.get_ship(campaign, ship_id)
        battles = open_battles_of(campaign, ship_id)
        if battles and not leave_battles:
            raise ShipInBattle(record.name, tuple(battles.values()))
        if names and not take_off_stations:
            raise CharactersAboard(record.name, names)
        for battle_id in battles:
            run_step(campaign, battle_id, ship_leaves, ship_id)
        removed = ship_store.delete_ship(campaign, ship_id)
        if names:
            time = ship_tracker(campaign).record()["undo"][-1].get("time", "")
            party = party_store.load_party_state(campaign)
            kept = [a for a in party.assignments if a.ship_id != ship_id]
            party_store.save_assignments(
                campaign,
                kept,
                f"take {', '.join(names)} off {removed.name} (deleted)",
                tag=_deletion_tag(ship_id, time),
            )
    return ShipDeleted(removed.id, removed.name, names, tuple(battles.values()))


def _ships_of(state: object) -> dict[str, ShipRecord]:
    ships = state.get("ships", []) if isinstance(state, dict) else []
    return {doc["id"]: ShipRecord.from_dict(doc) for doc in ships}


def _changed_ship(before: dict[str, ShipRecord], after: dict[str, ShipRecord]) -> str | None:
    """The ship a step changed: one it added, removed or changed (the first such)."""
    for ship_id in [*after, *before]:
        if before.get(ship_id) != after.get(ship_id):
            return ship_id
    return None


def _names_in(party_state: PartyState | None, ship_id: str) -> tuple[str, ...]:
    """Names of the characters a saved party state has aboard `ship_id`."""
    if party_state is None:
        return ()
    party = Party.from_dict(dict(party_state))
    names = {c.id: c.name for c in party.characters}
    return tuple(
        names.get(a.character_id, a.character_id) for a in party.assignments if a.ship_id == ship_id
    )


def undo(campaign: Campaign) -> ShipsUndone:
    """Take back the last change to the ships (never the demo's own set-up). A battle's end
    is undone with the battle's step, unless the battle has been deleted since. Undoing a
    deletion puts the characters it took off their stations back, in the same commit
    (unless the stations changed since: then they stay off, and the result says who)."""
    with _refusals(), campaign.transaction():
        battle = last_battle_end(campaign)
        gone = battle is not None and battle not in {b.id for b in list_battles(campaign)}
        tracker = ship_tracker(campaign)
        record = tracker.record()
        time = record["undo"][-1].get("time", "") if record["undo"] else ""
        undone = ship_store.undo_ships(campaign, battle_gone=gone)
        if undone is None:
            raise NothingToUndo("nothing to undo: no change to the ships is left")
        before = _ships_of(record["state"])
        after = _ships_of(undone.state)
        ship_id = _changed_ship(before, after)
        back: tuple[str, ...] = ()
        left: tuple[str, ...] = ()
        if ship_id is not None and ship_id not in before and ship_id in after:
            tag = _deletion_tag(ship_id, time)
            party = party_store.party_tracker(campaign)
            later = party.labels_after(tag)
            if later == []:
                party.undo()
                back = aboard(campaign, ship_id)
            elif later:
                steps = party.record()["undo"]
                tagged = [s for s in steps if s.get("tag") == tag][-1]
                left = _names_in(tagged["previous"], ship_id)
    return ShipsUndone(undone.label, ship_id, back, left)


def redo(campaign: Campaign) -> ShipsUndone:
    """Do the last undone change to the ships again (ctrl+y), with the roster it named and,
    for a deletion, the characters taken off their stations again. A battle's end is
    redone with the battle's step (`RedoRefused`)."""
    with _refusals(), campaign.transaction():
        tracker = ship_tracker(campaign)
        record = tracker.record()
        steps = record.get("redo", [])
        if not steps:
            raise RedoRefused(NotRedone.NOTHING)
        step = steps[-1]
        if step.get("tag") is not None:
            raise RedoRefused(NotRedone.BATTLE_END)
        time = step.get("time", "")
        done = ship_store.redo_ships(campaign)
        assert done is not None  # the redo stack was not empty
        before = _ships_of(record["state"])
        after = _ships_of(done.state)
        ship_id = _changed_ship(before, after)
        again: tuple[str, ...] = ()
        if ship_id is not None and ship_id in before and ship_id not in after:
            party = party_store.party_tracker(campaign)
            party_redo = party.record().get("redo", [])
            if party_redo and party_redo[-1].get("tag") == _deletion_tag(ship_id, time):
                again = aboard(campaign, ship_id)
                party.redo()
    return ShipsUndone(done.label, ship_id, again)


def next_undo(campaign: Campaign) -> str | None:
    """The label of the change ctrl+z would take back (None: nothing it can)."""
    label = ship_tracker(campaign).last_label()
    return None if label in (None, ship_store.DEMO_LABEL) else label


def next_redo(campaign: Campaign) -> str | None:
    """The label of the change ctrl+y would do again (None: nothing, or a battle's end,
    which is redone in the Battle tab)."""
    steps = ship_tracker(campaign).record().get("redo", [])
    if not steps or steps[-1].get("tag") is not None:
        return None
    return steps[-1]["label"]


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
