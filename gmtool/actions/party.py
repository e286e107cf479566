"""Party actions: characters (add, edit, delete), battle stations and postures, the tasks a
character takes at a station, party files (import, export), undo.

The Stations tab calls these. Each reads the saved party, checks the change with the rules
(refusals name people and ships by name, never by id), saves the whole party as one undo
step and one commit, and returns what changed: the character, where they were and are now,
the label ctrl+z will show.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec
from msgspec.structs import replace

from gmtool.actions.errors import ActionRefused, NothingToUndo, RedoRefused, refusals
from gmtool.rules.characters import Character, Party
from gmtool.rules.station_tasks import TaskRefusal, refusal_text, task_refusal
from gmtool.rules.stations import (
    Assignment,
    assign,
    assignment_of,
    move,
    set_posture,
    station_board,
    station_table,
    unassign,
)
from gmtool.store import party as party_store
from gmtool.store.campaign import Campaign
from gmtool.store.injury_party import injury_step
from gmtool.store.party import ImportResult
from gmtool.store.ships import ShipRecord, list_ships
from gmtool.store.undo_history import NotRedone


class CharacterSaved(msgspec.Struct, frozen=True):
    """A character added or edited, as saved (a new one with the id it was given)."""

    character: Character
    party: Party


class CharacterDeleted(msgspec.Struct, frozen=True):
    character_id: str
    name: str
    party: Party


class StationChanged(msgspec.Struct, frozen=True):
    """A character's battle station, posture or task changed."""

    character_id: str
    name: str
    before: Assignment | None
    after: Assignment | None  # None: taken off every station
    label: str  # what ctrl+z will say it undoes
    party: Party


class PartyUndone(msgspec.Struct, frozen=True):
    label: str


class PartyExported(msgspec.Struct, frozen=True):
    path: Path
    characters: int
    assignments: int


class DuplicateName(ActionRefused):
    """Two characters would share a name (told apart neither on the board nor by the GM);
    `name` is the one asked for, `taken_by` the character who has it already."""

    def __init__(self, name: str, taken_by: str, where: str = "") -> None:
        self.name = name
        self.taken_by = taken_by
        same = "" if taken_by == name else f" ({taken_by})"
        super().__init__(
            f"{where}there is already a character named {name}{same}: give each character "
            "a name of their own"
        )


def name_key(name: str) -> str:
    """A name as two names are compared: case and spacing do not count ('Rhea  vos' is
    'Rhea Vos')."""
    return " ".join(name.casefold().split())


def _refuse_same_name(party: Party, name: str, other_than: str | None = None) -> None:
    for character in party.characters:
        if character.id != other_than and name_key(character.name) == name_key(name):
            raise DuplicateName(name, character.name)


def _refuse_names_shared(party: Party, where: str) -> None:
    seen: dict[str, str] = {}
    for character in party.characters:
        key = name_key(character.name)
        if key in seen:
            raise DuplicateName(character.name, seen[key], where)
        seen[key] = character.name


class InjuryStepRefused(ActionRefused):
    """The party's last change came with injury entries (a hazard, damage, healing): undone
    here, their damage would go and the entries stay. `label` is the change."""

    def __init__(self, label: str) -> None:
        self.label = label
        super().__init__(
            f"“{label}” is in the injury history: take it back with the injuries, so the "
            "history and the party agree"
        )


class TaskRefused(ActionRefused):
    """A task the board would not have the character do; `refusal` says why, typed."""

    def __init__(self, refusal: TaskRefusal) -> None:
        self.refusal = refusal
        super().__init__(refusal_text(refusal))


# -- names --------------------------------------------------------------------------------


def place_name(place: str) -> str:
    """A station's or an off-station place's name ('Bridge', 'In sickbay')."""
    table = station_table()
    if place in table.stations:
        return table.stations[place].name
    if place in table.off_station:
        return table.off_station[place].name
    raise ActionRefused(f"no station or place {place!r}: expected one of {', '.join(table.places)}")


def _character(party: Party, character_id: str) -> Character:
    for character in party.characters:
        if character.id == character_id:
            return character
    raise ActionRefused(f"no character {character_id!r} in the party")


def _ship(ships: Sequence[ShipRecord], ship_id: str) -> ShipRecord:
    for ship in ships:
        if ship.id == ship_id:
            return ship
    raise ActionRefused(f"no ship {ship_id!r} in the campaign")


