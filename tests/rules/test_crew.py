"""Crew manifests against hand-worked examples of RULES.md section 2, and their properties."""

from __future__ import annotations

import math
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gmtool.rules import checks, classes, crew, roster, ships
from gmtool.rules.crew import Manifest, crew_manifest, manifest_csv, manifest_markdown
from gmtool.rules.errors import TableError
from gmtool.rules.ships import ShipSpec, ship_spec_from_dict
from gmtool.rules.tables import tables_dir

SYSTEM_TYPES = list(ships.ship_spec_table().system_types)
WEAPON_TYPES = frozenset(ships.ship_spec_table().weapon_types)
WEAPON_TYPES = sorted(ships.ship_spec_table().weapon_types)


def make(systems: list[dict[str, Any]] | None = None, **fields: Any) -> ShipSpec:
    data: dict[str, Any] = {"name": "Test", "class": "light", "hull_points": 40}
    data.update(fields)
    if systems is not None:
        data["systems"] = systems
    return ship_spec_from_dict(data)


def counts(spec: ShipSpec) -> dict[str, int]:
    """Every post of the manifest, by id (posts of absent departments are simply missing)."""
    m = crew_manifest(spec)
    return {p.id: p.count for d in m.departments for p in d.posts}


def post(spec: ShipSpec, post_id: str) -> int:
    return crew_manifest(spec).count(post_id)


# -- two complete manifests, worked by hand -------------------------------------------------

EXAMPLE = [
    {"type": "ftl_drive", "hp": 20},
    {"type": "engine", "count": 2, "hp": 12},
    {"type": "beam", "name": "heavy laser", "count": 2, "hp": 6},
    {"type": "sick_bay", "beds": 6},
]

# RULES.md section 8's example ship (light, 200 hull points), every post worked by hand.
EXAMPLE_POSTS = {
    "deck": {
        "deckhands": 5,  # ceil(200/40)
        "cargo_handlers": 0,
        "bosuns_mates": 1,  # ceil(5/5)
        "ships_bosun": 1,
        "deck_officers": 1,  # ceil(1/3)
        "first_lieutenant": 1,
    },
    "engineering": {
        "drive_techs": 4,  # ceil(20/5)
        "engine_techs": 5,  # ceil(24/10) + 2 engines
        "power_techs": 0,
        "support_techs": 0,
        "cold_techs": 0,
        "eco_techs": 0,
        "engine_mates": 2,  # ceil(9/5)
        "fuel_king": 0,
        "engineering_officers": 1,  # ceil(2/3)
        "chief_engineer": 1,
    },
    "navigation": {
        "quartermasters": 4,  # 2 + class number 2 (light)
        "helm_operators": 3,  # 1 + 2
        "navigation_petty_officers": 2,  # ceil(7/4)
        "navigator": 1,
    },
    "operations": {
        "electronics_techs": 0,
        "comp_techs": 0,  # no computer core, no dedicated computer
        "op_specialists": 2,  # two beam mounts
        "intelligence_specialists": 0,
        "operations_petty_officers": 0,  # no techs (specialists are not techs)
        "operations_officers": 0,
        "operations_officer": 1,
        "psi_officers": 0,
    },
    "auxiliary": {
        "repair_techs": 5,
        "machinists": 0,
        "auxiliary_petty_officers": 2,  # ceil(5/4)
        "damage_control_officer": 1,
    },
    "weapons": {
        "gunners": 7,  # 2 x 2 mounts + ceil(12/5)
        "missile_techs": 0,
        "torpedomen": 0,
        "weapons_petty_officers": 2,  # ceil(7/4)
        "weapon_officers": 1,
        "chief_weapons_officer": 1,
    },
    # basic crew 54, basic officers 9
    "medical": {
        "med_techs": 3,  # max(ceil(54/50) = 2, ceil(6 beds / 2) = 3)
        "medical_petty_officers": 1,
        "surgeons": 0,
        "ships_doctor": 1,
    },
    "service": {
        "mess_hands": 3,  # ceil(54/20)
        "mess_stewards": 3,  # ceil(9/3)
        "service_petty_officers": 2,  # ceil(6/5)
        "mess_chief": 1,
    },
    "supply": {"storeskeepers": 3, "supply_petty_officers": 1, "supply_officer": 1},
    "administration": {
        "yeomen": 2,  # ceil(54/40)
        "security_specialists": 2,
        "administration_petty_officers": 1,
        "administration_officers": 1,
        "chief_master_at_arms": 1,
        "admin_officer": 1,
    },
    "command": {  # no chaplain: only a flagship carries one
        "command_master_chief": 1,
        "executive_officer": 1,
        "political_officer": 0,
        "captain": 1,
    },
}


