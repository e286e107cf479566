"""The narrative battle engine: a whole fleet action as a state machine the Battle tab drives.

`new_battle` sets a battle up; each GM action in `engine` turns one `BattleState` into the
next and reports what it rolled; `available_actions` says what the GM can do now;
`battle_summary` tells what happened. Pure: no UI, no files.
"""

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.rules.battle.actions import (
        ActionInfo,
        available_actions,
        current_step_label,
        heading_note,
        heading_outcomes,
        likely_target,
    )
    from gmtool.rules.battle.attacks import (
        AttackOption,
        AttackTarget,
        attack_options,
        fire_words,
        line_gunner,
        no_fire_reason,
    )
    from gmtool.rules.battle.boarding import BoardingRefusal, BoardingRefused, boarding_name
    from gmtool.rules.battle.engine import (
        StepResult,
        abandon_ship,
        advance,
        advance_blocker,
        apply_damage_manually,
        assign_gunner,
        battle_over_reason,
        board,
        board_allowed,
        declare_heading,
        drifting,
        end_battle,
        fleet_beaten,
        helpless,
        knock_out_system,
        leave_ship,
        played_by_words,
        ram,
        ram_allowed,
        resolve_movement,
        roll_attack,
        roll_edge,
        roll_leadership,
        roll_repair,
        roll_sensors,
        self_destruct,
        set_auto,
        set_commander,
        set_power,
        withdraw,
    )
    from gmtool.rules.battle.orders import (
        RamPreview,
        nobody_aboard,
        ram_preview,
        self_destruct_allowed,
    )
    from gmtool.rules.battle.plans import Roller, RollPlan, plan_edge, plan_roll
    from gmtool.rules.battle.setup import FleetSetup, new_battle, quick_ship_spec
    from gmtool.rules.battle.state import (
        CREW,
        BattleEvent,
        BattleShip,
        BattleSide,
        BattleState,
        Mount,
    )
    from gmtool.rules.battle.summary import (
        BattleSummary,
        CharacterSummary,
        ShipSummary,
        battle_summary,
    )


__all__ = [
    "CREW",
    "ActionInfo",
    "AttackOption",
    "AttackTarget",
    "BattleEvent",
    "BattleShip",
    "BattleSide",
    "BattleState",
    "BattleSummary",
    "BoardingRefusal",
    "BoardingRefused",
    "CharacterSummary",
    "FleetSetup",
    "Mount",
    "RamPreview",
    "RollPlan",
    "Roller",
    "ShipSummary",
    "StepResult",
    "abandon_ship",
    "advance",
    "advance_blocker",
    "apply_damage_manually",
    "assign_gunner",
    "attack_options",
    "available_actions",
    "battle_over_reason",
    "battle_summary",
    "board",
    "board_allowed",
    "boarding_name",
    "current_step_label",
    "declare_heading",
    "drifting",
    "end_battle",
    "fire_words",
    "fleet_beaten",
    "heading_note",
    "heading_outcomes",
    "helpless",
    "knock_out_system",
    "leave_ship",
    "likely_target",
    "line_gunner",
    "new_battle",
    "no_fire_reason",
    "nobody_aboard",
    "plan_edge",
    "plan_roll",
    "played_by_words",
    "quick_ship_spec",
    "ram",
    "ram_allowed",
    "ram_preview",
    "resolve_movement",
    "roll_attack",
    "roll_edge",
    "roll_leadership",
    "roll_repair",
    "roll_sensors",
    "self_destruct",
    "self_destruct_allowed",
    "set_auto",
    "set_commander",
    "set_power",
    "withdraw",
]

if not TYPE_CHECKING:  # the names above, each imported on first use (rules/lazy.py)
    __getattr__ = lazy_exports(__name__)
