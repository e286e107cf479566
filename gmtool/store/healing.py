"""Healing in the injury history: the doctor's treatment rolls, rest days and the short rest
after a battle, each an entry of `store/injuries.py`'s history beside the party's new damage.

Healing that touches several characters at once (the party resting, a battle's end) is one
batch: its entries share a `batch` (the id of its first entry) and the Injuries tab's undo
takes the batch back whole. A rest entry keeps the days carried toward the next point of a
slow track (`detail.carried_after`), so the next rest reads them from the history and undoing
the rest takes them back too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gmtool.rules.battle import BattleState
from gmtool.rules.characters import Character, Party
from gmtool.rules.healing import Healing, Rest, TreatmentRoll, short_rest
from gmtool.rules.limits import checked_text
from gmtool.store.campaign import Campaign
from gmtool.store.injuries import (
    TRACKS,
    Context,
    InjuryEntry,
    NewInjuryEntry,
    append_entries,
    as_detail,
    history_log,
    new_entry,
    newest_first,
    undo_last,
)
from gmtool.store.injury_party import next_ids, tag_for
from gmtool.store.party import load_party_state, save_party
from gmtool.store.records import InjuryChange, InjuryDetail
from gmtool.store.rolllog import RollEntry

RECOVERY = "recovery"  # the short rest after a battle
REST = "rest"
TREATMENT = "treatment"


def _change(
    healing: Healing, summary: str, detail: InjuryDetail, rolls: list[int] | None = None
) -> InjuryChange:
    """An entry's change as every kind of healing fills it: no one track, the tracks
    before and after."""
    return {
        "track": None,
        "detail": detail,
        "summary": summary,
        "rolls": rolls or [],
        "before": dict(healing.before),
        "after": dict(healing.after),
        "marked": {t: healing.after[t] - healing.before[t] for t in TRACKS},
        "stabilized_before": healing.stabilized_before,
        "stabilized_after": healing.stabilized_after,
        "state_before": healing.state_before,
        "state": healing.state,
    }


def _restored_words(healing: Healing) -> str:
    parts = [f"{n} {t}" for t, n in healing.restored.items() if n > 0]
    hurt = [f"{-n} {t}" for t, n in healing.restored.items() if n < 0]
    text = f"{', '.join(parts)} restored" if parts else "nothing restored"
    if hurt:
        text += f", {', '.join(hurt)} taken"
    if healing.stabilized_after and not healing.stabilized_before:
        text += ", stabilized"
    return text


def _save(
    campaign: Campaign,
    changed: Sequence[tuple[Character, Healing]],
    entries: list[NewInjuryEntry],
    label: str,
    rolls: list[RollEntry] | None = None,
) -> list[InjuryEntry]:
    """The party's new damage (one undo step) and the entries (one batch when several)."""
    log = history_log(campaign)
    party = load_party_state(campaign)
    new = {c.id: c.with_damage(h.after, h.stabilized_after) for c, h in changed}
    updated = Party(tuple(new.get(c.id, c) for c in party.characters), party.assignments)
    save_party(campaign, updated, label, rolls=rolls, tag=tag_for(next_ids(campaign, len(entries))))
    if len(entries) > 1:
        for entry in entries:
            entry["batch"] = log.next_id
    return append_entries(log, entries)


def record_treatment_roll(
    campaign: Campaign, roll: TreatmentRoll, patient: Character, rolls: list[RollEntry]
) -> InjuryEntry:
    """The doctor's check (already in the roll log as `rolls`) and what it did."""
    history_log(campaign)  # a damaged newest chunk stops the action before anything is saved
    healing = roll.healing
    check = roll.check
    cause = f"{roll.procedure.name.lower()} by {roll.doctor_name}"
    restored = {t: max(n, 0) for t, n in healing.restored.items()}
    detail = as_detail(  # the roll's account: the fields the history shows are typed
        {
            "procedure": roll.procedure.id,
            "doctor": roll.doctor_id,
            "doctor_name": roll.doctor_name,
            "skill": roll.skill.skill,
            "skill_used": roll.skill.used,
            "basis": roll.skill.basis,
            "score": check.score,
            "step": check.step,
            "situation_step": roll.situation_step,
            "control": check.control,
            "situation": [d.sign * d.value for d in check.situation],
            "total": check.total,
            "degree": check.degree.value,
            "restored_by_track": restored,
            "restored": sum(restored.values()),
            "damage": list(roll.effect.damage) if roll.effect.damage else None,
            "note": "",
        }
    )
    summary = f"{check.degree.label}: {_restored_words(healing)}"
    if roll.effect.damage is not None and not any(n < 0 for n in healing.restored.values()):
        kind, points = roll.effect.damage  # dealt, but the full track had no box for it
        summary += f"; it deals {points} {kind}, which a full {kind} track cannot take"
    change = _change(healing, summary, detail, [r["id"] for r in rolls])
    entry = new_entry(campaign, patient, TREATMENT, Context(cause=cause), change)
    label = f"{roll.procedure.name.lower()}: {patient.name}"
    return _save(campaign, [(patient, healing)], [entry], label, rolls)[0]


