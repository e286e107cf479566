"""Power and sensors: the engineering check that sets a ship's power, and the sensor check."""

from __future__ import annotations

import random

from msgspec.structs import replace

from gmtool.rules.battle.plans import plan_roll
from gmtool.rules.battle.power import has_budget, power_budget
from gmtool.rules.battle.sensor_lock import lock_words
from gmtool.rules.battle.state import BattleState
from gmtool.rules.battle.steps import (
    Step,
    StepResult,
    acting_ship,
    done,
    require_phase,
    roll_planned,
)
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import StepModifier, range_name, sensor_step, task_effect


def set_power(
    state: BattleState, ship_id: str, rng: random.Random, *, by: str | None = None
) -> tuple[BattleState, StepResult]:
    """A character at the engineering console coaxes more power from the plant this round."""
    require_phase(state, "power", "power distribution")
    ship = acting_ship(state, ship_id)
    if not has_budget(ship.spec):
        raise RulesError(
            f"{ship.name}'s spec gives no power figures: power decides nothing for her, and "
            "the power phase is passed over"
        )
    if ship.power_bonus is not None:
        raise RulesError(f"{ship.name} has already tried power distribution this round")
    plan = plan_roll(state, ship, "power_distribution", by)
    step = Step("set_power")
    state, check = roll_planned(state, plan, rng, f"power distribution on {ship.name}", step)
    effect = task_effect("power_distribution", check.degree)
    state = state.with_ship(replace(state.ship(ship_id), power_bonus=effect.amount))
    if effect.success:
        step.lines.append(f"{ship.name} has {effect.amount}% more power points this round.")
    else:
        step.lines.append(f"{ship.name}'s power stays as it is this round.")
    budget = power_budget(state.ship(ship_id))
    if budget is not None:
        step.lines.append(budget.describe(state.ship(ship_id)))
    return done(state, step)


def roll_sensors(
    state: BattleState, ship_id: str, rng: random.Random, *, by: str | None = None
) -> tuple[BattleState, StepResult]:
    """A ship's sensor check: normal capability out to extreme, long range (+3) beyond."""
    require_phase(state, "sensor", "a sensor check")
    ship = acting_ship(state, ship_id)
    if ship.sensor_degree is not None:
        raise RulesError(f"{ship.name} has already made its sensor check this round")
    penalty = sensor_step(state.range)
    if penalty is None:
        raise RulesError(f"no sensor check can reach {range_name(state.range).lower()} range")
    extra = [StepModifier("range", "long-range sensors", penalty)] if penalty else []
    plan = plan_roll(state, ship, "sensors", by, extra)
    step = Step("roll_sensors")
    state, check = roll_planned(state, plan, rng, f"sensor check of {ship.name}", step)
    state = state.with_ship(replace(state.ship(ship_id), sensor_degree=check.degree.value))
    outcome = "holds the enemy on its sensors" if check.degree.success else "loses the picture"
    ship = state.ship(ship_id)
    step.lines.append(f"{ship.name} {outcome} ({check.degree.label}): {lock_words(ship)}.")
    return done(state, step)
