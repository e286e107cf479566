"""Special orders through the actions: transporter boarding and its refusals, boarding
strength, the leader's choice, ram damage rolled and logged, losses capped on a hulk."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest

from gmtool.actions import battles as act
from gmtool.rules.battle import BattleState, drifting
from gmtool.rules.battle.boarding import (
    NO_BOARDERS,
    NO_SYSTEM,
    SCREEN_UP,
    SYSTEM_DOWN,
    boarding_odds,
)
from gmtool.rules.battle.config import battle_table
from gmtool.rules.crew import crew_manifest
from gmtool.rules.dice import parse
from gmtool.store import Campaign
from gmtool.store import battles as stored
from gmtool.store.demo import seed_demo


def to_special_orders(c: Campaign, battle: str) -> BattleState:
    """Play on to the special orders phase: both fleets hold (the range stays), nobody
    fires."""
    while True:
        state = stored.load_battle(c, battle)
        if state.phase == "special_orders":
            return state
        play_one(c, state)


def play_one(c: Campaign, state: BattleState) -> None:
    """One step on, as a GM who holds and fires nothing would play it."""
    battle = state.id
    declaring = {"opposing_declaration": state.opposing_side, "edge_declaration": None}
    if state.phase == "edge" and state.edge_winner is None:
        act.do_roll_edge(c, battle)
    elif state.step in declaring:
        side = declaring[state.step] or state.edge_winner
        assert side is not None
        if state.side(side).declared or drifting(state, side):
            act.do_advance(c, battle)
        else:
            act.do_declare_heading(c, battle, side, "hold", "forward")
    elif state.step == "position_update" and not state.moved:
        act.do_resolve_movement(c, battle)
    else:
        act.do_advance(c, battle)


def battle(
    c: Campaign, enemies: list[str], starting_range: str = "moderate", **kwargs: object
) -> BattleState:
    name = f"Orders {len(stored.list_battles(c)) + 1}"
    state = act.new_battle(c, name, ["meridian"], enemies, starting_range, **kwargs)  # type: ignore[arg-type]
    return to_special_orders(c, state.id)


def mount_key(state: BattleState, ship: str, system_type: str, screen: bool = False) -> str:
    return next(
        m.key
        for m in state.ship(ship).mounts()
        if m.system.type == system_type and m.system.energy_screen == screen
    )


# -- transporter boarding: the refusals -----------------------------------------------------


def test_a_ship_without_a_transporter_cannot_board_by_transporter(demo: Campaign) -> None:
    state = battle(demo, ["gorgon"])
    with pytest.raises(act.BoardRefused) as refused:
        act.do_board(demo, state.id, "gorgon", "meridian", "transporter")
    assert refused.value.refusal.kind == NO_SYSTEM
    assert "Raider Gorgon has no transporter" in str(refused.value)
    assert stored.load_battle(demo, state.id) == state  # nothing saved
    offered = [a for a in act_list(state) if a.action == "board" and a.ship_id == "gorgon"]
    assert offered == []  # not offered at all: the order means nothing for her


def act_list(state: BattleState) -> list:  # type: ignore[type-arg]
    from gmtool.rules.battle import available_actions

    return available_actions(state)


def test_a_transporter_needs_someone_to_send(demo: Campaign, tmp_path: Path) -> None:
    spec = tmp_path / "tick.yaml"
    spec.write_text(
        "name: Slaver Tick\nclass: light\nhull_points: 80\n"
        "systems:\n  - {type: transporter, name: snatch beam}\n"
    )
    state = battle(demo, [str(spec)])
    with pytest.raises(act.BoardRefused) as refused:
        act.do_board(demo, state.id, "slaver-tick", "meridian", "transporter")
    assert refused.value.refusal.kind == NO_BOARDERS
    assert "no troops fit to fight" in str(refused.value)
    greyed = next(a for a in act_list(state) if a.action == "board" and a.ship_id == "slaver-tick")
    assert greyed.refused == str(refused.value) and greyed.choices == ()


def test_a_transporter_knocked_out_cannot_send_anyone(demo: Campaign) -> None:
    state = battle(demo, ["gorgon"])
    act.do_knock_out_system(demo, state.id, "meridian", mount_key(state, "meridian", "transporter"))
    with pytest.raises(act.BoardRefused) as refused:
        act.do_board(demo, state.id, "meridian", "gorgon", "transporter")
    assert refused.value.refusal.kind == SYSTEM_DOWN


def test_transporters_stop_at_an_energy_screen_that_is_up(demo: Campaign) -> None:
    state = battle(demo, ["vex"])
    with pytest.raises(act.BoardRefused) as refused:
        act.do_board(demo, state.id, "meridian", "vex", "transporter")
    assert refused.value.refusal.kind == SCREEN_UP
    assert "Marauder Vex's energy screen (deflector screen) is up" in str(refused.value)
    greyed = next(a for a in act_list(state) if a.action == "board" and a.ship_id == "meridian")
    assert greyed.refused and greyed.short.endswith("(not now)")


def test_a_knocked_out_screen_is_down_and_the_transporter_reaches(demo: Campaign) -> None:
    state = battle(demo, ["vex"])
    screen = mount_key(state, "vex", "defense", screen=True)
    act.do_knock_out_system(demo, state.id, "vex", screen)
    state = stored.load_battle(demo, state.id)
    offered = next(a for a in act_list(state) if a.action == "board" and a.ship_id == "meridian")
    assert offered.choices == ("vex",) and not offered.refused
    done = act.do_board(demo, state.id, "meridian", "vex", "transporter")
    assert done.action == "board"
    purposes = [r["for"] for r in demo.roll_log() if r["id"] in done.roll_ids]
    assert "CSS Meridian's boarders" in purposes and "Marauder Vex's defenders" in purposes


# -- boarding strength and the leader's choice ----------------------------------------------


def rolls_of(c: Campaign, done: act.StepDone) -> dict[str, dict]:  # type: ignore[type-arg]
    return {r["for"]: r for r in c.roll_log() if r["id"] in done.roll_ids}


def test_boarding_strength_counts_in_the_check(demo: Campaign) -> None:
    # 16 marines and their leader (17 points) against the Gorgon's 2 security specialists:
    # more than 4 times over, -3 to the boarders' check (tables/battle.yaml).
    state = battle(demo, ["gorgon"])
    odds = boarding_odds(state, "meridian", "gorgon")
    assert (odds.boarders.troops, odds.boarders.points) == (16, 17)
    assert (odds.defenders.troops, odds.defenders.points) == (2, 2)
    steps = battle_table().boarding_strength.outnumbered_steps
    assert odds.boarders_step == steps[4] == -3 and odds.defenders_step == 0
    done = act.do_board(demo, state.id, "meridian", "gorgon", "transporter", leader_choice="enemy")
    assert rolls_of(demo, done)["CSS Meridian's boarders"]["step"] == -3
    assert "outnumbering 17 to 2 -3" in done.result.text
    # Against the Vex (24 marines and 4 security specialists: 28) nobody outnumbers anyone
    # twice over: no step for numbers.
    vex = battle(demo, ["vex"])
    act.do_knock_out_system(demo, vex.id, "vex", mount_key(vex, "vex", "defense", screen=True))
    done = act.do_board(demo, vex.id, "meridian", "vex", "transporter", leader_choice="enemy")
    assert rolls_of(demo, done)["CSS Meridian's boarders"]["step"] == 0
    assert "Marauder Vex 28 points" in done.result.text


def test_only_the_marines_fit_to_fight_count(demo: Campaign) -> None:
    state = battle(demo, ["gorgon"])
    act.do_apply_damage(demo, state.id, "meridian", 30, "mortal", "a magazine fire")
    ship = stored.load_battle(demo, state.id).ship("meridian")
    losses = ship.crew_losses
    assert losses["dead"] + losses["badly_wounded"] > 0
    complement = crew_manifest(ship.spec).total_crew
    fit = ship.crew_total - losses["dead"] - losses["badly_wounded"]
    odds = boarding_odds(stored.load_battle(demo, state.id), "meridian", "gorgon")
    assert odds.boarders.troops == math.floor(16 * fit / complement) < 16


def _leader_succeeds(c: Campaign, choice: str, seed: int) -> tuple[act.StepDone, bool]:
    state = battle(c, ["gorgon"], seed=seed)
    done = act.do_board(c, state.id, "meridian", "gorgon", "transporter", leader_choice=choice)
    leader = rolls_of(c, done)["Sergeant Bram Adeyemi leads the boarding party"]
    return done, leader["degree"] in ("ordinary", "good", "amazing")


def test_the_leader_picks_a_bonus_to_their_own_check_or_a_penalty_to_the_enemys(
    tmp_path: Path, open_test_campaign: Callable[..., Campaign]
) -> None:
    for seed in range(1, 30):
        results = {}
        for choice in ("own", "enemy"):
            c = open_test_campaign(tmp_path / f"{seed}-{choice}.campaign", name="Leaders")
            seed_demo(c)
            results[choice] = _leader_succeeds(c, choice, seed)
            rolls = rolls_of(c, results[choice][0])
            results[choice] += (rolls,)  # type: ignore[assignment]
            c.close()
        if results["own"][1]:
            break
    else:
        pytest.fail("no seed gave the leader a success")
    own, enemy = results["own"][2], results["enemy"][2]  # type: ignore[misc]
    leader = own["Sergeant Bram Adeyemi leads the boarding party"]
    assert leader == {**enemy["Sergeant Bram Adeyemi leads the boarding party"], "id": leader["id"]}
    bonus = {"ordinary": 1, "good": 2, "amazing": 3}[leader["degree"]]
    # own: the bonus on the boarders' check (with the strength's -3)
    assert own["CSS Meridian's boarders"]["step"] == -3 - bonus
    assert own["Raider Gorgon's defenders"]["step"] == 0
    # enemy: the same degree as a penalty on the defenders' check instead
    assert enemy["CSS Meridian's boarders"]["step"] == -3
    assert enemy["Raider Gorgon's defenders"]["step"] == bonus


# -- ramming --------------------------------------------------------------------------------


def test_ram_damage_is_rolled_by_the_other_ships_class_and_logged(
    tmp_path: Path, open_test_campaign: Callable[..., Campaign]
) -> None:
    by_class = battle_table().ram_damage_by_class
    for seed in range(1, 40):
        c = open_test_campaign(tmp_path / f"ram-{seed}.campaign", name="Rams")
        seed_demo(c)
        state = battle(c, ["vex"], "very_close", seed=seed)  # both acceleration 4
        rammer = next(s for s in state.ships if s.side == state.edge_winner)
        target = next(s for s in state.ships if s.side != state.edge_winner)
        done = act.do_ram(c, state.id, rammer.id, target.id)
        rolls = rolls_of(c, done)
        assert f"{rammer.name} rams {target.name}" in rolls
        damage = {k: r for k, r in rolls.items() if k.startswith("collision with")}
        if damage:
            break
        c.close()
    else:
        pytest.fail("no seed landed a ram")
    # each ship's damage is the roll for the other's class (both medium here), in the log
    to_target = damage[f"collision with {rammer.name}: damage"]
    to_rammer = damage[f"collision with {target.name}: damage"]
    assert to_target["expression"] == parse(by_class[rammer.spec.ship_class] or "").canonical()
    assert to_rammer["expression"] == parse(by_class[target.spec.ship_class] or "").canonical()
    track = {"w": "wound", "m": "mortal", "s": "stun", "c": "critical"}
    after = stored.load_battle(c, state.id)
    for ship, roll in ((target, to_target), (rammer, to_rammer)):
        marked = after.ship(ship.id).damage.marked[track[roll["expression"][-1]]]
        assert marked >= roll["total"] > 0
    assert "Type in" not in done.result.text
    c.close()


# -- a hulk's losses ------------------------------------------------------------------------


def test_crew_losses_on_a_hulk_never_exceed_the_people_aboard(demo: Campaign) -> None:
    state = battle(demo, ["vex"], "long")
    act.do_abandon_ship(demo, state.id, "vex", trapped_percent=10)
    while not stored.load_battle(demo, state.id).ship("vex").abandoned:
        play_one(demo, stored.load_battle(demo, state.id))
    vex = stored.load_battle(demo, state.id).ship("vex")
    before = vex.crew_losses
    aboard = vex.aboard_alive
    assert aboard == vex.bailout.trapped  # type: ignore[union-attr]
    points = vex.damage.points
    for track in ("stun", "wound", "mortal", "critical"):
        left = points[track] - stored.load_battle(demo, state.id).ship("vex").damage.marked[track]
        if left:
            act.do_apply_damage(demo, state.id, "vex", left, track, "shot to pieces")
    wreck = stored.load_battle(demo, state.id).ship("vex")
    assert wreck.destroyed
    losses = wreck.crew_losses
    assert losses["total"] - before["total"] <= aboard  # only those still aboard
    assert losses["dead"] <= vex.crew_total - vex.evacuated
    assert losses["total"] < vex.crew_total  # those who got clear are not counted again