def carried_days(campaign: Campaign, character_ids: Iterable[str]) -> dict[str, dict[str, int]]:
    """Days each character's last live rest left toward the next point of a slow track."""
    wanted = set(character_ids)
    found: dict[str, dict[str, int]] = {}
    for entry in newest_first(campaign, include_undone=False):
        if not wanted - set(found):
            break
        who = str(entry["character"])
        if who in wanted and who not in found and entry["kind"] == REST:
            found[who] = dict((entry.get("detail") or {}).get("carried_after") or {})
    return found


def record_rests(campaign: Campaign, rests: Sequence[tuple[Character, Rest]]) -> list[InjuryEntry]:
    """Days of rest for one or more characters, one entry each (one batch)."""
    history_log(campaign)
    entries: list[NewInjuryEntry] = []
    for character, rested in rests:
        days = f"{rested.days} day{'s' if rested.days != 1 else ''}"
        detail: InjuryDetail = {
            "days": rested.days,
            "restored_by_track": rested.healing.restored,
            "carried_before": dict(rested.carried_before),
            "carried_after": dict(rested.carried_after),
        }
        summary = f"{days} of rest: {_restored_words(rested.healing)}"
        change = _change(rested.healing, summary, detail)
        context = Context(cause=f"{days} of rest")
        entries.append(new_entry(campaign, character, REST, context, change))
    names = ", ".join(c.name for c, _ in rests)
    return _save(campaign, [(c, r.healing) for c, r in rests], entries, f"rest: {names}")


def record_short_rests(
    campaign: Campaign, healed: Sequence[tuple[Character, Healing]], context: Context
) -> list[InjuryEntry]:
    """The short rest a battle's end gives its characters (stun cleared), one batch."""
    if not healed:
        return []
    history_log(campaign)
    checked_text("the cause", context.cause)
    entries: list[NewInjuryEntry] = []
    for character, healing in healed:
        summary = f"short rest: {_restored_words(healing)}"
        change = _change(healing, summary, {"restored_by_track": healing.restored})
        entries.append(new_entry(campaign, character, RECOVERY, context, change))
    return _save(campaign, healed, entries, f"short rest: {context.cause}")


def undo_newest_batch(campaign: Campaign) -> list[InjuryEntry]:
    """Take back the newest entry, and with it every live entry of its batch (a party's
    rest is one action); newest first, empty when nothing is left to undo."""
    undone: list[InjuryEntry] = []
    first = undo_last(campaign)
    if first is None:
        return undone
    undone.append(first)
    batch = first.get("batch")
    while batch is not None:
        entry = next(newest_first(campaign, include_undone=False), None)
        if entry is None or entry.get("batch") != batch:
            break
        taken = undo_last(campaign)
        assert taken is not None
        undone.append(taken)
    return undone


def battle_short_rest(campaign: Campaign, state: BattleState) -> list[InjuryEntry]:
    """When a battle ends, the short rest of everyone who was in it (as the party has them
    now): the table's tracks cleared, one batch of entries naming the battle."""
    party = load_party_state(campaign)
    aboard = {c.id for c in state.characters}
    healed = [
        (c, healing)
        for c in party.characters
        if c.id in aboard and (healing := short_rest(c)) is not None
    ]
    context = Context(cause=f"short rest after {state.name}", battle=state.id, round=state.round)
    return record_short_rests(campaign, healed, context)
