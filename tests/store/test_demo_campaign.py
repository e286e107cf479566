"""The demo campaign is made whole or not at all, and an existing one is never touched."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.store import StoreError, demo, open_campaign
from gmtool.store.party import load_party_state
from gmtool.store.ships import list_ships


def _contents(path: Path) -> tuple[int, int]:
    campaign = open_campaign(path, readonly=True)
    try:
        return len(list_ships(campaign)), len(load_party_state(campaign).characters)
    finally:
        campaign.close()


def test_a_set_up_that_fails_part_way_leaves_nothing_and_the_next_run_seeds_it_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "demo.campaign"
    monkeypatch.setattr(demo, "SEEDERS", [*demo.SEEDERS, "gmtool.no_such_module:seed"])
    with pytest.raises(ModuleNotFoundError):
        demo.ensure_demo_campaign(path, seed=3)
    assert not path.exists()
    assert [p.name for p in tmp_path.iterdir()] == [".demo.campaign.setup-lock"]  # empty
    monkeypatch.undo()
    demo.ensure_demo_campaign(path, seed=3)
    ships, characters = _contents(path)
    assert ships >= 3 and characters >= 1


def test_a_crashed_set_up_left_behind_is_cleared(tmp_path: Path) -> None:
    path = tmp_path / "demo.campaign"
    leftover = tmp_path / "demo.campaign.building"
    leftover.mkdir()
    (leftover / "campaign.json").write_text("{ half")
    demo.ensure_demo_campaign(path, seed=3)
    assert not leftover.exists()
    assert _contents(path)[0] >= 3


def test_an_existing_demo_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "demo.campaign"
    demo.ensure_demo_campaign(path, seed=3)
    before = {p: p.read_bytes() for p in path.rglob("*.json")}
    demo.ensure_demo_campaign(path, seed=4)
    assert {p: p.read_bytes() for p in path.rglob("*.json")} == before


def test_a_folder_in_the_way_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "demo.campaign"
    path.mkdir()
    (path / "notes.txt").write_text("mine")
    with pytest.raises(StoreError, match="in the way"):
        demo.ensure_demo_campaign(path)
    assert (path / "notes.txt").read_text() == "mine"
