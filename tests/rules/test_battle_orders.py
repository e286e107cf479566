"""Character tasks and special orders in a battle: power, sensors, repairs, ramming, boarding,
self-destruct, abandoning ship and withdrawing -- each offered only when its conditions hold."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from msgspec.structs import replace

from gmtool.rules.battle import (
    CREW,
    BattleState,
    abandon_ship,
    advance,
    advance_blocker,
    apply_damage_manually,
    available_actions,
    board,
    board_allowed,
    declare_heading,
    helpless,
    knock_out_system,
    leave_ship,
    quick_ship_spec,
    ram,
    ram_allowed,
    resolve_movement,
    roll_edge,
    roll_repair,
    roll_sensors,
    self_destruct,
    set_power,
    withdraw,
)
from gmtool.rules.battle import config as battle_config
from gmtool.rules.battle import orders as battle_orders
from gmtool.rules.crew_losses import casualties
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import narrative_table
from gmtool.rules.tables import tables_dir
from tests.rules.test_battle_helpers import (
    ScriptedRandom,
    demo_battle,
    gorgon,
    party,
    positioned,
)


def orders(
    range_category: str = "very_close", edge: str = "b", state: BattleState | None = None
) -> BattleState:
    return positioned(
        state or demo_battle(), "special_orders", range_category=range_category, edge=edge
    )


def offered(state: BattleState, action: str) -> list[tuple[str | None, tuple[str, ...]]]:
    return [(a.ship_id, a.choices) for a in available_actions(state) if a.action == action]


# -- power and sensors ----------------------------------------------------------------------


def test_power_distribution_by_the_engineer() -> None:
    state = positioned(demo_battle(), "power")
    # Rusk, System Operation--engineering 16: a 3 is Amazing: +30% power points.
    state, result = set_power(state, "meridian", ScriptedRandom([3]))
    assert state.ship("meridian").power_bonus == 30
    assert "Chief Engineer Halvard Rusk rolls 16" in result.text and "30% more" in result.text
    assert "halvard-rusk" in state.acted
    with pytest.raises(RulesError, match="already tried"):
        set_power(state, "meridian", ScriptedRandom([3]))


def test_a_failed_power_check_leaves_the_power_as_it_is() -> None:
    state = positioned(demo_battle(), "power")
    state, result = set_power(state, "meridian", ScriptedRandom([17]))
    assert state.ship("meridian").power_bonus == 0 and "stays as it is" in result.text


def test_the_crew_alone_cannot_coax_extra_power() -> None:
    state = positioned(demo_battle(), "power")
    with pytest.raises(RulesError, match="does not roll power distribution"):
        set_power(state, "gorgon", ScriptedRandom([3]))
    with pytest.raises(RulesError, match="does not roll power distribution"):
        set_power(state, "meridian", ScriptedRandom([3]), by=CREW)


def test_the_ships_state_penalises_shipboard_tasks() -> None:
    state = positioned(demo_battle(), "power")
    state, _ = apply_damage_manually(state, "meridian", 80, "wound", ScriptedRandom([20] * 6))
    assert state.ship("meridian").state == "disabled"
    # Disabled: +2 steps (+d6). d20 3 + d6 6 = 9: Ordinary for Rusk (16), not Amazing.
    state, result = set_power(state, "meridian", ScriptedRandom([3, 6]))
    assert result.rolls[0]["step"] == 2 and state.ship("meridian").power_bonus == 10


def test_sensor_check_at_contact_range_takes_the_long_range_penalty() -> None:
    state = positioned(demo_battle(), "sensor", range_category="contact")
    # Meridian crew 12 at +3 (+d8): d20 5 + d8 2 = 7, Ordinary.
    state, result = roll_sensors(state, "meridian", ScriptedRandom([5, 2]))
    assert state.ship("meridian").sensor_degree == "ordinary"
    assert "long-range sensors +3" in result.text and result.rolls[0]["step"] == 3
    with pytest.raises(RulesError, match="already made its sensor check"):
        roll_sensors(state, "meridian", ScriptedRandom([5, 2]))


def test_a_character_at_the_sensors_replaces_the_crew_check() -> None:
    crew = party()
    moved = tuple(
        replace(a, place="sensors", posture="secure") if a.character_id == "priya-salo" else a
        for a in crew.assignments
    )
    state = positioned(demo_battle(assignments=moved), "sensor", range_category="close")
    # Salo has only the broad System Operation (14): +1 step (+d4).
    state, result = roll_sensors(state, "meridian", ScriptedRandom([6, 1]))
    assert "Doctor Priya Salo rolls 14" in result.text and result.rolls[0]["step"] == 1
    assert state.ship("meridian").sensor_degree == "good"


# -- repairs --------------------------------------------------------------------------------


def damaged_for_repair() -> BattleState:
    state = positioned(demo_battle(), "repair")
    state, _ = apply_damage_manually(state, "meridian", 6, "stun", ScriptedRandom([20] * 6))
    state, _ = apply_damage_manually(state, "meridian", 6, "wound", ScriptedRandom([20] * 6))
    return state


def test_main_engineering_repairs_wound_damage() -> None:
    state = damaged_for_repair()
    # Rusk at main engineering: Technical Science--repair 16; a 6 is Good: 2 points.
    state, result = roll_repair(state, "meridian", ScriptedRandom([6]), track="wound")
    assert "Chief Engineer Halvard Rusk rolls 16" in result.text
    assert state.ship("meridian").damage.marked["wound"] == 4
    assert "halvard-rusk" in state.acted


def test_the_engineering_console_repairs_stun_only() -> None:
    state = damaged_for_repair()
    with pytest.raises(RulesError, match="repairs stun damage, not wound"):
        roll_repair(state, "meridian", ScriptedRandom([2]), by="dorran-vek", track="wound")
    # Vek on the bridge has the broad System Operation (10) at +1: d20 2 + d4 1 = 3, Good.
    state, result = roll_repair(state, "meridian", ScriptedRandom([2, 1]), by="dorran-vek")
    assert state.ship("meridian").damage.marked["stun"] == 4
    assert "Lieutenant Dorran Vek rolls 10" in result.text


def test_the_repair_parties_roll_once_a_round() -> None:
    state = damaged_for_repair()
    state, result = roll_repair(state, "meridian", ScriptedRandom([12]), by=CREW, track="stun")
    assert "CSS Meridian crew rolls 12" in result.text
    assert state.ship("meridian").damage.marked["stun"] == 5
    with pytest.raises(RulesError, match="already rolled this round"):
        roll_repair(state, "meridian", ScriptedRandom([12]), by=CREW, track="stun")
    offers = [a for a in available_actions(state) if a.action == "roll_repair"]
    assert all(a.character_id != CREW for a in offers if a.ship_id == "meridian")


def test_repairs_need_something_to_repair_and_the_repair_phase() -> None:
    state = positioned(demo_battle(), "repair")
    with pytest.raises(RulesError, match="no stun damage"):
        roll_repair(state, "meridian", ScriptedRandom([2]))
    with pytest.raises(RulesError, match="not knocked out"):
        roll_repair(state, "meridian", ScriptedRandom([2]), system="15.1")
    with pytest.raises(RulesError, match="repair phase"):
        roll_repair(positioned(state, "launch"), "meridian", ScriptedRandom([2]))


def test_repair_actions_offer_what_each_repairer_can_fix() -> None:
    state = damaged_for_repair()
    state, _ = knock_out_system(state, "meridian", "16.1")
    offers = {
        (a.character_id, a.choices)
        for a in available_actions(state)
        if a.action == "roll_repair" and a.ship_id == "meridian"
    }
    assert ("halvard-rusk", ("stun", "wound", "16.1")) in offers
    assert ("dorran-vek", ("stun", "16.1")) in offers
    assert (CREW, ("stun", "wound", "16.1")) in offers


# -- ramming --------------------------------------------------------------------------------


def interceptor() -> tuple[str, object]:
    spec = quick_ship_spec(
        "Interceptor",
        "light",
        90,
        acceleration=7,
        weapons=[{"type": "beam", "firepower": "light", "damage": {"ordinary": "d4w"}}],
    )
    return ("interceptor", spec)


def test_ramming_needs_the_edge_very_close_range_and_the_speed() -> None:
    state = orders(edge="b")
    meridian, raider = state.ship("meridian"), state.ship("gorgon")
    assert ram_allowed(state, raider, meridian)  # edge, very close, 6 >= 4
    assert not ram_allowed(state, meridian, raider)  # no edge, and 4 < 6
    assert not ram_allowed(orders(edge="a"), meridian, raider)  # the edge, but too slow
    assert not ram_allowed(orders("close", edge="b"), raider, meridian)  # not close enough
    assert offered(state, "ram") == [("gorgon", ("meridian",))]
    assert offered(orders(edge="a"), "ram") == []
    with pytest.raises(RulesError, match="cannot ram"):
        ram(orders(edge="a"), "meridian", "gorgon", ScriptedRandom([1]))


def test_a_ram_the_target_fails_to_avoid_is_a_collision() -> None:
    state = orders(edge="b")
    # Raider crew 10: a 5 succeeds. Calloway (Tactics--space combat 15, at command) tries to
    # dodge at +0 (medium: target size 0) and rolls 18: Failure. Each ship takes the ram
    # damage of the other's class (tables/battle.yaml): the Meridian a light hull's d6+2w (3:
    # 5 wound, six safe hazard rolls for the party aboard), the Gorgon a medium's d4+1m (2: 3).
    dice = [5, 18, 3] + [20] * 6 + [2]
    state, result = ram(state, "gorgon", "meridian", ScriptedRandom(dice))
    assert "Raider Gorgon rams CSS Meridian!" in result.text
    assert "Type in" not in result.text and result.damage_to_type_in == ()
    assert state.ship("meridian").damage.marked["wound"] == 5
    assert state.ship("gorgon").damage.marked["mortal"] == 3
    purposes = [r["for"] for r in result.rolls]
    assert purposes[:3] == [
        "Raider Gorgon rams CSS Meridian",
        "CSS Meridian avoids the ram",
        "collision with Raider Gorgon: damage",
    ]
    assert purposes[-1] == "collision with CSS Meridian: damage"  # after the hazard rolls
    assert "Captain Ines Calloway rolls 15" in result.text
    assert state.range == "very_close" and state.ship("gorgon").order_given == "ramming"
    with pytest.raises(RulesError, match="already been given an order"):
        ram(state, "gorgon", "meridian", ScriptedRandom(dice))


def test_a_ram_can_miss_or_be_avoided() -> None:
    state = orders(edge="b")
    _missed, result = ram(state, "gorgon", "meridian", ScriptedRandom([15]))
    assert "misses its ram" in result.text and len(result.rolls) == 1
    _dodged, result = ram(state, "gorgon", "meridian", ScriptedRandom([5, 2]))
    assert "avoids the collision" in result.text


def test_ram_avoidance_adds_the_target_size_modifier_as_printed() -> None:
    state = orders(edge="a", state=demo_battle(navy=(interceptor(),)))  # type: ignore[arg-type]
    # The Gorgon (light: +1) avoids at +1 step (+d4): d20 9 + d4 2 = 11 against its green
    # crew's 10: a Failure, so the interceptor rams her.
    # Both light: each takes d6+2w (4 and 1).
    state, result = ram(state, "interceptor", "gorgon", ScriptedRandom([3, 9, 2, 4, 1]))
    assert result.rolls[1]["step"] == 1
    assert "target size +1" in result.text and "rams Raider Gorgon!" in result.text
    assert state.ship("gorgon").damage.marked["wound"] == 6
    assert state.ship("interceptor").damage.marked["wound"] == 3


@pytest.fixture
def house_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of tables/ a test may edit, read instead of the real one."""
    folder = tmp_path / "tables"
    shutil.copytree(tables_dir(), folder)
    monkeypatch.setenv("GMTOOL_TABLES", str(folder))
    narrative_table.cache_clear()
    yield folder
    monkeypatch.undo()
    narrative_table.cache_clear()


