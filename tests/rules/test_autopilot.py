"""gmtool's side at the table (rules/battle/autopilot.py) and which steps are the GM's
decisions (rules/battle/decisions.py), on battles put at the point each choice is made."""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from gmtool.rules.battle import BattleState, self_destruct
from gmtool.rules.battle.autopilot import (
    AUTOPILOT_HELP,
    choose_heading,
    choose_target,
    held_arc,
    next_move,
    standing,
)
from gmtool.rules.battle.decisions import pending_decision
from gmtool.rules.battle.setup import FleetSetup, new_battle
from gmtool.rules.battle.state import BattleEvent, checked_auto
from gmtool.rules.errors import RulesError
from gmtool.rules.ship_damage import ShipDamage
from tests.rules.test_battle_helpers import demo_battle, gorgon, meridian, party, positioned


def hurt(state: BattleState, ship_id: str, *full: str) -> BattleState:
    """The ship with the named tracks full (mortal: crippled; wound: disabled)."""
    ship = state.ship(ship_id)
    points = dict(ship.damage.points)
    marked = {t: points[t] if t in full else 0 for t in points}
    return state.with_ship(replace(ship, damage=ShipDamage(points, marked)))


def declaring(state: BattleState, side: str) -> BattleState:
    """The movement step where `side` declares first (the other side has the edge)."""
    edge = "b" if side == "a" else "a"
    return positioned(state, "movement", "opposing_declaration", edge=edge)


def test_every_battle_starts_even_and_holds_with_its_best_arc() -> None:
    state = demo_battle()
    assert standing(state, "a") == standing(state, "b") == "even"
    assert choose_heading(state, "a") == ("hold", held_arc(state, "a"))
    assert held_arc(state, "a") == "forward"  # the Meridian's lasers and tubes face forward


def test_a_winning_side_closes_and_a_losing_one_turns_away() -> None:
    state = hurt(demo_battle(), "gorgon", "stun", "wound")  # the raider disabled
    assert standing(state, "a") == "winning" and standing(state, "b") == "losing"
    assert choose_heading(state, "a") == ("close", None)
    assert choose_heading(state, "b") == ("open", None)
    # at very close range there is nothing to close: hold, the best arc toward the enemy
    near = replace(state, range="very_close")
    assert choose_heading(near, "a") == ("hold", "forward")


def test_a_crippled_side_turns_away_even_when_the_enemy_is_as_hurt() -> None:
    state = hurt(hurt(demo_battle(), "gorgon", "mortal"), "meridian", "mortal")
    assert standing(state, "a") == standing(state, "b") == "crippled"
    assert choose_heading(state, "a")[0] == choose_heading(state, "b")[0] == "open"


def two_raiders() -> BattleState:
    raiders = (("gorgon", gorgon()), ("gorgon-2", replace(gorgon(), name="Raider Hydra")))
    crew = party()
    return new_battle(
        "Two raiders",
        FleetSetup("Navy", (("meridian", meridian()),)),
        FleetSetup("Raiders", raiders, flagship="gorgon-2"),
        "close",
        crew.assignments,
        crew.characters,
    )


def test_targets_the_enemy_most_hurt_else_the_flagship() -> None:
    state = two_raiders()
    choices = ("gorgon", "gorgon-2")
    assert choose_target(state, "a", choices) == "gorgon-2"  # nobody hurt: the flagship
    state = hurt(state, "gorgon", "stun")
    assert choose_target(state, "a", choices) == "gorgon"  # shaken beats whole
    state = hurt(state, "gorgon-2", "stun", "wound")
    assert choose_target(state, "a", choices) == "gorgon-2"  # disabled beats shaken
    assert choose_target(state, "a", ("gorgon",)) == "gorgon"  # only what is offered


def test_gmtools_crippled_ship_of_a_losing_side_is_abandoned_the_gms_never() -> None:
    state = positioned(hurt(demo_battle(), "gorgon", "mortal"), "special_orders")
    move = next_move(state)  # side b is gmtool's by default
    assert move is not None and (move.action, move.ship_id) == ("abandon_ship", "gorgon")
    ours = positioned(hurt(demo_battle(), "meridian", "mortal"), "special_orders")
    move = next_move(ours)
    assert move is not None and move.action == "advance"  # the GM's ship: no order
    found = pending_decision(ours)
    assert found is not None
    assert (found.side, found.kind, found.ship_id, found.likely) == (
        "a",
        "special_order",
        "meridian",
        "abandon_ship",
    )


def test_a_whole_ship_gets_no_special_order_window() -> None:
    state = positioned(demo_battle("long"), "special_orders")
    assert pending_decision(state) is None


def test_the_gms_heading_is_a_decision_and_gmtools_is_not() -> None:
    state = declaring(demo_battle(), "a")
    found = pending_decision(state)
    assert found is not None and (found.side, found.kind, found.likely) == ("a", "heading", "hold")
    assert found.battle_id == state.id
    mine = declaring(replace(demo_battle(), auto=("a", "b")), "a")
    assert pending_decision(mine) is None
    theirs = declaring(demo_battle(), "b")
    assert pending_decision(theirs) is None
    move = next_move(theirs)
    assert move is not None and (move.action, move.side) == ("declare_heading", "b")


