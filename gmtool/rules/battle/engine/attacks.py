"""Attacks: the attack roll, damage typed in by the GM, gunners and knocked-out systems."""

from __future__ import annotations

import random

from msgspec.structs import replace

from gmtool.rules.battle.attacks import ATTACK_PHASE, AttackOption, attack_options, line_gunner
from gmtool.rules.battle.plans import RollPlan, why_not
from gmtool.rules.battle.state import BattleState
from gmtool.rules.battle.steps import (
    ROLL_SOURCE,
    Step,
    StepResult,
    apply_damage,
    check_text,
    damage_roll,
    done,
    require_open,
    spend,
    where,
)
from gmtool.rules.checks import roll_check
from gmtool.rules.errors import RulesError
from gmtool.rules.roll_records import check_record


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
    fired_by = dict(ship.fired_by)
    if current.roller.character_id is not None:
        fired_by[current.weapon] = current.roller.character_id
    state = state.with_ship(replace(ship, fired=(*ship.fired, current.weapon), fired_by=fired_by))
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
        serving = line_gunner(replace(ship, gunners=gunners), mount)
        if serving is None:
            step.lines.append(f"The crew fires {ship.name}'s {mount.name}.")
        else:  # a gunner serves the battery: the crew takes no mount of it from them
            step.lines.append(
                f"{state.character(serving).name} serves the battery, so still fires "
                f"{ship.name}'s {mount.name}; move them off it for the crew to fire it."
            )
    else:
        reason = why_not(replace(state, acted=()), ship, "weapons_console", character_id)
        if reason is not None:
            raise RulesError(f"{reason}: they cannot fire a weapon")
        gunners[weapon] = character_id
        step.who(character_id)
        battery = [m.name for m in ship.weapons() if m.index == mount.index]
        serves = f", serving its battery ({', '.join(battery)})" if len(battery) > 1 else ""
        step.lines.append(
            f"{state.character(character_id).name} mans {ship.name}'s {mount.name}{serves}."
        )
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
