"""The party and the injury history agree after every undo (issue 33, item 3): the Stations
tab's ctrl+z does not take an injury's damage off without its entry, and `doctor` sees a
party that disagrees with the live entries."""

from __future__ import annotations

import contextlib

import msgspec
import pytest

from gmtool.actions import party as party_actions
from gmtool.actions.errors import ActionRefused
from gmtool.actions.injuries import DamageRequest, deal_damage, redo, undo_newest
from gmtool.store import Campaign, doctor
from gmtool.store.errors import StoreError
from gmtool.store.party import load_party_state, party_tracker


def _first(c: Campaign) -> str:
    return load_party_state(c).characters[0].id


def test_stations_undo_of_an_injury_is_refused_and_names_the_injuries(
    demo: Campaign,
) -> None:
    who = _first(demo)
    deal_damage(demo, DamageRequest(who, "3", "wound", "a console blast"))
    with pytest.raises(ActionRefused, match="take it back with the injuries"):
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
    party_actions.edit_character(demo, msgspec.structs.replace(character, notes="x"))
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


def test_a_long_mixed_sequence_undone_from_every_side_stays_whole(demo: Campaign) -> None:
    """Hurts, healing, station changes and battle steps in a seeded random order, then undos
    from whichever side can: the campaign is whole after each, and no undo adds a party
    step (issue 33: 1 step became 42)."""
    import random

    from gmtool.actions import battles as battle_actions
    from gmtool.actions.battle_next import play_next
    from gmtool.actions.healing import RestRequest, rest_days

    rng = random.Random(33)
    ids = [c.id for c in load_party_state(demo).characters]
    battle = battle_actions.new_battle(demo, "Ambush", ["meridian"], ["vex"], "long").id

    def steps() -> int:
        return len(party_tracker(demo).record()["undo"])

    def do() -> None:
        pick = rng.randrange(6)
        who = rng.choice(ids)
        if pick == 0:
            deal_damage(demo, DamageRequest(who, str(rng.randint(1, 3)), "stun", "a fall"))
        elif pick == 1:
            rest_days(demo, RestRequest(1))
        elif pick == 2:
            character = load_party_state(demo).character(who)
            edited = character.__class__(
                **{**msgspec.structs.asdict(character), "notes": str(rng.random())}
            )
            party_actions.edit_character(demo, edited)
        elif pick == 3:
            battle_actions.do_apply_damage(demo, battle, "meridian", 2, "critical")
        else:
            play_next(demo, battle)

    def undo() -> None:
        before = steps()
        side = rng.randrange(3)
        try:
            if side == 0:
                undo_newest(demo)
            elif side == 1:
                party_actions.undo(demo)
            else:
                battle_actions.undo(demo, battle)
        except (ActionRefused, StoreError):  # refused: a newer step of another side first
            return
        assert steps() <= before

    for _ in range(40):
        with contextlib.suppress(ActionRefused):
            do()
        if rng.random() < 0.4:
            undo()
        assert doctor.examine(demo) == []
    for _ in range(200):
        undo()
        assert doctor.examine(demo) == []
