"""The campaign's ships: records, roster versions, edits that keep names, undo and restart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gmtool.rules.crew import crew_manifest
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.roster import named_roster
from gmtool.rules.ships import ShipSpec, load_ship_spec, ship_spec_from_dict
from gmtool.store import Campaign, open_campaign
from gmtool.store import ships as store
from gmtool.store.demo import demo_data_dir
from gmtool.store.errors import StoreError
from gmtool.store.ships import rosters
from tests.conftest import TEST_SEED

DEMO = demo_data_dir()


def spec(**fields: Any) -> ShipSpec:
    data: dict[str, Any] = {
        "name": "CSS Test",
        "class": "light",
        "hull_points": 200,
        "systems": [{"type": "engine", "count": 2, "hp": 10}, {"type": "beam", "count": 2}],
    }
    data.update(fields)
    return ship_spec_from_dict(data)


def names_by_member(crew: store.ShipCrew) -> dict[str, str]:
    return {m.id: m.name for m in crew.roster.members}


def reopen(campaign: Campaign, **kwargs: Any) -> Campaign:
    folder = campaign.folder
    campaign.close()
    return open_campaign(folder, **kwargs)


# -- records and ids --------------------------------------------------------------------------


def test_record_round_trips_through_its_dict(campaign: Campaign) -> None:
    record = store.ShipRecord("kestrel", "enemy", load_ship_spec(DEMO / "ships/kestrel.yaml"))
    again = store.ShipRecord.from_dict(record.to_dict())
    assert again == record
    assert store.ShipRecord("a", "campaign", spec(), "1:a:2", 2, 7) == store.ShipRecord.from_dict(
        store.ShipRecord("a", "campaign", spec(), "1:a:2", 2, 7).to_dict()
    )


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("CSS Kestrel", "css-kestrel"),
        ("kestrel", "kestrel"),
        ("  --  ", "ship"),
        ("Vex_2", "vex-2"),
    ],
)
def test_ship_slug(text: str, slug: str) -> None:
    assert store.ship_slug(text) == slug


def test_empty_campaign_has_no_ships(campaign: Campaign) -> None:
    assert store.list_ships(campaign) == []
    with pytest.raises(store.ShipNotFound, match="no ship with the id 'kestrel'"):
        store.get_ship(campaign, "kestrel")


# -- the demo ---------------------------------------------------------------------------------


def test_demo_seeder_adds_ships_and_enemies_with_crews(campaign: Campaign) -> None:
    store.seed_demo_ships(campaign, DEMO)
    ships = store.list_ships(campaign)
    assert [(s.id, s.side) for s in ships] == [
        ("kestrel", "campaign"),
        ("meridian", "campaign"),
        ("tenacity", "campaign"),
        ("gorgon", "enemy"),
        ("vex", "enemy"),
    ]
    assert {s.spec.ship_class for s in ships if s.side == "campaign"} == {
        "light",
        "medium",
        "heavy",
    }
    for ship in ships:
        crew = store.ship_crew(campaign, ship.id)
        assert crew.manifest == crew_manifest(ship.spec)
        assert len(crew.roster.members) == crew.manifest.total_crew > 0
        assert not crew.rebuilt
    assert store.get_ship(campaign, "vex").spec.name == "Marauder Vex"
    # one undo step for the whole set-up
    assert store.ship_tracker(campaign).last_label() == "demo ships"


def test_rosters_are_reproducible_from_the_campaign_seed(
    tmp_path: Path, open_test_campaign: Callable[..., Campaign]
) -> None:
    first = open_test_campaign(tmp_path / "a")
    second = open_test_campaign(tmp_path / "b")
    other = open_test_campaign(tmp_path / "c", seed=TEST_SEED + 1)
    try:
        for c in (first, second, other):
            store.seed_demo_ships(c, DEMO)
        a = names_by_member(store.ship_crew(first, "meridian"))
        assert a == names_by_member(store.ship_crew(second, "meridian"))
        assert a != names_by_member(store.ship_crew(other, "meridian"))
        record = store.get_ship(first, "meridian")
        assert (
            record.roster_seed == store.roster_seed(first, "meridian") == f"{TEST_SEED}:meridian:0"
        )
    finally:
        for c in (first, second, other):
            c.close()


# -- import -----------------------------------------------------------------------------------


def test_import_takes_its_id_from_the_file_name(campaign: Campaign, tmp_path: Path) -> None:
    path = tmp_path / "Night Owl.yaml"
    path.write_text("name: CSS Night Owl\nclass: small\nhull_points: 40\n", encoding="utf-8")
    crew = store.import_ship(campaign, path)
    assert crew.record.id == "night-owl"
    assert crew.record.side == "campaign"
    again = store.import_ship(campaign, path, side="enemy")
    assert again.record.id == "night-owl-2"
    assert [s.id for s in store.list_ships(campaign)] == ["night-owl", "night-owl-2"]
    assert store.ship_tracker(campaign).last_label() == "import CSS Night Owl"


def test_bad_spec_file_names_file_ship_key_line_and_saves_nothing(
    campaign: Campaign, tmp_path: Path
) -> None:
    store.seed_demo_ships(campaign, DEMO)
    before = [r.to_dict() for r in store.list_ships(campaign)]
    path = tmp_path / "broken.yaml"
    path.write_text(
        "name: CSS Broken\nclass: light\nhull_points: 100\n"
        "systems:\n  - {type: engine, count: -2}\n",
        encoding="utf-8",
    )
    with pytest.raises(TableError) as caught:
        store.import_ship(campaign, path)
    message = str(caught.value)
    assert str(path) in message
    assert "CSS Broken" in message
    assert ":5" in message and "count" in message
    assert [r.to_dict() for r in store.list_ships(campaign)] == before
    assert not (campaign.folder / "rosters" / "broken.json").exists()


def test_bad_side_is_refused(campaign: Campaign) -> None:
    with pytest.raises(RulesError, match="side"):
        store.add_ship(campaign, spec(), side="pirates")
    assert store.list_ships(campaign) == []


# -- edits ------------------------------------------------------------------------------------


def test_edit_recomputes_manifest_and_keeps_names_of_surviving_posts(campaign: Campaign) -> None:
    added = store.add_ship(campaign, spec())
    assert added.record.id == "css-test"
    bigger = spec(
        hull_points=400,
        marines=12,
        systems=[
            {"type": "engine", "count": 2, "hp": 10},
            {"type": "beam", "count": 2},
            {"type": "sick_bay", "beds": 4},
        ],
    )
    edited = store.update_ship(campaign, "css-test", bigger)
    assert edited.manifest == crew_manifest(bigger)
    assert edited.manifest.total_crew > added.manifest.total_crew
    before, after = names_by_member(added), names_by_member(edited)
    kept = {mid for mid in before if mid in after}
    assert kept, "some posts survive the edit"
    assert all(after[mid] == before[mid] for mid in kept)
    assert store.get_ship(campaign, "css-test").spec == bigger
    assert store.ship_tracker(campaign).last_label() == "edit CSS Test"


def test_regenerate_names_a_new_crew_from_the_next_seed(campaign: Campaign) -> None:
    added = store.add_ship(campaign, spec())
    regenerated = store.regenerate_crew(campaign, "css-test")
    assert regenerated.record.regenerations == 1
    assert regenerated.record.roster_seed == store.roster_seed(campaign, "css-test", 1)
    assert regenerated.roster.seed == regenerated.record.roster_seed
    assert names_by_member(regenerated) != names_by_member(added)
    assert names_by_member(store.ship_crew(campaign, "css-test")) == names_by_member(regenerated)


def test_crew_survives_restart(
    campaign_path: Path, open_test_campaign: Callable[..., Campaign]
) -> None:
    c = open_test_campaign(campaign_path)
    store.seed_demo_ships(c, DEMO)
    store.regenerate_crew(c, "kestrel")
    saved = store.ship_crew(c, "kestrel")
    c = reopen(c, readonly=True)
    try:
        again = store.ship_crew(c, "kestrel")
        assert again.roster == saved.roster
        assert again.manifest == saved.manifest
        assert [s.id for s in store.list_ships(c)] == [
            "kestrel",
            "meridian",
            "tenacity",
            "gorgon",
            "vex",
        ]
    finally:
        c.close()


def test_saved_manifest_stays_until_regenerated(campaign: Campaign) -> None:
    """The manifest shown is the one saved with the ship, not one worked out on every read."""
    store.add_ship(campaign, spec())
    db = campaign.db("rosters/css-test")
    doc = db.table("crew").all()[0]
    versions = doc["versions"]
    versions[-1]["manifest"]["total_crew"] = 999
    db.table("crew").update({"versions": versions}, doc_ids=[doc.doc_id])
    assert store.ship_crew(campaign, "css-test").manifest.total_crew == 999
    assert store.regenerate_crew(campaign, "css-test").manifest.total_crew != 999


# -- undo -------------------------------------------------------------------------------------


def test_undo_edit_brings_back_spec_and_roster(campaign: Campaign) -> None:
    added = store.add_ship(campaign, spec())
    store.update_ship(campaign, "css-test", spec(hull_points=800, name="CSS Bigger"))
    undone = store.undo_ships(campaign)
    assert undone is not None and undone.label == "edit CSS Bigger"
    crew = store.ship_crew(campaign, "css-test")
    assert crew.record.spec == added.record.spec
    assert crew.roster == added.roster
    assert not crew.rebuilt


def test_undo_delete_and_regenerate(campaign: Campaign) -> None:
    store.seed_demo_ships(campaign, DEMO)
    original = store.ship_crew(campaign, "gorgon")
    store.regenerate_crew(campaign, "gorgon")
    removed = store.delete_ship(campaign, "gorgon")
    assert removed.id == "gorgon"
    assert "gorgon" not in [s.id for s in store.list_ships(campaign)]
    with pytest.raises(store.ShipNotFound):
        store.update_ship(campaign, "gorgon", spec())
    assert store.undo_ships(campaign) is not None  # the deletion
    assert store.get_ship(campaign, "gorgon").regenerations == 1
    assert store.undo_ships(campaign) is not None  # the regeneration
    assert store.ship_crew(campaign, "gorgon").roster == original.roster
    # the demo set-up itself is not undone: one ctrl+z too many keeps the fleet
    assert store.undo_ships(campaign) is None
    assert len(store.list_ships(campaign)) == 5


def test_first_import_can_be_undone(campaign: Campaign) -> None:
    store.add_ship(campaign, spec())
    roster_file = campaign.folder / "rosters" / "css-test.json"
    assert roster_file.exists()
    undone = store.undo_ships(campaign)
    assert undone is not None and undone.label == "add CSS Test"
    assert store.list_ships(campaign) == []
    assert not roster_file.exists()  # the undone import leaves nothing behind
    assert store.undo_ships(campaign) is None


def test_undoing_a_regeneration_or_an_edit_removes_the_roster_it_made(
    campaign: Campaign,
) -> None:
    store.add_ship(campaign, spec())
    store.regenerate_crew(campaign, "css-test")
    store.update_ship(campaign, "css-test", spec(hull_points=300))
    assert [v["rev"] for v in rosters.read_versions(campaign, "css-test")] == [1, 2, 3]
    store.undo_ships(campaign)
    assert [v["rev"] for v in rosters.read_versions(campaign, "css-test")] == [1, 2]
    store.undo_ships(campaign)
    assert [v["rev"] for v in rosters.read_versions(campaign, "css-test")] == [1]
    assert store.ship_crew(campaign, "css-test").record.roster_rev == 1


def test_undoing_an_add_keeps_the_crew_of_a_deleted_ship_of_that_id(
    campaign: Campaign,
) -> None:
    store.add_ship(campaign, spec())
    store.delete_ship(campaign, "css-test")
    again = store.add_ship(campaign, spec(hull_points=300))
    assert again.record.id == "css-test" and again.record.roster_rev == 2
    store.undo_ships(campaign)  # the second add: its version goes, the first ship's stays
    assert [v["rev"] for v in rosters.read_versions(campaign, "css-test")] == [1]
    store.undo_ships(campaign)  # the deletion: the first ship comes back with its crew
    assert not store.ship_crew(campaign, "css-test").rebuilt


def test_big_crews_keep_fewer_versions_but_one_undo_always_works(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rosters, "ROSTER_MEMBERS_KEPT", 1)
    first = store.add_ship(campaign, spec())
    second = store.update_ship(campaign, "css-test", spec(hull_points=300))
    store.update_ship(campaign, "css-test", spec(hull_points=500))
    versions = campaign.db("rosters/css-test").table("crew").all()[0]["versions"]
    assert [v["rev"] for v in versions] == [2, 3]  # the newest and the one before it
    store.undo_ships(campaign)
    assert store.ship_crew(campaign, "css-test").roster == second.roster
    assert [v["rev"] for v in rosters.read_versions(campaign, "css-test")] == [2]  # 3 undone
    store.undo_ships(campaign)
    # version 1 was trimmed and 2 was undone: the crew is named again from the ship's seed,
    # which gives the first crew back, and saved again under its number
    assert not (campaign.folder / "rosters" / "css-test.json").exists()
    rebuilt = store.ship_crew(campaign, "css-test")
    assert rebuilt.rebuilt
    assert rebuilt.manifest == first.manifest and rebuilt.roster == first.roster
    assert not store.ship_crew(campaign, "css-test").rebuilt


def test_roster_versions_are_capped(campaign: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rosters, "ROSTER_VERSIONS", 3)
    store.add_ship(campaign, spec())
    for _ in range(5):
        store.regenerate_crew(campaign, "css-test")
    versions = campaign.db("rosters/css-test").table("crew").all()[0]["versions"]
    assert [v["rev"] for v in versions] == [4, 5, 6]


def test_packed_roster_round_trips_exactly(campaign: Campaign) -> None:
    store.seed_demo_ships(campaign, DEMO)
    for ship in store.list_ships(campaign):
        roster = named_roster(crew_manifest(ship.spec), "x")
        packed = store.pack_roster(roster)
        assert store.unpack_roster(packed) == roster
        assert sum(len(g["crew"]) for g in packed["posts"]) == len(roster.members)


def test_roster_file_name_must_be_a_ship_id(campaign: Campaign) -> None:
    with pytest.raises(StoreError, match="not a ship id"):
        rosters.roster_db_name("../campaign")


def test_ship_manifest_reads_the_saved_manifest_without_the_roster(campaign: Campaign) -> None:
    store.seed_demo_ships(campaign, DEMO)
    for ship in store.list_ships(campaign):
        assert store.ship_manifest(campaign, ship.id) == store.ship_crew(campaign, ship.id).manifest
    # a lost roster file: the manifest is worked out from the spec
    kestrel = store.get_ship(campaign, "kestrel")
    rosters.write_versions(campaign, "kestrel", [])
    assert store.ship_manifest(campaign, "kestrel") == crew_manifest(kestrel.spec)
