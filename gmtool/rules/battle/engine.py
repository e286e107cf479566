"""The battle engine: one function per thing the GM does, each making a new state from the old.

Every action is `(state, ..., rng) -> (new_state, StepResult)`: it checks that the action fits
the phase and the rules, rolls what must be rolled with the caller's generator, applies the
results, and appends one `BattleEvent` (text and rolls) to the new state. The old state is
never changed, so the app undoes a step by putting the previous state back.

Decisions where the rules are silent are in tables/battle.yaml and described there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from gmtool.rules.battle.attacks import ATTACK_PHASE, AttackOption, attack_options
from gmtool.rules.battle.boarding import LEADER_CHOICES, board, board_allowed, helpless
from gmtool.rules.battle.config import battle_table, task_roll
from gmtool.rules.battle.disengage import disengage, ends_battle
from gmtool.rules.battle.orders import (
    abandon_ship,
    leave_ship,
    ram,
    ram_allowed,
    self_destruct,
    withdraw,
)
from gmtool.rules.battle.plans import (
    Roller,
    RollPlan,
    candidates,
    flagship,
    plan_edge,
    plan_roll,
    task_name,
    why_not,
)
from gmtool.rules.battle.power import has_budget, power_budget
from gmtool.rules.battle.sensor_lock import lock_words
from gmtool.rules.battle.state import (
    CREW,
    SIDES,
    BattleShip,
    BattleState,
    check_side,
    other_side,
)
from gmtool.rules.battle.steps import (
    DISENGAGED,
    HOLD,
    ROLL_SOURCE,
    Step,
    StepResult,
    acting_ship,
    apply_damage,
    check_text,
    damage_roll,
    done,
    losses_text,
    require_open,
    require_phase,
    roll_planned,
    spend,
    where,
)
from gmtool.rules.checks import CheckResult, Degree, roll_check
from gmtool.rules.classes import ship_class
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import (
    bailout_round,
)
from gmtool.rules.narrative import (
    EdgeEntry,
    StepModifier,
    arcs_for_heading,
    fleet_acceleration,
    narrative_table,
    next_range,
    next_step,
    range_change,
    range_name,
    resolve_edge,
    round_sequence,
    sensor_step,
    task_effect,
)
from gmtool.rules.roll_records import check_record
from gmtool.rules.ship_damage import crew_check_step
from gmtool.rules.stations import station_board, station_table

# -- edge -----------------------------------------------------------------------------------


def _largest_ship(ships: Sequence[BattleShip]) -> tuple[int, int]:
    return max((ship_class(s.spec.ship_class).number, s.spec.hull_points) for s in ships)


def roll_edge(
    state: BattleState, rng: random.Random, *, by_a: str | None = None, by_b: str | None = None
) -> tuple[BattleState, StepResult]:
    """Both sides' edge checks (commander's Tactics--space combat or the flagship's crew
    check); the better degree wins, then the tiebreakers; a tie past them is re-rolled."""
    require_phase(state, "edge", "rolling the edge")
    if state.edge_winner is not None:
        raise RulesError(f"{state.side(state.edge_winner).name} already has the edge this round")
    step = Step("roll_edge")
    beaten = [side for side in SIDES if fleet_beaten(state, side)]
    if len(beaten) == 1:
        winner_id = other_side(beaten[0])
        step.lines.append(
            f"{state.side(beaten[0]).name} has no ship left that can act: "
            f"{state.side(winner_id).name} has the edge uncontested."
        )
        state = replace(state, edge_winner=winner_id, edge_decided_by="uncontested")
        return done(state, step)
    plans = {"a": plan_edge(state, "a", by_a), "b": plan_edge(state, "b", by_b)}
    checks: dict[str, CheckResult] = {}
    for side_id in SIDES:
        plan = plans[side_id]
        check = roll_check(plan.score, plan.step, rng)
        checks[side_id] = check
        purpose = f"edge for {state.side(side_id).name}"
        step.rolls.append(check_record(check, purpose, ROLL_SOURCE))
        step.who(plan.roller.character_id)
        step.lines.append(f"{purpose}: {plan.describe()}: {check_text(check)}")
    entries = {}
    for side_id in SIDES:
        ships = [s for s in state.ships_of(side_id) if s.can_act]
        entries[side_id] = EdgeEntry(checks[side_id].degree, _largest_ship(ships), len(ships))
    result = resolve_edge(entries["a"], entries["b"])
    if result.winner == "reroll":
        step.lines.append("A tie that the tiebreakers do not settle: roll the edge again.")
        return done(state, step)
    for side_id in SIDES:
        state = spend(state, plans[side_id])
    winner = state.side(result.winner)
    why = {
        "degree": "the better degree of success",
        "largest_ship_loses": "a tie: the side with the larger ship loses it",
        "fewer_ships_wins": "a tie: the side with fewer ships wins it",
    }.get(result.decided_by, result.decided_by)
    step.lines.append(
        f"{winner.name} has the edge ({why}); "
        f"{state.side(other_side(result.winner)).name} declares its heading first."
    )
    state = replace(state, edge_winner=result.winner, edge_decided_by=result.decided_by)
    return done(state, step)


def set_commander(
    state: BattleState, side: str, character_id: str | None
) -> tuple[BattleState, StepResult]:
    """Put a character in command of a fleet (None: the crew rolls the edge)."""
    require_open(state)
    fleet = state.side(side)
    step = Step("set_commander")
    if character_id is None:
        ship = flagship(state, side)
        where = f"{ship.name}'s" if ship is not None else "the flagship's"
        step.lines.append(
            f"{fleet.name} has no character in command: whoever is at {where} command station "
            "rolls the edge, else her crew."
        )
    else:
        character = state.character(character_id)
        if state.assignment(character_id).ship_id not in fleet.ship_ids:
            raise RulesError(f"{character.name} is not aboard a ship of {fleet.name}")
        step.who(character_id)
        step.lines.append(f"{character.name} commands {fleet.name}.")
    return done(state.with_side(replace(fleet, commander=character_id)), step)


# -- power and sensors ----------------------------------------------------------------------


def set_power(
    state: BattleState, ship_id: str, rng: random.Random, *, by: str | None = None
) -> tuple[BattleState, StepResult]:
    """A character at the engineering console coaxes more power from the plant this round."""
    require_phase(state, "power", "power distribution")
    ship = acting_ship(state, ship_id)
    if not has_budget(ship.spec):
        raise RulesError(
            f"{ship.name}'s spec gives no power figures: power decides nothing for her, and "
            "the power phase is passed over"
        )
    if ship.power_bonus is not None:
        raise RulesError(f"{ship.name} has already tried power distribution this round")
    plan = plan_roll(state, ship, "power_distribution", by)
    step = Step("set_power")
    state, check = roll_planned(state, plan, rng, f"power distribution on {ship.name}", step)
    effect = task_effect("power_distribution", check.degree)
    state = state.with_ship(replace(state.ship(ship_id), power_bonus=effect.amount))
    if effect.success:
        step.lines.append(f"{ship.name} has {effect.amount}% more power points this round.")
    else:
        step.lines.append(f"{ship.name}'s power stays as it is this round.")
    budget = power_budget(state.ship(ship_id))
    if budget is not None:
        step.lines.append(budget.describe(state.ship(ship_id)))
    return done(state, step)


def roll_sensors(
    state: BattleState, ship_id: str, rng: random.Random, *, by: str | None = None
) -> tuple[BattleState, StepResult]:
    """A ship's sensor check: normal capability out to extreme, long range (+3) beyond."""
    require_phase(state, "sensor", "a sensor check")
    ship = acting_ship(state, ship_id)
    if ship.sensor_degree is not None:
        raise RulesError(f"{ship.name} has already made its sensor check this round")
    penalty = sensor_step(state.range)
    if penalty is None:
        raise RulesError(f"no sensor check can reach {range_name(state.range).lower()} range")
    extra = [StepModifier("range", "long-range sensors", penalty)] if penalty else []
    plan = plan_roll(state, ship, "sensors", by, extra)
    step = Step("roll_sensors")
    state, check = roll_planned(state, plan, rng, f"sensor check of {ship.name}", step)
    state = state.with_ship(replace(state.ship(ship_id), sensor_degree=check.degree.value))
    outcome = "holds the enemy on its sensors" if check.degree.success else "loses the picture"
    ship = state.ship(ship_id)
    step.lines.append(f"{ship.name} {outcome} ({check.degree.label}): {lock_words(ship)}.")
    return done(state, step)


