"""Healing through its actions: the doctor's treatment roll for every degree, rest days,
the short rest when a battle ends, and undoing each."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from gmtool.actions import ActionRefused
from gmtool.actions import battles as act
from gmtool.actions.healing import RestRequest, TreatmentRequest, rest_days, treat_by_roll
from gmtool.actions.injuries import DamageRequest, deal_damage, undo_newest
from gmtool.rules.checks import Degree
from gmtool.rules.healing import doctor_skill, healing_table
from gmtool.store import Campaign, injuries
from gmtool.store.party import load_party_state

DOCTOR = "priya-salo"  # Medical Science 14, treatment 17, surgery 16
PATIENT = "halvard-rusk"  # Constitution 12: tracks 12/12/6


def damage(c: Campaign, who: str) -> dict[str, int]:
    return dict(load_party_state(c).character(who).damage)


def hurt(c: Campaign, who: str, amount: int, kind: str) -> None:
    deal_damage(c, DamageRequest(who, str(amount), kind, "a console blast"))


def roll_of(c: Campaign, roll_id: int) -> dict[str, object]:
    return next(r for r in c.roll_log() if r["id"] == roll_id)


@pytest.mark.parametrize("procedure", ["treatment", "surgery"])
def test_every_degree_does_what_the_table_says(demo: Campaign, procedure: str) -> None:
    """Treat the same dying patient again and again (each try undone), until every degree
    has come up: each entry's change is the table's effect for the degree rolled."""
    hurt(demo, PATIENT, 2, "mortal")  # 1 wound, 1 stun secondary: dying
    hurt(demo, PATIENT, 5, "stun")
    before = damage(demo, PATIENT)
    assert before == {"stun": 6, "wound": 1, "mortal": 2}
    effects = healing_table().procedure(procedure).effects
    seen: set[Degree] = set()
    for _ in range(400):
        entry = treat_by_roll(demo, TreatmentRequest(DOCTOR, PATIENT, procedure))
        degree = Degree(entry["detail"]["degree"])
        effect = effects[degree]
        roll = roll_of(demo, entry["rolls"][0])
        assert roll["for"] == f"{procedure} of Chief Engineer Halvard Rusk by Doctor Priya Salo"
        assert roll["degree"] == degree.value
        assert roll["score"] == (17 if procedure == "treatment" else 16)
        after = damage(demo, PATIENT)
        expected = {t: max(0, before[t] - effect.restores.get(t, 0)) for t in before}
        if effect.damage is None:
            assert after == expected
        else:  # harm: one more point of the kind (no secondary from a single point)
            kind, points = effect.damage
            assert after == dict(expected, **{kind: expected[kind] + points})
        state = load_party_state(demo).character(PATIENT)
        assert state.stabilized == (effect.stabilizes and after["mortal"] > 0)
        assert state.state == ("knocked_out" if state.stabilized else "dying")
        seen.add(degree)
        undone = undo_newest(demo)
        assert undone.entry is not None and undone.entry["id"] == entry["id"]
        assert damage(demo, PATIENT) == before
        assert roll_of(demo, entry["rolls"][0])["undone"]
        if seen == set(Degree):
            break
    assert seen == set(Degree)


def test_treatment_restores_the_fast_play_numbers(demo: Campaign) -> None:
    """The table as shipped: an Ordinary treatment gives back 2 stun and 2 wound."""
    effect = healing_table().procedure("treatment").effects[Degree.ORDINARY]
    assert effect.restores == {"stun": 2, "wound": 2} and effect.stabilizes
    surgery = healing_table().procedure("surgery").effects
    assert surgery[Degree.GOOD].restores == {"mortal": 1, "wound": 2}
    assert surgery[Degree.CRITICAL_FAILURE].damage == ("mortal", 1)


def test_the_broad_skill_rolls_at_plus_one_and_no_skill_is_refused(demo: Campaign) -> None:
    party = load_party_state(demo)
    doctor = party.character(DOCTOR)
    broad_only = replace(doctor, skills={"medical_science": 14})
    skill = doctor_skill(broad_only, healing_table().procedure("treatment"))
    assert (skill.basis, skill.score, skill.step) == ("broad", 14, 1)
    hurt(demo, PATIENT, 4, "wound")
    before = damage(demo, PATIENT)
    with pytest.raises(ActionRefused, match="Ines Calloway has neither Medical Science—treatment"):
        treat_by_roll(demo, TreatmentRequest("ines-calloway", PATIENT))
    assert damage(demo, PATIENT) == before
    assert list(demo.roll_log()) == []  # nothing was rolled


def test_a_knocked_out_doctor_and_a_dead_patient_are_refused(demo: Campaign) -> None:
    hurt(demo, DOCTOR, 10, "stun")  # Constitution 10: out cold
    with pytest.raises(ActionRefused, match="knocked out and cannot work as the doctor"):
        treat_by_roll(demo, TreatmentRequest(DOCTOR, PATIENT))
    hurt(demo, PATIENT, 6, "mortal")
    with pytest.raises(ActionRefused, match="is dead"):
        treat_by_roll(demo, TreatmentRequest("ines-calloway", PATIENT))


def test_rest_days_heal_by_the_table_and_carry_the_days(demo: Campaign) -> None:
    hurt(demo, PATIENT, 8, "wound")  # 8 wound, 4 stun
    done = rest_days(demo, RestRequest(3, (PATIENT,)))
    [entry] = done.entries
    # stun: all of it with any rest; wound: 2 points a week, 3 days carried
    assert damage(demo, PATIENT) == {"stun": 0, "wound": 8, "mortal": 0}
    assert entry["kind"] == "rest" and entry["detail"]["carried_after"] == {"wound": 3}
    rest_days(demo, RestRequest(4, (PATIENT,)))  # 3 + 4 = a week
    assert damage(demo, PATIENT)["wound"] == 6
    rest_days(demo, RestRequest(14, (PATIENT,)))
    assert damage(demo, PATIENT)["wound"] == 2
    undo_newest(demo)
    assert damage(demo, PATIENT)["wound"] == 6


def test_mortal_damage_rests_only_once_stabilized(demo: Campaign) -> None:
    hurt(demo, PATIENT, 2, "mortal")
    with pytest.raises(ActionRefused, match="dying: treat them first") as refused:
        rest_days(demo, RestRequest(7, (PATIENT,)))
    # the reason alone: each front end says "not saved" its own way, once
    assert "saved" not in str(refused.value)
    history = injuries.history(demo)
    assert [e["kind"] for e in history] == ["damage"]


def test_the_whole_party_rests_as_one_undo_and_the_dying_are_passed_over(
    demo: Campaign,
) -> None:
    hurt(demo, "ines-calloway", 6, "wound")  # 6 wound, 3 stun
    hurt(demo, "dorran-vek", 4, "stun")
    hurt(demo, PATIENT, 2, "mortal")  # dying
    party = load_party_state(demo).ids
    done = rest_days(demo, RestRequest(7))
    assert [(who, "is dying" in why) for who, why in done.skipped] == [(PATIENT, True)]
    assert len(done.entries) == len(party) - 1
    assert len({e["batch"] for e in done.entries}) == 1
    assert damage(demo, "ines-calloway") == {"stun": 0, "wound": 4, "mortal": 0}
    assert damage(demo, "dorran-vek") == {"stun": 0, "wound": 0, "mortal": 0}
    undone = undo_newest(demo)
    assert len(undone.batch) == len(done.entries)
    assert damage(demo, "ines-calloway") == {"stun": 3, "wound": 6, "mortal": 0}
    assert damage(demo, "dorran-vek")["stun"] == 4
    assert [e["kind"] for e in injuries.history(demo, include_undone=False)] == ["damage"] * 3


def test_bad_days_are_refused(demo: Campaign) -> None:
    with pytest.raises(ActionRefused, match="days of rest: a whole number from 1 to 365"):
        rest_days(demo, RestRequest(0))


def test_stun_recovers_when_a_battle_ends_and_comes_back_with_its_undo(demo: Campaign) -> None:
    battle = act.new_battle(demo, "Ambush", ["meridian"], ["gorgon"], "long").id
    aboard = [c.id for c in act.battles.load_battle(demo, battle).characters]
    hurt(demo, aboard[0], 6, "wound")  # 3 stun with it
    hurt(demo, aboard[1], 2, "stun")
    stunned = {w: damage(demo, w) for w in aboard[:2]}
    done = act.do_end_battle(demo, battle, "they ran")
    recovered = [e for e in injuries.history(demo) if e["kind"] == "recovery"]
    assert sorted(e["character"] for e in recovered) == sorted(aboard[:2])
    assert all(e["battle"] == battle for e in recovered)
    assert set(e["id"] for e in recovered) <= set(done.injury_ids)
    assert damage(demo, aboard[0]) == {"stun": 0, "wound": 6, "mortal": 0}
    assert damage(demo, aboard[1])["stun"] == 0
    act.undo(demo, battle)
    assert {w: damage(demo, w) for w in aboard[:2]} == stunned
    assert all(e["undone"] for e in injuries.history(demo) if e["kind"] == "recovery")


def test_a_rolled_treatment_shows_in_the_history_and_the_battle_report(demo: Campaign) -> None:
    from gmtool.actions.battle_report import report_text
    from gmtool.tui.tabs.injuries.injury_text import dice_text

    battle = act.new_battle(demo, "Ambush", ["meridian"], ["gorgon"], "long").id
    aboard = act.battles.load_battle(demo, battle).characters[0]
    hurt(demo, aboard.id, 6, "wound")
    entry = treat_by_roll(demo, TreatmentRequest(DOCTOR, aboard.id))
    detail = entry["detail"]
    assert dice_text(entry) == (
        f"Doctor Priya Salo 17 +0: d20 {detail['control']}={detail['total']} "
        f"{detail['degree'].replace('_', ' ')}"
    )
    report = report_text(demo, battle)
    for track, points in detail["restored_by_track"].items():
        if points:
            assert f"- Treated: {points} {track} restored" in report
    assert "(treatment by Doctor Priya Salo)" in report


def test_a_critical_failure_on_a_full_wound_track_says_it_dealt_a_wound(demo: Campaign) -> None:
    """The table deals 1 wound; a full wound track cannot take it (too little to roll into
    mortal): the entry says so rather than only "nothing restored"."""
    hurt(demo, PATIENT, 12, "wound")  # the wound track full (12), stun with it
    assert damage(demo, PATIENT)["wound"] == 12
    for _ in range(400):
        entry = treat_by_roll(demo, TreatmentRequest(DOCTOR, PATIENT, "treatment"))
        if entry["detail"]["degree"] == Degree.CRITICAL_FAILURE.value:
            assert "it deals 1 wound" in entry["summary"]
            assert "full wound track" in entry["summary"]
            return
        undo_newest(demo)
    pytest.fail("no Critical Failure in 400 rolls")