def by_department(m: Manifest) -> dict[str, dict[str, int]]:
    return {d.id: {p.id: p.count for p in d.posts} for d in m.departments}


def test_rules_example_ship_worked_by_hand() -> None:
    m = crew_manifest(make(EXAMPLE, hull_points=200))
    assert by_department(m) == EXAMPLE_POSTS
    assert (m.basic_crew, m.basic_officers, m.support_crew, m.total_crew) == (54, 9, 30, 84)
    assert [d.total for d in m.departments] == [9, 13, 10, 3, 8, 11, 5, 9, 5, 8, 3]


def test_ship_with_no_systems_at_all_worked_by_hand() -> None:
    m = crew_manifest(make(None, **{"class": "small", "hull_points": 10}))
    assert by_department(m) == {
        "deck": {
            "deckhands": 1,
            "cargo_handlers": 0,
            "bosuns_mates": 1,
            "ships_bosun": 1,
            "deck_officers": 1,
            "first_lieutenant": 1,
        },
        "engineering": {
            "drive_techs": 0,
            "engine_techs": 0,
            "power_techs": 0,
            "support_techs": 0,
            "cold_techs": 0,
            "eco_techs": 0,
            "engine_mates": 0,
            "fuel_king": 0,
            "engineering_officers": 0,
            "chief_engineer": 1,
        },
        "navigation": {
            "quartermasters": 3,  # 2 + class number 1 (small)
            "helm_operators": 2,
            "navigation_petty_officers": 2,  # ceil(5/4)
            "navigator": 1,
        },
        "operations": {
            "electronics_techs": 0,
            "comp_techs": 0,
            "op_specialists": 0,
            "intelligence_specialists": 0,
            "operations_petty_officers": 0,
            "operations_officers": 0,
            "operations_officer": 1,
            "psi_officers": 0,
        },
        "auxiliary": {
            "repair_techs": 1,
            "machinists": 0,
            "auxiliary_petty_officers": 1,
            "damage_control_officer": 1,
        },
        "medical": {
            "med_techs": 1,
            "medical_petty_officers": 1,
            "surgeons": 0,
            "ships_doctor": 1,
        },
        "service": {
            "mess_hands": 1,
            "mess_stewards": 2,  # ceil(6 basic officers / 3)
            "service_petty_officers": 1,
            "mess_chief": 1,
        },
        "supply": {"storeskeepers": 1, "supply_petty_officers": 1, "supply_officer": 1},
        "administration": {
            "yeomen": 1,
            "security_specialists": 1,
            "administration_petty_officers": 1,
            "administration_officers": 1,
            "chief_master_at_arms": 1,
            "admin_officer": 1,
        },
        "command": {
            "command_master_chief": 1,
            "executive_officer": 1,
            "political_officer": 0,
            "captain": 1,
        },
    }
    assert (m.basic_crew, m.basic_officers, m.support_crew, m.total_crew) == (18, 6, 20, 38)


# -- basic crew, post by post ----------------------------------------------------------------


@pytest.mark.parametrize(("hull", "expected"), [(1, 1), (40, 1), (41, 2), (80, 2), (399, 10)])
def test_deckhands_and_repair_techs_one_per_40_hull_points_rounded_up(
    hull: int, expected: int
) -> None:
    c = counts(make(hull_points=hull))
    assert c["deckhands"] == expected
    assert c["repair_techs"] == expected


def test_an_autocargo_system_takes_the_place_of_the_bay_and_hold_handlers() -> None:
    # RULES.md section 2 (third reading): "1 per autocargo system, or 1 per bay and 2 per
    # hold"; the old reading summed them (1 + 2 + 6).
    spec = make(
        [
            {"type": "autocargo"},
            {"type": "cargo_bay", "count": 2},
            {"type": "cargo_hold", "count": 3},
        ]
    )
    assert post(spec, "cargo_handlers") == 1
    two = make([{"type": "autocargo", "count": 2}, {"type": "cargo_hold"}])
    assert post(two, "cargo_handlers") == 2