# -- movement -------------------------------------------------------------------------------


def declare_heading(
    state: BattleState, side: str, heading: str, held_arc: str | None = None
) -> tuple[BattleState, StepResult]:
    """A side declares its heading (closing, holding, opening); the side without the edge
    declares first. A holding side names the arc it turns to the enemy."""
    require_phase(state, "movement", "declaring a heading")
    check_side(side)
    if state.edge_winner is None:
        raise RulesError("roll the edge first: the side without it declares first")
    wanted = {"opposing_declaration": state.opposing_side, "edge_declaration": state.edge_winner}
    if state.step not in wanted:
        raise RulesError("both sides have declared: the range is updated now")
    if side != wanted[state.step]:
        first = state.side(wanted[state.step] or side).name
        order = "without the edge, it declares first"
        if state.step == "edge_declaration":
            order = "with the edge, it declares second"
        raise RulesError(f"{first} declares its heading now ({order})")
    if drifting(state, side):
        raise RulesError(f"{drift_words(state, side)}: it declares no heading")
    arcs = arcs_for_heading(heading, held_arc if heading == HOLD else None)
    if held_arc is not None and heading != HOLD:
        raise RulesError(f"only a holding fleet picks its arc, not one heading {heading!r}")
    fleet = state.side(side)
    held = held_arc if heading == HOLD else None
    state = state.with_side(replace(fleet, heading=heading, held_arc=held, declared=True))
    step = Step("declare_heading")
    step.ships += list(fleet.ship_ids)
    bearing = " and ".join(sorted(arcs - set(narrative_table().always_bearing_arcs)))
    words = HEADING_WORDS.get(heading, heading)
    where_to = f"{bearing} arc toward the enemy" if heading == HOLD else f"{bearing} arc bears"
    step.lines.append(f"{fleet.name} declares {words} ({where_to}).")
    return done(state, step)