def test_ram_avoidance_sign_is_a_setting(house_tables: Path) -> None:
    path = house_tables / "narrative.yaml"
    text = path.read_text(encoding="utf-8")
    assert "avoidance_target_size_factor: 1\n" in text
    path.write_text(
        text.replace("avoidance_target_size_factor: 1\n", "avoidance_target_size_factor: -1\n")
    )
    state = orders(edge="a", state=demo_battle(navy=(interceptor(),)))  # type: ignore[arg-type]
    # Reversed: the Gorgon avoids at -1 (-d4): d20 9 - d4 2 = 7, an Ordinary success.
    state, result = ram(state, "interceptor", "gorgon", ScriptedRandom([3, 9, 2]))
    assert result.rolls[1]["step"] == -1
    assert "avoids the collision" in result.text


def test_a_class_without_ram_damage_leaves_it_to_the_gm(monkeypatch: pytest.MonkeyPatch) -> None:
    by_class = {**battle_config.battle_table().ram_damage_by_class, "medium": None}
    table = replace(battle_config.battle_table(), ram_damage_by_class=by_class)
    monkeypatch.setattr(battle_orders, "battle_table", lambda: table)
    state = orders(edge="b")
    dice = [5, 18, 3, 4] + [20] * 6  # hit, no dodge, d6+2 = 5 wound, six safe hazard rolls
    state, result = ram(state, "gorgon", "meridian", ScriptedRandom(dice[:3] + [20] * 6))
    assert state.ship("meridian").damage.marked["wound"] == 5
    assert len(result.hazards) == 6
    # rammed into a medium ship, whose figure is null: the GM types the Gorgon's damage in
    assert "Type in the ramming damage to Raider Gorgon" in result.text
    assert result.damage_to_type_in == ("gorgon",)  # the Meridian's was rolled


