"""A ship taken off the campaign while a battle is open leaves that battle.

A battle must go on whatever happens to the campaign around it: a GM who deletes a ship on the
Crew tab (or with `gmtool ship delete --force`) mid-battle gets a battle that carries on
without her. She leaves with everyone aboard: their stations in the battle end (each keeps the
battle's copy, so the summary and the report still name them), her gunners stand down, and a
fleet with no other ship in the fight is beaten at the next check, so the battle can end.
"""

from __future__ import annotations

from msgspec.structs import replace

from gmtool.rules.battle.state import BattleState
from gmtool.rules.battle.steps import Step, StepResult, done, require_open
from gmtool.rules.errors import RulesError

SHIP_LEFT = "ship_left"  # the event of a ship leaving the battle


def ship_leaves(state: BattleState, ship_id: str) -> tuple[BattleState, StepResult]:
    """The ship is out of the battle with her people, at any point of the round."""
    require_open(state)
    ship = state.ship(ship_id)
    if ship.left:
        raise RulesError(f"{ship.name} has already left the battle")
    people = [a.character_id for a in state.assignments if a.ship_id == ship_id]
    state = replace(
        state,
        assignments=tuple(a for a in state.assignments if a.ship_id != ship_id),
    )
    state = state.with_ship(replace(ship, left=True, gunners={}, leadership={}))
    step = Step(SHIP_LEFT)
    step.ship(ship_id)
    for character_id in people:
        step.who(character_id)
    names = ", ".join(state.character(c).name for c in people)
    step.lines.append(
        f"{ship.name} leaves the battle: she is no longer one of the campaign's ships"
        + (f"; with her go {names}." if names else ".")
    )
    return done(state, step)