def side_acceleration(state: BattleState, side: str) -> int:
    ships = [s for s in state.ships_of(side) if s.can_act] or [
        s for s in state.ships_of(side) if s.in_battle
    ]
    if not ships:
        raise RulesError(f"{state.side(side).name} has no ship left to move")
    return fleet_acceleration(s.spec.acceleration for s in ships)


HEADING_WORDS = {"close": "closing", "hold": "holding", "open": "opening"}


def drifting(state: BattleState, side: str) -> bool:
    """A fleet with no ship that can act (every one abandoning, abandoned, destroyed or gone)
    declares no heading: nobody is at a helm, and it drifts (tables/battle.yaml,
    drift_heading)."""
    return fleet_beaten(state, side)


def drift_words(state: BattleState, side: str) -> str:
    """'Raiders drifts: nobody aboard can steer (Raider Jackal abandoned)'."""
    ships = ", ".join(f"{s.name} {s.fate}" for s in state.ships_of(side))
    return f"{state.side(side).name} drifts: nobody aboard can steer ({ships})"


def movement_heading(state: BattleState, side: str) -> str:
    """The heading Table 3-4 reads for a side: its declared one, or the drift heading."""
    if drifting(state, side):
        return battle_table().drift_heading
    heading = state.side(side).heading
    assert heading is not None  # resolve_movement checked the declarations
    return heading


