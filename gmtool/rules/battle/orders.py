"""Special orders: ramming, self-destruct and abandoning ship (boarding is in boarding.py),
plus the moves that follow them (characters leaving a ship, a fleet withdrawing once disengaged).

Each order is offered only when the narrative rules' conditions hold (tables/narrative.yaml,
special_orders); what the rules leave to the GM is in tables/battle.yaml. A ship gives at most
one special order a round.
"""

from __future__ import annotations

import random

import msgspec
from msgspec.structs import replace

from gmtool.rules.battle.config import battle_table
from gmtool.rules.battle.plans import RollPlan, plan_roll
from gmtool.rules.battle.state import (
    BattleShip,
    BattleState,
    other_side,
)
from gmtool.rules.battle.steps import (
    DISENGAGED,
    ROLL_SOURCE,
    Step,
    StepResult,
    acting_ship,
    damage_roll,
    done,
    enemy_ship,
    losses_text,
    require_open,
    require_phase,
    roll_planned,
)
from gmtool.rules.characters import Character
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import (
    bailout_round,
    hazard_table,
    start_bailout,
)
from gmtool.rules.narrative import (
    StepModifier,
    can_ram,
    narrative_table,
    ram_avoidance_step,
    range_after_ram,
    range_name,
    self_destruct_reach,
)
from gmtool.rules.roll_records import values_record
from gmtool.rules.ship_damage import ShipDamage
from gmtool.rules.stations import station_table


def withdraw(state: BattleState, side: str) -> tuple[BattleState, StepResult]:
    """At disengaged range a fleet may slip away: its ships that can act leave the battle
    (escaped); abandoning and abandoned ships are left behind, drifting (tables/battle.yaml,
    drift_heading)."""
    require_open(state)
    if state.range != DISENGAGED:
        raise RulesError(f"a fleet can withdraw only when disengaged, not at {state.range}")
    fleet = state.side(side)
    if not any(s.can_act for s in state.ships_of(side)):
        raise RulesError(f"{fleet.name} has no ship that can act: nobody can withdraw")
    step = Step("withdraw")
    left = [s for s in state.ships_of(side) if s.in_battle and not s.can_act]
    for ship in state.ships_of(side):
        if ship.can_act:
            state = state.with_ship(replace(ship, escaped=True))
            step.ship(ship.id)
    gone = ", ".join(state.ship(s).name for s in step.ships)
    step.lines.append(f"{fleet.name} withdraws: {gone}.")
    if left:
        names = ", ".join(f"{s.name} ({s.fate})" for s in left)
        step.lines.append(f"Left behind, drifting: {names}.")
    return done(state, step)


def living_aboard(state: BattleState, ship_id: str) -> list[Character]:
    """The characters aboard a ship who are still alive."""
    found = [state.character(a.character_id) for a in state.aboard(ship_id)]
    return [c for c in found if c.state != "dead"]


def nobody_aboard(state: BattleState, ship: BattleShip) -> bool:
    """An abandoned ship nobody stayed aboard: her evacuation is over (the trapped crew man
    nothing) and no living character is aboard (tables/battle.yaml, drift_heading)."""
    return ship.abandoned and not living_aboard(state, ship.id)


def self_destruct_allowed(state: BattleState, ship: BattleShip) -> bool:
    """Someone aboard can set it off: the ship is in the battle and not a hulk nobody is
    aboard. While an evacuation runs, the crew still aboard can scuttle her."""
    return ship.in_battle and not nobody_aboard(state, ship)


def abandon_refusal(state: BattleState, ship: BattleShip) -> str | None:
    """Why abandon ship cannot be ordered for this ship now (None: it can). The crew may "bail
    out of crippled or destroyed craft" (RULES.md section 5, third reading): a destroyed ship
    may be abandoned while anyone is aboard her; one that escaped, blew herself up or is
    already being abandoned may not."""
    if ship.escaped or ship.left or ship.self_destructed or ship.abandoning:
        return f"{ship.name} is {'abandoning' if ship.abandoning else ship.fate}"
    survivors = ship.crew_total - ship.crew_losses["dead"]
    if ship.destroyed and survivors <= 0 and not living_aboard(state, ship.id):
        return f"nobody is left alive aboard {ship.name}"
    return None


# -- special orders -------------------------------------------------------------------------


def ship_for_order(state: BattleState, ship_id: str, order: str) -> BattleShip:
    """The ship to give a special order: in this phase, able to act, not yet ordered."""
    require_phase(state, "special_orders", order.replace("_", " "))
    ship = acting_ship(state, ship_id)
    if ship.order_given is not None:
        raise RulesError(
            f"{ship.name} has already been given an order this round ({ship.order_given})"
        )
    return ship


def with_order(state: BattleState, ship_id: str, order: str) -> BattleState:
    return state.with_ship(replace(state.ship(ship_id), order_given=order))


