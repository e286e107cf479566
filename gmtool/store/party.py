"""The campaign's party: its characters and their battle stations, saved as one tracker state.

The whole `Party` (characters and assignments, `Party.to_dict()`) is the state of the
`Tracker(campaign, "party")`, saved after every action so that ctrl+z can step back one
action at a time. Everything that changes a character or a station goes through here: the
Stations tab, and later the hazards and the Battle tab (`update_character` with the rolls that
did the damage, so undoing it also marks those rolls undone in the log).

Every change is checked before anything is written; a refused change raises `RulesError`
(or `StoreError`) and leaves the saved party as it was.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from gmtool.rules.characters import Character, Party, load_party, party_to_yaml
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import Assignment
from gmtool.store.atomic import atomic_write_bytes
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.ids import unique_id
from gmtool.store.records import PartyState
from gmtool.store.rolllog import RollEntry
from gmtool.store.tracker import Tracker, UndoneAction

if TYPE_CHECKING:
    from gmtool.store.ships import ShipRecord

PARTY_TRACKER = "party"

__all__ = [
    "PARTY_TRACKER",
    "ImportResult",
    "add_character",
    "campaign_ships",
    "delete_character",
    "export_party",
    "import_party",
    "load_party_state",
    "new_character_id",
    "party_tracker",
    "save_assignments",
    "save_party",
    "seed_demo_party",
    "ship_ids",
    "take_back_tagged",
    "undo_party",
    "update_character",
]


# -- the campaign's ships -----------------------------------------------------------------


def campaign_ships(campaign: Campaign) -> list[ShipRecord]:
    """The campaign's ships (both sides), in the ship store's order."""
    # the ship records (their crews' rules) load here: a battle step reads only the party
    from gmtool.store.ships import list_ships

    return list_ships(campaign)


def ship_ids(campaign: Campaign) -> list[str]:
    return [ship.id for ship in campaign_ships(campaign)]


# -- loading and saving -------------------------------------------------------------------


def party_tracker(campaign: Campaign) -> Tracker[PartyState]:
    return Tracker(campaign, PARTY_TRACKER)


def load_party_state(campaign: Campaign) -> Party:
    """The saved party (an empty one in a campaign that has none yet)."""
    state = party_tracker(campaign).load()
    if state is None:
        return Party(())
    try:
        party = Party.from_dict(state)
        _check_party(party)
    except UNREADABLE_STATE as exc:
        raise StoreError(
            f"{campaign.folder / 'trackers' / (PARTY_TRACKER + '.json')}: the saved party does "
            f"not read ({exc}); it was left unchanged"
        ) from None
    return party


def _check_party(party: Party) -> None:
    """Refuse a party whose ids clash or whose assignments name missing characters."""
    seen: set[str] = set()
    for character in party.characters:
        if character.id in seen:
            raise RulesError(f"two characters share the id {character.id!r}")
        seen.add(character.id)
    placed: set[str] = set()
    for assignment in party.assignments:
        who = assignment.character_id
        if who not in seen:
            raise RulesError(f"an assignment names {who!r}, who is not in the party")
        if who in placed:
            raise RulesError(f"{who} is assigned twice: a character is at one station at most")
        placed.add(who)


def save_party(
    campaign: Campaign,
    party: Party,
    label: str,
    rolls: list[RollEntry] | None = None,
    tag: str | None = None,
) -> Party:
    """Check and save the whole party after the action `label` (one undo step; `tag` marks
    one made by a battle step, store.battles.station_tag); returns the party as saved
    (characters read back through the rules, every damage track listed)."""
    # Read back before writing: what is saved is checked by the rules and reads back the same.
    checked = Party.from_dict(party.to_dict())
    _check_party(checked)
    party_tracker(campaign).save(party_state(checked), label, rolls=rolls, tag=tag)
    return checked


def take_back_tagged(campaign: Campaign, tag: str) -> bool:
    """Undo the party step a battle step made (tagged `tag`); False when there is none
    (undone already on the Stations tab, or out of the undo window). Refused (RulesError)
    while later party changes stand, so neither undo gives back the other's work."""
    tracker = party_tracker(campaign)
    later = tracker.labels_after(tag)
    if later is None:
        return False
    if later:
        raise RulesError(
            f"the stations were changed after this step ({', '.join(later)}): undo those "
            "changes first"
        )
    tracker.undo()
    return True


def party_state(party: Party) -> PartyState:
    """The party as its tracker saves it (the characters' and assignments' own shapes are
    the rules')."""
    data = party.to_dict()
    return {"characters": data["characters"], "assignments": data["assignments"]}


def undo_party(campaign: Campaign) -> UndoneAction[PartyState] | None:
    """Step back one party action; None when there is nothing to undo."""
    return party_tracker(campaign).undo()


# -- characters ---------------------------------------------------------------------------