def _movement_words(state: BattleState, side: str) -> str:
    heading = movement_heading(state, side)
    words = HEADING_WORDS.get(heading, heading)
    if drifting(state, side):
        return f"drifting, as {words}"
    return words


def range_change_text(change: int) -> str:
    """Table 3-4's change in words: '1 range category closer', '2 range categories farther'."""
    count = abs(change)
    way = "closer" if change < 0 else "farther"
    return f"{count} range categor{'y' if count == 1 else 'ies'} {way}"


def resolve_movement(state: BattleState) -> tuple[BattleState, StepResult]:
    """Update the range by Table 3-4 from both headings; the faster fleet settles ?? cells."""
    require_phase(state, "movement", "the range update", "position_update")
    if state.moved:
        raise RulesError("the range has already been updated this round")
    edge = state.edge_winner
    assert edge is not None  # the declarations needed it
    opposing = other_side(edge)
    edge_side, opposing_side = state.side(edge), state.side(opposing)
    for fleet in (opposing_side, edge_side):
        if not fleet.declared and not drifting(state, fleet.id):
            raise RulesError("both sides must declare their headings first")
    step = Step("resolve_movement")
    gone = [state.side(s).name for s in SIDES if not any(x.in_battle for x in state.ships_of(s))]
    if gone:
        verb = "has" if len(gone) == 1 else "have"
        step.lines.append(f"{' and '.join(gone)} {verb} no ship left to move: the range stays.")
        return done(replace(state, moved=True), step)
    opposing_heading = movement_heading(state, opposing)
    edge_heading = movement_heading(state, edge)
    opposing_accel = side_acceleration(state, opposing)
    edge_accel = side_acceleration(state, edge)
    change = range_change(opposing_heading, edge_heading, opposing_accel, edge_accel)
    new_range = next_range(state.range, opposing_heading, edge_heading, opposing_accel, edge_accel)
    before, after = range_name(state.range).lower(), range_name(new_range).lower()
    if change == 0:
        moved = f"the range stays {before}"
    elif new_range == state.range:
        moved = f"{range_change_text(change)}, but the range is {before} already"
    else:
        moved = f"{range_change_text(change)}, {before} -> {after}"
    step.lines.append(
        f"{opposing_side.name} {_movement_words(state, opposing)} (acceleration "
        f"{opposing_accel}), {edge_side.name} {_movement_words(state, edge)} (acceleration "
        f"{edge_accel}): {moved}."
    )
    state = replace(state, range=new_range, moved=True)
    headings = {opposing: opposing_heading, edge: edge_heading}
    if ends_battle(new_range, headings):
        state = disengage(state, step, headings)
    elif new_range == DISENGAGED:
        step.lines.append("The fleets are disengaged: a side may withdraw and end the battle.")
    return done(state, step)


# -- attacks --------------------------------------------------------------------------------


def _current_option(state: BattleState, option: AttackOption | tuple[str, str]) -> AttackOption:
    ship_id, weapon = (
        (option.ship_id, option.weapon) if isinstance(option, AttackOption) else option
    )
    for current in attack_options(state):
        if current.ship_id == ship_id and current.weapon == weapon:
            return current
    ship = state.ship(ship_id)
    name = ship.mount(weapon).name
    if state.phase != ATTACK_PHASE:
        raise RulesError(f"weapons fire in the attack phase; the battle is at {where(state)}")
    if weapon in ship.fired:
        raise RulesError(f"{ship.name}'s {name} has already fired this round")
    raise RulesError(f"{ship.name}'s {name} cannot fire now ({where(state)}, {state.range})")


