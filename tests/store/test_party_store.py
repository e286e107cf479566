"""The party store: characters and stations saved as one undoable tracker state."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules.characters import Character, Party, character_from_dict, load_party
from gmtool.rules.errors import RulesError
from gmtool.rules.ships import load_ship_spec
from gmtool.rules.stations import assign, move, set_posture
from gmtool.store import Campaign, StoreError
from gmtool.store.demo import demo_data_dir
from gmtool.store.party import (
    add_character,
    campaign_ships,
    delete_character,
    export_party,
    import_party,
    load_party_state,
    new_character_id,
    party_tracker,
    save_assignments,
    seed_demo_party,
    ship_ids,
    undo_party,
    update_character,
)
from gmtool.store.ships import add_ship, seed_demo_ships


@pytest.fixture(autouse=True)
def _demo_ships(campaign: Campaign) -> None:
    """The demo's ships (meridian, tenacity, kestrel and two enemies), through the ship store."""
    seed_demo_ships(campaign, demo_data_dir())


def hero(name: str = "Mara Voss", **extra: Any) -> Character:
    data: dict[str, Any] = {
        "name": name,
        "kind": "pc",
        "player": "Sam",
        "abilities": {"constitution": 10, "personality": 11, "dexterity": 12},
        "skills": {"vehicle_operation": 12, "vehicle_operation-spacecraft": 15},
    }
    data.update(extra)
    return character_from_dict(data)


def reopened(path: Path, opener: Callable[..., Campaign]) -> Party:
    c = opener(path, readonly=True)
    try:
        return load_party_state(c)
    finally:
        c.close()