def _where(assignment: Assignment, ships: Sequence[ShipRecord]) -> str:
    ship = next((s.name for s in ships if s.id == assignment.ship_id), assignment.ship_id)
    if assignment.station_id is None:
        return f"{place_name(assignment.place).lower()} ({ship})"
    return f"at {place_name(assignment.place)} on {ship}"


# -- characters ---------------------------------------------------------------------------


def add_character(campaign: Campaign, character: Character) -> CharacterSaved:
    """Add a character to the party, unassigned, with an id made from their name."""
    with refusals(), campaign.transaction():
        party = party_store.load_party_state(campaign)
        _refuse_same_name(party, character.name)
        new = replace(character, id=party_store.new_character_id(party, character.name))
        saved = party_store.add_character(campaign, new)
    return CharacterSaved(saved.character(new.id), saved)


def edit_character(campaign: Campaign, character: Character) -> CharacterSaved:
    """Replace the character with the same id (their station stays)."""
    with refusals(), campaign.transaction():
        party = party_store.load_party_state(campaign)
        _character(party, character.id)
        _refuse_same_name(party, character.name, other_than=character.id)
        saved = party_store.update_character(campaign, character, f"edit {character.name}")
    return CharacterSaved(saved.character(character.id), saved)


def delete_character(campaign: Campaign, character_id: str) -> CharacterDeleted:
    """Remove a character and their station (undo brings both back)."""
    with refusals(), campaign.transaction():
        gone = _character(party_store.load_party_state(campaign), character_id)
        saved = party_store.delete_character(campaign, character_id)
    return CharacterDeleted(character_id, gone.name, saved)


# -- stations -----------------------------------------------------------------------------


class _Now(msgspec.Struct, frozen=True):
    """The saved party and ships as a station action finds them."""

    party: Party
    ships: list[ShipRecord]
    character: Character
    current: Assignment | None  # where the character is

    @property
    def ids(self) -> dict[str, Any]:
        """The ids the rules check an assignment against."""
        return {"characters": self.party.ids, "ships": [s.id for s in self.ships]}


def _now(campaign: Campaign, character_id: str) -> _Now:
    party = party_store.load_party_state(campaign)
    character = _character(party, character_id)
    current = assignment_of(party.assignments, character_id)
    return _Now(party, list_ships(campaign), character, current)


def _save(
    campaign: Campaign, now: _Now, assignments: tuple[Assignment, ...], label: str
) -> StationChanged:
    saved = party_store.save_assignments(campaign, assignments, label)
    who = now.character
    after = assignment_of(saved.assignments, who.id)
    return StationChanged(who.id, who.name, now.current, after, label, saved)


def assign_station(
    campaign: Campaign, character_id: str, ship_id: str, place: str, posture: str | None = None
) -> StationChanged:
    """Put an unplaced character at a station (or off station) of a ship; `posture` None is
    the place's usual one. A placed character is refused: move them instead."""
    with refusals(), campaign.transaction():
        now = _now(campaign, character_id)
        ship = _ship(now.ships, ship_id)
        name = now.character.name
        if now.current is not None:
            raise ActionRefused(
                f"{name} is already {_where(now.current, now.ships)}: a character is at one "
                "station at most (move them instead)"
            )
        new = assign(
            now.party.assignments,
            character_id,
            ship_id,
            place,
            posture,
            **now.ids,
        )
        return _save(campaign, now, new, f"assign {name} to {place_name(place)} ({ship.name})")


def move_to_station(
    campaign: Campaign, character_id: str, ship_id: str, place: str, posture: str | None = None
) -> StationChanged:
    """Put a character somewhere new, placed or not (their task goes back to auto)."""
    with refusals(), campaign.transaction():
        now = _now(campaign, character_id)
        ship = _ship(now.ships, ship_id)
        new = move(
            now.party.assignments,
            character_id,
            ship_id,
            place,
            posture,
            **now.ids,
        )
        label = f"move {now.character.name} to {place_name(place)} ({ship.name})"
        return _save(campaign, now, new, label)