def roll_attack(
    state: BattleState,
    option: AttackOption | tuple[str, str],
    target: str,
    rng: random.Random,
    *,
    roll_damage: bool = True,
) -> tuple[BattleState, StepResult]:
    """Fire one weapon at one enemy ship: the attack check, then the weapon's damage for the
    degree. With `roll_damage` False, or a weapon without a damage roll for that degree, the
    GM types the damage in (`apply_damage_manually`)."""
    require_open(state)
    current = _current_option(state, option)
    aim = current.target(target)
    ship = state.ship(current.ship_id)
    step = Step("roll_attack")
    purpose = f"{ship.name} {current.weapon_name} at {aim.name}"
    check = roll_check(current.score, aim.step, rng)
    step.rolls.append(check_record(check, purpose, ROLL_SOURCE))
    step.who(current.roller.character_id)
    step.ship(ship.id)
    step.ship(aim.ship_id)
    step.lines.append(
        f"{purpose}: {current.roller.rolls_text()} at {aim.steps.describe()}: {check_text(check)}"
    )
    if current.note:
        step.lines.append(f"{current.note[0].upper()}{current.note[1:]}.")
    spent = RollPlan("weapons_console", ship.id, current.roller, (), current.uses_leadership)
    state = spend(state, spent)
    ship = state.ship(ship.id)
    state = state.with_ship(replace(ship, fired=(*ship.fired, current.weapon)))
    if not check.degree.success:
        step.lines.append("A miss.")
        return done(state, step)
    notation = current.damage.get(check.degree.value)
    if not roll_damage:
        step.lines.append(f"A hit ({check.degree.label}): type the damage in.")
        step.damage_to_type_in.append(aim.ship_id)
        return done(state, step)
    if notation is None:
        step.damage_to_type_in.append(aim.ship_id)
        step.lines.append(
            f"A hit ({check.degree.label}): {current.weapon_name} has no damage roll for it; "
            "type the damage in."
        )
        return done(state, step)
    damage_type = ship.mount(current.weapon).system.damage_type
    step.firing = (ship.id, current.weapon)
    state = damage_roll(
        state, aim.ship_id, notation, rng, step, f"{check.degree.label} hit", damage_type
    )
    return done(state, step)


def apply_damage_manually(
    state: BattleState,
    target: str,
    amount: int,
    track: str,
    rng: random.Random,
    *,
    note: str = "",
    damage_type: str | None = None,
    hit_place: str | None = None,
) -> tuple[BattleState, StepResult]:
    """Damage the GM types in (a ram, a blast, a hit whose damage was rolled at the table).

    `rng` rolls the hazards of the characters aboard when a box is marked: injuries of
    `damage_type` (None: tables/armor.yaml other_damage_type) and, under the optional rule
    "characters on station", only for those at `hit_place` (None: rolled).
    """
    require_open(state)
    step = Step("apply_damage_manually")
    step.typed_in, step.note = True, note
    cause = f"damage typed in{': ' + note if note else ''}"
    state = apply_damage(state, target, amount, track, rng, step, cause, damage_type, hit_place)
    return done(state, step)


def assign_gunner(
    state: BattleState, ship_id: str, weapon: str, character_id: str | None
) -> tuple[BattleState, StepResult]:
    """Put a character at one weapon mount (None: the crew fires it)."""
    require_open(state)
    ship = state.ship(ship_id)
    mount = ship.mount(weapon)
    if not mount.is_weapon:
        raise RulesError(f"{mount.name} is not a weapon")
    gunners = {k: v for k, v in ship.gunners.items() if k != weapon and v != character_id}
    step = Step("assign_gunner")
    step.ship(ship.id)
    if character_id is None:
        step.lines.append(f"The crew fires {ship.name}'s {mount.name}.")
    else:
        reason = why_not(replace(state, acted=()), ship, "weapons_console", character_id)
        if reason is not None:
            raise RulesError(f"{reason}: they cannot fire a weapon")
        gunners[weapon] = character_id
        step.who(character_id)
        step.lines.append(f"{state.character(character_id).name} mans {ship.name}'s {mount.name}.")
    return done(state.with_ship(replace(ship, gunners=gunners)), step)


