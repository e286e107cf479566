"""A tab's saved state of the wrong type is damage, never an empty list: a party whose
characters are a mapping, a fleet whose ships are a number, a state that is a list."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gmtool.actions.bailout import order_bailout
from gmtool.store import CampaignCorrupt, open_campaign
from gmtool.store.bailout import load_bailout
from gmtool.store.demo import ensure_demo_campaign
from gmtool.store.party import load_party_state
from gmtool.store.ships import list_ships


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    path = tmp_path / "demo.campaign"
    ensure_demo_campaign(path, seed=3)
    open_campaign(path).close()  # backups of the good files
    return path


def set_state(folder: Path, tracker: str, change: Any) -> bytes:
    path = folder / "trackers" / f"{tracker}.json"
    data = json.loads(path.read_text())
    change(data["tracker"]["1"])
    path.write_text(json.dumps(data))
    return path.read_bytes()


@pytest.mark.parametrize(
    ("tracker", "change", "field"),
    [
        ("ships", lambda d: d["state"].update(ships={}), "state.ships"),
        ("ships", lambda d: d["state"].update(ships=5), "state.ships"),
        ("ships", lambda d: d["state"].update(ships=None), "state.ships"),
        ("ships", lambda d: d["state"].pop("ships"), "state.ships: missing"),
        ("ships", lambda d: d.update(state=[]), "field state"),
        ("ships", lambda d: d.update(undo={}), "field undo"),
        ("ships", lambda d: d["undo"][0].update(previous={"ships": "x"}), "previous.ships"),
        ("ships", lambda d: d["state"]["ships"][0].update(side=5), "state.ships[0].side"),
        ("ships", lambda d: d["state"]["ships"][0].pop("spec"), "state.ships[0].spec: missing"),
        ("ships", lambda d: d["state"]["ships"].append("kestrel"), "state.ships[5]"),
        ("party", lambda d: d["state"].update(characters={}), "state.characters"),
        ("party", lambda d: d["state"].update(assignments="all"), "state.assignments"),
        ("party", lambda d: d.update(state="party"), "field state"),
    ],
)
def test_a_state_of_the_wrong_type_is_damage_not_empty(
    demo: Path, tracker: str, change: Any, field: str
) -> None:
    damaged = set_state(demo, tracker, change)
    with open_campaign(demo, readonly=True) as c, pytest.raises(CampaignCorrupt) as info:
        (list_ships if tracker == "ships" else load_party_state)(c)
    assert info.value.file.endswith(f"trackers/{tracker}.json")
    assert "record 1 of table 'tracker'" in info.value.reason and field in info.value.reason
    assert info.value.backup is not None
    with open_campaign(demo) as c:  # opening to write changes nothing of it
        assert c.damaged_files()[0].file.endswith(f"{tracker}.json")
    assert (demo / "trackers" / f"{tracker}.json").read_bytes() == damaged


def test_good_trackers_read(demo: Path) -> None:
    with open_campaign(demo, readonly=True) as c:
        assert len(list_ships(c)) == 5 and len(load_party_state(c).characters) == 8
        assert c.damaged_files(thorough=True) == []


def _edit(path: Path, change: Any) -> bytes:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path.read_bytes()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["crew"]["1"].update(versions={}), "field versions"),
        (lambda d: d["crew"]["1"]["versions"][0].update(rev="1"), "versions[0].rev"),
        (
            lambda d: d["crew"]["1"]["versions"][0]["roster"]["posts"][0].update(crew=[[1, 2]]),
            "crew",
        ),
    ],
)
def test_a_roster_of_the_wrong_type_is_damage(demo: Path, change: Any, field: str) -> None:
    from gmtool.store.ships import ship_crew

    roster = demo / "rosters" / "meridian.json"
    damaged = _edit(roster, change)
    with open_campaign(demo, readonly=True) as c, pytest.raises(CampaignCorrupt) as info:
        ship_crew(c, "meridian")
    assert info.value.file.endswith("rosters/meridian.json") and field in info.value.reason
    assert roster.read_bytes() == damaged


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["events"]["1"].update(events={}), "field events"),
        (lambda d: d["events"]["1"]["events"][0].update(round="one"), "events[0].round"),
        (lambda d: d["events"]["1"]["events"][0].pop("text"), "text: missing"),
    ],
)
def test_battle_events_of_the_wrong_type_are_damage(demo: Path, change: Any, field: str) -> None:
    from gmtool.actions import battles as act
    from gmtool.store.battles import load_battle

    with open_campaign(demo) as c:
        battle = act.new_battle(c, "Typed", ["meridian"], ["vex"], "long").id
        act.do_roll_edge(c, battle)
    events = demo / "battles" / f"{battle}.json"
    damaged = _edit(events, change)
    with open_campaign(demo, readonly=True) as c, pytest.raises(CampaignCorrupt) as info:
        load_battle(c, battle)
    assert info.value.file.endswith(f"battles/{battle}.json") and field in info.value.reason
    assert events.read_bytes() == damaged


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["state"].update(bailout="now"), "state.bailout"),
        (lambda d: d["state"].update(after_entry="3"), "state.after_entry"),
        (lambda d: d["state"].update(rolls=[0]), "state.rolls[0]"),
        (lambda d: d["state"].pop("ship_id"), "state.ship_id: missing"),
    ],
)
def test_a_bailout_of_the_wrong_type_is_damage(demo: Path, change: Any, field: str) -> None:
    with open_campaign(demo) as c:
        order_bailout(c, "light", 12)
    damaged = set_state(demo, "bailout", change)
    with open_campaign(demo, readonly=True) as c, pytest.raises(CampaignCorrupt) as info:
        load_bailout(c)
    assert info.value.file.endswith("trackers/bailout.json") and field in info.value.reason
    assert (demo / "trackers" / "bailout.json").read_bytes() == damaged
