"""The saved records' types, checked whenever a file is read.

A campaign file that parses as JSON can still be wrong: a roll whose id is text, a seed of
"abc", an injury entry without its tracks. Read as plain dicts, such a record surfaced as a
traceback deep in a tab, or was rewritten around. Each kind of record is a `TypedDict` here,
and `records_problem` converts a file's tables to them with msgspec (strict: no "3" for 3, no
true for 1; C speed: 500 rolls in about 0.2 ms). The store's one check of a file
(`atomic._read_store_file`, behind reading, backing up and choosing a backup) calls it, so a
bad record makes its file damaged like a cut-off one, with the record and the field named:
never read, never backed up, never rewritten. The records stay plain dicts for the code
that uses them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NotRequired, TypedDict, TypeVar, cast

import msgspec

from gmtool.rules.limits import MAX_RECORD_ID, MAX_SEED

R = TypeVar("R")

RecordId = Annotated[int, msgspec.Meta(ge=1, le=MAX_RECORD_ID)]
Die = tuple[int, int, int]  # sides, value, sign
Tracks = dict[str, int]


class CampaignMeta(TypedDict):
    """campaign.json's one meta record."""

    name: str
    schema: NotRequired[int]  # missing: "not a gmtool campaign", said by the campaign
    seed: Annotated[int, msgspec.Meta(ge=0, le=MAX_SEED)]
    created: NotRequired[str]
    session: NotRequired[int | None]


class GameSession(TypedDict):
    id: RecordId
    title: str
    started: str
    ended: str | None


RollRecord = TypedDict(
    "RollRecord",
    {
        "id": RecordId,
        "kind": str,
        "for": str,
        "source": str,
        "expression": str,
        "dice": list[Die],
        "total": int,
        "time": str,
        "action": RecordId,
        "session": NotRequired[int | None],
        "modifier": NotRequired[int],
        "track": NotRequired[str | None],
        "score": NotRequired[int],
        "step": NotRequired[int],
        "control": NotRequired[int],
        "situation": NotRequired[str],
        "degree": NotRequired[str | None],
        "undone": NotRequired[bool],
        # a draw (kind "draw": crew losses falling on the named crew): who each pick fell on
        "drawn": NotRequired[list[str]],
    },
)


class InjuryDetail(TypedDict, total=False):
    """The rules' own account of an injury entry (a hazard's dice, a damage result); the
    fields the history shows are typed, the rest is kept as saved."""

    ship_class: str
    hazard_roll: int  # left out when the character was endangered outright (on station)
    outright: bool
    endangered_on: int
    endangered: bool
    feat_control: int | None
    feat_situation: list[int]
    feat_total: int | None
    degree: str | None
    injury: str | None
    injury_dice: list[int]
    injury_total: int | None
    amount: int
    restored: int  # healing: points given back in all (a treatment's, a doctor's roll's)
    restored_by_track: Tracks
    note: str
    days: int  # a rest's days, and those carried toward the next point of a slow track
    carried_before: Tracks
    carried_after: Tracks


class InjuryDice(TypedDict):
    expression: str | None
    dice: list[Die] | None
    total: int | None


class InjuryHeader(TypedDict):
    """Who, when and where of an injury entry, the same for every kind (store/injuries.py's
    `entry_base`)."""

    kind: str
    character: str
    character_name: str
    time: str
    session: int | None
    battle: str | None
    round: int | None
    ship: str | None
    ship_name: str | None
    cause: str
    undone: bool
    session_title: NotRequired[str | None]
    typed_in: NotRequired[bool]  # damage the GM typed in on the Battle tab; `note` says why
    note: NotRequired[str]


class InjuryChange(TypedDict):
    """What an injury entry did to the character's tracks, and the rules' account of it."""

    before: Tracks
    after: Tracks
    marked: Tracks
    state_before: str
    state: str
    summary: str
    track: NotRequired[str | None]
    posture: NotRequired[str]
    detail: NotRequired[InjuryDetail]
    stabilized_before: NotRequired[bool]
    stabilized_after: NotRequired[bool]
    rolls: NotRequired[list[RecordId]]
    dice: NotRequired[list[InjuryDice]]
    batch: NotRequired[RecordId]  # entries saved by one action for several characters


class NewInjuryEntry(InjuryHeader, InjuryChange):
    """An injury entry before the history gives it its id."""


class InjuryEntry(NewInjuryEntry):
    id: RecordId


class BattleListRecord(TypedDict):
    """One battle in the list of battles (its state lives in its own files)."""

    id: RecordId
    battle: str
    name: str
    status: str
    created: str
    round: int
    session: NotRequired[int | None]


# The state of a skirmish game or of one battle: the rules engine's own dict (GameState,
# BattleState to_dict), free-form here and checked field by field by its from_dict.
EngineState = dict[str, Any]