# -- boarding -------------------------------------------------------------------------------


def test_boarding_conditions() -> None:
    state = orders("moderate", edge="a")
    meridian, raider = state.ship("meridian"), state.ship("gorgon")
    assert board_allowed(state, meridian, raider, "transporter")
    assert not board_allowed(orders("long"), meridian, raider, "transporter")
    close = orders("very_close")
    assert not board_allowed(close, meridian, raider, "conventional")  # can maneuver
    assert ("meridian", ("gorgon",)) in offered(state, "board")


def test_a_crippled_or_engineless_ship_cannot_maneuver_and_can_be_boarded() -> None:
    state = orders("very_close")
    crippled, _ = apply_damage_manually(state, "gorgon", 10, "mortal", random.Random(1))
    assert helpless(crippled.ship("gorgon"))
    assert board_allowed(
        crippled, crippled.ship("meridian"), crippled.ship("gorgon"), "conventional"
    )
    dead_in_space = state
    for key in ("1.1", "1.2"):  # the Gorgon's two engines
        dead_in_space, _ = knock_out_system(dead_in_space, "gorgon", key)
    assert helpless(dead_in_space.ship("gorgon"))
    assert not helpless(state.ship("gorgon"))


def test_a_boarding_action_with_a_leader() -> None:
    state = orders("moderate", edge="a")
    # Adeyemi leads (Tactics--infantry combat 15): 4 is Good, -2 to the boarders' check.
    # 16 marines and the leader (17 points) outnumber the Gorgon's 2 security specialists
    # more than 4 times: -3 more. Boarders (crew 12 at -5: -d20): d20 6 - 3 = 3, Amazing.
    # Defenders (crew 10): 9, Ordinary.
    state, result = board(state, "meridian", "gorgon", "transporter", ScriptedRandom([4, 6, 3, 9]))
    assert state.ship("gorgon").boarders == ("meridian",)
    assert "win a foothold" in result.text
    assert [r["degree"] for r in result.rolls] == ["good", "amazing", "ordinary"]
    assert result.rolls[1]["step"] == -5
    assert "outnumbering 17 to 2 -3" in result.text
    assert "bram-adeyemi" in state.acted