def ram_allowed(state: BattleState, ship: BattleShip, target: BattleShip) -> bool:
    """Ramming is offered only with the edge, at the right range, and fast enough."""
    return can_ram(
        state.edge_winner == ship.side,
        state.range,
        ship.spec.acceleration,
        target.spec.acceleration,
    )


class RamPreview(msgspec.Struct, frozen=True):
    """What a ram will roll, for the GM to see before it is made: the rammer's check, the
    target's check to avoid it (None: she cannot act, so cannot try), and the damage each
    ship takes if it lands (ship id and damage roll; None: the GM types it in)."""

    ship_id: str
    target_id: str
    ram: RollPlan
    avoid: RollPlan | None
    damage: tuple[tuple[str, str | None], ...]


def ram_damage(victim: BattleShip, other: BattleShip) -> str | None:
    """The damage a ship takes in a ram: the roll for the class of the ship it collides with
    (tables/battle.yaml, ram_damage)."""
    return battle_table().ram_damage_by_class.get(other.spec.ship_class)


def ram_preview(
    state: BattleState,
    ship_id: str,
    target_id: str,
    *,
    by: str | None = None,
    avoid_by: str | None = None,
) -> RamPreview:
    """The rolls a ram will make (refused as the ram itself is, when it cannot be made)."""
    ship = ship_for_order(state, ship_id, "ramming")
    target = enemy_ship(state, ship, target_id)
    if not ram_allowed(state, ship, target):
        raise RulesError(
            f"{ship.name} cannot ram {target.name}: ramming needs the edge, "
            f"{' or '.join(range_name(r).lower() for r in narrative_table().ram_ranges)} range "
            "and at least the target's acceleration"
        )
    avoid = None
    if target.can_act:
        size = StepModifier(
            "target_size", "target size", ram_avoidance_step(target.spec.target_size_step)
        )
        avoid = plan_roll(state, target, "ram_avoidance", avoid_by, [size])
    return RamPreview(
        ship_id,
        target_id,
        plan_roll(state, ship, "helm", by),
        avoid,
        ((target_id, ram_damage(target, ship)), (ship_id, ram_damage(ship, target))),
    )


def ram(
    state: BattleState,
    ship_id: str,
    target_id: str,
    rng: random.Random,
    *,
    by: str | None = None,
    avoid_by: str | None = None,
) -> tuple[BattleState, StepResult]:
    """Ram an enemy ship: the rammer's crew check (or its pilot's Vehicle Operation), then
    the target's check to avoid (crew, or its captain's Tactics), target size added; a ram
    that lands damages both ships, each by the other's class (`ram_preview` shows it all)."""
    preview = ram_preview(state, ship_id, target_id, by=by, avoid_by=avoid_by)
    ship, target = state.ship(ship_id), state.ship(target_id)
    step = Step("ram")
    state = with_order(state, ship_id, "ramming")
    state, check = roll_planned(state, preview.ram, rng, f"{ship.name} rams {target.name}", step)
    collided = False
    if not check.degree.success:
        step.lines.append(f"{ship.name} misses its ram.")
    elif preview.avoid is None:
        collided = True
        step.lines.append(f"{target.name} cannot try to avoid it.")
    else:
        purpose = f"{target.name} avoids the ram"
        state, avoid = roll_planned(state, preview.avoid, rng, purpose, step)
        collided = not avoid.degree.success
        if not collided:
            step.lines.append(f"{target.name} avoids the collision.")
    state = replace(state, range=range_after_ram())
    if collided:
        step.lines.append(f"{ship.name} rams {target.name}!")
        for victim, notation in preview.damage:
            other = target if victim == ship_id else ship
            if notation is None:
                step.lines.append(f"Type in the ramming damage to {state.ship(victim).name}.")
                step.damage_to_type_in.append(victim)
            elif state.ship(victim).in_battle:
                cause = f"collision with {other.name}"
                state = damage_roll(state, victim, notation, rng, step, cause)
    return done(state, step)


