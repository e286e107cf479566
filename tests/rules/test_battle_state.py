"""Battle set-up and saved state: what a new battle holds, and exact round trips."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from gmtool.rules import battle as engine
from gmtool.rules.battle import (
    CREW,
    BattleState,
    FleetSetup,
    available_actions,
    new_battle,
    quick_ship_spec,
)
from gmtool.rules.battle.plans import plan_edge
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import Assignment
from tests.rules.test_battle_helpers import demo_battle, gorgon, meridian, party


def round_trips(state: BattleState) -> None:
    data = state.to_dict()
    again = BattleState.from_dict(json.loads(json.dumps(data)))
    assert again == state
    assert again.to_dict() == data


def test_new_battle_starts_at_the_edge_phase_of_round_one() -> None:
    state = demo_battle("moderate")
    assert (state.round, state.phase, state.step, state.range) == (1, "edge", None, "moderate")
    assert [s.name for s in state.sides] == ["Navy", "Raiders"]
    assert state.side("a").ship_ids == ("meridian",)
    assert state.edge_winner is None and not state.finished
    assert len(state.events) == 1 and "Ambush at Tarsus" in state.events[0].text


def test_new_battle_ships_carry_spec_damage_and_crew() -> None:
    state = demo_battle()
    ship = state.ship("meridian")
    assert ship.spec == meridian()
    assert ship.damage.points == {"stun": 80, "wound": 80, "mortal": 40, "critical": 20}
    assert ship.damage.marked == {"stun": 0, "wound": 0, "mortal": 0, "critical": 0}
    assert ship.crew_total == 259
    assert state.ship("gorgon").crew_total == 94
    assert ship.crew_losses == {"total": 0, "dead": 0, "badly_wounded": 0, "lightly_wounded": 0}
    assert ship.state == "operational" and ship.fate == "operational"


def test_without_a_chosen_commander_the_flagships_command_station_rolls_the_edge() -> None:
    state = demo_battle()
    assert state.side("a").commander is None and state.side("b").commander is None
    assert (state.side("a").flagship, state.side("b").flagship) == ("meridian", "gorgon")
    assert plan_edge(state, "a").roller.character_id == "ines-calloway"
    assert plan_edge(state, "b").roller.character_id is None  # nobody aboard: the crew


def test_the_edge_is_rolled_by_the_flagship_named_at_set_up() -> None:
    crew = party()
    side_b = FleetSetup("Raiders", (("gorgon", gorgon()), ("jackal", gorgon())), flagship="jackal")
    state = new_battle(
        "x",
        FleetSetup("Navy", (("meridian", meridian()),)),
        side_b,
        "long",
        crew.assignments,
        crew.characters,
    )
    assert state.side("b").flagship == "jackal"
    assert plan_edge(state, "b").ship_id == "jackal"
    with pytest.raises(RulesError, match="flagship of Raiders, 'vex', is not one of its ships"):
        new_battle(
            "x",
            FleetSetup("Navy", (("meridian", meridian()),)),
            replace(side_b, flagship="vex"),
            "long",
            crew.assignments,
            crew.characters,
        )


def test_a_chosen_commander_rolls_the_edge_when_they_can() -> None:
    crew = party()
    at_command = tuple(
        replace(a, place="command") if a.character_id == "dorran-vek" else a
        for a in crew.assignments
    )

    def battle(commander: str, assignments: tuple[Assignment, ...]) -> BattleState:
        return new_battle(
            "x",
            FleetSetup("Navy", (("meridian", meridian()),), commander=commander),
            FleetSetup("Raiders", (("gorgon", gorgon()),)),
            "long",
            assignments,
            crew.characters,
        )

    # Dorran Vek commands from the command station, ahead of the captain there
    assert plan_edge(battle("dorran-vek", at_command), "a").roller.character_id == "dorran-vek"
    # at the bridge he cannot roll it: the flagship's command station does
    chosen = battle("dorran-vek", crew.assignments)
    assert chosen.side("a").commander == "dorran-vek"
    assert plan_edge(chosen, "a").roller.character_id == "ines-calloway"


def test_a_named_commander_must_be_aboard_the_fleet() -> None:
    crew = party()
    with pytest.raises(RulesError, match="must be assigned to one of its ships"):
        new_battle(
            "x",
            FleetSetup("Navy", (("meridian", meridian()),), commander="ysolde-marrak"),
            FleetSetup("Raiders", (("gorgon", gorgon()),)),
            "long",
            crew.assignments,
            crew.characters,
        )


def test_only_characters_aboard_the_battles_ships_come_along() -> None:
    state = demo_battle()
    assert "ysolde-marrak" not in {c.id for c in state.characters}
    assert all(a.ship_id == "meridian" for a in state.assignments)
    assert state.start_damage["priya-salo"] == {"stun": 0, "wound": 0, "mortal": 0}


def test_a_gunner_mans_the_first_weapon_mount() -> None:
    state = demo_battle()
    ship = state.ship("meridian")
    assert ship.gunners == {"15.1": "tamsin-oyelaran"}
    assert ship.mount("15.1").name == "heavy laser #1"
    assert ship.mount("16.1").name == "mass cannon"
    assert [m.key for m in ship.weapons()] == ["15.1", "15.2", "16.1", "17.1", "18.1", "18.2"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"starting_range": "nearby"}, "unknown range category"),
        ({"name": " "}, "needs a name"),
        ({"b_ships": ()}, "at least one ship"),
        ({"b_ships": (("meridian", meridian()),)}, "in the battle twice"),
    ],
)
def test_new_battle_refuses_bad_set_ups(change: dict[str, object], message: str) -> None:
    crew = party()
    b_ships = change.get("b_ships", (("gorgon", gorgon()),))
    with pytest.raises(RulesError, match=message):
        new_battle(
            str(change.get("name", "x")),
            FleetSetup("Navy", (("meridian", meridian()),)),
            FleetSetup("Raiders", b_ships),  # type: ignore[arg-type]
            str(change.get("starting_range", "long")),
            crew.assignments,
            crew.characters,
        )


def test_quick_ship_spec_builds_an_enemy_from_the_short_form() -> None:
    spec = quick_ship_spec(
        "Cutter",
        "small",
        40,
        acceleration=7,
        crew_quality="veteran",
        durability={"stun": 8, "wound": 8, "mortal": 4, "critical": 2},
        weapons=[{"type": "beam", "firepower": "small_craft", "damage": {"ordinary": "d4w"}}],
    )
    assert (spec.ship_class, spec.acceleration, spec.crew_check_score) == ("small", 7, 14)
    assert spec.weapons[0].arc == "forward" and spec.weapons[0].damage == {"ordinary": "d4w"}
    with pytest.raises(RulesError, match="class"):
        quick_ship_spec("Oops", "tiny", 40)


def test_state_round_trips_at_the_start() -> None:
    round_trips(demo_battle())


def test_a_saved_battle_of_another_format_is_refused() -> None:
    data = demo_battle().to_dict()
    data["version"] = 99
    with pytest.raises(RulesError, match="format 99"):
        BattleState.from_dict(data)
    data["version"] = 1
    del data["sides"]
    with pytest.raises(RulesError, match="cannot read a saved battle"):
        BattleState.from_dict(data)


# -- a random GM: any sequence of offered actions keeps the state saveable ------------------


def play_offered(state: BattleState, rng: random.Random, choice: random.Random) -> BattleState:
    """Take one action the engine offers now, with made-up but legal arguments."""
    offered = available_actions(state)
    if not offered:
        return state
    main = [
        a
        for a in offered
        if a.action not in ("end_battle", "apply_damage_manually")
        and not a.label.startswith("Change the heading")
    ]
    if not main:
        main = [a for a in offered if a.action == "end_battle"]
    elif choice.random() < 0.1:
        main = [a for a in offered if a.action == "apply_damage_manually"]
    action = choice.choice(main)
    if action.action == "end_battle":
        return engine.end_battle(state)[0]
    if action.action == "roll_edge":
        return engine.roll_edge(state, rng)[0]
    if action.action == "set_power":
        return engine.set_power(state, action.ship_id or "", rng, by=action.character_id)[0]
    if action.action == "roll_sensors":
        return engine.roll_sensors(state, action.ship_id or "", rng)[0]
    if action.action == "declare_heading":
        heading = choice.choice(action.choices)
        held = choice.choice(["port", "starboard", "aft", None]) if heading == "hold" else None
        return engine.declare_heading(state, action.side or "a", heading, held)[0]
    if action.action == "resolve_movement":
        return engine.resolve_movement(state)[0]
    if action.action == "roll_attack":
        option = next(
            o
            for o in engine.attack_options(state)
            if o.ship_id == action.ship_id and o.roller.character_id == action.character_id
        )
        return engine.roll_attack(state, option, choice.choice(action.choices), rng)[0]
    if action.action == "roll_repair":
        aim = choice.choice(action.choices)
        track, system = (aim, None) if aim in ("stun", "wound") else (None, aim)
        ship = action.ship_id or ""
        return engine.roll_repair(
            state, ship, rng, by=action.character_id, track=track, system=system
        )[0]
    if action.action == "roll_leadership":
        return engine.roll_leadership(state, action.character_id or "", rng)[0]
    if action.action == "apply_damage_manually":
        targets = [s.id for s in state.ships if s.in_battle]
        if not targets:
            return engine.end_battle(state)[0]
        target = choice.choice(targets)
        track = choice.choice(["stun", "wound", "mortal"])
        return engine.apply_damage_manually(state, target, choice.randint(0, 12), track, rng)[0]
    if action.action == "abandon_ship":
        return engine.abandon_ship(state, action.ship_id or "", rng)[0]
    if action.action == "leave_ship":
        return engine.leave_ship(state, action.character_id or "")[0]
    if action.action in ("self_destruct", "ram", "board", "withdraw"):
        return engine.advance(state)[0] if engine.advance_blocker(state) is None else state
    return engine.advance(state)[0]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_any_offered_step_keeps_the_state_saveable_and_the_old_state_intact(seed: int) -> None:
    state = demo_battle("moderate")
    rng, choice = random.Random(seed), random.Random(seed + 1)
    for _ in range(60):
        before = state.to_dict()
        new_state = play_offered(state, rng, choice)
        assert state.to_dict() == before  # the action left its input alone: undo restores it
        round_trips(new_state)
        state = new_state


def test_crew_constant_is_no_character_id() -> None:
    # Character ids start with a letter or digit: the crew marker cannot clash with one.
    assert not CREW[0].isalnum()
    state = demo_battle()
    assert all(c.id != CREW for c in state.characters)


def test_a_changed_state_is_not_equal_after_the_round_trip() -> None:
    state = demo_battle()
    changed = replace(state, range="close")
    assert BattleState.from_dict(changed.to_dict()) != state