def set_task(
    campaign: Campaign, character_id: str, task: str, leads: str | None = None
) -> StationChanged:
    """Ask a character at a station to work hands-on, to lead (their own team, or the team of
    `leads` from a station that directs others), or to let the board choose (`auto`).

    Refused (`TaskRefused`, typed) when the board would not have them do it: no skill for it,
    out of action, or someone better already rolls or leads."""
    with campaign.transaction():
        with refusals():
            now = _now(campaign, character_id)
            current = now.current
            name = now.character.name
            if current is None or current.station_id is None:
                raise ActionRefused(f"{name} is at no station: only a station has a task")
            new = move(
                now.party.assignments,
                character_id,
                current.ship_id,
                current.place,
                current.posture,
                task=task,
                leads=leads,
                **now.ids,
            )
            refusal = None
            ship = next((s for s in now.ships if s.id == current.ship_id), None)
            if ship is not None:
                board = station_board(
                    ship.id, ship.spec.crew_check_score, now.party.characters, new
                )
                refusal = task_refusal(board, now.character, current.place, task, leads)
        if refusal is not None:
            raise TaskRefused(refusal)
        asked = {
            "auto": "task chosen by the board",
            "hands_on": "hands-on",
            "leading": f"leading the {place_name(leads or current.place)} team",
        }
        with refusals():
            return _save(campaign, now, new, f"{name} {asked[task]}")


def set_station_posture(campaign: Campaign, character_id: str, posture: str) -> StationChanged:
    """Strap a character in (secure) or set them moving about (vulnerable)."""
    with refusals(), campaign.transaction():
        now = _now(campaign, character_id)
        name = now.character.name
        if now.current is None:
            raise ActionRefused(f"{name} has no station: assign them first")
        new = set_posture(now.party.assignments, character_id, posture)
        return _save(campaign, now, new, f"{name} {posture}")


def leave_station(campaign: Campaign, character_id: str) -> StationChanged:
    """Take a character off every station (they are then on no ship)."""
    with refusals(), campaign.transaction():
        now = _now(campaign, character_id)
        name = now.character.name
        if now.current is None:
            raise ActionRefused(f"{name} has no station to leave")
        return _save(
            campaign, now, unassign(now.party.assignments, character_id), f"unassign {name}"
        )


def undo(campaign: Campaign) -> PartyUndone:
    """Take back the party's last action (a station, an edit, an injury, an import, a
    station's roll: its rolls are marked undone). A change that came with injury entries is
    refused (`InjuryStepRefused`): the Injuries tab takes it back with its entries."""
    with campaign.transaction():
        label = injury_step(campaign)
        if label is not None:
            raise InjuryStepRefused(label)
        undone = party_store.undo_party(campaign)
    if undone is None:
        raise NothingToUndo("nothing to undo: no change to the party is left")
    return PartyUndone(undone.label)


def redo(campaign: Campaign) -> PartyUndone:
    """Do again the party action undone last (its rolls count again, never re-rolled);
    refused when nothing was undone since the last action."""
    with campaign.transaction():
        redone = party_store.party_tracker(campaign).redo()
    if redone is None:
        raise RedoRefused(NotRedone.NOTHING)
    return PartyUndone(redone.label)


class UndoState(msgspec.Struct, frozen=True):
    """What ctrl+z and ctrl+y would take back or do again (None: nothing)."""

    undo: str | None
    redo: str | None


def undo_state(campaign: Campaign) -> UndoState:
    tracker = party_store.party_tracker(campaign)
    return UndoState(tracker.last_label(), tracker.next_redo_label())


# -- party files --------------------------------------------------------------------------


def import_party(campaign: Campaign, path: Path, *, replace_party: bool = False) -> ImportResult:
    """Read a party YAML file: its characters are added (or replace those with the same id),
    or with `replace_party` become the whole party. A file with any mistake is refused with
    its file, key and line, and changes nothing."""
    with refusals(), campaign.transaction():
        done = party_store.import_party(campaign, path, replace=replace_party)
        # refused after the merge: the transaction then saves none of it
        _refuse_names_shared(party_store.load_party_state(campaign), f"{Path(path).name}: ")
        return done


def export_party(campaign: Campaign, path: Path, *, overwrite: bool = False) -> PartyExported:
    """Write the party (characters and stations) as a YAML file that `import_party` reads
    back, atomically; an existing file is kept unless `overwrite`."""
    path = path.expanduser()
    if path.is_dir():
        raise ActionRefused(f"{path} is a folder: give a file name such as {path / 'party.yaml'}")
    if not path.parent.is_dir():
        raise ActionRefused(f"cannot export to {path}: the folder {path.parent} does not exist")
    if path.exists() and not overwrite:
        raise ActionRefused(f"{path} already exists (export again to overwrite it)")
    with refusals():
        party = party_store.load_party_state(campaign)
        written = party_store.export_party(campaign, path, overwrite=overwrite)
    return PartyExported(written, len(party.characters), len(party.assignments))