def knock_out_system(
    state: BattleState, ship_id: str, system: str
) -> tuple[BattleState, StepResult]:
    """Mark one system mount knocked out (a hit location result at the table); a knocked-out
    weapon does not fire until a repair brings it back on line."""
    require_open(state)
    ship = state.ship(ship_id)
    mount = ship.mount(system)
    if system in ship.systems_out:
        raise RulesError(f"{ship.name}'s {mount.name} is already knocked out")
    step = Step("knock_out_system")
    step.ship(ship.id)
    step.lines.append(f"{ship.name}'s {mount.name} is knocked out.")
    return done(state.with_ship(replace(ship, systems_out=(*ship.systems_out, system))), step)


# -- leadership -----------------------------------------------------------------------------


def roll_leadership(
    state: BattleState, character_id: str, rng: random.Random
) -> tuple[BattleState, StepResult]:
    """A leader's check lends their team a step bonus for its one roll this round."""
    require_open(state)
    character = state.character(character_id)
    assignment = state.assignment(character_id)
    ship = acting_ship(state, assignment.ship_id)
    board = station_board(
        ship.id, ship.spec.crew_check_score, state.characters, state.aboard(ship.id)
    )
    line = next(
        (ln for ln in board.lines if ln.leader and ln.leader.character_id == character_id), None
    )
    if line is None or line.leader is None or line.leader.score is None:
        raise RulesError(f"{character.name} leads no team aboard {ship.name}")
    team = station_table().stations[line.station_id]
    if team.lead_effect != "leadership":
        raise RulesError(
            f"{character.name} leads the {team.name} team in the boarding action itself"
        )
    if character_id in state.acted:
        raise RulesError(f"{character.name} has already made their one roll this round")
    if team.id in ship.leadership:
        raise RulesError(f"the {team.name} team already has a Leadership bonus waiting")
    modifiers = [StepModifier("ship_state", f"{ship.state} ship", crew_check_step(ship.state))]
    if line.leader.step:
        modifiers.insert(0, StepModifier("base", f"{line.leader.basis} skill", line.leader.step))
    roller = Roller(
        character_id,
        character.name,
        line.leader.skill,
        line.leader.basis or "",
        line.leader.score,
        line.leader.step or 0,
    )
    plan = RollPlan("leadership", ship.id, roller, tuple(modifiers))
    step = Step("roll_leadership")
    check = roll_check(plan.score, plan.step, rng)
    purpose = f"{character.name} leads {team.name} on {ship.name}"
    step.rolls.append(check_record(check, purpose, ROLL_SOURCE))
    step.who(character_id)
    step.ship(ship.id)
    step.lines.append(f"{purpose}: {plan.describe()}: {check_text(check)}")
    state = replace(state, acted=(*state.acted, character_id))
    if check.degree.success:
        effect = task_effect("leadership", check.degree)
        ship = state.ship(ship.id)
        state = state.with_ship(
            replace(ship, leadership={**ship.leadership, team.id: check.degree.value})
        )
        step.lines.append(
            f"The {team.name} team has {effect.amount:+d} step on its roll this round."
        )
    else:
        step.lines.append("No bonus this round.")
    return done(state, step)


# -- repair ---------------------------------------------------------------------------------

REPAIR_TASKS = ("damage_control_repair", "engineering_console_repair")


def _repair_task(
    state: BattleState, ship: BattleShip, by: str | None, track: str | None, system: str | None
) -> tuple[str, str]:
    """The repair task and who makes it: a named character's task follows their station;
    unnamed, the best character who can make this repair, else the repair parties (crew)."""
    if by is None:
        for task_id in REPAIR_TASKS:
            rules = task_effect(task_id, Degree.AMAZING)
            fits = rules.system_online if system is not None else track in rules.repair_tracks
            found = candidates(state, ship, task_id)
            if fits and found:
                return task_id, found[0]
        return REPAIR_TASKS[0], CREW
    if by == CREW:
        return REPAIR_TASKS[0], CREW
    assignment = state.assignment(by)
    for task_id in REPAIR_TASKS:
        stations = task_roll(task_id).stations
        if stations is None or assignment.place in stations:
            return task_id, by
    return REPAIR_TASKS[0], by


