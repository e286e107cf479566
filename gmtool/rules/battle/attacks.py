"""Which weapons can fire now, at whom, rolled by whom, and at what step.

A weapon fires once a round, in the attack sub-phase of its type, when the range category
lets its class fire (normal or long range) and the side's heading brings its arc to bear.
Each option lists every enemy ship it may fire at with the full list of step modifiers for
that target (the range category and whether the weapon fires at normal or long range there,
target size, attacker's and target's durability states, Leadership, and a broad skill's base
step when a character fires with one).

Fire within one attack sub-phase is simultaneous. RULES.md section 3 ("Sequence of play")
splits the attack phase into four sub-phases in order -- beam and projectile, torpedoes and
special, missile attacks, bomb attacks -- and says nothing of an order inside one; neither does
the source, whose narrative round "runs much like the visual combat round" of the core rules,
where actions in the same phase happen at once. Where both are silent RULES.md has the project
decide as a GM would expect and record it in the YAML: tables/battle.yaml `simultaneous_fire`
(true). So a ship fires in a sub-phase with the durability state it had when the sub-phase
began, and damage done in the sub-phase counts against its fire from the next sub-phase on;
attacks against a ship use its state as it is now. With `simultaneous_fire: false` the state
applies at once.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from gmtool.rules.battle.config import battle_table
from gmtool.rules.battle.plans import Roller, choose_roller, skill_modifiers, waiting_leadership
from gmtool.rules.battle.power import powered
from gmtool.rules.battle.sensor_lock import has_contact, lock_modifier
from gmtool.rules.battle.state import CREW, BattleShip, BattleState, Mount, other_side
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import (
    AttackSteps,
    FireMode,
    StepModifier,
    attack_steps,
    narrative_table,
    phase,
    phase_ids,
    range_name,
    weapon_fire_option,
)
from gmtool.rules.ship_damage import can_act

ATTACK_PHASE = "attack"
WEAPON_TASK = "weapons_console"


class AttackTarget(msgspec.Struct, frozen=True):
    """One ship a weapon may fire at, with the step modifiers of that attack."""

    ship_id: str
    name: str
    steps: AttackSteps

    @property
    def step(self) -> int:
        return self.steps.total


class AttackOption(msgspec.Struct, frozen=True):
    """A weapon mount that can fire now, who rolls for it, and the ships it may fire at."""

    ship_id: str
    ship_name: str
    weapon: str  # the mount key
    weapon_name: str
    system_type: str
    weapon_class: str
    mode: FireMode
    attack_phase: str
    roller: Roller
    uses_leadership: bool
    damage: dict[str, str]  # degree id -> damage roll (empty: the GM types damage in)
    targets: tuple[AttackTarget, ...]
    note: str = ""  # why the ship fires with another state than it has now (simultaneous fire)

    @property
    def score(self) -> int:
        return self.roller.score

    def target(self, ship_id: str) -> AttackTarget:
        for target in self.targets:
            if target.ship_id == ship_id:
                return target
        names = ", ".join(t.ship_id for t in self.targets)
        raise RulesError(
            f"{self.weapon_name} of {self.ship_name} cannot fire at {ship_id!r} (targets: {names})"
        )

    def describe(self) -> str:
        return (
            f"{self.ship_name}: {self.weapon_name} (class {self.weapon_class}, "
            f"{fire_words(self.mode)}), {self.roller.rolls_text()}"
        )


def fire_words(mode: FireMode) -> str:
    """The source's words for a fire mode: 'normal fire' or 'long-range fire'."""
    return "long-range fire" if mode == "long" else "normal fire"


def range_modifier(range_category: str, mode: FireMode) -> StepModifier:
    """The range's step modifier named by its category: 'close range (normal fire) +0',
    'moderate range (long-range fire) +3' (tables/narrative.yaml, long_range_step)."""
    step = narrative_table().long_range_step if mode == "long" else 0
    name = f"{range_name(range_category).lower()} range ({fire_words(mode)})"
    return StepModifier("long_range", name, step)


def firing_state(ship: BattleShip) -> str:
    """The durability state the ship fires with: its state when the sub-phase began, fire
    being simultaneous (see the module's docstring), else its state now."""
    return ship.state_at_step_start if battle_table().simultaneous_fire else ship.state


def simultaneous_note(ship: BattleShip) -> str:
    """Why a ship damaged in this sub-phase still fires with its earlier state ('' if not)."""
    start = firing_state(ship)
    if start == ship.state:
        return ""
    return (
        f"{ship.name} is {ship.state} now but fires this sub-phase as {start}: fire is "
        "simultaneous, damage from this sub-phase counts from the next"
    )


def can_fire(ship: BattleShip) -> bool:
    if ship.escaped or ship.self_destructed or ship.left:
        return False
    if ship.abandoning and not battle_table().abandoning_ship_can_act:
        return False
    return can_act(firing_state(ship))


