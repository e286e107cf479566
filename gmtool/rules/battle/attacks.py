"""Which weapons can fire now, at whom, rolled by whom, and at what step.

A weapon fires once a round, in the attack sub-phase of its type, when the range category
lets its class fire (normal or long range) and the side's heading brings its arc to bear.
Each option lists every enemy ship it may fire at with the full list of step modifiers for
that target (long range, target size, attacker's and target's durability states, Leadership,
and a broad skill's base step when a character fires with one).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.battle.config import battle_table
from gmtool.rules.battle.plans import Roller, choose_roller, skill_modifiers, waiting_leadership
from gmtool.rules.battle.state import CREW, BattleShip, BattleState, Mount, other_side
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import AttackSteps, FireMode, attack_steps, weapon_fire_option
from gmtool.rules.ship_damage import can_act

ATTACK_PHASE = "attack"
WEAPON_TASK = "weapons_console"


@dataclass(frozen=True)
class AttackTarget:
    """One ship a weapon may fire at, with the step modifiers of that attack."""

    ship_id: str
    name: str
    steps: AttackSteps

    @property
    def step(self) -> int:
        return self.steps.total


@dataclass(frozen=True)
class AttackOption:
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
        mode = "long range" if self.mode == "long" else "normal range"
        return (
            f"{self.ship_name}: {self.weapon_name} (class {self.weapon_class}, {mode}), "
            f"{self.roller.name} rolls {self.score}"
        )


def firing_state(ship: BattleShip) -> str:
    """The durability state the ship fires with (its state when the sub-phase began, when
    fire is simultaneous)."""
    return ship.state_at_step_start if battle_table().simultaneous_fire else ship.state


def can_fire(ship: BattleShip) -> bool:
    if ship.escaped or ship.self_destructed:
        return False
    if ship.abandoning and not battle_table().abandoning_ship_can_act:
        return False
    return can_act(firing_state(ship))


def gunner(state: BattleState, ship: BattleShip, mount: Mount) -> Roller:
    """The character manning this mount if they can fire it now, else the crew."""
    character_id = ship.gunners.get(mount.key)
    if character_id is not None:
        try:
            return choose_roller(state, ship, WEAPON_TASK, character_id)
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
        if side.heading is None or not can_fire(ship):
            continue
        enemies = [s for s in state.ships_of(other_side(ship.side)) if s.in_battle]
        if not enemies:
            continue
        held = side.held_arc if side.heading == "hold" else None
        for mount in ship.weapons():
            if mount.key in ship.fired or mount.key in ship.systems_out:
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
            targets = tuple(
                AttackTarget(
                    enemy.id,
                    enemy.name,
                    AttackSteps(
                        base
                        + attack_steps(
                            fire.mode,
                            enemy.spec.target_size_step,
                            firing_state(ship),
                            enemy.state,
                            leadership,
                        ).modifiers
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
                )
            )
    return options
