"""The narrative battle engine: a whole fleet action as a state machine the Battle tab drives.

`new_battle` sets a battle up; each GM action in `engine` turns one `BattleState` into the
next and reports what it rolled; `available_actions` says what the GM can do now;
`battle_summary` tells what happened. Pure: no UI, no files.
"""

from gmtool.rules.battle.actions import ActionInfo, available_actions
from gmtool.rules.battle.attacks import AttackOption, AttackTarget, attack_options
from gmtool.rules.battle.engine import (
    StepResult,
    abandon_ship,
    advance,
    advance_blocker,
    apply_damage_manually,
    assign_gunner,
    board,
    board_allowed,
    declare_heading,
    end_battle,
    fleet_beaten,
    helpless,
    knock_out_system,
    leave_ship,
    ram,
    ram_allowed,
    resolve_movement,
    roll_attack,
    roll_edge,
    roll_leadership,
    roll_repair,
    roll_sensors,
    self_destruct,
    set_commander,
    set_power,
    withdraw,
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
    "CharacterSummary",
    "FleetSetup",
    "Mount",
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
    "battle_summary",
    "board",
    "board_allowed",
    "declare_heading",
    "end_battle",
    "fleet_beaten",
    "helpless",
    "knock_out_system",
    "leave_ship",
    "new_battle",
    "plan_edge",
    "plan_roll",
    "quick_ship_spec",
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
    "withdraw",
]
