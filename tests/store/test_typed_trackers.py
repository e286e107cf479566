"""A tab's saved state of the wrong type is damage, never an empty list: a party whose
characters are a mapping, a fleet whose ships are a number, a state that is a list."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gmtool.store import CampaignCorrupt, open_campaign
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
