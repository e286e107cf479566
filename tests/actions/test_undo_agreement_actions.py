"""The party and the injury history agree after every undo (issue 33, item 3): the Stations
tab's ctrl+z does not take an injury's damage off without its entry, and `doctor` sees a
party that disagrees with the live entries."""

from __future__ import annotations

import pytest

from gmtool.actions import party as party_actions
from gmtool.actions.errors import ActionRefused
from gmtool.actions.injuries import DamageRequest, deal_damage, redo, undo_newest
from gmtool.store import Campaign, doctor
from gmtool.store.party import load_party_state, party_tracker


def _first(c: Campaign) -> str:
    return load_party_state(c).characters[0].id


def test_stations_undo_of_an_injury_is_refused_and_names_the_injuries_tab(
    demo: Campaign,
) -> None:
    who = _first(demo)
    deal_damage(demo, DamageRequest(who, "3", "wound", "a console blast"))
    with pytest.raises(ActionRefused, match="Injuries tab"):
        party_actions.undo(demo)
    assert load_party_state(demo).character(who).damage["wound"] == 3
    assert doctor.examine(demo) == []


def test_an_injury_undo_takes_its_own_party_step_back_even_under_later_changes(
    demo: Campaign,
) -> None:
    who = _first(demo)
    steps = len(party_tracker(demo).record()["undo"])
    deal_damage(demo, DamageRequest(who, "3", "wound", "a console blast"))
    character = load_party_state(demo).character(who)
    party_actions.edit_character(demo, character.__class__(**{**vars(character), "notes": "x"}))
    undo_newest(demo)
    assert len(party_tracker(demo).record()["undo"]) == steps + 1  # the edit only
    assert load_party_state(demo).character(who).damage["wound"] == 0
    # the edit undone on the Stations tab does not bring the wound back
    party_actions.undo(demo)
    assert load_party_state(demo).character(who).damage["wound"] == 0
    assert doctor.examine(demo) == []
    redo(demo)
    assert load_party_state(demo).character(who).damage["wound"] == 3
    assert doctor.examine(demo) == []


def test_doctor_sees_damage_the_live_entries_do_not_account_for(demo: Campaign) -> None:
    who = _first(demo)
    deal_damage(demo, DamageRequest(who, "3", "wound", "a console blast"))
    party_tracker(demo).undo()  # what an older Stations tab's ctrl+z did
    found = doctor.examine(demo)
    assert found and "injury" in found[0].what and "Injuries tab" not in found[0].what
    assert load_party_state(demo).character(who).name in found[0].what
