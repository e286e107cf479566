"""The sequence of play: what holds the GM back, moving on a step, a new round, the end."""

from __future__ import annotations

from msgspec.structs import replace

from gmtool.rules.battle.engine.fight_over import battle_over_reason, fleet_beaten
from gmtool.rules.battle.engine.movement import drifting
from gmtool.rules.battle.state import SIDES, BattleState
from gmtool.rules.battle.steps import Step, StepResult, done, losses_text, require_open, where
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import bailout_round
from gmtool.rules.narrative import next_step, round_sequence


def advance_blocker(state: BattleState) -> str | None:
    """Why the GM cannot move on yet (None: they can)."""
    if state.finished:
        return "the battle is over"
    if state.phase == "edge":
        # The round in which a fleet was wiped out (or its last ship abandoned) is played
        # out; no new round begins.
        reason = battle_over_reason(state)
        if reason is not None:
            return f"{reason}: end the battle"
        if state.edge_winner is None and all(fleet_beaten(state, s) for s in SIDES):
            return "neither side has a ship that can act to contest the edge: end the battle"
    if state.phase == "edge" and state.edge_winner is None:
        return "roll the edge first"
    if state.phase == "movement":
        wanted = {
            "opposing_declaration": state.opposing_side,
            "edge_declaration": state.edge_winner,
        }
        if state.step in wanted:
            side = wanted[state.step]
            if side is not None and not state.side(side).declared and not drifting(state, side):
                return f"{state.side(side).name} must declare its heading"
        if state.step == "position_update" and not state.moved:
            return "update the range first"
    return None


def _new_round(state: BattleState, step: Step) -> BattleState:
    """Bail-outs go on, and everything that lasts a round is cleared."""
    for ship in state.ships:
        if ship.bailout is not None and not ship.abandoned and not ship.self_destructed:
            number = ship.bailout_round + 1
            progress = bailout_round(ship.bailout, number)
            ship = replace(ship, bailout_round=number, evacuated=progress.cleared_total)
            step.ship(ship.id)
            step.lines.append(
                f"{ship.name}: {progress.cleared} more get clear ({progress.cleared_total} out, "
                f"{progress.still_leaving} still leaving, {progress.trapped} trapped)"
                + ("; the evacuation is over." if progress.complete and ship.abandoned else ".")
            )
        state = state.with_ship(
            replace(
                ship,
                fired=(),
                fired_by={},
                power_bonus=None,
                sensor_degree=None,
                leadership={},
                crew_rolled=(),
                order_given=None,
            )
        )
    sides = tuple(replace(s, declared=False) for s in state.sides)
    return replace(
        state,
        round=state.round + 1,
        sides=(sides[0], sides[1]),
        edge_winner=None,
        edge_decided_by=None,
        moved=False,
        acted=(),
    )


def advance(state: BattleState) -> tuple[BattleState, StepResult]:
    """Move on to the next step of the sequence of play (after special orders: a new round).

    A step with nothing to do can always be passed; the edge must be rolled, both headings
    declared and the range updated before the battle moves past them.
    """
    blocker = advance_blocker(state)
    if blocker is not None:
        raise RulesError(f"not yet: {blocker}")
    phase_id, step_id = next_step(state.phase, state.step)
    step = Step("advance")
    if (phase_id, step_id) == round_sequence()[0]:
        state = _new_round(state, step)
    state = replace(state, phase=phase_id, step=step_id)
    ships = tuple(replace(s, state_at_step_start=s.state) for s in state.ships)
    state = replace(state, ships=ships)
    step.lines.insert(0, f"Round {state.round}: {where(state)}.")
    return done(state, step)


def end_battle(state: BattleState, note: str = "") -> tuple[BattleState, StepResult]:
    """The battle is over (a side beaten, withdrawn, or the GM calls it)."""
    require_open(state)
    step = Step("end_battle")
    step.lines.append(f"The battle ends in round {state.round}." + (f" {note}" if note else ""))
    for ship in state.ships:
        step.ship(ship.id)
        step.lines.append(f"{ship.name}: {ship.fate}; {losses_text(ship)}.")
    return done(replace(state, finished=True), step)
