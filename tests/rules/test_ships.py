"""Ship specs: defaults, validation messages, round trips and the demo campaign's ships."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.rules.classes import class_ids, ship_class
from gmtool.rules.dice import parse as parse_dice
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.ships import (
    Durability,
    ShipSpec,
    System,
    load_ship_spec,
    parse_ship_spec,
    ship_spec_from_dict,
    ship_spec_table,
)

DEMO = Path(__file__).resolve().parents[2] / "campaigns" / "demo"

EXAMPLE = """\
name: CSS Example
class: light              # small | light | medium | heavy | super-heavy
hull_points: 200
acceleration: 4
crew_quality: trained
durability: {stun: 40, wound: 40, mortal: 20, critical: 10}
carries_fuel: false
flagship: false
troop_ship: false
political_officer: false
passengers: 0
embarked_craft: 0
flight_crews: 0
marines: 0
psi_officers: 0
systems:
  - {type: ftl_drive, hp: 20}
  - {type: engine, count: 2, hp: 12}
  - {type: beam, name: heavy laser, count: 2, hp: 6, firepower: medium, arc: forward,
     damage: {ordinary: d4+1w, good: d4+2w, amazing: d4+1m}}
  - {type: sick_bay, beds: 6}
"""


def bad(text: str, file: str = "ships/bad.yaml") -> str:
    """The one-line message a bad spec gives."""
    with pytest.raises(TableError) as caught:
        parse_ship_spec(text, file)
    message = str(caught.value)
    assert "\n" not in message
    return message


MINIMAL = "name: CSS Plain\nclass: medium\nhull_points: 101\n"


# -- reading -------------------------------------------------------------------------------


def test_rules_md_example_reads_as_written() -> None:
    spec = parse_ship_spec(EXAMPLE, "example.yaml")
    assert spec.name == "CSS Example"
    assert spec.ship_class == "light"
    assert spec.hull_points == 200
    assert spec.acceleration == 4
    assert spec.crew_quality == "trained"
    assert spec.durability == Durability(40, 40, 20, 10)
    assert spec.systems[1] == System("engine", None, 2, 12)
    laser = spec.systems[2]
    assert laser == System(
        "beam",
        "heavy laser",
        2,
        6,
        None,
        "medium",
        "forward",
        {"ordinary": "d4+1w", "good": "d4+2w", "amazing": "d4+1m"},
        "energy",  # a beam's damage type when the spec names none (RULES.md section 5)
    )
    assert spec.systems[3].beds == 6
    assert spec.count_of({"engine"}) == 2
    assert spec.hp_of({"engine", "beam"}) == 36
    assert spec.beds_of({"sick_bay"}) == 6
    assert spec.weapons == (laser,)


def test_defaults_fill_every_optional_key() -> None:
    spec = parse_ship_spec(MINIMAL, "plain.yaml")
    assert spec.acceleration == 3  # medium, tables/ship_spec.yaml
    assert spec.crew_quality == "trained"
    assert spec.crew_check_score == 12
    # hull / 5, / 5, / 10, / 20, rounded up
    assert spec.durability == Durability(stun=21, wound=21, mortal=11, critical=6)
    assert (spec.carries_fuel, spec.flagship, spec.troop_ship, spec.political_officer) == (
        False,
        False,
        False,
        False,
    )
    assert (
        spec.passengers,
        spec.embarked_craft,
        spec.flight_crews,
        spec.marines,
        spec.psi_officers,
    ) == (0, 0, 0, 0, 0)
    assert spec.target_size_step == ship_class("medium").target_size_step == 0
    assert spec.systems == ()


@pytest.mark.parametrize("class_id", ["small", "light", "medium", "heavy", "super-heavy"])
def test_target_size_defaults_by_class_and_can_be_set(class_id: str) -> None:
    text = f"name: X\nclass: {class_id}\nhull_points: 10\n"
    assert parse_ship_spec(text, "x").target_size_step == ship_class(class_id).target_size_step
    assert parse_ship_spec(text + "target_size_step: 4\n", "x").target_size_step == 4


def test_tiny_ship_durability_is_at_least_one_box() -> None:
    spec = parse_ship_spec("name: Pod\nclass: small\nhull_points: 1\n", "pod")
    assert spec.durability == Durability(1, 1, 1, 1)


def test_partial_durability_fills_the_missing_tracks() -> None:
    spec = parse_ship_spec(MINIMAL + "durability: {stun: 50}\n", "x")
    assert spec.durability == Durability(50, 21, 11, 6)


def test_system_defaults() -> None:
    spec = parse_ship_spec(
        MINIMAL
        + "systems:\n"
        + "  - {type: engine}\n"
        + "  - {type: beam}\n"
        + "  - {type: missile_rack}\n"
        + "  - {type: sick_bay}\n",
        "x",
    )
    engine, beam, rack, bay = spec.systems
    assert engine == System("engine", None, 1, 0)
    assert engine.label == "engine"
    assert (beam.firepower, beam.arc, beam.damage) == ("medium", "forward", {})
    assert rack.arc == "turret"
    assert bay.beds == 0
    assert beam.beds is None and bay.firepower is None


def test_fuel_system_means_the_ship_carries_fuel() -> None:
    spec = parse_ship_spec(MINIMAL + "systems: [{type: fuel, hp: 5}]\n", "x")
    assert spec.carries_fuel is True


def test_crew_quality_as_a_score() -> None:
    spec = parse_ship_spec(MINIMAL + "crew_quality: 15\n", "x")
    assert spec.crew_quality == 15
    assert spec.crew_check_score == 15


# -- bad specs -----------------------------------------------------------------------------


def test_unknown_system_type_suggests_the_closest() -> None:
    message = bad(MINIMAL + "systems:\n  - {type: engine}\n  - {type: engien, hp: 3}\n")
    assert message.startswith("ships/bad.yaml:6 (CSS Plain):")
    assert "key 'systems[1].type'" in message
    assert "did you mean 'engine'?" in message
    assert "got 'engien'" in message


@pytest.mark.parametrize("count", ["-1", "1.5", "two", "true"])
def test_negative_or_non_integer_count(count: str) -> None:
    message = bad(MINIMAL + f"systems:\n  - type: engine\n    count: {count}\n")
    assert "ships/bad.yaml:6 (CSS Plain)" in message
    assert "key 'systems[0].count'" in message
    assert "a whole number of at least 0" in message


def test_unknown_class() -> None:
    message = bad("name: X\nclass: huge\nhull_points: 10\n")
    assert "ships/bad.yaml:2 (X): key 'class'" in message
    assert "one of small, light, medium, heavy, super-heavy" in message


def test_class_typo_gets_a_suggestion() -> None:
    assert "did you mean 'super-heavy'" in bad("name: X\nclass: superheavy\nhull_points: 10\n")


def test_missing_hull_points() -> None:
    message = bad("name: X\nclass: light\n")
    assert "(X)" in message
    assert "key 'hull_points' expected this key to be present" in message


@pytest.mark.parametrize("value", ["0", "-5", "12.5", "lots"])
def test_hull_points_must_be_a_positive_whole_number(value: str) -> None:
    message = bad(f"name: X\nclass: light\nhull_points: {value}\n")
    assert (
        "ships/bad.yaml:3 (X): key 'hull_points' expected a whole number of at least 1" in message
    )


def test_yaml_syntax_error_names_file_and_line() -> None:
    message = bad("name: X\nclass: light\nsystems: [{type: engine\nhull_points: 3\n")
    assert message.startswith("ships/bad.yaml:")
    assert "expected valid YAML" in message


def test_names_are_one_printable_line() -> None:
    assert "a name on one line" in bad('name: "Two\\nLines"\nclass: light\nhull_points: 3\n')
    message = bad(MINIMAL + 'systems: [{type: engine, name: "tab\\there"}]\n')
    assert "key 'systems[0].name' expected a name on one line" in message


def test_missing_name() -> None:
    message = bad("class: light\nhull_points: 10\n")
    assert "key 'name' expected this key to be present" in message


def test_not_a_mapping() -> None:
    assert "a ship spec: a mapping" in bad("- just\n- a list\n")
    assert "a ship spec: a mapping" in bad("")


def test_unknown_key_suggests_the_closest() -> None:
    message = bad(MINIMAL + "marine: 4\n")
    assert "ships/bad.yaml:4 (CSS Plain): key 'marine'" in message
    assert "did you mean 'marines'" in message


def test_a_weapon_counted_0_is_refused_other_systems_may_be_0() -> None:
    with pytest.raises(TableError, match="at least 1, got 0"):
        ship_spec_from_dict(
            {"name": "X", "class": "light", "hull_points": 100,
             "systems": [{"type": "beam", "count": 0}]},
            file="form",
        )  # fmt: skip
    spec = ship_spec_from_dict(
        {"name": "X", "class": "light", "hull_points": 100,
         "systems": [{"type": "cargo_bay", "count": 0}]},
        file="form",
    )  # fmt: skip
    assert spec.systems[0].count == 0


def test_unknown_system_key() -> None:
    assert "did you mean 'count'" in bad(MINIMAL + "systems: [{type: engine, cont: 2}]\n")


def test_weapon_fields_only_on_weapons_and_beds_only_on_sick_bays() -> None:
    message = bad(MINIMAL + "systems: [{type: engine, arc: forward}]\n")
    assert "key 'systems[0].arc' expected no arc on a engine (only weapons have one)" in message
    message = bad(MINIMAL + "systems: [{type: engine, beds: 2}]\n")
    assert "no beds on a engine (only sick_bay)" in message


def test_bad_firepower_arc_and_damage() -> None:
    assert "did you mean 'heavy'" in bad(MINIMAL + "systems: [{type: beam, firepower: hevy}]\n")
    assert "one of forward, aft, port" in bad(MINIMAL + "systems: [{type: beam, arc: up}]\n")
    message = bad(MINIMAL + "systems: [{type: beam, damage: {good: d6+1}}]\n")
    assert "key 'systems[0].damage.good'" in message
    assert "track letter" in message
    assert "got 'd6+1'" in message
    assert "one of the keys amazing, good, ordinary" in bad(
        MINIMAL + "systems: [{type: beam, damage: {great: d6w}}]\n"
    )
    assert "track letter" in bad(MINIMAL + "systems: [{type: beam, damage: {good: lots}}]\n")


def test_bad_crew_quality() -> None:
    message = bad(MINIMAL + "crew_quality: vetran\n")
    assert "did you mean 'veteran'" in message
    assert "crew check score from 1 to 30" in message
    assert "crew check score" in bad(MINIMAL + "crew_quality: 31\n")


@pytest.mark.parametrize(
    "line",
    ["passengers: -1", "marines: 2.5", "flagship: yes please", "durability: {stun: 0}"],
)
def test_other_bad_values(line: str) -> None:
    key = line.split(":")[0]
    assert f"key '{key}" in bad(MINIMAL + line + "\n")


def test_form_dict_gets_the_same_validation() -> None:
    with pytest.raises(TableError) as caught:
        ship_spec_from_dict(
            {"name": "Formed", "class": "light", "hull_points": 9, "systems": [{"type": "sensr"}]}
        )
    message = str(caught.value)
    assert message.startswith("<form> (Formed): key 'systems[0].type'")  # no line in a dict
    assert "did you mean 'sensor'" in message


def test_load_ship_spec_names_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match=r"nowhere\.yaml"):
        load_ship_spec(tmp_path / "nowhere.yaml")


def test_load_ship_spec_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "example.yaml"
    path.write_text(EXAMPLE, encoding="utf-8")
    assert load_ship_spec(path) == parse_ship_spec(EXAMPLE, "other name")
    path.write_text(EXAMPLE.replace("engine, count: 2", "engine, count: -2"), encoding="utf-8")
    with pytest.raises(TableError) as caught:
        load_ship_spec(path)
    assert str(caught.value).startswith(f"{path}:18 (CSS Example): key 'systems[1].count'")


# -- round trips ---------------------------------------------------------------------------


def test_example_round_trips_through_dict_json_and_yaml() -> None:
    spec = parse_ship_spec(EXAMPLE, "example.yaml")
    data = spec.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert ShipSpec.from_dict(data) == spec
    assert parse_ship_spec(spec.to_yaml(), "export.yaml") == spec
    assert data["class"] == "light"
    assert data["systems"][2]["damage"] == {
        "ordinary": "d4+1w",
        "good": "d4+2w",
        "amazing": "d4+1m",
    }


TYPES = list(ship_spec_table().system_types)
WEAPONS = ship_spec_table().weapon_types

names_st = st.text(min_size=1, max_size=20).filter(lambda t: t.strip() != "" and t.isprintable())
damage_st = st.dictionaries(
    st.sampled_from(["ordinary", "good", "amazing"]),
    st.sampled_from(["d4+1w", "2d4s", "d6m", "d8+2w", "d4c"]),
)


@st.composite
def system_st(draw: st.DrawFn) -> dict[str, Any]:
    system_type = draw(st.sampled_from(TYPES))
    data: dict[str, Any] = {"type": system_type}
    if draw(st.booleans()):
        data["name"] = draw(names_st)
    data["count"] = draw(st.integers(1 if system_type in WEAPONS else 0, 9))
    data["hp"] = draw(st.integers(0, 200))
    if system_type == "sick_bay":
        data["beds"] = draw(st.integers(0, 20))
    if system_type in WEAPONS:
        data["firepower"] = draw(st.sampled_from(ship_spec_table().firepowers))
        data["arc"] = draw(st.sampled_from(ship_spec_table().arcs))
        data["damage"] = draw(damage_st)
    return data


spec_st = st.fixed_dictionaries(
    {
        "name": names_st,
        "class": st.sampled_from(class_ids()),
        "hull_points": st.integers(1, 10_000),
        "systems": st.lists(system_st(), max_size=8),
    },
    optional={
        "acceleration": st.integers(0, 9),
        "crew_quality": st.one_of(
            st.sampled_from(["green", "trained", "veteran", "crack"]), st.integers(1, 30)
        ),
        "carries_fuel": st.booleans(),
        "flagship": st.booleans(),
        "marines": st.integers(0, 100),
        "target_size_step": st.integers(-5, 5),
    },
)


@settings(max_examples=100, deadline=None)
@given(spec_st)
def test_any_valid_spec_round_trips(data: dict[str, Any]) -> None:
    spec = ship_spec_from_dict(data)
    assert ShipSpec.from_dict(spec.to_dict()) == spec
    assert ShipSpec.from_dict(json.loads(json.dumps(spec.to_dict()))) == spec
    assert parse_ship_spec(spec.to_yaml(), "export.yaml") == spec


# -- the demo campaign's ships -------------------------------------------------------------


def _demo(folder: str) -> list[ShipSpec]:
    return [load_ship_spec(path) for path in sorted((DEMO / folder).glob("*.yaml"))]


def test_demo_campaign_has_light_medium_and_heavy_ships() -> None:
    ships = _demo("ships")
    assert len(ships) >= 3
    sizes = {s.ship_class for s in ships}
    assert {"light", "medium"} <= sizes
    assert sizes & {"heavy", "super-heavy"}


def test_demo_campaign_has_enemy_ships() -> None:
    enemies = _demo("enemies")
    assert 1 <= len(enemies) <= 3
    own = {s.name for s in _demo("ships")}
    assert not own & {s.name for s in enemies}


@pytest.mark.parametrize("folder", ["ships", "enemies"])
def test_demo_ships_carry_what_a_battle_needs(folder: str) -> None:
    for spec in _demo(folder):
        assert spec.acceleration > 0
        assert spec.crew_check_score > 0
        assert spec.weapons, spec.name
        for weapon in spec.weapons:
            assert weapon.firepower in ship_spec_table().firepowers
            assert weapon.arc in ship_spec_table().arcs
            assert set(weapon.damage) == {"ordinary", "good", "amazing"}, (spec.name, weapon)
            for notation in weapon.damage.values():
                assert parse_dice(notation).track is not None
        # Target size is left to the class default in the demo files.
        assert spec.target_size_step == ship_class(spec.ship_class).target_size_step
    assert not any("target_size_step" in p.read_text() for p in (DEMO / folder).glob("*.yaml"))


# -- saved specs read back often ------------------------------------------------------------


def test_a_saved_spec_is_validated_once_per_loaded_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The store reads the ships back at almost every key: the same saved text is validated
    once, and tables loaded again validate it again."""
    import gmtool.rules.ships.spec as ships_module

    saved = parse_ship_spec(EXAMPLE, "example.yaml").to_dict()
    validations: list[object] = []
    real = ships_module.ship_spec_from_dict

    def counted(data: Any, file: str = "<form>") -> ShipSpec:
        validations.append(data)
        return real(data, file)

    monkeypatch.setattr(ships_module, "ship_spec_from_dict", counted)
    ship_spec_table.cache_clear()  # none validated yet (other tests read this spec too)
    first = ShipSpec.from_dict(saved)
    again = ShipSpec.from_dict(json.loads(json.dumps(saved)))  # read from the file anew
    assert again is first and len(validations) == 1
    changed = dict(saved, hull_points=201)
    assert ShipSpec.from_dict(changed).hull_points == 201 and len(validations) == 2
    ship_spec_table.cache_clear()
    try:
        assert ShipSpec.from_dict(saved) == first and len(validations) == 3
    finally:
        ship_spec_table.cache_clear()


def test_a_saved_spec_that_does_not_validate_says_so_every_time() -> None:
    saved = dict(parse_ship_spec(EXAMPLE, "example.yaml").to_dict(), hull_points=0)
    for _ in range(2):
        with pytest.raises(TableError, match="hull_points"):
            ShipSpec.from_dict(saved)
