"""Narrative space combat: range categories and headings instead of a hex map.

Both fleets move as one formation each, so a battle's geometry is a single range category
and each side's heading. This package holds the rules that turn declarations into a new
range, decide which weapons may fire and at what step, settle the edge, and read the effects
of character tasks and the conditions of special orders. It rolls nothing: callers roll
checks with `gmtool.rules.checks` and hand the degrees in.
Numbers come from `tables/narrative.yaml`.

Each concept has a module of its own here; this one re-exports them, so callers import
from `gmtool.rules.narrative`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.rules.narrative.attacks import (
        AttackSteps,
        FireOption,
        StepModifier,
        attack_phase_of,
        attack_steps,
        fire_mode,
        sensor_step,
        weapon_class,
        weapon_classes,
        weapon_fire_option,
    )
    from gmtool.rules.narrative.edge import EdgeEntry, EdgeResult, EdgeWinner, resolve_edge
    from gmtool.rules.narrative.model import (
        CONTESTED,
        EDGE_TIEBREAKERS,
        SUCCESS_DEGREES,
        TASK_EFFECTS,
        WEAPON_CLASS_IDS,
        BoardingMethod,
        CharacterTask,
        FireMode,
        Named,
        NarrativeTable,
        Phase,
        WeaponSystemRule,
    )
    from gmtool.rules.narrative.movement import (
        arcs_for_heading,
        fleet_acceleration,
        hold_arc_choices,
        next_range,
        range_change,
        shift_range,
    )
    from gmtool.rules.narrative.sequence import (
        PHASES,
        next_phase,
        next_step,
        phase,
        phase_ids,
        phases,
        round_sequence,
    )
    from gmtool.rules.narrative.special_orders import (
        boarding_methods,
        can_board,
        can_ram,
        ram_avoidance_step,
        range_after_ram,
        self_destruct_reach,
        special_order_ids,
    )
    from gmtool.rules.narrative.table import (
        heading_ids,
        heading_name,
        is_nearer,
        narrative_table,
        range_ids,
        range_name,
        starting_range,
        starting_range_words,
    )
    from gmtool.rules.narrative.tasks import (
        TaskEffect,
        boosted_power,
        character_task,
        task_effect,
        task_ids,
    )


__all__ = [
    "CONTESTED",
    "EDGE_TIEBREAKERS",
    "PHASES",
    "SUCCESS_DEGREES",
    "TASK_EFFECTS",
    "WEAPON_CLASS_IDS",
    "AttackSteps",
    "BoardingMethod",
    "CharacterTask",
    "EdgeEntry",
    "EdgeResult",
    "EdgeWinner",
    "FireMode",
    "FireOption",
    "Named",
    "NarrativeTable",
    "Phase",
    "StepModifier",
    "TaskEffect",
    "WeaponSystemRule",
    "arcs_for_heading",
    "attack_phase_of",
    "attack_steps",
    "boarding_methods",
    "boosted_power",
    "can_board",
    "can_ram",
    "character_task",
    "fire_mode",
    "fleet_acceleration",
    "heading_ids",
    "heading_name",
    "hold_arc_choices",
    "is_nearer",
    "narrative_table",
    "next_phase",
    "next_range",
    "next_step",
    "phase",
    "phase_ids",
    "phases",
    "ram_avoidance_step",
    "range_after_ram",
    "range_change",
    "range_ids",
    "range_name",
    "resolve_edge",
    "round_sequence",
    "self_destruct_reach",
    "sensor_step",
    "shift_range",
    "special_order_ids",
    "starting_range",
    "starting_range_words",
    "task_effect",
    "task_ids",
    "weapon_class",
    "weapon_classes",
    "weapon_fire_option",
]

if not TYPE_CHECKING:  # the names above, each imported on first use (rules/lazy.py)
    __getattr__ = lazy_exports(__name__)
