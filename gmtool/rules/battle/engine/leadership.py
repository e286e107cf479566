"""Leadership: the command check that helps a ship's rolls this round."""

from __future__ import annotations

import random

from msgspec.structs import replace

from gmtool.rules.battle.plans import Roller, RollPlan
from gmtool.rules.battle.state import BattleState
from gmtool.rules.battle.steps import (
    ROLL_SOURCE,
    Step,
    StepResult,
    acting_ship,
    check_text,
    done,
    require_open,
)
from gmtool.rules.checks import roll_check
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import StepModifier, task_effect
from gmtool.rules.roll_records import check_record
from gmtool.rules.ship_damage import crew_check_step
from gmtool.rules.stations import station_board, station_table


def roll_leadership(
    state: BattleState, character_id: str, rng: random.Random
) -> tuple[BattleState, StepResult]:
    """A leader's check lends their team a step bonus for its one roll this round."""
    require_open(state)
    character = state.character(character_id)
    assignment = state.assignment(character_id)
    ship = acting_ship(state, assignment.ship_id)
    board = station_board(
        ship.id, ship.spec.crew_check_score, state.characters, state.aboard(ship.id)
    )
    line = next(
        (ln for ln in board.lines if ln.leader and ln.leader.character_id == character_id), None
    )
    if line is None or line.leader is None or line.leader.score is None:
        raise RulesError(f"{character.name} leads no team aboard {ship.name}")
    team = station_table().stations[line.station_id]
    if team.lead_effect != "leadership":
        raise RulesError(
            f"{character.name} leads the {team.name} team in the boarding action itself"
        )
    if character_id in state.acted:
        raise RulesError(f"{character.name} has already made their one roll this round")
    if team.id in ship.leadership:
        raise RulesError(f"the {team.name} team already has a Leadership bonus waiting")
    modifiers = [StepModifier("ship_state", f"{ship.state} ship", crew_check_step(ship.state))]
    if line.leader.step:
        modifiers.insert(0, StepModifier("base", f"{line.leader.basis} skill", line.leader.step))
    roller = Roller(
        character_id,
        character.name,
        line.leader.skill,
        line.leader.basis or "",
        line.leader.score,
        line.leader.step or 0,
    )
    plan = RollPlan("leadership", ship.id, roller, tuple(modifiers))
    step = Step("roll_leadership")
    check = roll_check(plan.score, plan.step, rng)
    purpose = f"{character.name} leads {team.name} on {ship.name}"
    step.rolls.append(check_record(check, purpose, ROLL_SOURCE))
    step.who(character_id)
    step.ship(ship.id)
    step.lines.append(f"{purpose}: {plan.describe()}: {check_text(check)}")
    state = replace(state, acted=(*state.acted, character_id))
    if check.degree.success:
        effect = task_effect("leadership", check.degree)
        ship = state.ship(ship.id)
        state = state.with_ship(
            replace(ship, leadership={**ship.leadership, team.id: check.degree.value})
        )
        step.lines.append(
            f"The {team.name} team has {effect.amount:+d} step on its roll this round."
        )
    else:
        step.lines.append("No bonus this round.")
    return done(state, step)