def test_without_autocargo_one_handler_per_bay_and_two_per_hold() -> None:
    spec = make([{"type": "cargo_bay", "count": 2}, {"type": "cargo_hold", "count": 3}])
    assert post(spec, "cargo_handlers") == 2 + 6


def test_bosuns_mates_round_up_on_the_total_of_deckhands_and_cargo_handlers() -> None:
    # 5 deckhands + 1 cargo handler = 6 -> 2.
    assert post(make([{"type": "cargo_bay"}], hull_points=200), "bosuns_mates") == 2
    # 3 + 1 = 4 -> 1 (rounded one by one they would make 2).
    assert post(make([{"type": "cargo_bay"}], hull_points=120), "bosuns_mates") == 1


@pytest.mark.parametrize(("mates", "officers"), [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3)])
def test_deck_officers_one_per_three_bosuns_mates(mates: int, officers: int) -> None:
    spec = make(hull_points=mates * 5 * 40)  # 5 x mates deckhands
    c = counts(spec)
    assert c["bosuns_mates"] == mates
    assert c["deck_officers"] == officers


def test_drive_techs_one_per_5_ftl_hull_points() -> None:
    assert post(make([{"type": "ftl_drive", "hp": 21}]), "drive_techs") == 5
    assert post(make([{"type": "ftl_drive", "count": 2, "hp": 5}]), "drive_techs") == 2
    assert post(make([]), "drive_techs") == 0


def test_engine_and_power_techs_per_10_hp_plus_one_per_unit() -> None:
    spec = make([{"type": "engine", "count": 3, "hp": 7}, {"type": "power_plant", "hp": 10}])
    c = counts(spec)
    assert c["engine_techs"] == math.ceil(21 / 10) + 3
    assert c["power_techs"] == 1 + 1


def test_engine_without_hull_points_still_needs_its_tech() -> None:
    assert post(make([{"type": "engine"}]), "engine_techs") == 1


def test_support_cold_and_eco_techs() -> None:
    spec = make(
        [
            {"type": "life_support", "count": 3},
            {"type": "life_suspension", "count": 3},
            {"type": "recycler", "count": 2},
            {"type": "hydroponics"},
        ]
    )
    c = counts(spec)
    assert (c["support_techs"], c["cold_techs"], c["eco_techs"]) == (3, 2, 3)


def test_engine_mates_and_engineering_officers_follow_all_techs() -> None:
    spec = make(
        [
            {"type": "ftl_drive", "hp": 10},  # 2 drive techs
            {"type": "engine", "hp": 10},  # 2 engine techs
            {"type": "power_plant", "hp": 10},  # 2 power techs
            {"type": "life_support"},  # 1
            {"type": "life_suspension"},  # 1
            {"type": "recycler"},  # 1
        ]
    )
    c = counts(spec)
    assert c["engine_mates"] == math.ceil(9 / 5) == 2
    assert c["engineering_officers"] == 1


def test_fuel_king_only_when_the_ship_carries_fuel() -> None:
    assert post(make(), "fuel_king") == 0
    assert post(make(carries_fuel=True), "fuel_king") == 1
    assert post(make([{"type": "fuel", "hp": 5}]), "fuel_king") == 1


# RULES.md section 1: the class number "plus 1 per class" counts, typed out here.
CLASS_NUMBER = {"small": 1, "light": 2, "medium": 3, "heavy": 4, "super-heavy": 5}


@pytest.mark.parametrize("class_id", list(CLASS_NUMBER))
def test_navigation_grows_one_per_class_number(class_id: str) -> None:
    number = CLASS_NUMBER[class_id]
    c = counts(make(**{"class": class_id}))
    assert c["quartermasters"] == 2 + number
    assert c["helm_operators"] == 1 + number
    assert c["navigation_petty_officers"] == math.ceil((3 + 2 * number) / 4)
    assert c["navigator"] == 1


