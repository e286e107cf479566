"""Healing as actions (the Injuries tab's t and r, `gmtool heal`): the doctor's treatment
roll and days of rest, each one commit: the dice in the roll log, the party's new damage and
the injury history entries saved together or not at all, and undone by the Injuries tab's
undo (a party's rest as one).
"""

from __future__ import annotations

import msgspec

from gmtool.actions.errors import ActionRefused, refusals
from gmtool.rules.healing import check_days, healing_table, rest, rest_refusal, roll_treatment
from gmtool.store.campaign import Campaign
from gmtool.store.healing import carried_days, record_rests, record_treatment_roll
from gmtool.store.injuries import InjuryEntry
from gmtool.store.party import load_party_state

SOURCE = "injuries"


class TreatmentRequest(msgspec.Struct, frozen=True):
    """A doctor treats a patient: `procedure` is an id of tables/healing.yaml (treatment,
    surgery); `step` the GM's situation step on top of the skill's base step."""

    doctor_id: str
    patient_id: str
    procedure: str = "treatment"
    step: int = 0


def treat_by_roll(campaign: Campaign, request: TreatmentRequest) -> InjuryEntry:
    """Roll the doctor's check (logged as "treatment of <patient> by <doctor>") and save what
    its degree did to the patient."""
    with refusals(), campaign.transaction():
        party = load_party_state(campaign)
        doctor = party.character(request.doctor_id)
        patient = party.character(request.patient_id)
        roll = roll_treatment(doctor, patient, request.procedure, campaign.rng(), step=request.step)
        purpose = f"{roll.procedure.name.lower()} of {patient.name} by {doctor.name}"
        rolls = campaign.record([campaign.check_entry(roll.check, purpose, SOURCE)])
        return record_treatment_roll(campaign, roll, patient, rolls)


class RestRequest(msgspec.Struct, frozen=True):
    """`days` of rest for these characters (empty: the whole party)."""

    days: int
    character_ids: tuple[str, ...] = ()


class Rested(msgspec.Struct, frozen=True):
    """What a rest saved: an entry per character who rested, and who could not (and why)."""

    entries: tuple[InjuryEntry, ...]
    skipped: tuple[tuple[str, str], ...]  # (character id, the reason)


def rest_days(campaign: Campaign, request: RestRequest) -> Rested:
    """Days of rest by the table in tables/healing.yaml. One character who cannot rest (dead,
    dying) is refused; resting the whole party passes over them and says who."""
    with refusals(), campaign.transaction():
        check_days(request.days)
        party = load_party_state(campaign)
        chosen = (
            [party.character(i) for i in request.character_ids]
            if request.character_ids
            else list(party.characters)
        )
        if not chosen:
            raise ActionRefused("no one to rest: the party has no characters yet")
        skipped = [(c.id, why) for c in chosen if (why := rest_refusal(c)) is not None]
        if request.character_ids and skipped:
            raise ActionRefused("; ".join(why for _, why in skipped))
        resting = [c for c in chosen if rest_refusal(c) is None]
        carried = carried_days(campaign, [c.id for c in resting])
        rests = [(c, rest(c, request.days, carried.get(c.id))) for c in resting]
        entries = record_rests(campaign, rests) if rests else []
    return Rested(tuple(entries), tuple(skipped))


def procedures() -> list[tuple[str, str]]:
    """(id, name) of every procedure a doctor can roll, in the table's order."""
    return [(p.id, p.name) for p in healing_table().procedures.values()]