def party_file(tmp_path: Path, text: str, name: str = "party.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


GOOD_FILE = """\
characters:
  - name: Oren Tal
    kind: npc
    abilities: {constitution: 9, personality: 8}
    skills: {system_operation: 11, system_operation-sensors: 14}
assignments:
  - {character: oren-tal, ship: meridian, station: sensors}
"""


# -- saving and reading back ----------------------------------------------------------------


def test_a_new_campaign_has_an_empty_party(campaign: Campaign) -> None:
    assert load_party_state(campaign) == Party(())
    assert not party_tracker(campaign).can_undo()


def test_character_survives_reopening(
    campaign: Campaign, campaign_path: Path, open_test_campaign: Callable[..., Campaign]
) -> None:
    mara = hero()
    add_character(campaign, mara)
    campaign.close()
    party = reopened(campaign_path, open_test_campaign)
    assert party.characters == (mara,)
    assert party.character("mara-voss").tracks == {"stun": 10, "wound": 10, "mortal": 5}


def test_assignments_and_posture_survive_reopening(
    campaign: Campaign, campaign_path: Path, open_test_campaign: Callable[..., Campaign]
) -> None:
    add_character(campaign, hero())
    party = load_party_state(campaign)
    placed = assign(party.assignments, "mara-voss", "meridian", "bridge", characters=party.ids)
    save_assignments(campaign, placed, "assign Mara")
    save_assignments(campaign, set_posture(placed, "mara-voss", "vulnerable"), "Mara vulnerable")
    campaign.close()
    saved = reopened(campaign_path, open_test_campaign)
    assert [a.to_dict() for a in saved.assignments] == [
        {
            "character": "mara-voss",
            "ship": "meridian",
            "station": "bridge",
            "posture": "vulnerable",
            "task": "auto",
            "leads": None,
        }
    ]


def test_saved_party_round_trips_every_field(campaign: Campaign) -> None:
    demo = load_party(demo_data_dir() / "party.yaml")
    from gmtool.store.party import save_party

    save_party(campaign, demo, "demo")
    assert load_party_state(campaign) == demo
    assert Party.from_dict(party_tracker(campaign).load() or {}) == demo


def test_character_ids_are_unique(campaign: Campaign) -> None:
    add_character(campaign, hero())
    party = load_party_state(campaign)
    assert new_character_id(party, "Mara Voss") == "mara-voss-2"
    assert new_character_id(party, "  Jo!  ") == "jo"
    with pytest.raises(RulesError, match="already in the party"):
        add_character(campaign, hero())
    with pytest.raises(RulesError, match="letter or digit"):
        new_character_id(party, "!!!")


def test_update_character_replaces_it_and_undo_marks_its_rolls_undone(
    campaign: Campaign,
) -> None:
    add_character(campaign, hero())
    from gmtool.rules.dice import parse, roll

    dice = roll(parse("d6w"), campaign.rng())
    saved = campaign.record([campaign.dice_entry(dice, "hazard: Mara", source="hazards")])
    mara = load_party_state(campaign).character("mara-voss")
    hurt = mara.with_damage({"wound": dice.total}, stabilized=False)
    update_character(campaign, hurt, "hazard: Mara hurt", rolls=saved)
    assert load_party_state(campaign).character("mara-voss").damage["wound"] == dice.total
    assert party_tracker(campaign).last_label() == "hazard: Mara hurt"

    undone = undo_party(campaign)
    assert undone is not None and undone.roll_ids == [saved[0]["id"]]
    assert load_party_state(campaign).character("mara-voss").damage["wound"] == 0
    assert next(campaign.roll_log())["undone"] is True


def test_update_of_an_unknown_character_changes_nothing(campaign: Campaign) -> None:
    add_character(campaign, hero())
    before = party_tracker(campaign).load()
    with pytest.raises(RulesError, match="no character"):
        update_character(campaign, hero("Someone Else"), "edit")
    assert party_tracker(campaign).load() == before


def test_damage_past_a_track_is_refused(campaign: Campaign) -> None:
    from msgspec.structs import replace

    add_character(campaign, hero())
    mara = load_party_state(campaign).character("mara-voss")
    before = party_tracker(campaign).load()
    with pytest.raises(RulesError, match="wound"):
        update_character(campaign, replace(mara, damage={"wound": 11}), "too much")
    assert party_tracker(campaign).load() == before


def test_delete_takes_the_character_off_their_station(campaign: Campaign) -> None:
    add_character(campaign, hero())
    add_character(campaign, hero("Oren Tal", kind="npc", player=None))
    party = load_party_state(campaign)
    placed = assign(party.assignments, "mara-voss", "meridian", "bridge", characters=party.ids)
    placed = assign(placed, "oren-tal", "meridian", "sensors", characters=party.ids)
    save_assignments(campaign, placed, "stations")
    delete_character(campaign, "mara-voss")
    party = load_party_state(campaign)
    assert party.ids == ("oren-tal",)
    assert [a.character_id for a in party.assignments] == ["oren-tal"]
    undo_party(campaign)
    assert load_party_state(campaign).ids == ("mara-voss", "oren-tal")


def test_a_second_station_is_refused_and_nothing_changes(campaign: Campaign) -> None:
    add_character(campaign, hero())
    party = load_party_state(campaign)
    placed = assign(party.assignments, "mara-voss", "meridian", "bridge", characters=party.ids)
    save_assignments(campaign, placed, "assign")
    before = party_tracker(campaign).load()
    with pytest.raises(RulesError, match="one station at most"):
        assign(placed, "mara-voss", "meridian", "flight", characters=party.ids)
    with pytest.raises(RulesError, match="assigned twice"):
        save_assignments(campaign, (*placed, *placed), "twice")
    assert party_tracker(campaign).load() == before
    moved = move(placed, "mara-voss", "meridian", "flight", characters=party.ids)
    assert save_assignments(campaign, moved, "move").assignments[0].place == "flight"


def test_an_unreadable_saved_party_is_reported(campaign: Campaign) -> None:
    party_tracker(campaign).save({"characters": [{"name": "X"}]}, "broken by hand")
    with pytest.raises(StoreError, match=r"party\.json: the saved party does not read"):
        load_party_state(campaign)


# -- import and export ----------------------------------------------------------------------


def test_import_adds_characters_and_their_stations(campaign: Campaign, tmp_path: Path) -> None:
    add_character(campaign, hero())
    result = import_party(campaign, party_file(tmp_path, GOOD_FILE))
    party = load_party_state(campaign)
    assert party.ids == ("mara-voss", "oren-tal")
    assert party.assignments[0].place == "sensors"
    assert result.added == ("Oren Tal",) and result.replaced == ()
    assert "1 new" in result.describe() and "party.yaml" in result.describe()
    assert party_tracker(campaign).last_label() == "import party.yaml"


def test_import_replaces_characters_with_the_same_id(campaign: Campaign, tmp_path: Path) -> None:
    import_party(campaign, party_file(tmp_path, GOOD_FILE))
    changed = GOOD_FILE.replace("system_operation-sensors: 14", "system_operation-sensors: 16")
    changed = changed.replace("station: sensors", "station: bridge")
    result = import_party(campaign, party_file(tmp_path, changed, "again.yaml"))
    party = load_party_state(campaign)
    assert party.ids == ("oren-tal",)
    assert party.character("oren-tal").skills["system_operation-sensors"] == 16
    assert [a.place for a in party.assignments] == ["bridge"]
    assert result.replaced == ("Oren Tal",)


def test_import_with_replace_makes_the_file_the_whole_party(
    campaign: Campaign, tmp_path: Path
) -> None:
    add_character(campaign, hero())
    import_party(campaign, party_file(tmp_path, GOOD_FILE), replace=True)
    assert load_party_state(campaign).ids == ("oren-tal",)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            GOOD_FILE.replace("system_operation-sensors: 14", "system_operation-sensors: 31"),
            r"bad\.yaml:5 \(character Oren Tal\): key 'characters\[0\]\.skills\."
            r"system_operation-sensors' expected a whole number from 1 to 30, got 31",
        ),
        (
            GOOD_FILE.replace("station: sensors", "station: galley"),
            r"bad\.yaml:7: key 'assignments\[0\]\.station' expected one of command, .*got "
            r"'galley'",
        ),
        (
            GOOD_FILE + "  - {character: oren-tal, ship: meridian, station: bridge}\n",
            r"bad\.yaml:8: .*a character is at one station at most",
        ),
        (GOOD_FILE.replace("ship: meridian", "ship: nowhere"), r"got 'nowhere'"),
        ("characters: [", r"bad\.yaml"),
    ],
    ids=["skill-31", "unknown-station", "two-stations", "unknown-ship", "not-yaml"],
)
def test_a_bad_import_says_where_and_changes_nothing(
    campaign: Campaign, tmp_path: Path, text: str, message: str
) -> None:
    add_character(campaign, hero())
    before = (party_tracker(campaign).load(), party_tracker(campaign).last_label())
    with pytest.raises(RulesError, match=message):
        import_party(campaign, party_file(tmp_path, text, "bad.yaml"))
    assert (party_tracker(campaign).load(), party_tracker(campaign).last_label()) == before