def test_a_light_ship_has_four_quartermasters_and_three_helm_operators() -> None:
    c = counts(make(**{"class": "light"}))
    assert (c["quartermasters"], c["helm_operators"]) == (4, 3)


@pytest.mark.parametrize("class_id", list(CLASS_NUMBER))
def test_comp_techs_are_the_computer_cores_team(class_id: str) -> None:
    number = CLASS_NUMBER[class_id]
    core = [{"type": "computer_core"}]
    assert post(make(**{"class": class_id}), "comp_techs") == 0
    assert post(make(core, **{"class": class_id}), "comp_techs") == 1 + number
    dedicated = [{"type": "dedicated_computer", "count": 2}]
    assert post(make(dedicated, **{"class": class_id}), "comp_techs") == 2
    assert post(make(core + dedicated, **{"class": class_id}), "comp_techs") == 1 + number + 2


def test_operations_petty_officers_count_techs_not_specialists() -> None:
    # 6 op specialists and 2 intelligence specialists, no techs: no petty officer.
    armed = [{"type": "beam", "count": 4}, {"type": "defense", "count": 2}]
    c = counts(make(armed, **{"class": "medium"}))
    assert (c["op_specialists"], c["intelligence_specialists"]) == (6, 2)
    assert c["operations_petty_officers"] == 0
    # 2 electronics techs and 1 + 3 comp techs: ceil(6 / 3) = 2.
    techs = [*armed, {"type": "sensor"}, {"type": "comm"}, {"type": "computer_core"}]
    assert post(make(techs, **{"class": "medium"}), "operations_petty_officers") == 2


def test_chaplain_only_on_a_flagship() -> None:
    assert post(make(), "chaplain") == 0
    flag = crew_manifest(make(flagship=True)).department("flag")
    assert flag is not None
    assert "chaplain" in {p.id for p in flag.posts}
    assert post(make(flagship=True), "chaplain") == 1


@pytest.mark.parametrize(
    ("class_id", "expected"),
    [("small", 0), ("light", 0), ("medium", 2), ("heavy", 4), ("super-heavy", 10)],
)
def test_intelligence_specialists_by_class(class_id: str, expected: int) -> None:
    assert post(make(**{"class": class_id}), "intelligence_specialists") == expected


def test_operations_posts() -> None:
    spec = make(
        [
            {"type": "sensor", "count": 2},
            {"type": "comm"},
            {"type": "computer_core"},
            {"type": "dedicated_computer", "count": 2},
            {"type": "beam", "count": 2},
            {"type": "bomb"},
            {"type": "special"},
            {"type": "defense", "count": 2},
        ],
        **{"class": "heavy"},
        psi_officers=3,
    )
    c = counts(spec)
    assert c["electronics_techs"] == 3
    assert c["comp_techs"] == 1 + 4 + 2  # heavy: class number 4
    assert c["op_specialists"] == 2 + 4 + 2  # sensors, weapons of every kind, defenses
    assert c["intelligence_specialists"] == 4
    assert c["operations_petty_officers"] == math.ceil((3 + 7) / 3) == 4
    assert c["operations_officers"] == 2
    assert c["operations_officer"] == 1
    assert c["psi_officers"] == 3


def test_machinists_four_per_workshop_facility_or_bay() -> None:
    spec = make(
        [{"type": "workshop", "count": 2}, {"type": "fabrication_facility"}],
        hull_points=200,
    )
    c = counts(spec)
    assert c["machinists"] == 12
    assert c["auxiliary_petty_officers"] == math.ceil((5 + 12) / 4)
    spec = make([{"type": "nanomanufacture_bay"}])
    assert post(spec, "machinists") == 4


def test_gunners_round_the_hull_points_of_all_beam_and_projectile_weapons_together() -> None:
    spec = make(
        [{"type": "beam", "count": 2, "hp": 3}, {"type": "projectile", "hp": 2}],
    )
    # 2 per mount (3 mounts) plus ceil(8 / 5): rounding each weapon alone would give 3.
    assert post(spec, "gunners") == 6 + 2