def test_a_boarding_leader_may_hinder_the_defenders_instead() -> None:
    state = orders("moderate", edge="a")
    # Good leader; boarders 9 - d8 3 (Good, the strength's -3); defenders 12 + d6 1 (Failure)
    dice = [4, 9, 3, 12, 1]
    state, result = board(
        state, "meridian", "gorgon", "transporter", ScriptedRandom(dice), leader_choice="enemy"
    )
    assert result.rolls[2]["step"] == 2 and state.ship("gorgon").boarders == ("meridian",)
    assert result.rolls[1]["step"] == -3  # the strength only: the leader hinders the enemy


def test_defenders_hold_on_a_tie() -> None:
    crew = tuple(a for a in party().assignments if a.character_id != "bram-adeyemi")
    state = orders("moderate", edge="a", state=demo_battle(assignments=crew))
    # 16 marines against 2: -3 (d8 1); 9 - 1 = 8 Ordinary against the defenders' 9 Ordinary.
    state, result = board(state, "meridian", "gorgon", "transporter", ScriptedRandom([9, 1, 9]))
    assert state.ship("gorgon").boarders == () and "throw the boarders back" in result.text


def test_boarding_refused_when_out_of_reach() -> None:
    with pytest.raises(RulesError, match="cannot board"):
        board(orders("long"), "meridian", "gorgon", "transporter", ScriptedRandom([]))
    with pytest.raises(RulesError, match="Raider Gorgon can still maneuver"):
        board(orders("very_close"), "meridian", "gorgon", "conventional", ScriptedRandom([]))