HOLDING = {"a": ("hold", "forward"), "b": ("hold", "forward")}


def test_the_gms_target_is_a_decision_with_the_likely_target() -> None:
    state = positioned(demo_battle("close"), "attack", "beam_and_projectile", headings=HOLDING)
    found = pending_decision(state)
    assert found is not None
    assert (found.side, found.kind, found.ship_id, found.likely) == (
        "a",
        "target",
        "meridian",
        "gorgon",
    )


def test_damage_left_to_type_in_is_the_decision_of_the_side_that_caused_it() -> None:
    state = positioned(demo_battle("close"), "attack", "beam_and_projectile")
    fired = BattleEvent(
        1, "attack", "beam_and_projectile", "roll_attack", "a hit", ships=("meridian", "gorgon")
    )
    due = replace(state, events=(*state.events, fired), damage_due=("gorgon",))
    found = pending_decision(due)
    assert found is not None and (found.side, found.kind, found.likely) == ("a", "damage", "gorgon")
    # gmtool's side gave it, the GM's ship takes it: only the GM can say how much
    by_gmtool = replace(due, events=(*state.events, replace(fired, ships=("gorgon", "meridian"))))
    other = pending_decision(replace(by_gmtool, damage_due=("meridian",)))
    assert other is not None and (other.side, other.kind, other.ship_id) == (
        "a",
        "damage",
        "meridian",
    )
    # gmtool plays both sides: nobody to ask, play-on goes on without it
    both = replace(by_gmtool, damage_due=("meridian",), auto=("a", "b"))
    assert pending_decision(both) is None or pending_decision(both).kind != "damage"  # type: ignore[union-attr]


def test_a_self_destruct_blast_no_table_rolls_is_asked_of_the_gm() -> None:
    state = positioned(demo_battle("close"), "special_orders", range_category="close")
    state, result = self_destruct(state, "meridian", random.Random(1), characters_go_down=True)
    assert result.damage_to_type_in == ("gorgon",)
    found = pending_decision(state)
    assert found is not None and (found.side, found.kind, found.ship_id) == (
        "a",
        "damage",
        "gorgon",
    )


def test_finished_battles_ask_nothing() -> None:
    assert pending_decision(replace(demo_battle(), finished=True)) is None


@pytest.mark.parametrize("bad", ["a", ["c"], [1], None])
def test_the_sides_gmtool_plays_are_checked(bad: object) -> None:
    with pytest.raises(RulesError, match="side"):
        checked_auto(bad)
    assert checked_auto(["b", "a", "b"]) == ("a", "b")


def test_an_old_saved_battle_without_auto_is_played_by_gmtool_on_side_b() -> None:
    data = demo_battle().to_dict()
    del data["auto"], data["damage_due"]
    old = BattleState.from_dict(data)
    assert old.auto == ("b",) and old.damage_due == ()


def test_the_help_names_every_choice() -> None:
    text = "\n".join(AUTOPILOT_HELP).lower()
    for word in ("heading", "targets", "special orders", "abandon", "withdraws", "winning"):
        assert word in text


def test_turning_away_only_where_table_3_4_lets_the_range_grow() -> None:
    # the raider (acceleration 6) is losing and outruns the Meridian (4): it opens
    fleeing = declaring(hurt(demo_battle("moderate"), "gorgon", "stun", "wound"), "b")
    assert choose_heading(fleeing, "b") == ("open", None)
    # the Meridian is losing and cannot outrun a closing raider: it holds, guns forward
    caught = declaring(hurt(demo_battle("moderate"), "meridian", "stun", "wound"), "a")
    assert standing(caught, "a") == "losing" and standing(caught, "b") == "winning"
    assert choose_heading(caught, "a") == ("hold", "forward")
    # a winning side closes when the loser holds
    declared = replace(caught.side("a"), heading="hold", held_arc="forward", declared=True)
    after = positioned(caught.with_side(declared), "movement", "edge_declaration", edge="b")
    assert choose_heading(after, "b") == ("close", None)


def test_gmtools_people_get_clear_of_its_lost_ship_before_the_battle_ends() -> None:
    lost = hurt(demo_battle(), "meridian", "stun", "wound", "mortal", "critical")
    assert lost.ship("meridian").destroyed
    theirs = next_move(lost)  # the GM's ship: their people are theirs to move
    assert theirs is not None and theirs.action == "end_battle"
    mine = replace(lost, auto=("a", "b"))
    move = next_move(mine)
    assert move is not None and (move.action, move.side, move.ship_id) == (
        "leave_ship",
        "a",
        "meridian",
    )
    assert move.character_id in {a.character_id for a in mine.aboard("meridian")}