def new_character_id(party: Party, name: str) -> str:
    """An id for a new character from its name, unique in the party (mara-voss, mara-voss-2)."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    if not base:
        raise RulesError("a character's name needs at least one letter or digit")
    return unique_id(base, set(party.ids))


def add_character(campaign: Campaign, character: Character) -> Party:
    party = load_party_state(campaign)
    if character.id in party.ids:
        raise RulesError(
            f"a character with the id {character.id!r} is already in the party "
            f"({party.character(character.id).name})"
        )
    new = Party((*party.characters, character), party.assignments)
    return save_party(campaign, new, f"new character {character.name}")


def update_character(
    campaign: Campaign,
    character: Character,
    label: str,
    rolls: list[RollEntry] | None = None,
    tag: str | None = None,
) -> Party:
    """Replace the character with the same id (edits, damage, treatment) and save.

    `rolls` are the saved roll-log entries that led to the change (a hazard roll, a damage
    roll): undoing this action marks them undone in the log. `tag` marks a step made for
    injury entries (store/injury_party.py).
    """
    party = load_party_state(campaign)
    party.character(character.id)  # refuses an unknown id
    new = Party(
        tuple(character if c.id == character.id else c for c in party.characters),
        party.assignments,
    )
    return save_party(campaign, new, label, rolls=rolls, tag=tag)


def delete_character(campaign: Campaign, character_id: str) -> Party:
    """Remove a character and their station."""
    party = load_party_state(campaign)
    gone = party.character(character_id)
    new = Party(
        tuple(c for c in party.characters if c.id != character_id),
        tuple(a for a in party.assignments if a.character_id != character_id),
    )
    return save_party(campaign, new, f"delete {gone.name}")


def save_assignments(
    campaign: Campaign, assignments: Sequence[Assignment], label: str, tag: str | None = None
) -> Party:
    """Save new battle stations (from `gmtool.rules.stations` assign/move/unassign/...)."""
    party = load_party_state(campaign)
    return save_party(campaign, Party(party.characters, tuple(assignments)), label, tag=tag)


# -- import and export --------------------------------------------------------------------


class ImportResult(msgspec.Struct, frozen=True):
    file: str
    added: tuple[str, ...]  # names of characters new to the party
    replaced: tuple[str, ...]  # names of characters whose earlier version was replaced
    assignments: int
    replaced_party: bool

    def describe(self) -> str:
        parts = [f"{len(self.added)} new"]
        if self.replaced:
            parts.append(f"{len(self.replaced)} updated")
        what = "replaced the party with" if self.replaced_party else "imported"
        count = len(self.added) + len(self.replaced)
        return (
            f"{what} {count} character{'s' if count != 1 else ''} ({', '.join(parts)}) and "
            f"{self.assignments} station assignment{'s' if self.assignments != 1 else ''} "
            f"from {self.file}"
        )


def _read_party_file(path: Path, ships: Sequence[str]) -> Party:
    if not ships:
        party = load_party(path)
        if party.assignments:
            named = sorted({a.ship_id for a in party.assignments})
            raise RulesError(
                f"{path}: the assignments name ships ({', '.join(named)}) but the campaign has "
                "no ships yet: add the ships first, or import the file without assignments"
            )
        return party
    return load_party(path, ships=ships)


def import_party(campaign: Campaign, path: Path | str, *, replace: bool = False) -> ImportResult:
    """Read a party YAML file into the campaign; a bad file changes nothing.

    By default characters in the file are added, or replace the character with the same id,
    and their assignments in the file replace where they were. With `replace` the file becomes
    the whole party. Assignments must name the campaign's ships.
    """
    path = Path(path)
    incoming = _read_party_file(path, ship_ids(campaign))
    party = load_party_state(campaign)
    if replace:
        new = incoming
        added = tuple(c.name for c in incoming.characters)
        replaced: tuple[str, ...] = ()
    else:
        by_id = {c.id: c for c in incoming.characters}
        known = set(party.ids)
        characters = [by_id.get(c.id, c) for c in party.characters]
        characters += [c for c in incoming.characters if c.id not in known]
        moved = {a.character_id for a in incoming.assignments}
        assignments = [a for a in party.assignments if a.character_id not in moved]
        assignments += incoming.assignments
        new = Party(tuple(characters), tuple(assignments))
        added = tuple(c.name for c in incoming.characters if c.id not in known)
        replaced = tuple(c.name for c in incoming.characters if c.id in known)
    save_party(campaign, new, f"import {path.name}")
    return ImportResult(str(path), added, replaced, len(incoming.assignments), replace)


def export_party(campaign: Campaign, path: Path | str, *, overwrite: bool = False) -> Path:
    """Write the party (characters and stations) as a YAML file `import_party` reads back."""
    path = Path(path)
    if path.is_dir():
        raise StoreError(f"{path} is a folder: give a file name such as {path / 'party.yaml'}")
    if not path.parent.is_dir():
        raise StoreError(f"cannot export to {path}: the folder {path.parent} does not exist")
    if path.exists() and not overwrite:
        raise StoreError(f"{path} already exists (export again to overwrite it)")
    party = load_party_state(campaign)
    text = party_to_yaml(party.characters, party.assignments)
    try:
        atomic_write_bytes(path, text.encode("utf-8"))
    except OSError as exc:
        raise StoreError(f"cannot write {path}: {exc.strerror}") from None
    return path


# -- the demo campaign --------------------------------------------------------------------


def seed_demo_party(campaign: Campaign, demo_dir: Path) -> None:
    """Seeder for the demo campaign: the party in `party.yaml` with its stations (after the
    ships seeder: assignments must name the campaign's ships)."""
    file = demo_dir / "party.yaml"
    if not file.exists():
        return
    try:
        party = _read_party_file(file, ship_ids(campaign))
    except RulesError as exc:
        raise StoreError(f"the demo party does not read: {exc}") from None
    save_party(campaign, party, "demo party")
