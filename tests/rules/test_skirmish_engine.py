"""The skirmish engine: activations, actions, fire, hand-to-hand, wounds, victory, and the
automatic players (RULES.md section 6), on a small arena and on the Torga IV table."""

from __future__ import annotations

import json
import random
from typing import Any

import msgspec
import pytest

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import (
    Action,
    Event,
    GameOptions,
    GameState,
    Scenario,
    apply_action,
    automatic_player,
    federation_player,
    jemhadar_player,
    legal_actions,
    new_game,
    plan_move,
    play_action,
    ready_figures,
    shot_at,
    shots,
    torga_iv,
)
from gmtool.rules.skirmish.geometry import COVER, OPEN
from gmtool.rules.skirmish.simulate import simulation_options
from gmtool.rules.skirmish.state import FIRE_FIRST, MOVE_FIRST

# -- helpers --------------------------------------------------------------------------------


class Loaded(random.Random):
    """Dice that come up as the test says: each entry is (face, sides), used in order."""

    def __init__(self, *faces: tuple[int, int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def random(self) -> float:
        if not self.faces:
            raise AssertionError("the engine rolled more dice than the test expected")
        face, sides = self.faces.pop(0)
        return (face - 0.5) / sides


def _fig(fid: str, side: str, ap: int, weapon: str, h2h: int, x: float, y: float) -> dict[str, Any]:
    return {
        "id": fid,
        "name": fid.replace("_", " "),
        "side": side,
        "action_points": ap,
        "weapon": weapon,
        "hand_to_hand": h2h,
        "start": [x, y],
    }


def arena(**changes: Any) -> Scenario:
    """Torga IV's rules on a 48 x 24 table with two figures a side and three pieces.

    fed_a (3 AP, phaser rifle, +1), fed_b (2 AP, hand phaser, 0), jh_a (3 AP, energy rifle,
    +2), jh_b (2 AP, energy rifle, +1). Terrain: a wall [20, 0, 22, 8], a 1-inch plate
    [10, 10, 11, 14] and a boulder at (30, 18) radius 1.
    """
    data = torga_iv().to_dict()
    data.update(
        name="arena",
        source="arena.yaml",
        table={"width": 48.0, "depth": 24.0, "base_contact": 1.0},
        forces=[
            _fig("fed_a", "federation", 3, "phaser_rifle", 1, 2.0, 12.0),
            _fig("fed_b", "federation", 2, "hand_phaser", 0, 2.0, 20.0),
            _fig("jh_a", "jemhadar", 3, "energy_rifle", 2, 46.0, 12.0),
            _fig("jh_b", "jemhadar", 2, "energy_rifle", 1, 46.0, 20.0),
        ],
        terrain=[
            {"id": "wall", "name": "rock wall", "kind": "wall", "rect": [20.0, 0.0, 22.0, 8.0]},
            {"id": "plate", "name": "hull plate", "kind": "obstacle", "rect": [10, 10, 11, 14]},
            {"id": "rock", "name": "boulder", "kind": "obstacle", "circle": [30.0, 18.0, 1.0]},
        ],
        victory={"turn": 10, "side": "federation", "standing": 1},
        options={"wound_effects": True, "first_in_tier": "federation", "automatic": []},
    )
    data.update(changes)
    return Scenario.from_dict(data)


def options_for(scenario: Scenario, **changes: Any) -> GameOptions:
    return msgspec.structs.replace(GameOptions.from_scenario(scenario), **changes)


def game(
    scenario: Scenario | None = None, options: GameOptions | None = None, **placed: Any
) -> GameState:
    """A game on the arena with figures moved: game(fed_a=(x, y), ...)."""
    state, _ = new_game(scenario or arena(), random.Random(0), options)
    for fid, (x, y) in placed.items():
        fig = state.figure(fid)
        fig.x, fig.y = float(x), float(y)
    return state


def act(state: GameState, kind: str, fid: str, target: str | None = None, **kw: Any) -> None:
    """Play one action in place with dice that must not be rolled (but a new turn's solo
    order, when the scenario's solo side is automatic)."""
    play_action(
        state, Action(kind, fid, target, **kw), random.Random(0) if kind == "hold" else Loaded()
    )


def pass_to(state: GameState, fid: str) -> None:
    """Let the other side hold until `fid` may act (or the test's sequencing is wrong)."""
    for _ in range(20):
        fig = state.figure(fid)
        if fig in ready_figures(state):
            return
        act(state, "hold", ready_figures(state)[0].id)
    raise AssertionError(f"{fid} never became ready")


def hold_through_turn(state: GameState) -> list[str]:
    """Hold with the first ready figure until the turn ends; the sides in the order they acted."""
    turn = state.turn
    sides: list[str] = []
    while state.turn == turn and not state.over:
        fig = ready_figures(state)[0]
        sides.append("F" if fig.side == "federation" else "J")
        act(state, "hold", fig.id)
    return sides


# -- activations by tier --------------------------------------------------------------------


def test_torga_turn_alternates_and_a_side_out_of_figures_passes() -> None:
    state, _ = new_game(torga_iv(), random.Random(0))
    order = hold_through_turn(state)
    tier = ["F", "J"] * 6 + ["F"]  # seven Federation figures, six Jem'Hadar
    # tier 3: Sisko, Worf and Dax against the First alone
    assert order == tier + tier + ["F", "J", "F", "F"]
    assert state.turn == 2 and state.tier == 1 and state.side_to_act == "federation"


def test_the_scenario_may_let_the_jemhadar_act_first_in_each_tier() -> None:
    scenario = torga_iv()
    state, _ = new_game(scenario, random.Random(0), options_for(scenario, first_in_tier="jemhadar"))
    order = hold_through_turn(state)
    tier = ["J", "F"] * 6 + ["F"]
    assert order == tier + tier + ["J", "F", "F", "F"]


def test_fallen_figures_drop_out_of_the_alternation() -> None:
    state = game()
    state.figure("jh_b").fallen = True
    # tiers 1 and 2: fed_a, jh_a, fed_b; tier 3: fed_a, jh_a
    assert hold_through_turn(state) == ["F", "J", "F", "F", "J", "F", "F", "J"]


def test_a_figure_acts_once_per_tier_and_only_in_its_sides_activation() -> None:
    state = game()
    with pytest.raises(RulesError, match="activation"):
        act(state, "hold", "jh_a")
    act(state, "hold", "fed_a")
    act(state, "hold", "jh_a")
    with pytest.raises(RulesError, match="tier 1"):
        act(state, "hold", "fed_a")
    assert [f.id for f in ready_figures(state)] == ["fed_b"]


def test_action_points_are_not_kept_and_aims_end_with_the_turn() -> None:
    state = game()
    act(state, "aim", "fed_a")
    hold_through_turn(state)
    fed_a = state.figure("fed_a")
    assert fed_a.spent == 0 and fed_a.action_points_left == 3 and not fed_a.aimed


# -- solo order -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "order"), [(1, MOVE_FIRST), (3, MOVE_FIRST), (4, FIRE_FIRST), (6, FIRE_FIRST)]
)
def test_solo_order_is_rolled_on_a_d6_each_turn(face: int, order: str) -> None:
    scenario = arena()
    options = options_for(scenario, automatic=("jemhadar",))
    state, events = new_game(scenario, Loaded((face, 6)), options)
    assert state.solo_order == order
    assert events[-1].kind == "solo_order" and events[-1].rolls == (face,)
    assert f"d6 {face}" in events[-1].text


def test_solo_order_is_rolled_again_at_each_turn_and_not_without_solo_play() -> None:
    scenario = arena()
    state, _ = new_game(scenario, Loaded((2, 6)), options_for(scenario, automatic=("jemhadar",)))
    assert state.solo_order == MOVE_FIRST
    rng = Loaded((5, 6))
    while state.turn == 1:
        play_action(state, Action("hold", ready_figures(state)[0].id), rng)
    assert state.solo_order == FIRE_FIRST
    plain, _ = new_game(scenario, Loaded())  # no solo side automatic: no die rolled
    assert plain.solo_order is None


def _solo_game(order: str, **placed: Any) -> GameState:
    scenario = arena()
    state = game(scenario, options_for(scenario, automatic=("jemhadar",)), **placed)
    state.solo_order = order
    return state


def test_jemhadar_move_first_then_fire_with_the_first_repeating_its_first_step() -> None:
    state = _solo_game(MOVE_FIRST, jh_a=(20.0, 16.0))  # 18.4 in from fed_a: in range
    act(state, "hold", "fed_a")
    first = jemhadar_player(state)
    assert first.kind == "move" and first.figure == "jh_a"
    play_action(state, first, Loaded())
    pass_to(state, "jh_a")
    assert state.tier == 2
    assert jemhadar_player(state).kind == "fire"
    play_action(state, jemhadar_player(state), Loaded((10, 10)))
    pass_to(state, "jh_a")
    assert state.tier == 3
    assert jemhadar_player(state).kind == "move"


def test_jemhadar_fire_first_and_a_fire_step_with_nothing_in_range_moves() -> None:
    state = _solo_game(FIRE_FIRST, jh_a=(20.0, 16.0), fed_a=(9.5, 12.0), fed_b=(8.76, 16.0))
    act(state, "hold", "fed_a")
    choice = jemhadar_player(state)
    # fed_a is as far as fed_b but just behind the hull plate: fed_b, in the open, is the shot
    assert (choice.kind, choice.target) == ("fire", "fed_b")
    far = _solo_game(FIRE_FIRST)  # 44 in away: nothing in range
    act(far, "hold", "fed_a")
    assert jemhadar_player(far).kind == "move"


def test_jemhadar_move_goes_toward_the_nearest_enemy_and_stops_in_base_contact() -> None:
    state = _solo_game(MOVE_FIRST, jh_a=(6.0, 20.0))  # fed_b at (2, 20) is 4 in away
    act(state, "hold", "fed_a")
    move = jemhadar_player(state)
    assert move.kind == "move"
    assert move.x == pytest.approx(3.0) and move.y == pytest.approx(20.0)
    play_action(state, move, Loaded())
    assert state.figure("jh_a").x == pytest.approx(3.0)


def test_jemhadar_in_base_contact_attacks_hand_to_hand_whatever_the_step() -> None:
    for order in (MOVE_FIRST, FIRE_FIRST):
        state = _solo_game(order, jh_a=(3.0, 20.0))
        act(state, "hold", "fed_a")
        choice = jemhadar_player(state)
        assert (choice.kind, choice.target) == ("hand_to_hand", "fed_b")


def test_jemhadar_walks_around_a_wall_in_the_way() -> None:
    # jh_a north of the wall's east side, fed_a hidden straight west behind the wall
    state = _solo_game(MOVE_FIRST, jh_a=(25.0, 4.0), fed_a=(15.0, 4.0))
    act(state, "hold", "fed_a")
    move = jemhadar_player(state)
    assert move.kind == "move"
    assert plan_move(state, "jh_a", move.x or 0.0, move.y or 0.0).legal
    assert (move.y or 0.0) > 4.0  # heads south, round the wall's open end


def test_federation_player_fires_at_the_best_target_else_takes_cover_then_holds() -> None:
    state = game(jh_a=(14.0, 18.0), jh_b=(12.0, 21.0))
    choice = federation_player(state)
    assert choice.kind == "fire" and choice.figure == "fed_a"
    # nobody in range: fed_a stands in the open 8 in west of the plate, jh_a far east
    far = game()
    board = far.scenario.board
    assert board.line_of_fire(46.0, 12.0, 2.0, 12.0) == OPEN
    move = federation_player(far)
    assert (move.kind, move.figure) == ("move", "fed_a")
    assert move.x == pytest.approx(6.0) and move.y == pytest.approx(12.0)  # toward the plate
    fed_a = far.figure("fed_a")
    fed_a.x, fed_a.y = move.x or 0.0, move.y or 0.0
    move = federation_player(far)
    assert move.kind == "move"
    assert board.line_of_fire(46.0, 12.0, move.x or 0.0, move.y or 0.0) == COVER
    fed_a.x, fed_a.y = move.x or 0.0, move.y or 0.0
    assert federation_player(far).kind == "hold"  # in cover, nothing in range: it stays


def test_federation_player_with_no_cover_closes_in_until_in_range() -> None:
    bare = arena(
        terrain=[{"id": "wall", "name": "rock wall", "kind": "wall", "rect": [20, 0, 22, 8]}]
    )
    state = game(bare)
    move = federation_player(state)
    assert (move.kind, move.figure) == ("move", "fed_a")
    assert move.x == pytest.approx(6.0) and move.y == pytest.approx(12.0)
    # 29 in from jh_a: within the phaser rifle's 30 in less the margin, so it stops there
    state.figure("fed_a").x = 17.0
    assert federation_player(state).kind == "fire"


def test_best_target_prefers_the_surer_kill() -> None:
    # jh_a (3 wounds) in the open at 8 in; jh_b (2 wounds) in the open at 10 in:
    # 8 in needs 8 for 2 wounds on either, so the nearer wins the tie.
    state = game(fed_a=(5.0, 18.0), jh_a=(13.0, 18.0), jh_b=(15.0, 18.0))
    assert federation_player(state).target == "jh_a"
    state.figure("jh_a").x, state.figure("jh_a").y = 17.0, 16.0  # now 12.2 in: needs 7
    assert federation_player(state).target == "jh_b"


def test_automatic_player_uses_the_solo_rules_for_the_solo_side_only() -> None:
    state = _solo_game(MOVE_FIRST)
    assert automatic_player(state) == federation_player(state)
    act(state, "hold", "fed_a")
    assert automatic_player(state) == jemhadar_player(state)


# -- fire -----------------------------------------------------------------------------------


def _shot(state: GameState, shooter: str, target: str) -> Any:
    return shot_at(state, state.figure(shooter), state.figure(target))


def test_fire_number_for_a_target_in_the_open() -> None:
    state = game(fed_a=(5.0, 18.0), jh_a=(15.0, 18.0))
    shot = _shot(state, "fed_a", "jh_a")
    assert shot.range_inches == pytest.approx(10.0)
    assert shot.band_label == "6-12 in" and shot.hit_on == 7
    assert shot.modifiers == (("target_in_open", -1),)
    assert shot.needed == 8 and shot.chance == pytest.approx(0.8) and shot.cover is None


def test_cover_counts_only_an_obstacle_near_the_target() -> None:
    # the plate [10, 10, 11, 14] is 1.5 in from a target at 12.5: cover (within 2 in)
    covered = _shot(game(fed_a=(5.0, 12.0), jh_a=(12.5, 12.0)), "fed_a", "jh_a")
    assert covered.modifiers == () and covered.needed == 7 and covered.cover == "hull plate"
    # 4 in from a target at 15: across the line, but no cover for that target
    far = _shot(game(fed_a=(5.0, 12.0), jh_a=(15.0, 12.0)), "fed_a", "jh_a")
    assert far.modifiers == (("target_in_open", -1),) and far.cover is None
    leaning = _shot(game(fed_a=(9.5, 12.0), jh_a=(19.5, 12.0)), "fed_a", "jh_a")
    assert leaning.modifiers == (("target_in_open", -1),) and leaning.needed == 8
    # the other way round the plate is far from the shooter: the target has cover
    back = _shot(game(fed_a=(9.5, 12.0), jh_a=(19.5, 12.0)), "jh_a", "fed_a")
    assert back.cover == "hull plate" and back.needed == 8  # energy rifle 6-12: 8


def test_aimed_shot_and_wounded_shooter_modifiers() -> None:
    state = game(fed_a=(5.0, 18.0), jh_a=(15.0, 18.0))
    act(state, "aim", "fed_a")
    aimed = _shot(state, "fed_a", "jh_a")
    assert ("aimed", -2) in aimed.modifiers and aimed.needed == 10
    state.figure("fed_a").wounds = 1
    both = _shot(state, "fed_a", "jh_a")
    assert ("shooter_wounded", 2) in both.modifiers and both.needed == 8


def test_wounds_have_no_effect_with_the_option_off() -> None:
    scenario = arena()
    state = game(scenario, options_for(scenario, wound_effects=False), fed_a=(5, 18), jh_a=(15, 18))
    fed_a = state.figure("fed_a")
    fed_a.wounds = 2
    assert _shot(state, "fed_a", "jh_a").needed == 8
    assert plan_move(state, "fed_a", 9.0, 18.0).legal  # the full 4 in


def test_a_wall_blocks_the_shot_and_range_ends_it() -> None:
    state = game(fed_a=(15.0, 4.0), jh_a=(27.0, 4.0))
    assert _shot(state, "fed_a", "jh_a") is None
    assert all(a.kind != "fire" for a in legal_actions(state, "fed_a"))
    with pytest.raises(RulesError, match="no shot"):
        act(state, "fire", "fed_a", "jh_a")
    far = game(fed_b=(2.0, 20.0), jh_b=(21.0, 20.0))  # hand phaser, 19 in: no shot
    assert _shot(far, "fed_b", "jh_b") is None


def test_shots_list_every_target_nearest_first() -> None:
    state = game(fed_a=(5.0, 18.0), jh_a=(25.0, 18.0), jh_b=(15.0, 20.0))
    assert [s.target for s in shots(state, "fed_a")] == ["jh_b", "jh_a"]


@pytest.mark.parametrize(("face", "hit"), [(8, True), (9, False)])
def test_fire_hits_when_the_total_is_at_most_the_number(face: int, hit: bool) -> None:
    state = game(fed_a=(5.0, 18.0), jh_b=(15.0, 18.0))
    new, events = apply_action(state, Action("fire", "fed_a", "jh_b"), Loaded((face, 10)))
    fire = events[0]
    assert fire.kind == "fire" and fire.rolls == (face,)
    assert f"number 7, target in the open -1 → d10 ≤ 8; rolled {face}:" in fire.text
    jh_b = new.figure("jh_b")
    assert jh_b.fallen is hit  # a phaser rifle hit is two wounds: a soldier falls
    if hit:
        assert events[1].kind == "fall" and new.dropped[0].weapon == "energy_rifle"
        assert (new.dropped[0].x, new.dropped[0].y) == (15.0, 18.0)
    else:
        assert jh_b.wounds == 0 and not new.dropped


def test_wounds_per_weapon_and_the_energy_rifle_setting() -> None:
    state = game(fed_a=(5.0, 18.0), jh_a=(15.0, 18.0))
    new, _ = apply_action(state, Action("fire", "fed_a", "jh_a"), Loaded((1, 10)))
    assert new.figure("jh_a").wounds == 2 and not new.figure("jh_a").fallen
    assert new.figure("jh_a").wounded
    hand = game(fed_b=(5.0, 20.0), jh_a=(9.0, 20.0))
    pass_to(hand, "fed_b")
    hand, _ = apply_action(hand, Action("fire", "fed_b", "jh_a"), Loaded((1, 10)))
    assert hand.figure("jh_a").wounds == 1
    scenario = arena()
    heavy = options_for(
        scenario,
        weapon_wounds={**GameOptions.from_scenario(scenario).weapon_wounds, "energy_rifle": 3},
    )
    state = game(scenario, heavy, fed_a=(5.0, 18.0), jh_a=(15.0, 18.0))
    act(state, "hold", "fed_a")
    state, _ = apply_action(state, Action("fire", "jh_a", "fed_a"), Loaded((1, 10)))
    assert state.figure("fed_a").fallen


def test_an_aim_covers_one_shot_and_a_move_loses_it() -> None:
    state = game(fed_a=(5.0, 18.0), jh_a=(25.0, 18.0))
    act(state, "aim", "fed_a")
    assert state.figure("fed_a").aimed
    pass_to(state, "fed_a")
    play_action(state, Action("fire", "fed_a", "jh_a"), Loaded((10, 10)))
    assert not state.figure("fed_a").aimed
    moved = game()
    act(moved, "aim", "fed_a")
    pass_to(moved, "fed_a")
    act(moved, "move", "fed_a", x=5.0, y=12.0)
    assert not moved.figure("fed_a").aimed


# -- moves ----------------------------------------------------------------------------------


def test_a_full_move_and_no_further() -> None:
    state = game()
    assert plan_move(state, "fed_a", 6.0, 12.0).legal
    # measured to a tenth, a half up: 4.04 in is 4.0 (allowed), 4.05 in is 4.1 (not)
    assert plan_move(state, "fed_a", 6.04, 12.0).legal
    too_far = plan_move(state, "fed_a", 6.05, 12.0)
    assert not too_far.legal and too_far.reason == "it costs 4.1 in and the figure has 4 in"
    act(state, "hold", "fed_a")
    assert plan_move(state, "jh_a", 41.0, 12.0).legal  # the Jem'Hadar move 5 in
    assert not plan_move(state, "jh_a", 40.9, 12.0).legal


def test_a_wounded_figure_moves_one_inch_less() -> None:
    state = game()
    state.figure("fed_a").wounds = 1
    assert plan_move(state, "fed_a", 5.0, 12.0).legal
    plan = plan_move(state, "fed_a", 5.5, 12.0)
    assert not plan.legal and plan.allowance == 3.0


def test_crossing_an_obstacle_costs_two_inches() -> None:
    state = game(fed_a=(9.0, 12.0), jh_a=(9.0, 13.0))
    plan = plan_move(state, "fed_a", 12.0, 12.0)
    assert plan.obstacles == ("plate",) and plan.distance == pytest.approx(3.0)
    assert plan.cost == pytest.approx(5.0) and not plan.legal
    assert plan_move(state, "fed_a", 11.5, 10.5).cost == pytest.approx(2.0 + 2.9)  # 2.915
    act(state, "hold", "fed_a")
    assert plan_move(state, "jh_a", 12.0, 13.0).legal  # 3 in + 2 for the plate = 5


def test_walls_terrain_bases_and_the_table_edge_stop_a_move() -> None:
    state = game(fed_a=(19.0, 4.0), fed_b=(2.0, 20.0))
    assert "rock wall" in plan_move(state, "fed_a", 23.0, 4.0).reason
    inside = plan_move(game(fed_a=(8.0, 12.0)), "fed_a", 10.5, 12.0)
    assert not inside.legal and "inside the hull plate" in inside.reason
    crowd = game(fed_a=(2.0, 16.0))
    assert "base" in plan_move(crowd, "fed_a", 2.0, 19.5).reason
    assert plan_move(crowd, "fed_a", 2.0, 19.0).legal  # bases touching is fine
    assert "off the table" in plan_move(crowd, "fed_a", -1.0, 16.0).reason
    with pytest.raises(RulesError, match="cannot move there"):
        act(state, "move", "fed_a", x=23.0, y=4.0)


# -- hand-to-hand ---------------------------------------------------------------------------


def test_hand_to_hand_needs_base_contact() -> None:
    state = game(fed_a=(5.0, 18.0), jh_b=(6.5, 18.0))
    with pytest.raises(RulesError, match="base contact"):
        act(state, "hand_to_hand", "fed_a", "jh_b")
    touching = game(fed_a=(5.0, 18.0), jh_b=(6.0, 18.0))
    assert Action("hand_to_hand", "fed_a", "jh_b") in legal_actions(touching, "fed_a")


def test_hand_to_hand_attacker_wins_big_and_the_defender_spends_nothing() -> None:
    state = game(fed_a=(5.0, 18.0), jh_b=(6.0, 18.0))
    new, events = apply_action(
        state, Action("hand_to_hand", "fed_a", "jh_b"), Loaded((9, 10), (4, 10))
    )
    assert "d10 9+1 = 10 against d10 4+1 = 5" in events[0].text
    assert events[0].rolls == (9, 4)
    assert new.figure("jh_b").fallen  # by 5: two wounds
    assert new.figure("jh_b").spent == 0 and new.figure("fed_a").spent == 1


def test_hand_to_hand_defender_wins_by_four_and_wounded_fighters_take_minus_two() -> None:
    state = game(fed_a=(5.0, 18.0), jh_a=(6.0, 18.0))
    state.figure("jh_a").wounds = 1
    new, events = apply_action(
        state, Action("hand_to_hand", "fed_a", "jh_a"), Loaded((1, 10), (6, 10))
    )
    # fed_a 1+1 = 2; jh_a 6+2-2 = 6: the defender by 4 wounds the attacker
    assert "d10 1+1 = 2 against d10 6+0 = 6" in events[0].text
    assert new.figure("fed_a").wounds == 1 and new.figure("jh_a").wounds == 1
    draw, events = apply_action(
        state, Action("hand_to_hand", "fed_a", "jh_a"), Loaded((4, 10), (6, 10))
    )
    assert "a draw" in events[0].text and draw.figure("fed_a").wounds == 0


def test_picking_up_a_weapon_swaps_it_for_the_one_carried() -> None:
    state = game(fed_a=(5.0, 18.0), jh_b=(15.0, 18.0), fed_b=(14.0, 16.0))
    play_action(state, Action("fire", "fed_a", "jh_b"), Loaded((1, 10)))
    assert state.figure("jh_b").fallen
    pass_to(state, "fed_b")
    dropped = state.dropped[0].id
    assert Action("pick_up", "fed_b", dropped) not in legal_actions(state, "fed_b")  # 2.2 in
    pass_to(state, "fed_a")
    act(state, "hold", "fed_a")
    act(state, "hold", "jh_a")
    act(state, "move", "fed_b", x=14.5, y=17.5)
    hold_through_turn(state)
    pass_to(state, "fed_b")
    assert Action("pick_up", "fed_b", dropped) in legal_actions(state, "fed_b")
    new, events = apply_action(state, Action("pick_up", "fed_b", dropped), Loaded())
    assert new.figure("fed_b").weapon == "energy_rifle"
    assert [(d.weapon, d.x, d.y) for d in new.dropped] == [("hand_phaser", 15.0, 18.0)]
    assert "picks up the energy rifle" in events[0].text


# -- victory --------------------------------------------------------------------------------


@pytest.mark.parametrize(("standing", "winner"), [(4, "federation"), (3, "jemhadar")])
def test_victory_when_turn_ten_begins(standing: int, winner: str) -> None:
    state, _ = new_game(torga_iv(), random.Random(0))
    state.turn = 9
    for fig in [f for f in state.figures if f.side == "federation"][standing:]:
        fig.fallen = True
    hold_through_turn(state)
    assert state.over and state.winner == winner and state.turn == 10
    assert state.side_to_act is None and legal_actions(state) == []
    with pytest.raises(RulesError, match="over"):
        act(state, "hold", "sisko")


def test_the_game_goes_on_through_turn_nine() -> None:
    state, _ = new_game(torga_iv(), random.Random(0))
    state.turn = 8
    hold_through_turn(state)
    assert not state.over and state.turn == 9


def test_wiping_out_the_other_side_ends_the_game_at_once() -> None:
    state = game(fed_a=(5.0, 18.0), jh_a=(15.0, 18.0))
    state.figure("jh_b").fallen = True
    state.figure("jh_a").wounds = 2
    new, events = apply_action(state, Action("fire", "fed_a", "jh_a"), Loaded((1, 10)))
    assert new.figure("jh_a").wounds == 3  # a 2-wound hit on its last wound marks just that
    assert new.winner == "federation" and new.turn == 1
    assert events[-1].kind == "victory" and "wiped out" in events[-1].text


def test_wiping_out_the_victory_side_hands_the_other_the_win() -> None:
    state = game(fed_a=(5.0, 18.0), jh_a=(15.0, 18.0))
    state.figure("fed_b").fallen = True
    state.figure("fed_a").wounds = 2
    act(state, "hold", "fed_a")
    new, _ = apply_action(state, Action("fire", "jh_a", "fed_a"), Loaded((1, 10)))
    assert new.winner == "jemhadar"


# -- state ----------------------------------------------------------------------------------


def test_apply_action_leaves_its_input_alone() -> None:
    state = game(fed_a=(5.0, 18.0), jh_b=(15.0, 18.0))
    before = json.dumps(state.to_dict())
    new, events = apply_action(state, Action("fire", "fed_a", "jh_b"), Loaded((1, 10)))
    assert json.dumps(state.to_dict()) == before
    assert new.figure("jh_b").fallen and events


def test_game_state_round_trips_through_json() -> None:
    scenario = torga_iv()
    state, _ = new_game(scenario, random.Random(3), simulation_options(scenario))
    rng = random.Random(3)
    for _ in range(60):
        play_action(state, automatic_player(state), rng)
    data = json.loads(json.dumps(state.to_dict()))
    again = GameState.from_dict(data)
    assert again == state
    assert again.to_dict() == state.to_dict()


def test_actions_and_events_round_trip() -> None:
    action = Action("move", "worf", None, 3.5, 7.25)
    assert Action.from_dict(json.loads(json.dumps(action.to_dict()))) == action
    event = Event("fire", "Worf fires.", "worf", "first", (4,))
    assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event


def test_a_saved_game_must_match_its_roster() -> None:
    data = game().to_dict()
    data["figures"].reverse()
    with pytest.raises(RulesError, match="roster"):
        GameState.from_dict(data)


def test_legal_actions_for_a_ready_figure() -> None:
    state = game(fed_a=(5.0, 18.0), jh_a=(6.0, 18.0), jh_b=(15.0, 20.0))
    kinds = [(a.kind, a.target) for a in legal_actions(state, "fed_a")]
    assert kinds == [
        ("move", None),
        ("fire", "jh_a"),
        ("fire", "jh_b"),
        ("aim", None),
        ("hand_to_hand", "jh_a"),
        ("hold", None),
    ]
    assert legal_actions(state, "jh_a") == []  # not its side's activation
    assert {a.figure for a in legal_actions(state)} == {"fed_a", "fed_b"}


def test_automatic_players_only_choose_legal_actions() -> None:
    scenario = torga_iv()
    for seed in range(6):
        rng = random.Random(seed)
        state, _ = new_game(scenario, rng, simulation_options(scenario))
        while not state.over:
            play_action(state, automatic_player(state), rng, check=True)
        assert state.winner in ("federation", "jemhadar")