def test_import_of_a_missing_file_says_so(campaign: Campaign, tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="a readable file"):
        import_party(campaign, tmp_path / "nowhere.yaml")
    assert not party_tracker(campaign).can_undo()


def test_export_then_import_gives_the_same_party(
    campaign: Campaign, tmp_path: Path, open_test_campaign: Callable[..., Campaign]
) -> None:
    seed_demo_party(campaign, demo_data_dir())
    out = export_party(campaign, tmp_path / "out.yaml")
    other = open_test_campaign(tmp_path / "other.campaign")
    seed_demo_ships(other, demo_data_dir())
    try:
        import_party(other, out, replace=True)
        assert load_party_state(other) == load_party_state(campaign)
    finally:
        other.close()


def test_export_refuses_to_overwrite_unless_asked(campaign: Campaign, tmp_path: Path) -> None:
    add_character(campaign, hero())
    out = tmp_path / "party.yaml"
    out.write_text("keep me", encoding="utf-8")
    with pytest.raises(StoreError, match="already exists"):
        export_party(campaign, out)
    assert out.read_text(encoding="utf-8") == "keep me"
    export_party(campaign, out, overwrite=True)
    assert "Mara Voss" in out.read_text(encoding="utf-8")
    with pytest.raises(StoreError, match="does not exist"):
        export_party(campaign, tmp_path / "no" / "such" / "party.yaml")


# -- ships and the demo ---------------------------------------------------------------------


def test_the_campaign_ships_come_from_the_ship_store(
    campaign: Campaign, open_test_campaign: Callable[..., Campaign], tmp_path: Path
) -> None:
    assert ship_ids(campaign) == ["kestrel", "meridian", "tenacity", "gorgon", "vex"]
    assert all(isinstance(s.spec.crew_check_score, int) for s in campaign_ships(campaign))
    bare = open_test_campaign(tmp_path / "bare.campaign")
    try:
        assert ship_ids(bare) == []
        spec = load_ship_spec(demo_data_dir() / "ships" / "kestrel.yaml")
        add_ship(bare, spec, ship_id="skiff")
        assert ship_ids(bare) == ["skiff"]
    finally:
        bare.close()


def test_import_into_a_campaign_without_ships_refuses_assignments(
    open_test_campaign: Callable[..., Campaign], tmp_path: Path
) -> None:
    bare = open_test_campaign(tmp_path / "bare.campaign")
    try:
        with pytest.raises(RulesError, match=r"no ships yet"):
            import_party(bare, party_file(tmp_path, GOOD_FILE))
        assert not party_tracker(bare).can_undo()
        no_stations = GOOD_FILE.split("assignments:")[0]
        import_party(bare, party_file(tmp_path, no_stations, "plain.yaml"))
        assert load_party_state(bare).ids == ("oren-tal",)
    finally:
        bare.close()


def test_the_demo_party_is_seeded(campaign: Campaign) -> None:
    seed_demo_party(campaign, demo_data_dir())
    party = load_party_state(campaign)
    pcs = [c for c in party.characters if c.kind == "pc"]
    assert len(pcs) >= 5
    assert {a.ship_id for a in party.assignments} == {"meridian", "tenacity", "kestrel"}
    assert party_tracker(campaign).last_label() == "demo party"


def test_the_store_does_not_import_textual() -> None:
    code = "import sys, gmtool.store.party; print('textual' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"