def self_destruct(
    state: BattleState,
    ship_id: str,
    rng: random.Random,
    *,
    characters_go_down: bool = False,
) -> tuple[BattleState, StepResult]:
    """Blow the ship up: it is destroyed, and enemy ships very close or close are caught in
    the blast as if 1 or 2 hexes away. Characters still aboard must be moved off first
    (`leave_ship`), or the GM confirms they go down with her."""
    require_phase(state, "special_orders", "self-destruct")
    ship = state.ship(ship_id)
    if not ship.in_battle:
        raise RulesError(f"{ship.name} is {ship.fate}")
    if nobody_aboard(state, ship):
        raise RulesError(
            f"{ship.name} is abandoned: nobody is left aboard to set off her self-destruct"
        )
    if ship.order_given is not None:
        raise RulesError(
            f"{ship.name} has already been given an order this round ({ship.order_given})"
        )
    living = living_aboard(state, ship_id)
    if living and not characters_go_down:
        names = ", ".join(c.name for c in living)
        raise RulesError(f"{names} still aboard {ship.name}: move them off first, or confirm")
    step = Step("self_destruct")
    step.cause = f"{ship.name} self-destructs"  # what her own people go down with
    step.ship(ship_id)
    full = dict(ship.damage.points)
    state = state.with_ship(
        replace(
            ship,
            damage=ShipDamage(dict(full), dict(full)),
            hit_boxes=dict(full),
            self_destructed=True,
            order_given="self_destruct",
        )
    )
    step.lines.append(f"{ship.name} self-destructs; {losses_text(state.ship(ship_id))}.")
    for character in living:
        tracks = character.tracks
        state = state.with_character(
            character.with_damage({**character.damage, "mortal": tracks["mortal"]}, False)
        )
        step.who(character.id)
        step.lines.append(f"{character.name} goes down with the ship.")
    hexes = self_destruct_reach(state.range)
    if hexes is None:
        step.lines.append("No enemy ship is near enough to be caught in the blast.")
        return done(state, step)
    notation = battle_table().self_destruct_damage.get(hexes)
    for enemy in state.ships_of(other_side(ship.side)):
        if not enemy.in_battle:
            continue
        if notation is None:
            step.ship(enemy.id)
            step.damage_to_type_in.append(enemy.id)
            step.lines.append(
                f"{enemy.name} is caught as if {hexes} hex{'es' if hexes != 1 else ''} away: "
                "type in the blast damage."
            )
        else:
            state = damage_roll(state, enemy.id, notation, rng, step, f"blast ({hexes} hexes)")
    return done(state, step)


def abandon_ship(
    state: BattleState,
    ship_id: str,
    rng: random.Random,
    *,
    trapped_percent: int | None = None,
) -> tuple[BattleState, StepResult]:
    """Order the crew off: roll the bail-out time and the share who cannot get out (or the
    GM sets it); this round is the first of the evacuation."""
    require_phase(state, "special_orders", "abandon ship")
    ship = state.ship(ship_id)
    refusal = abandon_refusal(state, ship)
    if refusal is not None:
        raise RulesError(refusal)
    if ship.order_given is not None:
        raise RulesError(
            f"{ship.name} has already been given an order this round ({ship.order_given})"
        )
    survivors = ship.crew_total - ship.crew_losses["dead"]
    bailout = start_bailout(ship.spec.ship_class, survivors, rng, trapped_percent=trapped_percent)
    step = Step("abandon_ship")
    step.ship(ship_id)
    if bailout.time.notation is not None:
        step.rolls.append(
            values_record(
                f"bail-out time of {ship.name}",
                bailout.time.notation,
                bailout.time.dice,
                bailout.time.rounds,
                ROLL_SOURCE,
            )
        )
    if bailout.trapped_dice:
        step.rolls.append(
            values_record(
                f"share of {ship.name}'s crew who cannot get out (percent)",
                hazard_table().trapped_percent.canonical(),
                bailout.trapped_dice,
                bailout.trapped_percent,
                ROLL_SOURCE,
            )
        )
    first = bailout_round(bailout, 1)
    state = state.with_ship(
        replace(
            ship,
            bailout=bailout,
            bailout_round=1,
            evacuated=first.cleared_total,
            order_given="abandon_ship",
            losses_at_abandon=ship.crew_losses,
        )
    )
    step.lines.append(
        f"Abandon ship! {ship.name}: {survivors} survivors, {bailout.trapped} cannot get out "
        f"({bailout.trapped_percent}%); {bailout.time.words()}. This round {first.cleared} "
        f"get clear ({first.still_leaving} still leaving)."
    )
    aboard = [state.character(a.character_id).name for a in state.aboard(ship_id)]
    if aboard:
        step.lines.append(
            f"Aboard still: {', '.join(aboard)} (they leave once at a pod or airlock)."
        )
    return done(state, step)


def leave_ship(state: BattleState, character_id: str) -> tuple[BattleState, StepResult]:
    """A character gets off the ship (escape pod, airlock, shuttle): away from now on."""
    require_open(state)
    assignment = state.assignment(character_id)
    if not assignment.aboard:
        raise RulesError(f"{state.character(character_id).name} is not aboard a ship")
    ship = state.ship(assignment.ship_id)
    away = next(p for p in station_table().off_station.values() if not p.aboard)
    moved = replace(
        assignment, place=away.id, posture=away.default_posture, task="auto", leads=None
    )
    state = replace(
        state,
        assignments=tuple(
            moved if a.character_id == character_id else a for a in state.assignments
        ),
    )
    gunners = {k: v for k, v in ship.gunners.items() if v != character_id}
    state = state.with_ship(replace(ship, gunners=gunners))
    step = Step("leave_ship")
    step.who(character_id)
    step.ship(ship.id)
    step.lines.append(f"{state.character(character_id).name} gets clear of {ship.name}.")
    return done(state, step)