def roll_repair(
    state: BattleState,
    ship_id: str,
    rng: random.Random,
    *,
    by: str | None = None,
    track: str | None = "stun",
    system: str | None = None,
) -> tuple[BattleState, StepResult]:
    """One repair roll: points off the stun (or, in main engineering and damage control, the
    wound) track, or -- naming `system` -- a knocked-out system back on line.

    A character at the engineering console (bridge or command deck) repairs with System
    Operation--engineering, one in main engineering or damage control with Technical
    Science--repair or juryrig; the ship's repair parties (the crew) make one roll a round.
    """
    require_phase(state, "repair", "a repair")
    ship = acting_ship(state, ship_id)
    task_id, by = _repair_task(state, ship, by, track, system)
    rules = task_effect(task_id, Degree.AMAZING)
    if system is not None:
        mount = ship.mount(system)
        if system not in ship.systems_out:
            raise RulesError(f"{ship.name}'s {mount.name} is not knocked out")
        if not rules.system_online:
            raise RulesError(f"{task_name(task_id)} cannot bring a system back on line")
        aim = mount.name
    else:
        if track is None or track not in rules.repair_tracks:
            raise RulesError(
                f"{task_name(task_id)} repairs {' or '.join(rules.repair_tracks)} damage, "
                f"not {track}"
            )
        if ship.damage.marked[track] == 0:
            raise RulesError(f"{ship.name} has no {track} damage to repair")
        aim = f"{track} damage"
    plan = plan_roll(state, ship, task_id, by)
    if plan.roller.character_id is None and task_id in ship.crew_rolled:
        raise RulesError(f"{ship.name}'s repair parties have already rolled this round")
    step = Step("roll_repair")
    state, check = roll_planned(state, plan, rng, f"repair of {ship.name}'s {aim}", step)
    effect = task_effect(task_id, check.degree)
    ship = state.ship(ship_id)
    if not effect.success:
        step.lines.append("The repair fails this round.")
    elif system is not None:
        outs = tuple(s for s in ship.systems_out if s != system)
        state = state.with_ship(replace(ship, systems_out=outs))
        step.lines.append(f"{ship.name}'s {aim} is back on line.")
    else:
        assert track is not None
        damage, result = ship.damage.repaired(effect.amount, track)
        state = state.with_ship(replace(ship, damage=damage))
        step.lines.append(
            f"{result.repaired} point{'s' if result.repaired != 1 else ''} of {track} repaired; "
            f"{ship.name} is {state.ship(ship_id).fate}."
        )
    return done(state, step)


# -- the sequence of play -------------------------------------------------------------------


def advance_blocker(state: BattleState) -> str | None:
    """Why the GM cannot move on yet (None: they can)."""
    if state.finished:
        return "the battle is over"
    if state.phase == "edge":
        # The round in which a fleet was wiped out (or its last ship abandoned) is played
        # out; no new round begins.
        reason = battle_over_reason(state)
        if reason is not None:
            return f"{reason}: end the battle"
        if state.edge_winner is None and all(fleet_beaten(state, s) for s in SIDES):
            return "neither side has a ship that can act to contest the edge: end the battle"
    if state.phase == "edge" and state.edge_winner is None:
        return "roll the edge first"
    if state.phase == "movement":
        wanted = {
            "opposing_declaration": state.opposing_side,
            "edge_declaration": state.edge_winner,
        }
        if state.step in wanted:
            side = wanted[state.step]
            if side is not None and not state.side(side).declared and not drifting(state, side):
                return f"{state.side(side).name} must declare its heading"
        if state.step == "position_update" and not state.moved:
            return "update the range first"
    return None


