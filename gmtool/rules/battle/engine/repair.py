"""Repair: damage control and the engineering console's repair checks."""

from __future__ import annotations

import random

from msgspec.structs import replace

from gmtool.rules.battle.config import task_roll
from gmtool.rules.battle.plans import candidates, plan_roll, task_name
from gmtool.rules.battle.state import CREW, BattleShip, BattleState
from gmtool.rules.battle.steps import (
    Step,
    StepResult,
    acting_ship,
    done,
    require_phase,
    roll_planned,
)
from gmtool.rules.checks import Degree
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import task_effect

REPAIR_TASKS = ("damage_control_repair", "engineering_console_repair")


def _repair_task(
    state: BattleState, ship: BattleShip, by: str | None, track: str | None, system: str | None
) -> tuple[str, str]:
    """The repair task and who makes it: a named character's task follows their station;
    unnamed, the best character who can make this repair, else the repair parties (crew)."""
    if by is None:
        for task_id in REPAIR_TASKS:
            rules = task_effect(task_id, Degree.AMAZING)
            fits = rules.system_online if system is not None else track in rules.repair_tracks
            found = candidates(state, ship, task_id)
            if fits and found:
                return task_id, found[0]
        return REPAIR_TASKS[0], CREW
    if by == CREW:
        return REPAIR_TASKS[0], CREW
    assignment = state.assignment(by)
    for task_id in REPAIR_TASKS:
        stations = task_roll(task_id).stations
        if stations is None or assignment.place in stations:
            return task_id, by
    return REPAIR_TASKS[0], by


def roll_repair(
    state: BattleState,
    ship_id: str,
    rng: random.Random,
    *,
    by: str | None = None,
    track: str | None = "stun",
    system: str | None = None,
) -> tuple[BattleState, StepResult]:
    """One repair roll: points off the stun (or, in main engineering and damage control, the
    wound) track, or -- naming `system` -- a knocked-out system back on line.

    A character at the engineering console (bridge or command deck) repairs with System
    Operation--engineering, one in main engineering or damage control with Technical
    Science--repair or juryrig; the ship's repair parties (the crew) make one roll a round.
    """
    require_phase(state, "repair", "a repair")
    ship = acting_ship(state, ship_id)
    task_id, by = _repair_task(state, ship, by, track, system)
    rules = task_effect(task_id, Degree.AMAZING)
    if system is not None:
        mount = ship.mount(system)
        if system not in ship.systems_out:
            raise RulesError(f"{ship.name}'s {mount.name} is not knocked out")
        if not rules.system_online:
            raise RulesError(f"{task_name(task_id)} cannot bring a system back on line")
        aim = mount.name
    else:
        if track is None or track not in rules.repair_tracks:
            raise RulesError(
                f"{task_name(task_id)} repairs {' or '.join(rules.repair_tracks)} damage, "
                f"not {track}"
            )
        if ship.damage.marked[track] == 0:
            raise RulesError(f"{ship.name} has no {track} damage to repair")
        aim = f"{track} damage"
    plan = plan_roll(state, ship, task_id, by)
    if plan.roller.character_id is None and task_id in ship.crew_rolled:
        raise RulesError(f"{ship.name}'s repair parties have already rolled this round")
    step = Step("roll_repair")
    state, check = roll_planned(state, plan, rng, f"repair of {ship.name}'s {aim}", step)
    effect = task_effect(task_id, check.degree)
    ship = state.ship(ship_id)
    if not effect.success:
        step.lines.append("The repair fails this round.")
    elif system is not None:
        outs = tuple(s for s in ship.systems_out if s != system)
        state = state.with_ship(replace(ship, systems_out=outs))
        step.lines.append(f"{ship.name}'s {aim} is back on line.")
    else:
        assert track is not None
        damage, result = ship.damage.repaired(effect.amount, track)
        state = state.with_ship(replace(ship, damage=damage))
        step.lines.append(
            f"{result.repaired} point{'s' if result.repaired != 1 else ''} of {track} repaired; "
            f"{ship.name} is {state.ship(ship_id).fate}."
        )
    return done(state, step)