class UndoStep(TypedDict):
    """One action a tab can take back: its label and the state before it; on the redo
    stack, what the undo took out beside the state (`kept`, store/undo_history.py)."""

    label: str
    previous: EngineState | None
    rolls: NotRequired[list[RecordId]]
    time: NotRequired[str]
    tag: NotRequired[str]
    kept: NotRequired[RedoKept]


class TrackerRecord(TypedDict):
    """A tab's saved state with its undo stack (`trackers/<name>.json`) and the steps undone
    that ctrl+y can redo (`previous` of a redo step is the state it brings back)."""

    state: EngineState | None
    undo: list[UndoStep]
    redo: NotRequired[list[UndoStep]]


class ShipDoc(TypedDict):
    """One campaign ship (store/ships.ShipRecord); its spec and condition are the rules'
    own shapes (ShipSpec, ShipCondition), checked by their from_dict."""

    id: str
    side: str
    spec: dict[str, Any]  # the rules' ShipSpec.to_dict: its shape belongs to the ship rules
    roster_seed: NotRequired[str]
    regenerations: NotRequired[int]
    roster_rev: NotRequired[int]
    condition: NotRequired[dict[str, Any] | None]


class ShipsState(TypedDict):
    """The campaign's ships: a list of them, never something else read as none."""

    ships: list[ShipDoc]
    version: NotRequired[int]


class ShipsUndoStep(UndoStep):
    previous: ShipsState | None  # type: ignore[misc]


class ShipsTracker(TypedDict):
    state: ShipsState | None
    undo: list[ShipsUndoStep]
    redo: NotRequired[list[ShipsUndoStep]]


class PartyState(TypedDict):
    """The party: its characters and where each stands at battle stations (each the rules'
    own shape, rules/characters.py and rules/stations.py, checked by Party.from_dict)."""

    characters: list[dict[str, Any]]  # rules/characters.Character's to_dict
    assignments: list[dict[str, Any]]  # rules/stations.Assignment's to_dict


class PartyUndoStep(UndoStep):
    previous: PartyState | None  # type: ignore[misc]


class PartyTracker(TypedDict):
    state: PartyState | None
    undo: list[PartyUndoStep]
    redo: NotRequired[list[PartyUndoStep]]


class BailoutState(TypedDict):
    """The last order to abandon ship (store/bailout.BailoutRecord); the evacuation itself
    is the rules' Bailout, checked by its from_dict."""

    bailout: dict[str, Any]  # the rules' Bailout.to_dict
    ship_id: str | None
    ship_name: str | None
    after_entry: NotRequired[int]
    rolls: NotRequired[list[RecordId]]


class BailoutUndoStep(UndoStep):
    previous: BailoutState | None  # type: ignore[misc]


class BailoutTracker(TypedDict):
    state: BailoutState | None
    undo: list[BailoutUndoStep]
    redo: NotRequired[list[BailoutUndoStep]]


class RosterPost(TypedDict):
    """One post's crew in a saved roster: id, rank title and name of each member."""

    post_id: str
    post_name: str
    rank: str
    department: str
    department_name: str
    crew: list[tuple[str, str, str]]


class PackedRoster(TypedDict):
    ship: str
    seed: str
    posts: list[RosterPost]


class RosterVersion(TypedDict):
    rev: int
    members: int
    manifest: dict[str, Any]  # the rules' own shape (rules/crew.Manifest, its from_dict checks)
    roster: PackedRoster


class RosterFile(TypedDict):
    """rosters/<ship>.json: the numbered roster versions of one ship."""

    versions: list[RosterVersion]


class RedoRoster(TypedDict):
    """A roster version an undo dropped, kept so that ctrl+y can bring it back."""

    ship_id: str
    version: RosterVersion


class NotRedone(StrEnum):
    """Why the next redo step is not done again (each front end words it)."""

    NOTHING = "nothing"  # nothing was taken back since the last new step
    ENDED_BATTLE = "ended-battle"  # the step ended the battle: end it again
    HURT_CHARACTERS = "hurt-characters"  # its injuries were given back: play it again
    MOVED_CHARACTERS = "moved-characters"  # its station moves were taken back
    UNDONE_ELSEWHERE = "undone-elsewhere"  # taken back by another history: play it again
    BATTLE_END = "battle-end"  # a battle's end in the ships: redone with the battle
    STEP_TAKEN_BACK = "step-taken-back"  # injury entries whose battle step was taken back


