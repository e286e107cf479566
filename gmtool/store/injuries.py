"""Every character's injury history: hazard rolls, direct damage and treatment.

The history is append-only, in chunk files like the roll log (`log/injuries-NNNNN.json`,
table `entries`; see histories.py), so saving an entry costs the same in the first session
and after thousands of hazards. Undo marks the newest entry undone and gives its damage back,
so nothing that happened is ever lost. Each entry records when (session, battle, round), what
hit the ship, every die, and the tracks before and after. The character's current damage
lives with the party (`store/party.py`) and is updated in the same action; the rolls go to the
roll log.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import msgspec

from gmtool.rules.characters import Character, Party
from gmtool.rules.durability import damage_character, heal
from gmtool.rules.errors import RulesError
from gmtool.rules.limits import checked_text
from gmtool.rules.roll_records import hazard_records
from gmtool.store.campaign import Campaign
from gmtool.store.chunked import ChunkedLog
from gmtool.store.injury_party import next_ids, tag_for, take_back
from gmtool.store.party import load_party_state, save_party, update_character
from gmtool.store.records import InjuryChange, InjuryDetail, InjuryHeader
from gmtool.store.records import InjuryEntry as InjuryEntry  # the history's record, for callers
from gmtool.store.records import NewInjuryEntry as NewInjuryEntry
from gmtool.store.rolllog import RollEntry

if TYPE_CHECKING:  # the hazard rolls' rules load with the battle steps that roll them
    from gmtool.rules.hazards import HazardOutcome

TRACKS = ("stun", "wound", "mortal")


class Context(msgspec.Struct, frozen=True):
    """Where an injury happened: the battle and round (None outside a battle), the ship,
    and what hit it, in words."""

    cause: str
    ship_id: str | None = None
    ship_name: str | None = None
    battle: str | None = None
    round: int | None = None
    source: str = "injuries"
    typed_in: bool = False  # damage the GM typed in on the Battle tab; `note` is their why
    note: str = ""


def history_log(campaign: Campaign) -> ChunkedLog[InjuryEntry]:
    """The history, opened before anything of an action is saved: a damaged newest chunk
    then stops the action before its dice or damage are written."""
    return campaign.injury_log


def open_history(campaign: Campaign) -> None:
    """Open the history now (its newest chunk is read): an action that will add entries
    after saving other things (a battle step) calls this first, so a damaged chunk raises
    CampaignCorrupt before anything is saved."""
    history_log(campaign)


def append_entries(
    log: ChunkedLog[InjuryEntry], entries: Sequence[NewInjuryEntry]
) -> list[InjuryEntry]:
    """Save new entries in one write (per chunk touched); returns them with their ids."""
    ids = log.append(entries) if entries else []
    return [{**entry, "id": entry_id} for entry, entry_id in zip(entries, ids, strict=True)]


def as_detail(detail: Mapping[str, Any]) -> InjuryDetail:
    """The rules' own account of what happened (a `to_dict`): the fields the history shows
    are typed in InjuryDetail and checked when the chunk is read; the rest is kept as is."""
    return cast(InjuryDetail, dict(detail))


def new_entry(
    campaign: Campaign, character: Character, kind: str, context: Context, change: InjuryChange
) -> NewInjuryEntry:
    """An entry of `kind` for `character`: when and where (`context`), and its change."""
    return {**_header(campaign, character, kind, context), **change}


def _header(campaign: Campaign, character: Character, kind: str, context: Context) -> InjuryHeader:
    checked_text("the cause", context.cause)
    session = campaign.current_session
    header: InjuryHeader = {
        "kind": kind,
        "character": character.id,
        "character_name": character.name,
        "time": campaign.clock().isoformat(),
        "session": session["id"] if session else None,
        "session_title": session["title"] if session else None,
        "battle": context.battle,
        "round": context.round,
        "ship": context.ship_id,
        "ship_name": context.ship_name,
        "cause": context.cause,
        "undone": False,
    }
    if context.typed_in:
        header["typed_in"] = True
        header["note"] = context.note
    return header


def record_hazards(
    campaign: Campaign, outcomes: Iterable[HazardOutcome], context: Context
) -> list[InjuryEntry]:
    """Save hazard outcomes: their dice in the roll log, the damage on each character, and
    one history entry per character. Returns the entries.

    The party is saved once for the whole batch (one undo step, "hazards: ..."), not once
    per hurt character: a hazard roll for a ship's whole crew is one thing at the table.
    """
    log = history_log(campaign)
    party = load_party_state(campaign)
    made: list[NewInjuryEntry] = []
    hurt: dict[str, Character] = {}
    all_rolls: list[RollEntry] = []
    for outcome in outcomes:
        character = hurt.get(outcome.character_id) or party.character(outcome.character_id)
        rolls = campaign.record(hazard_records(outcome, character.name, context.source))
        damage = outcome.damage
        change: InjuryChange = {
            "track": outcome.track,
            "posture": outcome.posture,
            "detail": as_detail(outcome.to_dict()),
            "summary": outcome.describe().split(": ", 1)[1],
            "before": dict(character.damage),
            "after": dict(damage.after) if damage else dict(character.damage),
            "marked": dict(damage.marked) if damage else dict.fromkeys(TRACKS, 0),
            "stabilized_before": character.stabilized,
            "stabilized_after": outcome.stabilized,
            "state_before": outcome.state_before,
            "state": outcome.state,
            "rolls": [r["id"] for r in rolls],
        }
        all_rolls.extend(rolls)
        if damage is not None:
            hurt[character.id] = outcome.apply_to(hurt.get(character.id, character))
        made.append(new_entry(campaign, character, "hazard", context, change))
    if hurt:
        names = ", ".join(c.name for c in hurt.values())
        updated = Party(tuple(hurt.get(c.id, c) for c in party.characters), party.assignments)
        tag = tag_for(next_ids(campaign, len(made)))
        save_party(campaign, updated, f"hazards: {names}", rolls=all_rolls, tag=tag)
    return append_entries(log, made)  # one write for the batch (per chunk it touches)


def record_damage(
    campaign: Campaign,
    character_id: str,
    amount: int,
    kind: str,
    context: Context,
    rolls: list[RollEntry] | None = None,
) -> InjuryEntry:
    """Damage dealt to a character directly (the GM's own ruling, a blast, a fall)."""
    log = history_log(campaign)
    character = load_party_state(campaign).character(character_id)
    result = damage_character(
        character.tracks, character.damage, amount, kind, stabilized=character.stabilized
    )
    change: InjuryChange = {
        "track": kind,
        "detail": as_detail(result.to_dict()),
        "summary": f"{amount} {kind}: {result.describe()}",
        "before": dict(character.damage),
        "after": dict(result.after),
        "marked": dict(result.marked),
        "stabilized_before": character.stabilized,
        "stabilized_after": result.stabilized,
        "state_before": character.state,
        "state": result.state,
        "rolls": [r["id"] for r in rolls or []],
        # the dice themselves, so the history shows them without searching the log
        "dice": [
            {"expression": r.get("expression"), "dice": r.get("dice"), "total": r.get("total")}
            for r in rolls or []
        ],
    }
    updated = character.with_damage(result.after, result.stabilized)
    entry = new_entry(campaign, character, "damage", context, change)
    tag = tag_for(next_ids(campaign, 1))
    update_character(campaign, updated, f"damage: {character.name}", rolls=rolls, tag=tag)
    return append_entries(log, [entry])[0]


def record_treatment(
    campaign: Campaign,
    character_id: str,
    track: str,
    points: int,
    note: str,
    *,
    stabilize: bool = False,
) -> InjuryEntry:
    """Treatment or healing: points given back to one track, with the GM's note."""
    checked_text("the note", note)
    log = history_log(campaign)
    character = load_party_state(campaign).character(character_id)
    treatment = heal(
        character.tracks,
        character.damage,
        track,
        points,
        note,
        stabilized=character.stabilized,
        stabilize=stabilize,
    )
    restored = f"{treatment.restored} {track} restored" if points else "stabilized"
    change: InjuryChange = {
        "track": track,
        "detail": as_detail(treatment.to_dict()),
        "summary": restored + (f" ({note})" if note else ""),
        "before": dict(treatment.before),
        "after": dict(treatment.after),
        "marked": {t: treatment.after[t] - treatment.before[t] for t in TRACKS},
        "stabilized_before": character.stabilized,
        "stabilized_after": treatment.stabilized,
        "state_before": character.state,
        "state": treatment.state,
        "rolls": [],
    }
    updated = character.with_damage(treatment.after, treatment.stabilized)
    entry = new_entry(campaign, character, "treatment", Context(cause=note or "treatment"), change)
    update_character(
        campaign, updated, f"treatment: {character.name}", tag=tag_for(next_ids(campaign, 1))
    )
    return append_entries(log, [entry])[0]


def newest_first(campaign: Campaign, *, include_undone: bool = True) -> Iterator[InjuryEntry]:
    """Entries newest first, read only as far as the caller goes (undo looks at a few)."""
    for stored in history_log(campaign).newest_first():
        if include_undone or not stored.get("undone"):
            yield stored.copy()


def history(
    campaign: Campaign,
    *,
    character: str | None = None,
    battle: str | None = None,
    session: int | None = None,
    include_undone: bool = True,
) -> list[InjuryEntry]:
    """Entries newest first, optionally for one character, battle or session."""
    found = []
    for entry in newest_first(campaign, include_undone=include_undone):
        if character is not None and entry["character"] != character:
            continue
        if battle is not None and entry.get("battle") != battle:
            continue
        if session is not None and entry.get("session") != session:
            continue
        found.append(entry)
    return found


def undo_last(campaign: Campaign) -> InjuryEntry | None:
    """Take back the newest entry: its damage (or healing) is reversed on the character, its
    rolls are marked undone, and the entry stays in the history marked undone. The party
    step the entry's action saved is taken out of the party's history (no new step)."""
    entry = next(newest_first(campaign, include_undone=False), None)
    if entry is None:
        return None
    take_back(campaign, entry)
    history_log(campaign).mark_undone([entry["id"]])
    if entry.get("rolls") and campaign.rolls is not None:
        campaign.rolls.mark_undone(list(entry["rolls"]))
    return {**entry, "undone": True}


def redo_entries(campaign: Campaign, ids: Sequence[int]) -> list[InjuryEntry]:
    """Do undone entries again, oldest first: each one's change is put back on its character
    (one save of the party), its rolls and the entries are no longer marked undone. Refused
    when a character is gone or their tracks no longer fit the change; returns the entries."""
    wanted = set(ids)
    found: dict[int, InjuryEntry] = {}
    for stored in newest_first(campaign):
        if stored["id"] in wanted:
            found[stored["id"]] = stored
        if len(found) == len(wanted):
            break
    entries = [found[i] for i in sorted(found)]
    if len(entries) != len(wanted) or any(not e.get("undone") for e in entries):
        raise RulesError("cannot redo: those entries are not undone any more")
    party = load_party_state(campaign)
    changed: dict[str, Character] = {}
    for entry in entries:
        character = changed.get(entry["character"]) or party.character(entry["character"])
        damage = {
            t: character.damage.get(t, 0) + entry["after"].get(t, 0) - entry["before"].get(t, 0)
            for t in TRACKS
        }
        tracks = character.tracks
        if any(not 0 <= damage[t] <= tracks[t] for t in TRACKS):
            raise RulesError(f"cannot redo: {character.name}'s tracks no longer fit that entry")
        changed[character.id] = character.with_damage(damage, bool(entry.get("stabilized_after")))
    names = ", ".join(c.name for c in changed.values())
    updated = Party(tuple(changed.get(c.id, c) for c in party.characters), party.assignments)
    tag = tag_for(e["id"] for e in entries)
    save_party(campaign, updated, f"redo {entries[0]['kind']}: {names}", tag=tag)
    history_log(campaign).mark_redone([e["id"] for e in entries])
    rolls = [r for e in entries for r in e.get("rolls") or []]
    if rolls and campaign.rolls is not None:
        campaign.rolls.mark_redone(rolls)
    return [{**e, "undone": False} for e in entries]
