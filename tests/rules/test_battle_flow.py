"""A battle played round by round through the engine: the sequence of play, the edge and its
ties, the order of heading declarations, movement, and a whole three-round battle."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable

import pytest
from msgspec.structs import replace

from gmtool.rules.battle import (
    BattleState,
    StepResult,
    advance,
    advance_blocker,
    apply_damage_manually,
    attack_options,
    available_actions,
    battle_summary,
    current_step_label,
    declare_heading,
    end_battle,
    resolve_movement,
    roll_attack,
    roll_edge,
    roll_repair,
    roll_sensors,
    set_power,
)
from gmtool.rules.battle.plans import candidates, plan_edge
from gmtool.rules.crew_losses import casualties
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import start_bailout
from gmtool.rules.narrative import round_sequence
from tests.rules.test_battle_helpers import (
    ScriptedRandom,
    demo_battle,
    gorgon,
    meridian,
    positioned,
)

# -- a GM who plays the whole sequence of play ----------------------------------------------


class Table:
    """Plays steps, keeps every result, and checks each new state saves and reloads exactly."""

    def __init__(self, state: BattleState) -> None:
        self.state = state
        self.results: list[StepResult] = []
        self.saved: list[dict[str, object]] = [state.to_dict()]

    def do(self, action: Callable[..., tuple[BattleState, StepResult]], *args: object) -> None:
        before = self.state.to_dict()
        new_state, result = action(self.state, *args)
        assert self.state.to_dict() == before
        data = json.loads(json.dumps(new_state.to_dict()))
        assert BattleState.from_dict(data) == new_state
        assert new_state.events[-1].rolls == result.rolls
        self.state = new_state
        self.results.append(result)
        self.saved.append(data)

    def play_round(self, headings: dict[str, str], rng: random.Random) -> None:
        while self.state.edge_winner is None:
            self.do(roll_edge, rng)
        self.do(advance)
        for ship in self.state.ships:
            if ship.can_act and candidates(self.state, ship, "power_distribution"):
                self.do(set_power, ship.id, rng)
        self.do(advance)
        for ship in self.state.ships:
            if ship.can_act:
                self.do(roll_sensors, ship.id, rng)
        self.do(advance)
        opposing = self.state.opposing_side
        edge = self.state.edge_winner
        assert opposing is not None and edge is not None
        self.do(declare_heading, opposing, headings[opposing])
        self.do(advance)
        self.do(declare_heading, edge, headings[edge])
        self.do(advance)
        self.do(resolve_movement)
        self.do(advance)
        while self.state.phase == "attack":
            for option in attack_options(self.state):
                if option in attack_options(self.state):
                    self.do(roll_attack, option, option.targets[0].ship_id, rng)
            self.do(advance)
        self.do(advance)  # launch: nothing to launch
        for ship in self.state.ships:
            for track in ("stun", "wound"):
                if ship.can_act and self.state.ship(ship.id).damage.marked[track]:
                    self.do(_repair, ship.id, rng, track)
                    break
        self.do(advance)
        assert self.state.phase == "special_orders"
        self.do(advance)


def play(seed: int, rounds: int) -> Table:
    table = Table(demo_battle("extreme"))
    rng = random.Random(seed)
    for _ in range(rounds):
        table.play_round({"a": "close", "b": "close"}, rng)
    return table


@functools.cache
def three_rounds(seed: int) -> Table:
    """Played once per seed and shared: the tests only read it."""
    return play(seed, 3)


def _repair(
    state: BattleState, ship_id: str, rng: random.Random, track: str
) -> tuple[BattleState, StepResult]:
    return roll_repair(state, ship_id, rng, track=track)


SEED = 7


def test_three_rounds_follow_the_sequence_of_play() -> None:
    table = three_rounds(SEED)
    state = table.state
    assert (state.round, state.phase, state.step) == (4, "edge", None)
    sequence = round_sequence()
    for number in (1, 2, 3):
        reached = [
            (e.phase, e.step)
            for e in state.events
            if e.action == "advance" and e.round == number and (e.phase, e.step) != sequence[0]
        ]
        assert reached == list(sequence[1:])
    assert [e.round for e in state.events if e.action == "advance"][-1] == 4


def test_three_rounds_of_closing_bring_the_fleets_alongside() -> None:
    table = three_rounds(SEED)
    moves = [e for e in table.state.events if e.action == "resolve_movement"]
    assert len(moves) == 3
    assert "2 range categories closer, extreme -> moderate" in moves[0].text
    assert "moderate -> very close" in moves[1].text
    assert "2 range categories closer, but the range is very close already" in moves[2].text
    assert "closing (acceleration" in moves[0].text and "range categories, " not in moves[0].text
    assert table.state.range == "very_close"


def test_three_rounds_mark_damage_count_crew_losses_and_roll_hazards() -> None:
    table = three_rounds(SEED)
    state = table.state
    for ship in state.ships:
        assert any(ship.hit_boxes.values()), f"{ship.name} was never hit with this seed"
        for track, boxes in ship.hit_boxes.items():
            assert boxes >= ship.damage.marked[track]
        assert ship.crew_losses == casualties(ship.crew_total, ship.damage.points, ship.hit_boxes)
        assert ship.crew_losses["total"] > 0
    aboard = len(state.aboard("meridian"))
    hits_on_meridian = [
        r for r in table.results if r.action == "roll_attack" and "CSS Meridian takes" in r.text
    ]
    assert hits_on_meridian
    for result in hits_on_meridian:
        if "marks nothing" not in result.text:
            assert len(result.hazards) == aboard
            assert any(r["for"].startswith("hazard to") for r in result.rolls)
    hits_on_gorgon = [r for r in table.results if "Raider Gorgon takes" in r.text]
    assert hits_on_gorgon and all(not r.hazards for r in hits_on_gorgon)


def test_every_step_of_three_rounds_reloads_where_it_was() -> None:
    table = three_rounds(SEED)
    for data in table.saved:
        state = BattleState.from_dict(data)
        assert state.to_dict() == data
    # Undo: the state before a step is the saved one; replaying from it continues the battle.
    middle = BattleState.from_dict(table.saved[len(table.saved) // 2])
    assert middle.round in (1, 2, 3) and not middle.finished


def test_the_same_seed_plays_the_same_battle() -> None:
    assert play(SEED, 3).state.to_dict() == three_rounds(SEED).state.to_dict()
    assert play(SEED, 1).state.to_dict() != play(SEED + 1, 1).state.to_dict()


def test_summary_after_three_rounds_names_damage_losses_and_deeds() -> None:
    state, _ = end_battle(three_rounds(SEED).state, "The raider breaks off.")
    summary = battle_summary(state)
    assert summary.finished and summary.rounds == 4
    by_id = {s.ship_id: s for s in summary.ships}
    assert by_id["meridian"].losses == state.ship("meridian").crew_losses
    assert by_id["gorgon"].marked == state.ship("gorgon").damage.marked
    deeds = {c.character_id: c.deeds for c in summary.characters}
    assert any("edge for Navy" in d for d in deeds["ines-calloway"])
    assert any("power distribution" in d for d in deeds["halvard-rusk"])
    assert any("heavy laser #1" in d for d in deeds["tamsin-oyelaran"])
    text = summary.text()
    assert "CSS Meridian (A)" in text and "crew losses" in text
    assert json.loads(json.dumps(summary.to_dict()))["name"] == "Ambush at Tarsus"
    with pytest.raises(RulesError, match="is over"):
        advance(state)
    assert available_actions(state) == []


# -- the edge -------------------------------------------------------------------------------


def test_edge_goes_to_the_better_degree() -> None:
    state = demo_battle()
    # Navy: Calloway (Tactics--space combat 15) rolls 3: Amazing; Raiders' crew (10) rolls 9.
    state, result = roll_edge(state, ScriptedRandom([3, 9]))
    assert state.edge_winner == "a" and state.edge_decided_by == "degree"
    assert "Captain Ines Calloway rolls 15" in result.text
    assert [r["degree"] for r in result.rolls] == ["amazing", "ordinary"]
    assert state.opposing_side == "b"
    assert "ines-calloway" in state.acted


def test_edge_tie_goes_against_the_larger_ship() -> None:
    # Both Ordinary: the Meridian (medium) is larger than the Gorgon (light), so Navy loses.
    state, result = roll_edge(demo_battle(), ScriptedRandom([12, 9]))
    assert state.edge_winner == "b" and state.edge_decided_by == "largest_ship_loses"
    assert "larger ship loses" in result.text


def test_edge_tie_between_equal_ships_goes_to_the_smaller_fleet() -> None:
    state = demo_battle(
        navy=(("hunter", gorgon()),), raiders=(("gorgon", gorgon()), ("gorgon-2", gorgon()))
    )
    state, _ = roll_edge(state, ScriptedRandom([9, 9]))
    assert state.edge_winner == "a" and state.edge_decided_by == "fewer_ships_wins"


def test_edge_tie_past_the_tiebreakers_is_rolled_again() -> None:
    state = demo_battle(navy=(("hunter", gorgon()),))
    tied, result = roll_edge(state, ScriptedRandom([9, 9]))
    assert tied.edge_winner is None and "roll the edge again" in result.text
    assert len(result.rolls) == 2
    assert advance_blocker(tied) == "roll the edge first"
    assert available_actions(tied)[0].label == "Re-roll the edge (a tie)"
    settled, _ = roll_edge(tied, ScriptedRandom([15, 2]))
    assert settled.edge_winner == "b"
    assert [e.action for e in settled.events[-2:]] == ["roll_edge", "roll_edge"]


def test_edge_uses_the_crew_when_the_commander_cannot_act() -> None:
    state = demo_battle()
    calloway = state.character("ines-calloway")
    out = state.with_character(calloway.with_damage({"stun": 10}, False))
    plan = plan_edge(out, "a")
    assert plan.roller.character_id is None and plan.score == 12
    assert plan_edge(state, "a").roller.character_id == "ines-calloway"


def test_edge_check_carries_the_durability_penalty() -> None:
    state = demo_battle()
    state, _ = apply_damage_manually(state, "gorgon", 20, "stun", random.Random(1))
    plan = plan_edge(state, "b")
    assert state.ship("gorgon").state == "shaken"
    assert [(m.id, m.step) for m in plan.modifiers] == [("ship_state", 1)]
    assert plan.step == 1


def test_edge_is_rolled_only_in_the_edge_phase_and_once() -> None:
    state, _ = roll_edge(demo_battle(), ScriptedRandom([3, 9]))
    with pytest.raises(RulesError, match="already has the edge"):
        roll_edge(state, ScriptedRandom([3, 9]))
    moved, _ = advance(state)
    with pytest.raises(RulesError, match="edge phase"):
        roll_edge(moved, ScriptedRandom([3, 9]))


def test_a_fleet_that_cannot_act_leaves_the_edge_uncontested() -> None:
    state = demo_battle()
    bailout = start_bailout("light", 80, random.Random(2))
    state = state.with_ship(replace(state.ship("gorgon"), bailout=bailout, bailout_round=1))
    assert state.ship("gorgon").in_battle and not state.ship("gorgon").can_act
    state, result = roll_edge(state, ScriptedRandom([]))
    assert state.edge_winner == "a" and state.edge_decided_by == "uncontested"
    assert not result.rolls


# -- advancing and headings -----------------------------------------------------------------


def test_the_battle_cannot_leave_the_edge_phase_before_the_edge_is_rolled() -> None:
    state = demo_battle()
    with pytest.raises(RulesError, match="roll the edge first"):
        advance(state)
    assert "advance" not in [a.action for a in available_actions(state)]


def at_movement() -> BattleState:
    state, _ = roll_edge(demo_battle(), ScriptedRandom([3, 9]))  # Navy wins the edge
    for _ in range(3):
        state, _ = advance(state)
    assert (state.phase, state.step) == ("movement", "opposing_declaration")
    return state


def test_the_side_without_the_edge_declares_first() -> None:
    state = at_movement()
    offered = [a for a in available_actions(state) if a.action == "declare_heading"]
    assert [(a.side, a.label) for a in offered] == [
        ("b", "Declare heading for Raiders (declares first)")
    ]
    with pytest.raises(RulesError, match="Raiders declares its heading now"):
        declare_heading(state, "a", "close")
    with pytest.raises(RulesError, match="Raiders must declare"):
        advance(state)
    state, result = declare_heading(state, "b", "open")
    assert "Raiders declares opening (aft arc bears)." in result.text
    state, _ = advance(state)
    with pytest.raises(RulesError, match="Navy declares its heading now"):
        declare_heading(state, "b", "close")
    with pytest.raises(RulesError, match="Navy must declare"):
        advance(state)
    state, _ = declare_heading(state, "a", "hold", "port")
    assert state.side("a").held_arc == "port"
    state, _ = advance(state)
    with pytest.raises(RulesError, match="both sides have declared"):
        declare_heading(state, "a", "close")
    with pytest.raises(RulesError, match="update the range first"):
        advance(state)


def test_a_heading_arc_only_for_a_holding_fleet() -> None:
    state = at_movement()
    with pytest.raises(RulesError, match="only a holding fleet"):
        declare_heading(state, "b", "close", "port")
    with pytest.raises(RulesError, match="holding fleet turns one of"):
        declare_heading(state, "b", "hold", "turret")


def declared(opposing: str, edge: str, start: str = "moderate") -> BattleState:
    state = at_movement()
    state = replace(state, range=start)
    state, _ = declare_heading(state, "b", opposing)
    state, _ = advance(state)
    state, _ = declare_heading(state, "a", edge)
    state, _ = advance(state)
    return state


@pytest.mark.parametrize(
    ("opposing", "edge", "after"),
    [
        ("close", "close", "close_in_two"),
        ("hold", "hold", "moderate"),
        ("open", "open", "extreme"),
        ("close", "hold", "close"),
        ("hold", "open", "long"),
        # Contested cells: the Gorgon (acceleration 6) outruns the Meridian (4).
        ("open", "close", "long"),
        ("close", "open", "close"),
    ],
)
def test_movement_updates_the_range_by_table_3_4(opposing: str, edge: str, after: str) -> None:
    state = declared(opposing, edge)
    state, result = resolve_movement(state)
    expected = "very_close" if after == "close_in_two" else after
    assert state.range == expected and state.moved
    assert "acceleration 6" in result.text and "acceleration 4" in result.text
    with pytest.raises(RulesError, match="already been updated"):
        resolve_movement(state)
    state, _ = advance(state)
    assert (state.phase, state.step) == ("attack", "beam_and_projectile")


def test_equal_fleets_keep_the_range_in_a_contested_cell() -> None:
    state = demo_battle(navy=(("hunter", gorgon()),))
    state = positioned(
        state,
        "movement",
        "position_update",
        range_category="long",
        edge="a",
        headings={"a": ("close", None), "b": ("open", None)},
    )
    state = replace(state, moved=False)
    state, _ = resolve_movement(state)
    assert state.range == "long"


def test_a_fleet_moves_at_its_slowest_ships_pace() -> None:
    slow = replace(gorgon(), acceleration=2)
    state = demo_battle(raiders=(("gorgon", gorgon()), ("barge", slow)))
    state = positioned(
        state,
        "movement",
        "position_update",
        range_category="long",
        edge="a",
        headings={"a": ("close", None), "b": ("open", None)},
    )
    state = replace(state, moved=False)
    state, result = resolve_movement(state)
    assert "Raiders opening (acceleration 2)" in result.text
    assert "1 range category closer, long -> moderate" in result.text
    assert state.range == "moderate"  # the Meridian (4) is faster than the barge: it closes


def test_reaching_disengaged_ends_the_battle_at_once_and_names_who_broke_off() -> None:
    # The Raiders (b, without the edge) open from contact; the Navy holds: +1 C.
    state = declared("open", "hold", start="contact")
    state, result = resolve_movement(state)
    assert state.range == "disengaged" and state.finished
    assert state.side("b").broke_off and not state.side("a").broke_off
    assert "Raiders breaks off" in result.text and "no attack phase" in result.text
    assert not {"roll_attack", "advance"} & {a.action for a in available_actions(state)}
    with pytest.raises(RulesError):
        advance(state)  # no attack phase follows
    summary = battle_summary(state)
    assert summary.broke_off == ("b",) and summary.finished
    assert "Raiders broke off" in summary.text()


def test_both_fleets_opening_to_disengaged_both_broke_off() -> None:
    state, _ = resolve_movement(declared("open", "open", start="contact"))
    assert state.finished and battle_summary(state).broke_off == ("a", "b")
    assert "Navy and Raiders broke off" in battle_summary(state).text()


def test_a_battle_set_up_at_disengaged_goes_on_while_nobody_opens() -> None:
    state, result = resolve_movement(declared("hold", "hold", start="disengaged"))
    assert state.range == "disengaged" and not state.finished
    assert "may withdraw" in result.text
    assert "withdraw" in [a.action for a in available_actions(state)]


def test_a_new_round_clears_what_lasts_a_round() -> None:
    state = positioned(demo_battle(), "special_orders", edge="b")
    state = replace(state, acted=("tamsin-oyelaran",))
    ship = replace(state.ship("meridian"), fired=("15.1",), power_bonus=20, sensor_degree="good")
    state = state.with_ship(ship)
    state, result = advance(state)
    assert (state.round, state.phase) == (2, "edge")
    assert "Round 2: the Edge phase" in result.text
    assert state.edge_winner is None and state.acted == () and not state.moved
    ship = state.ship("meridian")
    assert (ship.fired, ship.power_bonus, ship.sensor_degree) == ((), None, None)
    assert not state.side("a").declared


def test_steps_in_the_wrong_phase_are_refused() -> None:
    state = demo_battle()
    with pytest.raises(RulesError, match="power phase"):
        set_power(state, "meridian", random.Random(1))
    with pytest.raises(RulesError, match="sensor phase"):
        roll_sensors(state, "meridian", random.Random(1))
    with pytest.raises(RulesError, match="range update"):
        resolve_movement(state)
    with pytest.raises(RulesError, match="roll the edge first"):
        declare_heading(replace(state, phase="movement", step="opposing_declaration"), "a", "hold")


def test_available_actions_say_what_the_phase_offers() -> None:
    state = demo_battle()
    assert [a.action for a in available_actions(state)][:1] == ["roll_edge"]
    state, _ = roll_edge(state, ScriptedRandom([3, 9]))
    state, _ = advance(state)
    power = [a for a in available_actions(state) if a.action == "set_power"]
    # Rusk (System Operation--engineering 16) first; Vek on the bridge has only the broad
    # skill (10, at +1); the raider's crew cannot coax extra power by itself.
    assert [(a.ship_id, a.character_id) for a in power] == [
        ("meridian", "halvard-rusk"),
        ("meridian", "dorran-vek"),
    ]
    state, _ = advance(state)
    sensors = [a.ship_id for a in available_actions(state) if a.action == "roll_sensors"]
    assert sensors == ["meridian", "gorgon"]
    last = available_actions(state)[-3]
    assert last.action == "advance" and last.label.startswith("Go on to")


def test_the_header_says_where_the_battle_is() -> None:
    state = demo_battle()
    assert current_step_label(state) == "Round 1: the Edge phase"
    state = positioned(state, "movement", "edge_declaration")
    assert (
        current_step_label(state) == "Round 1: the Movement phase (Edge side declares its heading)"
    )
    state, _ = end_battle(state)
    assert current_step_label(state) == "Ambush at Tarsus: over after round 1"


def test_special_orders_end_the_round() -> None:
    state = positioned(demo_battle(), "special_orders")
    offered = available_actions(state)
    advance_action = next(a for a in offered if a.action == "advance")
    assert advance_action.label == "End round 1: go on to round 2"


def test_spec_helpers_load_the_demo_ships() -> None:
    assert meridian().name == "CSS Meridian" and gorgon().acceleration == 6
