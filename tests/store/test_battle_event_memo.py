"""A battle's events are converted only where they are new (store/battles/event_memo.py):
what a step saves and what a load gives must be what converting the whole log gives."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gmtool.actions.battle_next import play_next
from gmtool.rules.battle import BattleEvent, advance, roll_edge
from gmtool.store import Campaign
from gmtool.store.battles import (
    create_battle,
    event_memo,
    fleet_setup,
    load_battle,
    run_step,
    undo_step,
)


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """About what is saved, not about a power cut: no disk flushes."""
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


def _saved_records(campaign: Campaign, battle_id: str) -> list[dict]:
    doc = json.loads((campaign.folder / "battles" / f"{battle_id}.json").read_text())
    [entry] = doc["events"].values()
    return list(entry["events"])


def _battle(campaign: Campaign) -> str:
    navy = fleet_setup(campaign, "Navy", ["meridian"])
    raiders = fleet_setup(campaign, "Raiders", ["gorgon"])
    return create_battle(campaign, "Memo", navy, raiders, "long").id


def test_steps_save_and_load_what_a_whole_conversion_gives(demo: Campaign) -> None:
    battle_id = _battle(demo)
    for _ in range(12):  # gmtool plays the enemy; the defaults for the navy
        play_next(demo, battle_id)
        state = load_battle(demo, battle_id)
        assert _saved_records(demo, battle_id) == [e.to_dict() for e in state.events]
        remembered = load_battle(demo, battle_id)
        event_memo.forget()
        assert load_battle(demo, battle_id) == remembered == state
    undo_step(demo, battle_id)
    undone = load_battle(demo, battle_id)
    event_memo.forget()
    assert load_battle(demo, battle_id) == undone
    assert len(undone.events) == len(state.events) - 1


def test_an_old_record_is_saved_again_as_a_fresh_conversion_writes_it(
    demo: Campaign, campaign_path: Path, open_test_campaign
) -> None:
    battle_id = _battle(demo)
    run_step(demo, battle_id, roll_edge)
    demo.close()
    path = campaign_path / "battles" / f"{battle_id}.json"
    doc = json.loads(path.read_text())
    [entry] = doc["events"].values()
    for record in entry["events"]:  # as saved before hits and hurts were recorded
        record.pop("hits")
        record.pop("hurts")
    path.write_text(json.dumps(doc, separators=(",", ":")))
    again = open_test_campaign(campaign_path)
    try:
        state = run_step(again, battle_id, advance).state
        records = _saved_records(again, battle_id)
        assert all("hits" in r and "hurts" in r for r in records)
        assert [BattleEvent.from_dict(r) for r in records] == list(state.events)
    finally:
        again.close()


def test_memory_is_matched_by_identity_not_by_battle_alone() -> None:
    event = BattleEvent(round=1, phase="edge", step=None, action="note", text="one")
    record = event.to_dict()
    assert event_memo.records_of("same-id", [event]) == [record]
    other = dict(record, text="another")  # same battle id, another campaign's record
    assert event_memo.events_from("same-id", [other])[0].text == "another"
