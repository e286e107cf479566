"""Narrative combat (RULES.md section 3): movement, attack ranges, edge, tasks, orders, phases."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.rules import narrative
from gmtool.rules.checks import Degree
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.narrative import (
    PHASES,
    AttackSteps,
    EdgeEntry,
    EdgeResult,
    FireMode,
    FireOption,
    TaskEffect,
    arcs_for_heading,
    attack_steps,
    boosted_power,
    can_board,
    can_ram,
    fire_mode,
    fleet_acceleration,
    next_phase,
    next_range,
    next_step,
    ram_avoidance_step,
    range_after_ram,
    resolve_edge,
    round_sequence,
    self_destruct_reach,
    sensor_step,
    task_effect,
    weapon_class,
    weapon_classes,
    weapon_fire_option,
)

RANGES = ("disengaged", "contact", "extreme", "long", "moderate", "close", "very_close")
HEADINGS = ("close", "hold", "open")
CLASSES = ("A", "B", "C", "D", "E", "F")


def test_range_ladder_farthest_first() -> None:
    assert narrative.range_ids() == RANGES
    assert narrative.heading_ids() == HEADINGS


# -- Table 3-4 ------------------------------------------------------------------------------

# Every fixed cell, starting from moderate (room to move two categories either way).
# Rows: opposing heading; columns: edge heading.
FIXED_CELLS = [
    ("close", "close", "very_close"),  # -2 C
    ("close", "hold", "close"),  # -1 C
    ("hold", "close", "close"),  # -1 C
    ("hold", "hold", "moderate"),  # no change
    ("hold", "open", "long"),  # +1 C
    ("open", "hold", "long"),  # +1 C
    ("open", "open", "extreme"),  # +2 C
]


@pytest.mark.parametrize(("opposing", "edge", "expected"), FIXED_CELLS)
@pytest.mark.parametrize(("opp_accel", "edge_accel"), [(3, 3), (2, 5), (5, 2)])
def test_table_3_4_fixed_cells(
    opposing: str, edge: str, expected: str, opp_accel: int, edge_accel: int
) -> None:
    # Acceleration only matters in the ?? cells.
    assert next_range("moderate", opposing, edge, opp_accel, edge_accel) == expected


@pytest.mark.parametrize(
    ("opposing", "edge", "opp_accel", "edge_accel", "expected"),
    [
        # opposing closes, edge opens
        ("close", "open", 4, 4, "moderate"),  # equal: range stays
        ("close", "open", 5, 4, "close"),  # closer faster: -1 C
        ("close", "open", 3, 4, "long"),  # opener faster: +1 C
        # opposing opens, edge closes
        ("open", "close", 4, 4, "moderate"),
        ("open", "close", 5, 4, "long"),  # opener faster: +1 C
        ("open", "close", 3, 4, "close"),  # closer faster: -1 C
    ],
)
def test_table_3_4_contested_cells(
    opposing: str, edge: str, opp_accel: int, edge_accel: int, expected: str
) -> None:
    assert next_range("moderate", opposing, edge, opp_accel, edge_accel) == expected


def test_source_example_audacious_runs_down_the_frigate() -> None:
    # The Concord destroyer (acceleration 4) closes from contact; the External frigate
    # (acceleration 3) opens. The faster closer wins: contact -> extreme.
    assert next_range("contact", "open", "close", 3, 4) == "extreme"
    assert next_range("contact", "close", "open", 4, 3) == "extreme"


@pytest.mark.parametrize(
    ("current", "opposing", "edge", "expected"),
    [
        ("close", "close", "close", "very_close"),  # -2 from close stops at very close
        ("very_close", "close", "hold", "very_close"),
        ("contact", "open", "open", "disengaged"),  # +2 from contact stops at disengaged
        ("disengaged", "hold", "open", "disengaged"),
        ("disengaged", "close", "close", "extreme"),  # the ladder is arithmetic only
    ],
)
def test_range_stops_at_the_ends_of_the_ladder(
    current: str, opposing: str, edge: str, expected: str
) -> None:
    assert next_range(current, opposing, edge, 3, 3) == expected


def test_movement_refuses_unknown_ids() -> None:
    with pytest.raises(RulesError, match="range category"):
        next_range("point_blank", "close", "close", 3, 3)
    with pytest.raises(RulesError, match="heading"):
        next_range("long", "flee", "close", 3, 3)
    with pytest.raises(RulesError, match="acceleration"):
        next_range("long", "close", "open", -1, 3)


@given(
    st.sampled_from(RANGES),
    st.sampled_from(HEADINGS),
    st.sampled_from(HEADINGS),
    st.integers(0, 12),
    st.integers(0, 12),
)
def test_movement_is_symmetric_between_the_sides(
    current: str, a: str, b: str, accel_a: int, accel_b: int
) -> None:
    # Table 3-4 treats the two sides alike; the edge only buys the later declaration.
    result = next_range(current, a, b, accel_a, accel_b)
    assert result == next_range(current, b, a, accel_b, accel_a)
    moved = abs(RANGES.index(result) - RANGES.index(current))
    assert moved <= 2
    if a == b == "close":
        assert RANGES.index(result) >= RANGES.index(current)


def test_fleet_acceleration_is_the_slowest_ship() -> None:
    assert fleet_acceleration([5, 3, 4]) == 3
    assert fleet_acceleration((6,)) == 6
    with pytest.raises(RulesError):
        fleet_acceleration([])


# -- headings and arcs ----------------------------------------------------------------------


def test_arcs_for_heading() -> None:
    assert arcs_for_heading("close") == {"forward", "turret", "all"}
    assert arcs_for_heading("open") == {"aft", "turret", "all"}
    assert arcs_for_heading("hold", "port") == {"port", "turret", "all"}
    assert arcs_for_heading("hold", "starboard") == {"starboard", "turret", "all"}
    assert arcs_for_heading("hold") == {"forward", "turret", "all"}  # default: bow on


def test_arcs_refuse_bad_picks() -> None:
    with pytest.raises(RulesError):
        arcs_for_heading("hold", "turret")
    with pytest.raises(RulesError):
        arcs_for_heading("close", "aft")  # only a holding fleet picks


# -- attack ranges --------------------------------------------------------------------------

# The attack range table, cell by cell: N normal, L long, - none (columns A..F).
ATTACK_TABLE = {
    "disengaged": "------",
    "contact": "N-----",
    "extreme": "NL----",
    "long": "NNL---",
    "moderate": "NNNLL-",
    "close": "NNNNN-",
    "very_close": "--NN-N",
}
MODES = {"N": "normal", "L": "long", "-": None}


@pytest.mark.parametrize("range_id", RANGES)
@pytest.mark.parametrize("index", range(6))
def test_attack_range_table_every_cell(range_id: str, index: int) -> None:
    expected = MODES[ATTACK_TABLE[range_id][index]]
    assert fire_mode(range_id, CLASSES[index]) == expected


def test_fire_mode_refuses_unknown_class() -> None:
    with pytest.raises(RulesError, match="weapon class"):
        fire_mode("close", "G")


@pytest.mark.parametrize(
    ("system_type", "firepower", "expected"),
    [
        ("beam", "super-heavy", "B"),
        ("beam", "heavy", "B"),
        ("beam", "medium", "C"),
        ("beam", "light", "C"),
        ("beam", "small_craft", "D"),
        ("projectile", "heavy", "B"),
        ("projectile", "light", "C"),
        ("projectile", "small_craft", "D"),
        ("torpedo", None, "E"),
        ("special", "heavy", "E"),
        ("missile_rack", None, "A"),
        ("missile_tube", None, "A"),
        ("cell_array", None, "A"),
        ("bomb", None, "F"),
    ],
)
def test_weapon_class(system_type: str, firepower: str | None, expected: str) -> None:
    assert weapon_class(system_type, firepower) == expected


def test_missiles_launch_as_a_and_impact_as_f() -> None:
    for system in ("missile_rack", "missile_tube", "cell_array"):
        assert weapon_classes(system) == ("A", "F")


def test_weapon_class_refuses_non_weapons_and_missing_firepower() -> None:
    with pytest.raises(RulesError, match="not a weapon"):
        weapon_class("engine")
    with pytest.raises(RulesError, match="firepower"):
        weapon_class("beam")


BEAM, TORP, MISSILE, BOMB = (
    "beam_and_projectile",
    "torpedoes_and_special",
    "missile_attacks",
    "bomb_attacks",
)


@pytest.mark.parametrize(
    ("range_id", "heading", "weapon", "arc", "held", "expected"),
    [
        ("long", "close", ("beam", "heavy"), "forward", None, ("B", "normal", BEAM)),
        ("long", "close", ("beam", "medium"), "forward", None, ("C", "long", BEAM)),
        ("long", "close", ("beam", "heavy"), "aft", None, None),  # does not bear
        ("long", "open", ("beam", "heavy"), "turret", None, ("B", "normal", BEAM)),
        ("very_close", "close", ("beam", "heavy"), "forward", None, None),  # too close for B
        ("moderate", "hold", ("torpedo", None), "port", "port", ("E", "long", TORP)),
        ("contact", "close", ("missile_rack", None), "forward", None, ("A", "normal", MISSILE)),
        ("very_close", "close", ("cell_array", None), "forward", None, ("F", "normal", MISSILE)),
        ("very_close", "open", ("bomb", None), "aft", None, ("F", "normal", BOMB)),
        ("close", "open", ("bomb", None), "aft", None, None),
    ],
)
def test_weapon_fire_option(
    range_id: str,
    heading: str,
    weapon: tuple[str, str | None],
    arc: str,
    held: str | None,
    expected: tuple[str, FireMode, str] | None,
) -> None:
    system, firepower = weapon
    option = weapon_fire_option(range_id, heading, system, firepower, arc, held)
    assert option == (None if expected is None else FireOption(*expected))


def test_attack_steps_lists_every_modifier_and_sums_them() -> None:
    steps = attack_steps("long", 1, "shaken", "disabled", Degree.GOOD)
    assert isinstance(steps, AttackSteps)
    by_id = {m.id: m.step for m in steps.modifiers}
    assert by_id == {
        "long_range": 3,
        "target_size": 1,
        "attacker_state": 1,
        "target_state": -1,
        "leadership": -2,
    }
    assert steps.total == 2
    assert "long range +3" in steps.describe()


def test_attack_steps_at_normal_range_with_no_help() -> None:
    steps = attack_steps("normal", -3, "operational", "crippled")
    assert {m.id: m.step for m in steps.modifiers}["long_range"] == 0
    assert steps.total == -3 - 2
    failed = attack_steps("normal", 0, "operational", "operational", Degree.FAILURE)
    assert failed.total == 0


def test_attack_steps_refuse_destroyed_ships() -> None:
    with pytest.raises(RulesError):
        attack_steps("normal", 0, "destroyed", "operational")
    with pytest.raises(RulesError):
        attack_steps("normal", 0, "operational", "destroyed")


@pytest.mark.parametrize(
    ("range_id", "expected"),
    [
        ("disengaged", 3),
        ("contact", 3),
        ("extreme", 0),
        ("long", 0),
        ("moderate", 0),
        ("close", 0),
        ("very_close", 0),
    ],
)
def test_sensor_step(range_id: str, expected: int) -> None:
    assert sensor_step(range_id) == expected


# -- edge -----------------------------------------------------------------------------------


def entry(degree: Degree, class_index: int = 2, hull: int = 400, ships: int = 3) -> EdgeEntry:
    return EdgeEntry(degree, (class_index, hull), ships)


def test_better_degree_wins_the_edge() -> None:
    assert resolve_edge(entry(Degree.GOOD), entry(Degree.ORDINARY)) == EdgeResult("a", "degree")
    assert resolve_edge(entry(Degree.CRITICAL_FAILURE), entry(Degree.FAILURE)).winner == "b"
    # degree beats size and numbers
    assert (
        resolve_edge(entry(Degree.AMAZING, 4, 9000, 9), entry(Degree.GOOD, 0, 10, 1)).winner == "a"
    )


def test_tie_lost_by_the_side_with_the_larger_class() -> None:
    result = resolve_edge(entry(Degree.GOOD, class_index=3), entry(Degree.GOOD, class_index=2))
    assert result == EdgeResult("b", "largest_ship_loses")


def test_tie_same_class_lost_by_more_hull_points() -> None:
    result = resolve_edge(entry(Degree.FAILURE, hull=300), entry(Degree.FAILURE, hull=320))
    assert result == EdgeResult("a", "largest_ship_loses")


def test_tie_same_largest_ship_won_by_fewer_ships() -> None:
    result = resolve_edge(entry(Degree.ORDINARY, ships=4), entry(Degree.ORDINARY, ships=2))
    assert result == EdgeResult("b", "fewer_ships_wins")


def test_tie_on_everything_is_rerolled() -> None:
    assert resolve_edge(entry(Degree.GOOD), entry(Degree.GOOD)) == EdgeResult("reroll", "reroll")


def test_class_outranks_hull_points_in_the_size_tiebreak() -> None:
    # a heavy of 300 hp is larger than a medium of 900 hp
    result = resolve_edge(entry(Degree.GOOD, 3, 300), entry(Degree.GOOD, 2, 900))
    assert result.winner == "b"


def test_edge_round_trips() -> None:
    a = entry(Degree.AMAZING, 1, 120, 2)
    assert EdgeEntry.from_dict(json.loads(json.dumps(a.to_dict()))) == a
    r = EdgeResult("b", "fewer_ships_wins")
    assert EdgeResult.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    with pytest.raises(RulesError):
        EdgeResult.from_dict({"winner": "c"})
    with pytest.raises(RulesError):
        EdgeEntry(Degree.GOOD, (1, 1), 0)


# -- special orders -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edge", "range_id", "own", "target", "expected"),
    [
        (True, "very_close", 4, 4, True),
        (True, "very_close", 5, 4, True),
        (True, "very_close", 3, 4, False),  # too slow
        (False, "very_close", 5, 4, False),  # no edge
        (True, "close", 5, 4, False),  # not close enough
    ],
)
def test_can_ram(edge: bool, range_id: str, own: int, target: int, expected: bool) -> None:
    assert can_ram(edge, range_id, own, target) is expected


def test_ram_avoidance_and_range_after() -> None:
    # RULES.md section 3: the target size modifier is added as printed.
    assert ram_avoidance_step(2) == 2  # a small target's avoidance is harder
    assert ram_avoidance_step(-3) == -3  # a super-heavy's easier
    assert range_after_ram() == "very_close"


@pytest.mark.parametrize(
    ("method", "range_id", "screen_up", "can_maneuver", "expected"),
    [
        ("transporter", "moderate", False, True, True),
        ("transporter", "very_close", False, True, True),
        ("transporter", "long", False, False, False),  # too far
        ("transporter", "close", True, False, False),  # screen up
        ("conventional", "very_close", True, False, True),
        ("conventional", "very_close", False, True, False),  # target can still maneuver
        ("conventional", "close", False, False, False),  # not alongside
    ],
)
def test_can_board(
    method: str, range_id: str, screen_up: bool, can_maneuver: bool, expected: bool
) -> None:
    assert can_board(method, range_id, screen_up, can_maneuver) is expected


def test_can_board_refuses_unknown_method() -> None:
    with pytest.raises(RulesError):
        can_board("grapple", "close", False, False)


@pytest.mark.parametrize(
    ("range_id", "hexes"),
    [("very_close", 1), ("close", 2), ("moderate", None), ("disengaged", None)],
)
def test_self_destruct_reach(range_id: str, hexes: int | None) -> None:
    assert self_destruct_reach(range_id) == hexes


def test_special_orders_listed() -> None:
    assert narrative.special_order_ids() == ("ramming", "boarding", "self_destruct", "abandon_ship")


# -- character tasks ------------------------------------------------------------------------

SUCCESSES = (Degree.ORDINARY, Degree.GOOD, Degree.AMAZING)


@pytest.mark.parametrize(
    ("task", "amounts"),
    [
        ("leadership", (-1, -2, -3)),
        ("power_distribution", (10, 20, 30)),
        ("engineering_console_repair", (1, 2, 3)),
        ("damage_control_repair", (1, 2, 3)),
        ("boarding_party_leader", (-1, -2, -3)),
    ],
)
def test_task_amounts_by_degree(task: str, amounts: tuple[int, int, int]) -> None:
    assert tuple(task_effect(task, d).amount for d in SUCCESSES) == amounts
    for failed in (Degree.FAILURE, Degree.CRITICAL_FAILURE):
        effect = task_effect(task, failed)
        assert effect.amount == 0 and not effect.success
        assert effect.describe() == "no effect"


def test_repair_tasks_name_their_tracks() -> None:
    console = task_effect("engineering_console_repair", Degree.GOOD)
    assert console.kind == "repair"
    assert console.repair_tracks == ("stun",)
    assert console.system_online
    party = task_effect("damage_control_repair", Degree.AMAZING)
    assert party.repair_tracks == ("stun", "wound")
    assert "3 points of stun or wound" in party.describe()
    assert not task_effect("damage_control_repair", Degree.FAILURE).system_online


def test_boarding_leader_may_penalise_the_enemy_instead() -> None:
    effect = task_effect("boarding_party_leader", Degree.GOOD)
    assert (effect.amount, effect.enemy_step) == (-2, 2)


@pytest.mark.parametrize("task", ["weapons_console", "helm", "sensors", "edge_command"])
def test_own_score_tasks(task: str) -> None:
    effect = task_effect(task, Degree.GOOD)
    assert effect.kind == "own_score"
    assert effect.amount == 0


def test_task_effect_round_trips_and_refuses_unknown_tasks() -> None:
    effect = task_effect("damage_control_repair", Degree.ORDINARY)
    assert TaskEffect.from_dict(json.loads(json.dumps(effect.to_dict()))) == effect
    with pytest.raises(RulesError):
        task_effect("juggling", Degree.GOOD)


def test_boosted_power_rounds_half_up() -> None:
    assert boosted_power(40, 10) == 44
    assert boosted_power(5, 10) == 6  # 0.5 rounds up
    assert boosted_power(23, 30) == 30  # 6.9 -> 7
    assert boosted_power(14, 10) == 15  # 1.4 -> 1


# -- sequence of play -----------------------------------------------------------------------


def test_phases_in_order() -> None:
    assert [p.id for p in PHASES] == [
        "edge",
        "power",
        "sensor",
        "movement",
        "attack",
        "launch",
        "repair",
        "special_orders",
    ]
    attack = narrative.phase("attack")
    assert [s.id for s in attack.steps] == [
        "beam_and_projectile",
        "torpedoes_and_special",
        "missile_attacks",
        "bomb_attacks",
    ]
    movement = narrative.phase("movement")
    assert [s.id for s in movement.steps] == [
        "opposing_declaration",
        "edge_declaration",
        "position_update",
    ]


def test_next_phase_wraps_to_a_new_round() -> None:
    assert next_phase("edge") == "power"
    assert next_phase("movement") == "attack"
    assert next_phase("special_orders") == "edge"
    with pytest.raises(RulesError):
        next_phase("lunch")


def test_next_step_walks_sub_phases() -> None:
    assert next_step("sensor") == ("movement", "opposing_declaration")
    assert next_step("movement", "position_update") == ("attack", "beam_and_projectile")
    assert next_step("attack", "missile_attacks") == ("attack", "bomb_attacks")
    assert next_step("attack", "bomb_attacks") == ("launch", None)
    assert next_step("special_orders") == ("edge", None)
    assert len(round_sequence()) == 6 + 3 + 4
    with pytest.raises(RulesError):
        next_step("attack", "opposing_declaration")


# -- the table's own validation -------------------------------------------------------------


@pytest.fixture
def house_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private copy of tables/ that a test may edit; caches are cleared around it."""
    from gmtool.rules import ship_damage
    from gmtool.rules.tables import tables_dir

    copy = tmp_path / "tables"
    shutil.copytree(tables_dir(), copy)
    monkeypatch.setenv("GMTOOL_TABLES", str(copy))
    loaders = [narrative.narrative_table, ship_damage.ship_damage_table]
    for loader in loaders:
        loader.cache_clear()
    yield copy
    monkeypatch.undo()
    for loader in loaders:
        loader.cache_clear()