def line_gunner(ship: BattleShip, mount: Mount) -> str | None:
    """The character serving this mount: the one assigned to it, else the one assigned to
    another mount of the same weapon line. A gunner serves the battery (RULES.md section 3:
    "that one attack roll with that weapon or battery"), so a character at heavy laser #1
    also fires #2."""
    own = ship.gunners.get(mount.key)
    if own is not None:
        return own
    for other in ship.weapons():
        if other.index == mount.index and other.key in ship.gunners:
            return ship.gunners[other.key]
    return None


def gunner(state: BattleState, ship: BattleShip, mount: Mount) -> Roller:
    """The character serving this mount's line if they can fire it now, else the crew. The
    battery is the gunner's one roll of the round: having fired another mount of this line
    does not use it up."""
    character_id = line_gunner(ship, mount)
    if character_id is not None:
        serving = state
        if any(
            ship.fired_by.get(other.key) == character_id
            for other in ship.weapons()
            if other.index == mount.index
        ):
            serving = replace(state, acted=tuple(a for a in state.acted if a != character_id))
        try:
            return choose_roller(serving, ship, WEAPON_TASK, character_id)
        except RulesError:
            pass
    return choose_roller(state, ship, WEAPON_TASK, CREW)


def attack_options(state: BattleState, *, every_step: bool = False) -> list[AttackOption]:
    """The weapons that can fire in the current attack sub-phase (or, with `every_step`, in
    any sub-phase of this round's attack phase, whatever the phase now)."""
    if state.finished or (not every_step and state.phase != ATTACK_PHASE):
        return []
    options: list[AttackOption] = []
    for ship in state.ships:
        side = state.side(ship.side)
        if side.heading is None or not can_fire(ship) or not has_contact(ship):
            continue
        enemies = [s for s in state.ships_of(other_side(ship.side)) if s.in_battle]
        if not enemies:
            continue
        held = side.held_arc if side.heading == "hold" else None
        for mount in ship.weapons():
            if mount.key in ship.fired or mount.key in ship.systems_out:
                continue
            if not powered(ship, mount.key):
                continue
            system = mount.system
            assert system.arc is not None  # every weapon has an arc once its spec is read
            fire = weapon_fire_option(
                state.range, side.heading, system.type, system.firepower, system.arc, held
            )
            if fire is None or (not every_step and fire.attack_phase != state.step):
                continue
            roller = gunner(state, ship, mount)
            leadership = waiting_leadership(ship, WEAPON_TASK, roller)
            base = tuple(skill_modifiers(roller))
            sensors = (lock_modifier(ship),)  # last: what this round's sensor check decided
            targets = tuple(
                AttackTarget(
                    enemy.id,
                    enemy.name,
                    AttackSteps(
                        base
                        + tuple(
                            range_modifier(state.range, fire.mode) if m.id == "long_range" else m
                            for m in attack_steps(
                                fire.mode,
                                enemy.spec.target_size_step,
                                firing_state(ship),
                                enemy.state,
                                leadership,
                            ).modifiers
                        )
                        + sensors
                    ),
                )
                for enemy in enemies
            )
            options.append(
                AttackOption(
                    ship_id=ship.id,
                    ship_name=ship.name,
                    weapon=mount.key,
                    weapon_name=mount.name,
                    system_type=system.type,
                    weapon_class=fire.weapon_class,
                    mode=fire.mode,
                    attack_phase=fire.attack_phase,
                    roller=roller,
                    uses_leadership=leadership is not None,
                    damage=dict(system.damage),
                    targets=targets,
                    note=simultaneous_note(ship),
                )
            )
    return options


def no_fire_reason(state: BattleState) -> str:
    """Why no weapon can fire now, in the game's words: where the battle is and when weapons
    fire (for the GM who asks to fire when nothing can)."""
    attack = phase(ATTACK_PHASE)
    sub_phases = [s.id for s in attack.steps]
    names = {s.id: s.name.lower() for s in attack.steps}
    if state.finished:
        return f"{state.name} is over: no weapon fires any more"
    if state.phase != ATTACK_PHASE:
        order = phase_ids()
        when = (
            "later this round"
            if order.index(state.phase) < order.index(ATTACK_PHASE)
            else f"of round {state.round + 1}"
        )
        return (
            f"it is the {phase(state.phase).name} phase; weapons fire in the "
            f"{attack.name} phase {when}, each kind in its own sub-phase ("
            + ", ".join(names[s] for s in sub_phases)
            + ")"
        )
    current = names.get(state.step or "", "")
    here = state.step in sub_phases
    later = sorted(
        {
            o.attack_phase
            for o in attack_options(state, every_step=True)
            if here and sub_phases.index(o.attack_phase) > sub_phases.index(state.step or "")
        },
        key=sub_phases.index,
    )
    reason = (
        f"none fires in the {current} sub-phase at {range_name(state.range).lower()} range "
        "(out of reach, not bearing, fired, knocked out, unpowered or without sensor contact)"
    )
    if later:
        return reason + "; later this phase: " + ", ".join(names[s] for s in later)
    return reason + "; none is left for a later sub-phase this round"