def test_missile_techs_and_torpedomen() -> None:
    spec = make(
        [
            {"type": "missile_rack"},
            {"type": "missile_tube", "count": 2},
            {"type": "cell_array"},
            {"type": "torpedo", "count": 2, "hp": 6},
        ]
    )
    c = counts(spec)
    assert c["missile_techs"] == 2 + 8 + 4
    assert c["torpedomen"] == 8 + math.ceil(12 / 5)
    assert c["weapons_petty_officers"] == math.ceil(25 / 4) == 7
    assert c["weapon_officers"] == 3
    assert c["chief_weapons_officer"] == 1


def test_weapons_department_only_with_a_weapon() -> None:
    assert crew_manifest(make([{"type": "sensor"}])).department("weapons") is None
    only_bombs = crew_manifest(make([{"type": "bomb"}]))
    weapons = only_bombs.department("weapons")
    assert weapons is not None
    assert {p.id: p.count for p in weapons.posts} == {
        "gunners": 0,
        "missile_techs": 0,
        "torpedomen": 0,
        "weapons_petty_officers": 0,
        "weapon_officers": 0,
        "chief_weapons_officer": 1,
    }


def test_flight_department_from_embarked_craft() -> None:
    c = counts(make(embarked_craft=5, flight_crews=7))
    assert c["flight_crews"] == 7
    assert c["aviation_techs"] == 15
    assert c["aviation_storekeepers"] == 5
    assert c["flight_deckhands"] == 3
    assert c["flight_ops_specialists"] == 2
    assert c["aviation_weaponeers"] == 5
    assert c["flight_petty_officers"] == math.ceil(30 / 4) == 8
    assert c["flight_officers"] == 2
    assert (c["flight_officer"], c["strike_officer"], c["wing_commander"]) == (1, 1, 1)


def test_flight_department_exists_with_flight_crews_alone_and_not_without_either() -> None:
    c = counts(make(flight_crews=2))
    assert c["flight_crews"] == 2
    assert c["aviation_techs"] == 0
    assert c["wing_commander"] == 1
    assert crew_manifest(make()).department("flight") is None


def test_science_department_only_with_a_lab_section() -> None:
    c = counts(make([{"type": "lab_section", "count": 2}]))
    assert (c["science_technicians"], c["science_officers"], c["chief_science_officer"]) == (
        8,
        2,
        1,
    )
    assert crew_manifest(make([{"type": "workshop"}])).department("science") is None


def test_troops_only_with_marines() -> None:
    c = counts(make(marines=9))
    assert (c["marines"], c["sergeants"], c["troop_officers"], c["troop_commander"]) == (
        9,
        3,
        1,
        1,
    )
    assert crew_manifest(make()).department("troops") is None


def test_basic_officers_are_exactly_the_officer_posts_rules_md_lists() -> None:
    listed = [
        "deck_officers",
        "first_lieutenant",
        "engineering_officers",
        "chief_engineer",
        "navigator",
        "operations_officers",
        "operations_officer",
        "psi_officers",
        "damage_control_officer",
        "weapon_officers",
        "chief_weapons_officer",
        "flight_officers",
        "flight_officer",
        "strike_officer",
        "wing_commander",
        "science_officers",
        "chief_science_officer",
        "troop_officers",
        "troop_commander",
    ]
    spec = make(
        [{"type": "beam", "hp": 40}, {"type": "lab_section", "count": 3}],
        hull_points=4000,
        marines=70,
        embarked_craft=40,
        psi_officers=2,
        flight_crews=30,
    )
    m = crew_manifest(spec)
    c = {p.id: p.count for d in m.departments for p in d.posts}
    assert m.basic_officers == sum(c[p] for p in listed)
    basic_officer_posts = {
        p.id for d in m.departments if d.section == "basic" for p in d.posts if p.rank == "officer"
    }
    assert basic_officer_posts == set(listed)


# -- support crew ----------------------------------------------------------------------------


def test_med_techs_whichever_is_greater() -> None:
    # Basic crew of the small empty ship is 18: ceil(18/50) = 1.
    small = {"class": "small", "hull_points": 10}
    assert post(make(None, **small), "med_techs") == 1
    beds = [{"type": "sick_bay", "count": 2, "beds": 5}]
    assert post(make(beds, **small), "med_techs") == 5  # 10 beds / 2
    big = make(beds, **{"class": "small", "hull_points": 4000})
    assert post(big, "med_techs") == math.ceil(crew_manifest(big).basic_crew / 50)


