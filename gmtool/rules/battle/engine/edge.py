"""The edge step: the contested check for the edge, who commands each side, and who plays
each side (the GM or gmtool)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from msgspec.structs import replace

from gmtool.rules.battle.engine.fight_over import fleet_beaten
from gmtool.rules.battle.plans import flagship, plan_edge
from gmtool.rules.battle.state import SIDES, BattleShip, BattleState, checked_auto, other_side
from gmtool.rules.battle.steps import (
    ROLL_SOURCE,
    Step,
    StepResult,
    check_text,
    done,
    require_open,
    require_phase,
    spend,
)
from gmtool.rules.checks import CheckResult, roll_check
from gmtool.rules.classes import ship_class
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import EdgeEntry, resolve_edge
from gmtool.rules.roll_records import check_record


def _largest_ship(ships: Sequence[BattleShip]) -> tuple[int, int]:
    return max((ship_class(s.spec.ship_class).number, s.spec.hull_points) for s in ships)


def roll_edge(
    state: BattleState, rng: random.Random, *, by_a: str | None = None, by_b: str | None = None
) -> tuple[BattleState, StepResult]:
    """Both sides' edge checks (commander's Tactics--space combat or the flagship's crew
    check); the better degree wins, then the tiebreakers; a tie past them is re-rolled."""
    require_phase(state, "edge", "rolling the edge")
    if state.edge_winner is not None:
        raise RulesError(f"{state.side(state.edge_winner).name} already has the edge this round")
    step = Step("roll_edge")
    beaten = [side for side in SIDES if fleet_beaten(state, side)]
    if len(beaten) == 1:
        winner_id = other_side(beaten[0])
        step.lines.append(
            f"{state.side(beaten[0]).name} has no ship left that can act: "
            f"{state.side(winner_id).name} has the edge uncontested."
        )
        state = replace(state, edge_winner=winner_id, edge_decided_by="uncontested")
        return done(state, step)
    plans = {"a": plan_edge(state, "a", by_a), "b": plan_edge(state, "b", by_b)}
    checks: dict[str, CheckResult] = {}
    for side_id in SIDES:
        plan = plans[side_id]
        check = roll_check(plan.score, plan.step, rng)
        checks[side_id] = check
        purpose = f"edge for {state.side(side_id).name}"
        step.rolls.append(check_record(check, purpose, ROLL_SOURCE))
        step.who(plan.roller.character_id)
        step.lines.append(f"{purpose}: {plan.describe()}: {check_text(check)}")
    entries = {}
    for side_id in SIDES:
        ships = [s for s in state.ships_of(side_id) if s.can_act]
        entries[side_id] = EdgeEntry(checks[side_id].degree, _largest_ship(ships), len(ships))
    result = resolve_edge(entries["a"], entries["b"])
    if result.winner == "reroll":
        step.lines.append("A tie that the tiebreakers do not settle: roll the edge again.")
        return done(state, step)
    for side_id in SIDES:
        state = spend(state, plans[side_id])
    winner = state.side(result.winner)
    why = {
        "degree": "the better degree of success",
        "largest_ship_loses": "a tie: the side with the larger ship loses it",
        "fewer_ships_wins": "a tie: the side with fewer ships wins it",
    }.get(result.decided_by, result.decided_by)
    step.lines.append(
        f"{winner.name} has the edge ({why}); "
        f"{state.side(other_side(result.winner)).name} declares its heading first."
    )
    state = replace(state, edge_winner=result.winner, edge_decided_by=result.decided_by)
    return done(state, step)


def set_commander(
    state: BattleState, side: str, character_id: str | None
) -> tuple[BattleState, StepResult]:
    """Put a character in command of a fleet (None: the crew rolls the edge)."""
    require_open(state)
    fleet = state.side(side)
    step = Step("set_commander")
    if character_id is None:
        ship = flagship(state, side)
        where = f"{ship.name}'s" if ship is not None else "the flagship's"
        step.lines.append(
            f"{fleet.name} has no character in command: whoever is at {where} command station "
            "rolls the edge, else her crew."
        )
    else:
        character = state.character(character_id)
        if state.assignment(character_id).ship_id not in fleet.ship_ids:
            raise RulesError(f"{character.name} is not aboard a ship of {fleet.name}")
        step.who(character_id)
        step.lines.append(f"{character.name} commands {fleet.name}.")
    return done(state.with_side(replace(fleet, commander=character_id)), step)


def played_by_words(state: BattleState, auto: Sequence[str]) -> str:
    """'gmtool plays Enemy; the GM plays Our fleet' (names, in the sides' order)."""
    gmtool = [state.side(s).name for s in SIDES if s in auto]
    gm = [state.side(s).name for s in SIDES if s not in auto]
    parts = []
    if gmtool:
        parts.append(f"gmtool plays {' and '.join(gmtool)}")
    if gm:
        parts.append(f"the GM plays {' and '.join(gm)}")
    return "; ".join(parts)


def set_auto(state: BattleState, auto: Sequence[str]) -> tuple[BattleState, StepResult]:
    """Say which sides gmtool plays (`play_on` takes their decisions); the GM plays the
    others. Any time while the battle is open; a step of its own, so undo takes it back."""
    require_open(state)
    played = checked_auto(tuple(auto))
    step = Step("set_auto")
    words = played_by_words(state, played)
    if played == state.auto:
        raise RulesError(f"nothing to change: {words} already")
    step.lines.append(f"From now on {words}.")
    return done(replace(state, auto=played), step)
