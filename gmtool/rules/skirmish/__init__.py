"""The Torga IV skirmish (RULES.md section 6): scenario, engine, automatic players, simulation.

Pure rules code: no UI, no storage. The TUI draws `GameState`, offers `legal_actions`,
checks moves with `plan_move`, shows `shots`, and sends the player's choice to
`apply_action`, which returns the new state and the events to log.
"""

from gmtool.rules.skirmish.auto import (
    automatic_player,
    best_target,
    federation_player,
    jemhadar_player,
    move_toward,
)
from gmtool.rules.skirmish.combat import band_index, hand_to_hand, target_number
from gmtool.rules.skirmish.engine import (
    ACTION_KINDS,
    Action,
    Event,
    MovePlan,
    apply_action,
    enemies_in_contact,
    in_contact,
    legal_actions,
    move_allowance,
    new_game,
    plan_move,
    play_action,
    ready_figures,
    standing_count,
)
from gmtool.rules.skirmish.fire import Shot, shot_at, shots
from gmtool.rules.skirmish.scenario import Scenario, load_scenario, torga_iv
from gmtool.rules.skirmish.simulate import (
    GameResult,
    SimulationSummary,
    play_game,
    simulate,
    wilson_interval,
)
from gmtool.rules.skirmish.state import DroppedWeapon, Figure, GameOptions, GameState

__all__ = [
    "ACTION_KINDS",
    "Action",
    "DroppedWeapon",
    "Event",
    "Figure",
    "GameOptions",
    "GameResult",
    "GameState",
    "MovePlan",
    "Scenario",
    "Shot",
    "SimulationSummary",
    "apply_action",
    "automatic_player",
    "band_index",
    "best_target",
    "enemies_in_contact",
    "federation_player",
    "hand_to_hand",
    "in_contact",
    "jemhadar_player",
    "legal_actions",
    "load_scenario",
    "move_allowance",
    "move_toward",
    "new_game",
    "plan_move",
    "play_action",
    "play_game",
    "ready_figures",
    "shot_at",
    "shots",
    "simulate",
    "standing_count",
    "target_number",
    "torga_iv",
    "wilson_interval",
]