def test_a_house_ruled_table_is_used(house_rules: Path) -> None:
    path = house_rules / "narrative.yaml"
    path.write_text(path.read_text().replace("long_range_step: 3", "long_range_step: 2"))
    assert {m.id: m.step for m in attack_steps("long", 0, "operational", "operational").modifiers}[
        "long_range"
    ] == 2


def test_a_bad_movement_cell_names_file_key_and_line(house_rules: Path) -> None:
    path = house_rules / "narrative.yaml"
    text = path.read_text().replace(
        "hold: {close: -1, hold: 0, open: 1}", "hold: {close: -1, hold: maybe, open: 1}"
    )
    path.write_text(text)
    with pytest.raises(TableError) as caught:
        next_range("long", "hold", "hold", 1, 1)
    message = str(caught.value)
    assert "tables/narrative.yaml" in message
    assert "movement.hold.hold" in message
    assert "contested" in message


def test_every_spec_weapon_type_firepower_and_arc_is_covered() -> None:
    # The ship spec's vocabulary (tables/ship_spec.yaml) and this table must agree, or a
    # legal ship would have a weapon the attack rules cannot place.
    from gmtool.rules.ships import ship_spec_table

    spec = ship_spec_table()
    for system_type in spec.weapon_types:
        for firepower in spec.firepowers:
            assert weapon_class(system_type, firepower) in CLASSES
    bearing = set().union(*(arcs_for_heading(h) for h in ("close", "open")))
    bearing |= set().union(*(arcs_for_heading("hold", a) for a in narrative.hold_arc_choices()))
    assert set(spec.arcs) <= bearing
