"""Injury history: hazards, direct damage and treatment saved, filtered and undone."""

from __future__ import annotations

import random

import pytest

from gmtool.rules.characters import character_from_dict
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import roll_hazard
from gmtool.store import Campaign, injuries
from gmtool.store.injuries import Context
from gmtool.store.party import add_character, load_party_state


def add_dax(campaign: Campaign, con: int = 10) -> None:
    add_character(
        campaign,
        character_from_dict(
            {
                "id": "dax",
                "name": "Jadra Dax",
                "kind": "pc",
                "player": "Sam",
                "abilities": {"constitution": con, "personality": 4},
                "skills": {},
            }
        ),
    )


def hurting_outcome(campaign: Campaign):
    """A seeded hazard roll that hurts (searching seeds keeps the test honest and stable)."""
    dax = load_party_state(campaign).character("dax")
    for seed in range(500):
        outcome = roll_hazard("small", "critical", dax, "vulnerable", random.Random(seed))
        if outcome.hurt:
            return outcome
    raise AssertionError("no hurting hazard in 500 seeds")


def test_hazard_updates_character_logs_rolls_and_history(campaign: Campaign) -> None:
    add_dax(campaign)
    campaign.start_session("Night three")
    outcome = hurting_outcome(campaign)
    ctx = Context(
        cause="torpedo hit", ship_id="kestrel", ship_name="CSS Kestrel", battle="b1", round=2
    )
    [entry] = injuries.record_hazards(campaign, [outcome], ctx)
    dax = load_party_state(campaign).character("dax")
    assert dax.damage == outcome.damage.after
    assert entry["session"] == 1 and entry["battle"] == "b1" and entry["round"] == 2
    assert entry["before"] == {"stun": 0, "wound": 0, "mortal": 0}
    assert entry["after"] == outcome.damage.after
    logged = {r["id"]: r for r in campaign.roll_log()}
    assert set(entry["rolls"]) <= set(logged)
    assert logged[entry["rolls"][0]]["dice"] == [[20, outcome.hazard_roll, 1]]
    assert logged[entry["rolls"][-1]]["total"] == outcome.injury_total
    assert all(logged[i]["session"] == 1 for i in entry["rolls"])


def test_safe_hazard_is_in_history_without_damage(campaign: Campaign) -> None:
    add_dax(campaign)
    dax = load_party_state(campaign).character("dax")
    safe = next(
        o
        for seed in range(200)
        if not (o := roll_hazard("heavy", "wound", dax, "secure", random.Random(seed))).endangered
    )
    [entry] = injuries.record_hazards(campaign, [safe], Context(cause="near miss"))
    assert entry["marked"] == {"stun": 0, "wound": 0, "mortal": 0}
    assert load_party_state(campaign).character("dax").damage["stun"] == 0
    assert len(list(campaign.roll_log())) == 1


def test_treatment_and_filters(campaign: Campaign) -> None:
    add_dax(campaign)
    injuries.record_damage(campaign, "dax", 6, "wound", Context(cause="console blast", battle="b1"))
    dax = load_party_state(campaign).character("dax")
    assert dax.damage == {"stun": 3, "wound": 6, "mortal": 0}
    campaign.start_session()
    injuries.record_treatment(campaign, "dax", "wound", 2, "first aid")
    assert load_party_state(campaign).character("dax").damage["wound"] == 4
    assert [e["kind"] for e in injuries.history(campaign)] == ["treatment", "damage"]
    assert [e["kind"] for e in injuries.history(campaign, battle="b1")] == ["damage"]
    assert [e["kind"] for e in injuries.history(campaign, session=1)] == ["treatment"]
    assert injuries.history(campaign, character="nobody") == []


def test_undo_gives_damage_back_and_keeps_history(campaign: Campaign) -> None:
    add_dax(campaign)
    injuries.record_damage(campaign, "dax", 4, "stun", Context(cause="first"))
    injuries.record_damage(campaign, "dax", 2, "wound", Context(cause="second"))
    undone = injuries.undo_last(campaign)
    assert undone is not None and undone["cause"] == "second"
    assert load_party_state(campaign).character("dax").damage == {
        "stun": 4,
        "wound": 0,
        "mortal": 0,
    }
    entries = injuries.history(campaign)
    assert [(e["cause"], e["undone"]) for e in entries] == [("second", True), ("first", False)]
    injuries.undo_last(campaign)
    assert injuries.undo_last(campaign) is None
    assert load_party_state(campaign).character("dax").damage["stun"] == 0


def test_bad_treatment_changes_nothing(campaign: Campaign) -> None:
    add_dax(campaign)
    with pytest.raises(RulesError, match="at least 1 point"):
        injuries.record_treatment(campaign, "dax", "wound", 0, "")
    assert injuries.history(campaign) == []