def _new_round(state: BattleState, step: Step) -> BattleState:
    """Bail-outs go on, and everything that lasts a round is cleared."""
    for ship in state.ships:
        if ship.bailout is not None and not ship.abandoned and not ship.destroyed:
            number = ship.bailout_round + 1
            progress = bailout_round(ship.bailout, number)
            ship = replace(ship, bailout_round=number, evacuated=progress.cleared_total)
            step.ship(ship.id)
            step.lines.append(
                f"{ship.name}: {progress.cleared} more get clear ({progress.cleared_total} out, "
                f"{progress.still_leaving} still leaving, {progress.trapped} trapped)"
                + ("; the evacuation is over." if progress.complete and ship.abandoned else ".")
            )
        state = state.with_ship(
            replace(
                ship,
                fired=(),
                power_bonus=None,
                sensor_degree=None,
                leadership={},
                crew_rolled=(),
                order_given=None,
            )
        )
    sides = tuple(replace(s, declared=False) for s in state.sides)
    return replace(
        state,
        round=state.round + 1,
        sides=(sides[0], sides[1]),
        edge_winner=None,
        edge_decided_by=None,
        moved=False,
        acted=(),
    )


def advance(state: BattleState) -> tuple[BattleState, StepResult]:
    """Move on to the next step of the sequence of play (after special orders: a new round).

    A step with nothing to do can always be passed; the edge must be rolled, both headings
    declared and the range updated before the battle moves past them.
    """
    blocker = advance_blocker(state)
    if blocker is not None:
        raise RulesError(f"not yet: {blocker}")
    phase_id, step_id = next_step(state.phase, state.step)
    step = Step("advance")
    if (phase_id, step_id) == round_sequence()[0]:
        state = _new_round(state, step)
    state = replace(state, phase=phase_id, step=step_id)
    ships = tuple(replace(s, state_at_step_start=s.state) for s in state.ships)
    state = replace(state, ships=ships)
    step.lines.insert(0, f"Round {state.round}: {where(state)}.")
    return done(state, step)


def end_battle(state: BattleState, note: str = "") -> tuple[BattleState, StepResult]:
    """The battle is over (a side beaten, withdrawn, or the GM calls it)."""
    require_open(state)
    step = Step("end_battle")
    step.lines.append(f"The battle ends in round {state.round}." + (f" {note}" if note else ""))
    for ship in state.ships:
        step.ship(ship.id)
        step.lines.append(f"{ship.name}: {ship.fate}; {losses_text(ship)}.")
    return done(replace(state, finished=True), step)


def fleet_beaten(state: BattleState, side: str) -> bool:
    """No ship of the side is left able to fight."""
    return not any(s.can_act for s in state.ships_of(side))


def battle_over_reason(state: BattleState) -> str | None:
    """Why no new round can be fought: a side has no ship left in the fight, every one
    destroyed, escaped or abandoned ('Raiders has no ship left in the fight (Raider Jackal
    abandoned)'); None while both fight on."""
    for side in SIDES:
        ships = state.ships_of(side)
        if not any(s.in_fight for s in ships):
            fates = ", ".join(f"{s.name} {s.fate}" for s in ships)
            return f"{state.side(side).name} has no ship left in the fight ({fates})"
    return None


__all__ = [
    "DISENGAGED",
    "HOLD",
    "LEADER_CHOICES",
    "REPAIR_TASKS",
    "StepResult",
    "abandon_ship",
    "advance",
    "advance_blocker",
    "apply_damage_manually",
    "assign_gunner",
    "battle_over_reason",
    "board",
    "board_allowed",
    "declare_heading",
    "drift_words",
    "drifting",
    "end_battle",
    "fleet_beaten",
    "helpless",
    "knock_out_system",
    "leave_ship",
    "movement_heading",
    "ram",
    "ram_allowed",
    "resolve_movement",
    "roll_attack",
    "roll_edge",
    "roll_leadership",
    "roll_repair",
    "roll_sensors",
    "self_destruct",
    "set_commander",
    "set_power",
    "side_acceleration",
    "withdraw",
]