# -- self-destruct --------------------------------------------------------------------------


def test_self_destruct_waits_for_the_characters_aboard() -> None:
    state = orders("close")
    with pytest.raises(RulesError, match="still aboard CSS Meridian"):
        self_destruct(state, "meridian", ScriptedRandom([]))
    state, result = self_destruct(state, "meridian", ScriptedRandom([]), characters_go_down=True)
    ship = state.ship("meridian")
    assert ship.destroyed and ship.fate == "destroyed"
    assert ship.damage.marked == ship.damage.points
    assert ship.crew_losses == casualties(259, ship.damage.points, ship.damage.points)
    assert ship.crew_losses["total"] == 259
    assert all(c.state == "dead" for c in state.characters)
    assert "Raider Gorgon is caught as if 2 hexes away" in result.text
    assert result.damage_to_type_in == ("gorgon",)


def test_a_self_destruct_far_away_catches_nobody() -> None:
    state, result = self_destruct(orders("long"), "gorgon", ScriptedRandom([]))
    assert state.ship("gorgon").destroyed
    assert "No enemy ship is near enough" in result.text
    assert result.damage_to_type_in == ()
    assert not any(state.ship("meridian").damage.marked.values())


def test_blast_damage_from_the_table_is_rolled(monkeypatch: pytest.MonkeyPatch) -> None:
    table = replace(battle_config.battle_table(), self_destruct_damage={1: "d8m", 2: None})
    monkeypatch.setattr(battle_orders, "battle_table", lambda: table)
    state, result = self_destruct(orders("very_close"), "gorgon", ScriptedRandom([5] + [20] * 6))
    assert state.ship("meridian").damage.marked["mortal"] == 5
    assert {h.track for h in result.hazards} == {"mortal"}


# -- abandoning ship ------------------------------------------------------------------------


