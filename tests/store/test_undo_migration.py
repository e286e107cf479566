"""Schema 3 to 4 on real files: a campaign whose undos kept what redo needs in the three side
files (ships-redo.json, battle-redo/<battle>.json, injury-redo.json) opens with it on the
trackers' redo steps, redoes each step as before, and has no side file left."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gmtool.actions import battles as battle_actions
from gmtool.actions import history
from gmtool.actions import ships as ship_actions
from gmtool.actions.injuries import DamageRequest, deal_damage
from gmtool.rules.ships import ShipSpec, load_ship_spec
from gmtool.store import Campaign, undo_migration
from gmtool.store import campaign as campaign_module
from gmtool.store.demo import demo_data_dir, seed_demo
from gmtool.store.doctor import examine
from gmtool.store.injuries import history as injury_history
from tests.store.test_migrations import schema_of, set_schema

Opener = Callable[..., Campaign]
GORGON = demo_data_dir() / "enemies" / "gorgon.yaml"


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


def _tracker(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    data = json.loads(path.read_text())
    return data, data["tracker"]["1"]


def _strip_kept(path: Path) -> list[dict[str, Any]]:
    """Take `kept` off a tracker's redo steps, as schema 3 saved them; returns what it was."""
    data, record = _tracker(path)
    kept = [step.pop("kept", {}) for step in record.get("redo", [])]
    path.write_text(json.dumps(data))
    return kept


def old_redo_campaign(path: Path, open_test_campaign: Opener) -> dict[str, str]:
    """A schema-3 campaign with one undone step of each kind, its redo in the side files.
    Returns the labels to redo and the battle's id."""
    c = open_test_campaign(path)
    seed_demo(c)
    spec = ShipSpec.from_dict(dict(load_ship_spec(GORGON).to_dict(), name="Raider Gorgon II"))
    added = ship_actions.add_ship(c, spec, "enemy")
    ship_actions.undo(c)
    battle = battle_actions.new_battle(c, "Ambush", ["meridian"], ["gorgon"], "long").id
    step = battle_actions.do_roll_edge(c, battle)
    battle_actions.undo(c, battle)
    who = c.db("trackers/party").table("tracker").get(doc_id=1)["state"]["characters"][0]["id"]
    deal_damage(c, DamageRequest(who, "2", "stun", "a fall"))
    history.undo(c, history.INJURIES)
    next_entry = c.injury_log.next_id
    c.close()

    trackers = path / "trackers"
    ships = _strip_kept(trackers / "ships.json")
    _, record = _tracker(trackers / "ships.json")
    steps = [
        {"at": at, "time": s.get("time", ""), "rosters": k["rosters"]}
        for at, (s, k) in enumerate(zip(record["redo"], ships, strict=True))
    ]
    (trackers / "ships-redo.json").write_text(json.dumps({"tracker": {"1": {"steps": steps}}}))

    battle_file = trackers / "battles" / f"{battle}.json"
    kept = _strip_kept(battle_file)
    _, record = _tracker(battle_file)
    (trackers / "battle-redo").mkdir()
    old = [
        {"label": s["label"], "before": k["before"], "events": k["events"], "refused": ""}
        for s, k in zip(record["redo"], kept, strict=True)
    ]
    (trackers / "battle-redo" / f"{battle}.json").write_text(
        json.dumps({"redo": {"1": {"battle": battle, "steps": old}}})
    )

    _, bailout = _tracker(trackers / "bailout.json")
    entries = [bailout["redo"][-1]["kept"]["entries"]]
    (trackers / "bailout.json").unlink()  # no order was ever given: schema 3 had no file
    never = {"state": None, "undo": []}
    digest = hashlib.sha256(json.dumps(never, sort_keys=True).encode()).hexdigest()[:16]
    injury_steps = [{"entries": ids} for ids in entries]
    stamp = f"{next_entry}:{digest}"
    (path / "injury-redo.json").write_text(
        json.dumps({"redo": {"1": {"stamp": stamp, "steps": injury_steps}}})
    )
    set_schema(path, 3)
    return {"ship": f"add {added.name}", "battle": battle, "step": step.label}


def test_old_redo_side_files_move_onto_the_trackers(
    campaign_path: Path, open_test_campaign: Opener
) -> None:
    labels = old_redo_campaign(campaign_path, open_test_campaign)
    c = open_test_campaign(campaign_path)
    try:
        assert c.meta["schema"] == campaign_module.SCHEMA_VERSION == 4
        trackers = campaign_path / "trackers"
        assert not (trackers / "ships-redo.json").exists()
        assert not (trackers / "battle-redo").exists()
        assert not (campaign_path / "injury-redo.json").exists()
        ship = history.redo(c, history.SHIPS)
        assert isinstance(ship, history.Done) and ship.label == labels["ship"]
        assert not ship_actions.crew_of(c, "raider-gorgon-ii").rebuilt  # its roster came back
        step = history.redo(c, history.battle(labels["battle"]))
        assert isinstance(step, history.Done) and step.label == labels["step"]
        injury = history.redo(c, history.INJURIES)
        assert isinstance(injury, history.Done)
        assert not injury_history(c)[0].get("undone")
        assert examine(c) == []
    finally:
        c.close()
    assert schema_of(campaign_path / "backups" / "before-schema-4") == 3


def test_the_migration_run_again_gives_the_same_files(
    campaign_path: Path, open_test_campaign: Opener
) -> None:
    old_redo_campaign(campaign_path, open_test_campaign)
    undo_migration.fold_redo_files_into_trackers(campaign_path)
    first = {p: p.read_bytes() for p in campaign_path.rglob("*.json")}
    undo_migration.fold_redo_files_into_trackers(campaign_path)  # crashed before the schema
    assert {p: p.read_bytes() for p in campaign_path.rglob("*.json")} == first


@pytest.mark.parametrize(
    "damaged",
    [
        "{not json",
        "rosters: abc",
        json.dumps({"tracker": {"1": {"steps": 7}}}),
    ],
)
def test_a_damaged_side_file_is_dropped_and_the_campaign_opens(
    campaign_path: Path, open_test_campaign: Opener, damaged: str
) -> None:
    old_redo_campaign(campaign_path, open_test_campaign)
    side = campaign_path / "trackers" / "ships-redo.json"
    if damaged == "rosters: abc":  # the step matches, what it kept is wrong-typed
        data = json.loads(side.read_text())
        data["tracker"]["1"]["steps"][0]["rosters"] = "abc"
        damaged = json.dumps(data)
    side.write_text(damaged)
    c = open_test_campaign(campaign_path)
    try:
        assert c.meta["schema"] == 4
        assert not (campaign_path / "trackers" / "ships-redo.json").exists()
        ship = history.redo(c, history.SHIPS)  # redone, its crew named again from its seed
        assert isinstance(ship, history.Done)
        assert examine(c) == []
    finally:
        c.close()
