"""The battle engine: one function per thing the GM does, each making a new state from the old.

Every action is `(state, ..., rng) -> (new_state, StepResult)`: it checks that the action fits
the phase and the rules, rolls what must be rolled with the caller's generator, applies the
results, and appends one `BattleEvent` (text and rolls) to the new state. The old state is
never changed, so the app undoes a step by putting the previous state back.

Decisions where the rules are silent are in tables/battle.yaml and described there.

Each kind of step has a module of its own in this package; this one re-exports them, so
callers import from `gmtool.rules.battle.engine`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.rules.battle.boarding import LEADER_CHOICES, board, board_allowed, helpless
    from gmtool.rules.battle.engine.attacks import (
        apply_damage_manually,
        assign_gunner,
        knock_out_system,
        roll_attack,
    )
    from gmtool.rules.battle.engine.edge import played_by_words, roll_edge, set_auto, set_commander
    from gmtool.rules.battle.engine.fight_over import battle_over_reason, fleet_beaten
    from gmtool.rules.battle.engine.leadership import roll_leadership
    from gmtool.rules.battle.engine.movement import (
        HEADING_WORDS,
        declare_heading,
        drift_words,
        drifting,
        movement_heading,
        range_change_text,
        resolve_movement,
        side_acceleration,
    )
    from gmtool.rules.battle.engine.power import roll_sensors, set_power
    from gmtool.rules.battle.engine.repair import REPAIR_TASKS, roll_repair
    from gmtool.rules.battle.engine.sequence import advance, advance_blocker, end_battle
    from gmtool.rules.battle.orders import (
        abandon_ship,
        leave_ship,
        ram,
        ram_allowed,
        self_destruct,
        withdraw,
    )
    from gmtool.rules.battle.steps import DISENGAGED, HOLD, StepResult


__all__ = [
    "DISENGAGED",
    "HEADING_WORDS",
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
    "played_by_words",
    "ram",
    "ram_allowed",
    "range_change_text",
    "resolve_movement",
    "roll_attack",
    "roll_edge",
    "roll_leadership",
    "roll_repair",
    "roll_sensors",
    "self_destruct",
    "set_auto",
    "set_commander",
    "set_power",
    "side_acceleration",
    "withdraw",
]

if not TYPE_CHECKING:  # the names above, each imported on first use (rules/lazy.py)
    __getattr__ = lazy_exports(__name__)