def test_abandon_ship_rolls_the_time_and_counts_the_survivors_out() -> None:
    state = orders("close", edge="a")
    # Light ship: 1d4 rounds (3); 2d6+8 percent trapped (2 + 3 + 8 = 13%).
    state, result = abandon_ship(state, "gorgon", ScriptedRandom([3, 2, 3]))
    ship = state.ship("gorgon")
    # 3 rounds after the round of the order: 4 counting it (RULES.md section 5, third reading).
    assert ship.bailout is not None and ship.bailout.rounds == 4
    assert ship.bailout.trapped == 12  # 13% of 94, rounded half up
    assert ship.evacuated == 19  # 20% of the 94 survivors in the round of the order
    assert ship.fate == "abandoning" and not ship.can_act and ship.in_battle
    assert [r["total"] for r in result.rolls] == [3, 13]
    assert "cannot get out" in result.text
    with pytest.raises(RulesError, match="abandoning"):
        abandon_ship(state, "gorgon", ScriptedRandom([3, 2, 3]))
    assert "over at the end of the 3rd full round after this one" in result.text
    # Rounds 2, 3 and 4: the evacuation goes on; after the third full round it is over.
    state, result = advance(state)
    assert state.ship("gorgon").evacuated == 38 and "19 more get clear" in result.text
    state, _ = roll_edge(state, ScriptedRandom([]))  # the Raiders cannot contest it
    assert state.edge_winner == "a"
    state = positioned(state, "special_orders", edge="a")
    state, result = advance(state)
    assert state.ship("gorgon").evacuated == 56 and "the evacuation is over" not in result.text
    assert state.ship("gorgon").fate == "abandoning"
    state = positioned(state, "special_orders", edge="a")
    state, result = advance(state)
    assert state.ship("gorgon").evacuated == 82  # 94 less 12 trapped
    assert state.ship("gorgon").fate == "abandoned"
    assert "the evacuation is over" in result.text


def test_a_destroyed_ship_can_be_abandoned_while_anyone_is_aboard() -> None:
    # RULES.md section 5 (third reading): "bail out of crippled or destroyed craft".
    state = orders("long", edge="a")
    state, _ = apply_damage_manually(state, "gorgon", 5, "critical", random.Random(1))
    ship = state.ship("gorgon")
    assert ship.destroyed and ship.crew_total - ship.crew_losses["dead"] > 0
    assert ("gorgon", ()) in offered(state, "abandon_ship")
    state, result = abandon_ship(state, "gorgon", ScriptedRandom([3, 2, 3]))
    ship = state.ship("gorgon")
    assert ship.bailout is not None and ship.evacuated > 0
    assert "Abandon ship! Raider Gorgon" in result.text
    assert ("gorgon", ()) not in offered(state, "abandon_ship")
    state, result = advance(state)  # her evacuation goes on in the next round
    assert "Raider Gorgon: " in result.text and "more get clear" in result.text


def test_a_destroyed_ship_with_nobody_alive_aboard_cannot_be_abandoned() -> None:
    state = orders("long", edge="a")
    state, _ = apply_damage_manually(state, "gorgon", 5, "critical", random.Random(1))
    state = state.with_ship(replace(state.ship("gorgon"), crew_total=0))
    assert ("gorgon", ()) not in offered(state, "abandon_ship")
    with pytest.raises(RulesError, match="nobody is left alive aboard Raider Gorgon"):
        abandon_ship(state, "gorgon", ScriptedRandom([3, 2, 3]))


def test_an_abandoning_ship_gives_no_more_orders_and_rolls_nothing() -> None:
    state, _ = abandon_ship(orders("close", edge="a"), "meridian", ScriptedRandom([4, 1, 1, 1]))
    assert "Aboard still" in state.events[-1].text
    power = positioned(state, "power")
    with pytest.raises(RulesError, match="abandoning"):
        set_power(power, "meridian", ScriptedRandom([3]))
    assert offered(power, "set_power") == []