def test_surgeons_one_per_sick_bay_on_troop_ships_only() -> None:
    bays = [{"type": "sick_bay", "count": 2, "beds": 4}]
    assert post(make(bays, troop_ship=True), "surgeons") == 2
    assert post(make(bays), "surgeons") == 0
    assert post(make(None, troop_ship=True), "surgeons") == 0


def test_service_supply_and_administration_follow_basic_crew() -> None:
    spec = make(EXAMPLE, hull_points=200, passengers=5)
    m = crew_manifest(spec)
    b, o = m.basic_crew, m.basic_officers
    assert (b, o) == (54, 9)
    c = counts(spec)
    assert c["mess_hands"] == 3
    assert c["mess_stewards"] == 3 + 5
    assert c["service_petty_officers"] == math.ceil(11 / 5)
    assert c["storeskeepers"] == 3
    assert c["supply_petty_officers"] == 1
    assert (c["yeomen"], c["security_specialists"]) == (2, 2)
    assert c["administration_petty_officers"] == 1
    assert c["administration_officers"] == 1


def test_flag_department_on_a_flagship_only() -> None:
    assert crew_manifest(make()).department("flag") is None
    flag = crew_manifest(make(flagship=True)).department("flag")
    assert flag is not None
    assert {p.id: p.count for p in flag.posts} == {
        "flag_petty_officers": 20,
        "flag_officers": 10,
        "chaplain": 1,
        "flag_lieutenant": 1,
        "intelligence_officer": 1,
        "admiral": 1,
    }
    assert flag.total == 34
    assert (
        crew_manifest(make(flagship=True)).support_crew == crew_manifest(make()).support_crew + 34
    )


def test_political_officer_only_when_asked() -> None:
    assert post(make(), "political_officer") == 0
    assert post(make(political_officer=True), "political_officer") == 1


def test_flagship_staff_does_not_count_as_basic_crew() -> None:
    plain, flag = crew_manifest(make()), crew_manifest(make(flagship=True))
    assert plain.basic_crew == flag.basic_crew
    assert plain.basic_officers == flag.basic_officers


# -- the table is data -----------------------------------------------------------------------


