"""Attacks and sensors: the class a weapon fires as, whether it reaches at this range and
bears, and every step modifier of the roll.
"""

from __future__ import annotations

import msgspec

from gmtool.rules.checks import Degree, checks_table
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative.model import WEAPON_CLASS_IDS, FireMode, WeaponSystemRule
from gmtool.rules.narrative.movement import arcs_for_heading
from gmtool.rules.narrative.table import check_range, narrative_table
from gmtool.rules.narrative.tasks import task_effect
from gmtool.rules.ship_damage import attacker_step, can_act, crew_check_step


def _weapon_rule(system_type: str) -> WeaponSystemRule:
    systems = narrative_table().weapon_systems
    if system_type not in systems:
        raise RulesError(
            f"{system_type!r} is not a weapon system: expected one of {', '.join(systems)}"
        )
    return systems[system_type]


def weapon_classes(system_type: str, firepower: str | None = None) -> tuple[str, ...]:
    """Every class a weapon fires as (a missile system: launch A, then impact F)."""
    rule = _weapon_rule(system_type)
    if rule.classes:
        return rule.classes
    if firepower not in rule.by_firepower:
        raise RulesError(
            f"a {system_type} weapon needs a firepower of {', '.join(rule.by_firepower)}, "
            f"not {firepower!r}"
        )
    return (rule.by_firepower[firepower],)


def weapon_class(system_type: str, firepower: str | None = None) -> str:
    """The weapon's class for the attack range table (a missile system: its launch class)."""
    return weapon_classes(system_type, firepower)[0]


def attack_phase_of(system_type: str) -> str:
    """The attack sub-phase in which this weapon type fires."""
    return _weapon_rule(system_type).attack_phase


def fire_mode(range_category: str, weapon_class: str) -> FireMode | None:
    """Whether a class fires at normal range, at long range, or not at all at this range."""
    check_range(range_category)
    if weapon_class not in WEAPON_CLASS_IDS:
        raise RulesError(
            f"unknown weapon class {weapon_class!r}: expected one of {', '.join(WEAPON_CLASS_IDS)}"
        )
    row = narrative_table().attack_ranges[range_category]
    if weapon_class in row["normal"]:
        return "normal"
    if weapon_class in row["long"]:
        return "long"
    return None


class FireOption(msgspec.Struct, frozen=True):
    """A weapon that can fire now: the class it fires as, at what range, in which sub-phase."""

    weapon_class: str
    mode: FireMode
    attack_phase: str


def weapon_fire_option(
    range_category: str,
    heading: str,
    system_type: str,
    firepower: str | None,
    arc: str,
    held_arc: str | None = None,
) -> FireOption | None:
    """How a weapon on `arc` can fire this round, or None (out of range or not bearing)."""
    if arc not in arcs_for_heading(heading, held_arc):
        return None
    for cls in weapon_classes(system_type, firepower):
        mode = fire_mode(range_category, cls)
        if mode is not None:
            return FireOption(cls, mode, attack_phase_of(system_type))
    return None


class StepModifier(msgspec.Struct, frozen=True):
    id: str
    name: str
    step: int


class AttackSteps(msgspec.Struct, frozen=True):
    """Every step modifier of one attack roll, by name, and their sum."""

    modifiers: tuple[StepModifier, ...]

    @property
    def total(self) -> int:
        return sum(m.step for m in self.modifiers)

    def describe(self) -> str:
        shown = ", ".join(f"{m.name} {m.step:+d}" for m in self.modifiers if m.step)
        return f"step {self.total:+d}" + (f" ({shown})" if shown else "")


def attack_steps(
    mode: FireMode,
    target_size_step: int,
    attacker_state: str,
    target_state: str,
    leadership_degree: Degree | None = None,
) -> AttackSteps:
    """Step modifiers of a ship's attack roll; each is listed, zero or not, for display.

    The ship attack base step (tables/checks.yaml) is added as a first entry when it is not 0.
    """
    table = narrative_table()
    if mode not in ("normal", "long"):
        raise RulesError(f"fire mode must be 'normal' or 'long', not {mode!r}")
    if not can_act(attacker_state):
        raise RulesError(f"a {attacker_state} ship cannot attack")
    if not can_act(target_state):
        raise RulesError(f"a {target_state} ship is no longer a target")
    leadership = 0
    if leadership_degree is not None:
        leadership = task_effect("leadership", leadership_degree).amount
    modifiers: list[StepModifier] = []
    base = checks_table().base_step.get("ship_attack", 0)
    if base:
        modifiers.append(StepModifier("base", "ship attack", base))
    modifiers += [
        StepModifier("long_range", "long range", table.long_range_step if mode == "long" else 0),
        StepModifier("target_size", "target size", target_size_step),
        StepModifier(
            "attacker_state", f"attacker {attacker_state}", crew_check_step(attacker_state)
        ),
        StepModifier("target_state", f"target {target_state}", attacker_step(target_state)),
        StepModifier("leadership", "leadership", leadership),
    ]
    return AttackSteps(tuple(modifiers))


# -- sensors --------------------------------------------------------------------------------


def sensor_step(range_category: str) -> int | None:
    """Step for a sensor check at this range: 0 normal, a penalty at long range, None: none."""
    check_range(range_category)
    return narrative_table().sensor_steps[range_category]