def test_a_small_ship_is_empty_the_same_round() -> None:
    cutter = quick_ship_spec("Cutter", "small", 30)
    state = orders("close", edge="a", state=demo_battle(raiders=(("cutter", cutter),)))
    state, result = abandon_ship(state, "cutter", ScriptedRandom([1, 1]))
    ship = state.ship("cutter")
    assert ship.fate == "abandoned" and ship.bailout is not None
    assert ship.evacuated == ship.bailout.can_leave
    assert ship.bailout.rounds == 1  # no time to roll: only the trapped share is rolled
    assert [r["for"] for r in result.rolls] == [
        "share of Cutter's crew who cannot get out (percent)"
    ]


def test_characters_leave_a_ship_at_a_pod_or_airlock() -> None:
    state, result = leave_ship(demo_battle(), "tamsin-oyelaran")
    assert state.assignment("tamsin-oyelaran").place == "away"
    assert not state.assignment("tamsin-oyelaran").aboard
    assert state.ship("meridian").gunners == {}
    assert "gets clear of CSS Meridian" in result.text
    with pytest.raises(RulesError, match="not aboard"):
        leave_ship(state, "tamsin-oyelaran")


# -- withdrawing ----------------------------------------------------------------------------


def test_a_fleet_withdraws_only_once_disengaged() -> None:
    with pytest.raises(RulesError, match="only when disengaged"):
        withdraw(orders("contact"), "b")
    state, result = withdraw(orders("disengaged"), "b")
    assert state.ship("gorgon").fate == "escaped" and not state.ship("gorgon").in_battle
    assert "Raiders withdraws: Raider Gorgon" in result.text
    ends = [a for a in available_actions(state) if a.action == "end_battle"]
    assert ends and "Raiders can fight no more" in ends[0].note


def test_special_orders_are_listed_only_in_their_phase() -> None:
    state = orders("very_close", edge="b")
    listed = {a.action for a in available_actions(state)}
    assert {"ram", "self_destruct", "abandon_ship"} <= listed
    assert not {"ram", "board", "self_destruct"} & {
        a.action for a in available_actions(positioned(state, "repair"))
    }
    with pytest.raises(RulesError, match="special orders phase"):
        self_destruct(positioned(state, "repair"), "gorgon", ScriptedRandom([]))


def test_demo_raider_for_orders() -> None:
    assert gorgon().durability.mortal == 10


# -- an abandoned ship is a hulk (tables/battle.yaml, drift_heading) ------------------------


def hulk_battle() -> BattleState:
    """The Raiders' small Cutter abandoned (a small ship is empty the same round) beside the
    Gorgon, which fights on; very close, the Navy with the edge."""
    cutter = quick_ship_spec("Cutter", "small", 30)
    state = demo_battle(raiders=(("gorgon", gorgon()), ("cutter", cutter)))
    state, _ = abandon_ship(
        orders("very_close", edge="a", state=state), "cutter", ScriptedRandom([1, 1])
    )
    assert state.ship("cutter").fate == "abandoned"
    return state


def test_an_abandoned_ship_cannot_self_destruct_nobody_is_aboard() -> None:
    state = positioned(advance(hulk_battle())[0], "special_orders", range_category="very_close")
    assert ("cutter", ()) not in offered(state, "self_destruct")
    assert ("gorgon", ()) in offered(state, "self_destruct")
    with pytest.raises(RulesError, match="Cutter is abandoned: nobody is left aboard"):
        self_destruct(state, "cutter", ScriptedRandom([]))


def test_an_abandoning_ship_can_still_be_scuttled_by_those_aboard() -> None:
    state, _ = abandon_ship(orders("close", edge="a"), "gorgon", ScriptedRandom([3, 2, 3]))
    state = positioned(advance(state)[0], "special_orders", range_category="close")
    assert state.ship("gorgon").fate == "abandoning"
    assert ("gorgon", ()) in offered(state, "self_destruct")


