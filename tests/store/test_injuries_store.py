"""Injury history: hazards, direct damage and treatment saved, filtered and undone."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gmtool.rules.characters import character_from_dict
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import roll_hazard
from gmtool.store import Campaign, CampaignCorrupt, StoreError, histories, injuries, open_campaign
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


# -- chunk files ----------------------------------------------------------------------------


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three entries a chunk file, so a few saves cross a chunk boundary."""
    monkeypatch.setattr(histories, "INJURY_CHUNK_SIZE", 3)


def chunk_names(campaign: Campaign) -> list[str]:
    return sorted(p.name for p in (campaign.folder / "log").glob("injuries-*.json"))


@pytest.mark.usefixtures("small_chunks")
def test_history_across_a_chunk_boundary(campaign_path: Path, open_test_campaign) -> None:
    campaign = open_test_campaign(campaign_path)
    add_dax(campaign, con=14)
    for n in range(1, 6):
        battle = "b1" if n % 2 else "b2"
        injuries.record_damage(campaign, "dax", 1, "stun", Context(f"hit {n}", battle=battle))
    campaign.start_session("Night two")
    injuries.record_treatment(campaign, "dax", "stun", 2, "rest")
    assert chunk_names(campaign) == ["injuries-00000.json", "injuries-00001.json"]
    assert not (campaign.folder / "injuries.json").exists()
    assert [e["id"] for e in injuries.history(campaign)] == [6, 5, 4, 3, 2, 1]
    assert [e["cause"] for e in injuries.history(campaign, battle="b2")] == ["hit 4", "hit 2"]
    assert [e["kind"] for e in injuries.history(campaign, session=1)] == ["treatment"]
    # undo walks back over the boundary, each entry staying in the history marked undone
    for _ in range(4):
        injuries.undo_last(campaign)
    assert load_party_state(campaign).character("dax").damage["stun"] == 2
    live = injuries.history(campaign, include_undone=False)
    assert [e["id"] for e in live] == [2, 1]
    campaign.close()
    again = open_test_campaign(campaign_path)
    try:
        assert [(e["id"], e["undone"]) for e in injuries.history(again)][:5] == [
            (6, True),
            (5, True),
            (4, True),
            (3, True),
            (2, False),
        ]
        entry = injuries.record_damage(again, "dax", 1, "stun", Context("after reopening"))
        assert entry["id"] == 7
        assert chunk_names(again) == [
            "injuries-00000.json",
            "injuries-00001.json",
            "injuries-00002.json",
        ]
    finally:
        again.close()


@pytest.mark.usefixtures("small_chunks")
def test_a_damaged_injury_chunk_names_the_file_and_its_backup(
    campaign_path: Path, open_test_campaign
) -> None:
    campaign = open_test_campaign(campaign_path)
    add_dax(campaign)
    for n in range(4):
        injuries.record_damage(campaign, "dax", 1, "stun", Context(f"hit {n}"))
    campaign.close()
    open_test_campaign(campaign_path).close()  # takes backups at open, chunks included
    backup = campaign_path / "backups" / "log" / "injuries-00001.json.1"
    assert backup.exists()
    newest = campaign_path / "log" / "injuries-00001.json"
    newest.write_text('{"entries": {"4": {"kind"')  # a torn write from some other tool
    damaged = newest.read_bytes()
    campaign = open_test_campaign(campaign_path)  # rolls and the rest still open
    try:
        party_before = load_party_state(campaign)
        rolls_before = list(campaign.roll_log())
        with pytest.raises(CampaignCorrupt) as info:
            injuries.history(campaign)
        message = str(info.value)
        assert f"{newest} is damaged" in message
        assert str(backup) in message
        # the same one message as a damaged roll chunk, and nothing saved half-way
        with pytest.raises(CampaignCorrupt, match=r"injuries-00001\.json is damaged"):
            injuries.record_damage(campaign, "dax", 5, "wound", Context("console blast"))
        assert load_party_state(campaign) == party_before
        assert list(campaign.roll_log()) == rolls_before
        assert newest.read_bytes() == damaged
    finally:
        campaign.close()
    assert json.loads(backup.read_text())["entries"]["4"]["cause"] == "hit 3"


def test_a_read_only_campaign_reads_the_history(campaign: Campaign) -> None:
    add_dax(campaign)
    injuries.record_damage(campaign, "dax", 2, "stun", Context("fall"))
    reader = open_campaign(campaign.folder, readonly=True)
    try:
        assert [e["cause"] for e in injuries.history(reader)] == ["fall"]
        with pytest.raises(StoreError, match="read-only"):
            injuries.record_treatment(reader, "dax", "stun", 1, "rest")
    finally:
        reader.close()
    assert [e["kind"] for e in injuries.history(campaign)] == ["damage"]


def test_a_hazard_for_several_characters_is_one_party_action(campaign: Campaign) -> None:
    from gmtool.store.party import party_tracker

    add_dax(campaign)
    add_character(
        campaign,
        character_from_dict(
            {
                "id": "worf",
                "name": "Worf",
                "kind": "pc",
                "player": "Ana",
                "abilities": {"constitution": 12, "personality": 8},
                "skills": {},
            }
        ),
    )
    party = load_party_state(campaign)
    outcomes = []
    for who in ("dax", "worf"):
        outcomes.append(
            next(
                o
                for seed in range(500)
                if (
                    o := roll_hazard(
                        "small", "critical", party.character(who), "vulnerable", random.Random(seed)
                    )
                ).hurt
            )
        )
    made = injuries.record_hazards(campaign, outcomes, Context(cause="reactor breach"))
    assert [e["character"] for e in made] == ["dax", "worf"]
    assert made[1]["id"] == made[0]["id"] + 1
    now = load_party_state(campaign)
    assert [now.character(o.character_id).damage for o in outcomes] == [
        o.damage.after for o in outcomes
    ]
    assert party_tracker(campaign).last_label() == "hazards: Jadra Dax, Worf"
    # One ctrl+z on the injuries takes back the newest entry only, and its damage.
    injuries.undo_last(campaign)
    assert load_party_state(campaign).character("worf").damage == party.character("worf").damage
    assert load_party_state(campaign).character("dax").damage == outcomes[0].damage.after