class RedoKept(TypedDict, total=False):
    """What an undo took out beside its tracker's state, kept on the step's redo entry so
    that ctrl+y puts it back whole (each key is one kind of history's)."""

    events: list[BattleEventRecord]  # a battle step: the events it logged
    before: int  # a battle step: how many events the battle had before it
    blocked: str  # why the step is not redone (a NotRedone value), when it is not
    rosters: list[RedoRoster]  # a ships step: the roster versions its undo dropped
    entries: list[RecordId]  # an injury batch the undo marked undone (no tracker state)
    next_entry: int  # the injury history's next id at the undo: a newer entry ends redo


class BattleEventRecord(TypedDict):
    """One step of a battle as its log keeps it."""

    round: int
    phase: str
    step: str | None
    action: str
    text: str
    rolls: list[dict[str, Any]]  # as the rules record them (rolllog.NewRoll), not yet logged
    characters: list[str]
    ships: list[str]


class BattleEvents(TypedDict):
    """battles/<battle id>.json: the battle's events (the newest state's)."""

    battle: str
    events: list[BattleEventRecord]


class ShipCasualtiesRecord(TypedDict):
    """casualties/<battle id>.json: one ship's named casualties drawn when the battle ended
    (members as [id, rank title, name, post, condition])."""

    ship_id: str
    ship_name: str
    pool: int
    wanted: dict[str, int]
    weighted: dict[str, int]
    members: list[list[str]]


# Which records each campaign file holds, by file name (a backup's `.1`, `.2` suffix aside):
# the tables a name's files hold, each with its record type; trackers, rosters and a battle's
# events are found by their folder (`_tables_of`).
_CHUNK = re.compile(r"^(?P<history>rolls|injuries|battles)-\d{5}\.json$")
_CHUNK_TABLES: dict[str, dict[str, type[Any]]] = {
    "rolls": {"rolls": RollRecord},
    "injuries": {"entries": InjuryEntry},
    "battles": {"battles": BattleListRecord},
}
_FILE_TABLES: dict[str, dict[str, type[Any]]] = {
    "campaign.json": {"meta": CampaignMeta, "sessions": GameSession},
}
_BACKUP_SUFFIX = re.compile(r"\.\d+$")


_TRACKERS: dict[str, type[Any]] = {
    "ships.json": ShipsTracker,
    "party.json": PartyTracker,
    "bailout.json": BailoutTracker,
}


def _tables_of(path: Path) -> dict[str, type[Any]]:
    name = _BACKUP_SUFFIX.sub("", path.name)
    if "trackers" in path.parts[-3:-1]:  # trackers/<name>.json, trackers/battles/<id>.json
        return {"tracker": _TRACKERS.get(name, TrackerRecord)}
    if path.parent.name == "rosters":
        return {"crew": RosterFile}
    if path.parent.name == "battles" and "trackers" not in path.parts[-3:-1]:
        return {"events": BattleEvents}
    if path.parent.name == "casualties":
        return {"ships": ShipCasualtiesRecord}
    chunk = _CHUNK.match(name)
    if chunk is not None:
        return _CHUNK_TABLES[chunk["history"]]
    return _FILE_TABLES.get(name, {})


def records_problem(path: Path, data: Mapping[str, Any]) -> str | None:
    """Why a record of the campaign file at `path` (parsed, a JSON object of tables) is not
    of its type, naming the record and the field; None when every record is (or the file
    holds no typed records)."""
    for table, record_type in _tables_of(path).items():
        docs = data.get(table)
        if not docs:
            continue
        try:  # the whole table at once: the fast way, when it is good
            msgspec.convert(docs, dict[str, record_type])  # type: ignore[valid-type]
            continue
        except msgspec.ValidationError:
            pass
        for key, doc in docs.items():  # find the record to name
            try:
                msgspec.convert(doc, record_type)
            except msgspec.ValidationError as exc:
                return f"record {key} of table {table!r}: {field_problem(exc)}"
    return None


def field_problem(exc: msgspec.ValidationError) -> str:
    """msgspec's 'Expected `int`, got `str` - at `$.seed`' as 'field seed: expected `int`,
    got `str`'; 'Object missing required field `time`' as 'field time: missing'."""
    text = str(exc)
    missing = re.match(
        r"Object missing required field `(?P<field>[^`]+)`(?: - at `\$(?P<at>[^`]*)`)?", text
    )
    if missing is not None:
        at = (missing["at"] or "").lstrip(".")
        return f"field {at + '.' if at else ''}{missing['field']}: missing"
    what, _, path = text.rpartition(" - at `")
    if not what:
        return text
    field = path.rstrip("`").removeprefix("$").lstrip(".") or "the record"
    return f"field {field}: {what[0].lower()}{what[1:]}"


def as_record(doc: Mapping[str, Any], record_type: type[R]) -> R:
    """A document of a campaign file, as the record type it was checked to be when the file
    was read (`records_problem`, behind every read): a copy, typed for the code that uses it."""
    del record_type  # names the type for mypy; the check was done when the file was read
    return cast(R, dict(doc))