def test_boarding_an_abandoned_ship_meets_no_defenders() -> None:
    state = positioned(advance(hulk_battle())[0], "special_orders", range_category="very_close")
    boards = [a for a in available_actions(state) if a.action == "board"]
    conventional = next(a for a in boards if a.method == "conventional")
    assert conventional.label == "CSS Meridian boards by conventional boarding"
    assert conventional.choices == ("cutter",)  # the Gorgon can still maneuver
    assert "Cutter: abandoned, no defenders, no roll" in conventional.note
    state, result = board(state, "meridian", "cutter", "conventional", ScriptedRandom([]))
    assert result.rolls == ()  # nobody rolls: not the boarders, not the (absent) defenders
    assert state.ship("cutter").boarders == ("meridian",)
    assert "Cutter is abandoned: nobody defends her" in result.text
    assert "come aboard unopposed" in result.text
    trapped = state.ship("cutter").bailout.trapped  # type: ignore[union-attr]
    assert trapped and f"{trapped} of her crew who could not get out" in result.text
    assert "defenders" not in result.text.replace("nobody defends", "")
    # Held: the Meridian is not offered the Cutter again, and cannot board her twice.
    again = positioned(advance(state)[0], "special_orders", range_category="very_close")
    assert all("cutter" not in a.choices for a in available_actions(again) if a.action == "board")
    with pytest.raises(RulesError, match="boarders already hold Cutter"):
        board(again, "meridian", "cutter", "conventional", ScriptedRandom([]))


def test_a_fleet_that_cannot_act_drifts_and_declares_no_heading() -> None:
    state, _ = abandon_ship(orders("close", edge="a"), "gorgon", ScriptedRandom([3, 2, 3]))
    state, _ = advance(state)  # round 2: the evacuation goes on
    state, _ = roll_edge(state, ScriptedRandom([]))  # uncontested: the Navy
    while state.step != "opposing_declaration":
        state, _ = advance(state)
    actions = available_actions(state)
    assert "declare_heading" not in [a.action for a in actions]
    go_on = next(a for a in actions if a.action == "advance")
    assert "Raiders drifts: nobody aboard can steer (Raider Gorgon abandoning)" in go_on.note
    assert "counts as holding for Table 3-4" in go_on.note
    with pytest.raises(RulesError, match="Raiders drifts"):
        declare_heading(state, "b", "close")
    state, _ = advance(state)
    note = next(a.note for a in available_actions(state) if a.action == "declare_heading")
    assert note.startswith(
        "From close range; Raiders drifts (nobody aboard can steer) and counts as holding:"
    )
    assert "closing: forward arc; very close\n" in note  # the drifting Raiders count as holding
    assert "holding: neither closes nor opens; you pick the arc" in note
    assert "starboard); stays close\n" in note
    state, _ = declare_heading(state, "a", "close")
    state, _ = advance(state)
    state, result = resolve_movement(state)
    assert state.range == "very_close"  # hold (drifting) against closing: 1 closer
    assert "Raiders drifting, as holding (acceleration 6)" in result.text


def test_a_fleet_whose_every_ship_is_abandoned_ends_the_battle() -> None:
    cutter = quick_ship_spec("Cutter", "small", 30)
    state = orders("close", edge="a", state=demo_battle(raiders=(("cutter", cutter),)))
    state, _ = abandon_ship(state, "cutter", ScriptedRandom([1, 1]))
    state, _ = advance(state)  # the round is played out; the next one cannot begin
    reason = "Raiders has no ship left in the fight (Cutter abandoned): end the battle"
    assert advance_blocker(state) == reason
    with pytest.raises(RulesError, match="no ship left in the fight"):
        advance(state)
    actions = available_actions(state)
    assert actions[0].action == "end_battle" and "no new round" in actions[0].note
    assert "roll_edge" not in [a.action for a in actions]


def test_withdrawing_leaves_abandoned_ships_behind() -> None:
    state = replace(hulk_battle(), range="disengaged")
    state, result = withdraw(state, "b")
    assert state.ship("gorgon").fate == "escaped"
    assert state.ship("cutter").fate == "abandoned" and state.ship("cutter").in_battle
    assert "Left behind, drifting: Cutter (abandoned)" in result.text
    assert "b" not in [a.side for a in available_actions(state) if a.action == "withdraw"]
