"""Ship actions: one name per ship, deleting a ship with characters aboard, and redo."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions import ships as act
from gmtool.rules.ships import ShipSpec, load_ship_spec
from gmtool.store import Campaign
from gmtool.store import party as party_store
from gmtool.store import ships as ship_store
from gmtool.store.demo import demo_data_dir

GORGON = demo_data_dir() / "enemies" / "gorgon.yaml"
MERIDIAN_CREW = {
    "Captain Ines Calloway",
    "Lieutenant Dorran Vek",
    "Ensign Tamsin Oyelaran",
    "Chief Engineer Halvard Rusk",
    "Doctor Priya Salo",
    "Sergeant Bram Adeyemi",
}


def _files(c: Campaign) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in c.folder.rglob("*.json") if "backups" not in p.parts}


def named(spec: ShipSpec, name: str) -> ShipSpec:
    return ShipSpec.from_dict(dict(spec.to_dict(), name=name))


def on_ship(c: Campaign, ship_id: str) -> set[str]:
    return set(act.aboard(c, ship_id))


# -- names --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["Raider Gorgon", "raider gorgon", "RAIDER  Gorgon", "RaiderGorgon"]
)
def test_add_refuses_a_name_another_ship_has(demo: Campaign, name: str) -> None:
    before = _files(demo)
    with pytest.raises(act.DuplicateShipName) as refused:
        act.add_ship(demo, named(load_ship_spec(GORGON), name), "enemy")
    assert refused.value.other_id == "gorgon"
    assert "'Raider Gorgon' (gorgon) already has the name" in str(refused.value)
    assert _files(demo) == before


def test_edit_refuses_another_ships_name_but_keeps_its_own(demo: Campaign) -> None:
    kestrel = ship_store.get_ship(demo, "kestrel").spec
    with pytest.raises(act.DuplicateShipName, match="CSS Meridian"):
        act.edit_ship(demo, "kestrel", named(kestrel, "css meridian"))
    # its own name, in other case, is no clash
    saved = act.edit_ship(demo, "kestrel", named(kestrel, "CSS KESTREL"))
    assert saved.name == "CSS KESTREL"


def test_import_refuses_a_file_naming_a_ship_already_there(demo: Campaign, tmp_path: Path) -> None:
    copy = tmp_path / "another-gorgon.yaml"
    copy.write_text(GORGON.read_text(encoding="utf-8"), encoding="utf-8")
    before = _files(demo)
    with pytest.raises(act.DuplicateShipName, match="gorgon"):
        act.import_ship(demo, copy, "enemy")
    assert _files(demo) == before


# -- deleting a ship with characters aboard -------------------------------------------------


def test_deleting_a_ship_with_characters_aboard_is_refused_unless_asked(demo: Campaign) -> None:
    before = _files(demo)
    with pytest.raises(act.CharactersAboard) as refused:
        act.delete_ship(demo, "meridian")
    assert set(refused.value.names) == MERIDIAN_CREW
    assert "6 characters are aboard CSS Meridian" in str(refused.value)
    assert _files(demo) == before


def test_delete_takes_them_off_and_one_undo_puts_both_back(demo: Campaign) -> None:
    gone = act.delete_ship(demo, "meridian", take_off_stations=True)
    assert set(gone.unassigned) == MERIDIAN_CREW
    assert "meridian" not in [r.id for r in ship_store.list_ships(demo)]
    party = party_store.load_party_state(demo)
    assert not [a for a in party.assignments if a.ship_id == "meridian"]

    undone = act.undo(demo)
    assert undone.label == "delete CSS Meridian" and undone.ship_id == "meridian"
    assert set(undone.stations) == MERIDIAN_CREW
    assert on_ship(demo, "meridian") == MERIDIAN_CREW
    assert "meridian" in [r.id for r in ship_store.list_ships(demo)]

    redone = act.redo(demo)
    assert redone.ship_id == "meridian" and set(redone.stations) == MERIDIAN_CREW
    assert on_ship(demo, "meridian") == set()
    assert "meridian" not in [r.id for r in ship_store.list_ships(demo)]


def test_undo_of_a_deletion_leaves_them_off_when_the_stations_changed_since(
    demo: Campaign,
) -> None:
    act.delete_ship(demo, "meridian", take_off_stations=True)
    from gmtool.actions import party as party_actions

    party_actions.assign_station(demo, "ines-calloway", "kestrel", "command")
    undone = act.undo(demo)
    assert undone.stations == () and set(undone.stations_kept) == MERIDIAN_CREW
    assert on_ship(demo, "meridian") == set()
    assert on_ship(demo, "kestrel") >= {"Captain Ines Calloway"}


def test_a_ship_with_nobody_aboard_deletes_without_asking(demo: Campaign) -> None:
    assert act.delete_ship(demo, "gorgon").unassigned == ()


# -- redo -----------------------------------------------------------------------------------


def test_redo_brings_back_the_roster_the_action_named(demo: Campaign) -> None:
    added = act.add_ship(demo, named(load_ship_spec(GORGON), "Raider Gorgon II"), "enemy")
    regenerated = act.regenerate_crew(demo, added.ship_id)
    assert act.undo(demo).label == f"regenerate the crew of {added.name}"
    assert act.undo(demo).label == f"add {added.name}"
    assert not (demo.folder / "rosters" / f"{added.ship_id}.json").exists()
    assert act.next_redo(demo) == f"add {added.name}"

    assert act.redo(demo).ship_id == added.ship_id
    assert act.redo(demo).label == f"regenerate the crew of {added.name}"
    crew = act.crew_of(demo, added.ship_id)
    assert not crew.rebuilt  # the saved version came back, not a crew named again
    assert crew.roster == regenerated.crew.roster
    with pytest.raises(ActionRefused, match="nothing to redo"):
        act.redo(demo)


def test_a_new_action_clears_the_redo(demo: Campaign) -> None:
    act.delete_ship(demo, "gorgon")
    act.undo(demo)
    act.delete_ship(demo, "vex")
    assert act.next_redo(demo) is None
    with pytest.raises(ActionRefused, match="nothing to redo"):
        act.redo(demo)
    assert act.next_undo(demo) == "delete Marauder Vex"


def test_a_battles_end_undone_in_the_battle_tab_is_not_redone_here(demo: Campaign) -> None:
    from gmtool.actions import battles as battle_actions

    battle = battle_actions.new_battle(demo, "Ambush", ["meridian"], ["vex"], "long").id
    battle_actions.do_apply_damage(demo, battle, "meridian", 30, "wound", "test")
    battle_actions.do_end_battle(demo, battle)
    battle_actions.undo(demo, battle)  # the end, and its write into the ships, taken back
    assert ship_store.ship_tracker(demo).can_redo()
    assert act.next_redo(demo) is None
    with pytest.raises(ActionRefused, match="redo it with the battle"):
        act.redo(demo)