@pytest.fixture
def house_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of tables/ that a test may edit, loaded instead of the real one."""
    folder = tmp_path / "tables"
    shutil.copytree(tables_dir(), folder)
    monkeypatch.setenv("GMTOOL_TABLES", str(folder))
    _clear_caches()
    yield folder
    monkeypatch.delenv("GMTOOL_TABLES")
    _clear_caches()


def _clear_caches() -> None:
    for loader in (
        crew.crew_table,
        ships.ship_spec_table,
        roster.names_table,
        classes.ship_classes,
        checks.checks_table,
    ):
        loader.cache_clear()


def test_house_rule_one_deckhand_per_30_hull_points_is_one_number(house_tables: Path) -> None:
    path = house_tables / "crew.yaml"
    text = path.read_text()
    old = "        count: {per: 40, of: hull_points}\n      cargo_handlers:"
    assert old in text
    path.write_text(text.replace(old, old.replace("40", "30")))
    c = counts(make(hull_points=200))
    assert c["deckhands"] == 7  # ceil(200/30)
    assert c["repair_techs"] == 5  # still 1 per 40


def _edit_crew_table(folder: Path, old: str, new: str) -> None:
    path = folder / "crew.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_table_refuses_a_post_counted_before_it_is_defined(house_tables: Path) -> None:
    _edit_crew_table(
        house_tables, "{per: 5, of_posts: [deckhands, cargo_handlers]}", "{per: 5, of_posts: [x]}"
    )
    with pytest.raises(TableError) as caught:
        crew.crew_table()
    message = str(caught.value)
    assert "tables/crew.yaml" in message
    assert "bosuns_mates.count.of_posts[0]" in message


def test_table_refuses_a_term_with_two_sources(house_tables: Path) -> None:
    _edit_crew_table(
        house_tables,
        "count: {per: 40, of: hull_points}",
        "count: {per: 40, of: hull_points, constant: 1}",
    )
    with pytest.raises(TableError, match="exactly one of"):
        crew.crew_table()


def test_table_refuses_basic_crew_in_the_basic_section(house_tables: Path) -> None:
    _edit_crew_table(house_tables, "{per: 40, of: hull_points}", "{per: 40, of: basic_crew}")
    with pytest.raises(TableError, match=r"deck\.posts\.deckhands\.count\.of"):
        crew.crew_table()


def test_table_refuses_an_unknown_term_key_with_a_suggestion(house_tables: Path) -> None:
    _edit_crew_table(house_tables, "{per: 40, of: hull_points}", "{pre: 40, of: hull_points}")
    with pytest.raises(TableError, match="did you mean 'per'"):
        crew.crew_table()


# -- properties ------------------------------------------------------------------------------

system_st = (
    st.fixed_dictionaries(
        {"type": st.sampled_from(SYSTEM_TYPES)},
        optional={
            "count": st.integers(0, 6),
            "hp": st.integers(0, 60),
        },
    )
    .map(lambda s: {**s, "beds": 4} if s["type"] == "sick_bay" else s)
    .map(
        # a weapon counts at least 1 (one counted 0 is refused)
        lambda s: {**s, "count": 1} if s.get("count") == 0 and s["type"] in WEAPON_TYPES else s
    )
)

spec_st = st.fixed_dictionaries(
    {
        "name": st.just("Prop"),
        "class": st.sampled_from(classes.class_ids()),
        "hull_points": st.integers(1, 5000),
        "systems": st.lists(system_st, max_size=12),
    },
    optional={
        "carries_fuel": st.booleans(),
        "flagship": st.booleans(),
        "troop_ship": st.booleans(),
        "political_officer": st.booleans(),
        "passengers": st.integers(0, 30),
        "embarked_craft": st.integers(0, 30),
        "flight_crews": st.integers(0, 30),
        "marines": st.integers(0, 200),
        "psi_officers": st.integers(0, 5),
    },
)


def _all_posts(m: Manifest) -> dict[str, int]:
    every = {p.id: 0 for d in crew.crew_table().departments for p in d.posts}
    every.update({p.id: p.count for d in m.departments for p in d.posts})
    return every


@settings(max_examples=150, deadline=None)
@given(spec_st, system_st)
def test_adding_a_system_never_lowers_any_count(
    data: dict[str, Any], extra: dict[str, Any]
) -> None:
    # An autocargo system takes the place of the bay and hold handlers (RULES.md section 2),
    # so it may lower them and what hangs on them: the one system this property leaves out.
    assume(extra["type"] != "autocargo")
    before = _all_posts(crew_manifest(ship_spec_from_dict(data)))
    after = _all_posts(
        crew_manifest(ship_spec_from_dict({**data, "systems": [*data["systems"], extra]}))
    )
    lowered = {k: (before[k], after[k]) for k in before if after[k] < before[k]}
    assert not lowered


# (post, the posts it supervises, 1 per N) from RULES.md section 2, typed out independently of
# tables/crew.yaml.
RATIOS = [
    ("bosuns_mates", ["deckhands", "cargo_handlers"], 5),
    ("deck_officers", ["bosuns_mates"], 3),
    (
        "engine_mates",
        ["drive_techs", "engine_techs", "power_techs", "support_techs", "cold_techs", "eco_techs"],
        5,
    ),
    ("engineering_officers", ["engine_mates"], 3),
    ("navigation_petty_officers", ["quartermasters", "helm_operators"], 4),
    ("operations_petty_officers", ["electronics_techs", "comp_techs"], 3),
    ("operations_officers", ["operations_petty_officers"], 3),
    ("auxiliary_petty_officers", ["repair_techs", "machinists"], 4),
    ("weapons_petty_officers", ["gunners", "missile_techs", "torpedomen"], 4),
    ("weapon_officers", ["weapons_petty_officers"], 3),
    (
        "flight_petty_officers",
        [
            "aviation_techs",
            "aviation_storekeepers",
            "flight_deckhands",
            "flight_ops_specialists",
            "aviation_weaponeers",
        ],
        4,
    ),
    ("flight_officers", ["flight_petty_officers"], 4),
    ("sergeants", ["marines"], 4),
    ("troop_officers", ["sergeants"], 4),
    ("medical_petty_officers", ["med_techs"], 3),
    ("service_petty_officers", ["mess_hands", "mess_stewards"], 5),
    ("supply_petty_officers", ["storeskeepers"], 5),
    ("administration_petty_officers", ["yeomen", "security_specialists"], 4),
    ("administration_officers", ["administration_petty_officers"], 3),
]


@settings(max_examples=150, deadline=None)
@given(spec_st)
def test_petty_officers_and_officers_follow_their_ratios(data: dict[str, Any]) -> None:
    m = crew_manifest(ship_spec_from_dict(data))
    present = {p.id: p.count for d in m.departments for p in d.posts}
    for post_id, supervised, per in RATIOS:
        if post_id in present:
            assert present[post_id] == math.ceil(sum(present[s] for s in supervised) / per), post_id


@settings(max_examples=150, deadline=None)
@given(spec_st)
def test_totals_add_up(data: dict[str, Any]) -> None:
    m = crew_manifest(ship_spec_from_dict(data))
    for d in m.departments:
        assert d.total == sum(p.count for p in d.posts)
    basic = [d for d in m.departments if d.section == "basic"]
    support = [d for d in m.departments if d.section == "support"]
    assert m.basic_crew == sum(d.total for d in basic)
    assert m.support_crew == sum(d.total for d in support)
    assert m.total_crew == m.basic_crew + m.support_crew
    assert m.basic_officers == sum(p.count for d in basic for p in d.posts if p.rank == "officer")
    # Support posts that read the basic crew agree with the totals.
    present = {p.id: p.count for d in m.departments for p in d.posts}
    assert present["mess_hands"] == math.ceil(m.basic_crew / 20)
    assert present["yeomen"] == math.ceil(m.basic_crew / 40)
    assert present["mess_stewards"] == math.ceil(m.basic_officers / 3) + data.get("passengers", 0)


@settings(max_examples=60, deadline=None)
@given(spec_st)
def test_manifest_round_trips_through_its_dict(data: dict[str, Any]) -> None:
    m = crew_manifest(ship_spec_from_dict(data))
    assert Manifest.from_dict(m.to_dict()) == m


# -- output ----------------------------------------------------------------------------------


def test_json_dict_shape_leaves_out_absent_departments() -> None:
    d = crew_manifest(make(EXAMPLE, hull_points=200)).to_json_dict()
    assert list(d) == [
        "ship",
        "class",
        "departments",
        "basic_crew",
        "basic_officers",
        "support_crew",
        "total_crew",
    ]
    ids = [dept["id"] for dept in d["departments"]]
    assert ids == [
        "deck",
        "engineering",
        "navigation",
        "operations",
        "auxiliary",
        "weapons",
        "medical",
        "service",
        "supply",
        "administration",
        "command",
    ]
    deck = d["departments"][0]
    assert deck == {
        "id": "deck",
        "name": "Deck",
        "section": "basic",
        "posts": [
            {"id": "deckhands", "name": "Deckhands", "rank": "enlisted", "count": 5},
            {"id": "cargo_handlers", "name": "Cargo handlers", "rank": "enlisted", "count": 0},
            {"id": "bosuns_mates", "name": "Bosun's mates", "rank": "petty_officer", "count": 1},
            {"id": "ships_bosun", "name": "Ship's bosun", "rank": "petty_officer", "count": 1},
            {"id": "deck_officers", "name": "Deck officers", "rank": "officer", "count": 1},
            {"id": "first_lieutenant", "name": "First lieutenant", "rank": "officer", "count": 1},
        ],
        "total": 9,
    }


def test_markdown_and_csv_carry_every_post() -> None:
    m = crew_manifest(make(EXAMPLE, hull_points=200))
    md = manifest_markdown(m)
    assert md.startswith("# Crew manifest: Test\n")
    assert "### Weapons" in md
    assert "| Gunners | enlisted | 7 |" in md
    assert "| **Total** | | **11** |" in md
    assert "| Total crew | 84 |" in md
    rows = manifest_csv(m).splitlines()
    assert rows[0] == "section,department_id,department,post_id,post,rank,count"
    assert "basic,weapons,Weapons,gunners,Gunners,enlisted,7" in rows
    assert len(rows) == 1 + sum(len(d.posts) for d in m.departments)
