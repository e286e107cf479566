"""One saved battle step: `run` plays an engine action on a saved battle and commits it.

Its own module so the battle's orders (actions/battles.py) and the station orders
(actions/battle_stations.py) both build on it without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from gmtool.actions.battle_report import write_in_step
from gmtool.actions.errors import refusals
from gmtool.rules.battle import BattleState
from gmtool.rules.battle.steps import StepResult
from gmtool.store import battles
from gmtool.store.campaign import Campaign

Engine = Callable[..., tuple[BattleState, StepResult]]


class ShipMark(msgspec.Struct, frozen=True):
    """Damage a step marked on (positive) or repaired from (negative) one ship's track."""

    ship_id: str
    track: str
    amount: int


class StepDone(msgspec.Struct, frozen=True):
    """A saved step of a battle, for the screens and the CLI to render."""

    battle_id: str
    action: str  # the engine's name for it: roll_edge, declare_heading, roll_attack, ...
    label: str
    round: int
    phase: str
    step: str | None
    finished: bool
    marks: tuple[ShipMark, ...]
    cause: str  # what hit a ship, when the step marked damage
    roll_ids: tuple[int, ...]
    injury_ids: tuple[int, ...]
    state: BattleState
    result: StepResult
    outcome: battles.StepOutcome
    report: Path | None = None  # the battle report, saved when this step ended the battle
    written_back: tuple[str, ...] = ()  # campaign ships given the battle's end state


def _marks(before: BattleState, after: BattleState) -> tuple[ShipMark, ...]:
    found: list[ShipMark] = []
    old = {s.id: s for s in before.ships}
    for ship in after.ships:
        was = old.get(ship.id)
        for track, count in ship.damage.marked.items():
            change = count - (was.damage.marked.get(track, 0) if was else 0)
            if change:
                found.append(ShipMark(ship.id, track, change))
    return tuple(found)


def run(campaign: Campaign, battle_id: str, engine: Engine, *args: Any, **kwargs: Any) -> StepDone:
    """Play one engine action on the saved battle and commit everything it did as one; the
    step that ends the battle saves its report (`reports/<id>.md`) and writes its ships' end
    state into the campaign's ships, in the same commit."""
    report = None
    with refusals(), campaign.transaction():
        outcome = battles.run_step(campaign, battle_id, engine, *args, **kwargs)
        ended = outcome.state.finished and not outcome.before.finished
        written: tuple[str, ...] = ()
        if ended:  # the campaign's ships (and their crew rules) load only for the ending
            from gmtool.store.ship_condition import write_back

            written = tuple(write_back(campaign, outcome.state))
            report = write_in_step(campaign, outcome.state)
    state = outcome.state
    return StepDone(
        battle_id=battle_id,
        action=outcome.result.action,
        label=outcome.label,
        round=state.round,
        phase=state.phase,
        step=state.step,
        finished=state.finished,
        marks=_marks(outcome.before, state),
        cause=outcome.result.cause,
        roll_ids=tuple(int(r["id"]) for r in outcome.rolls),
        injury_ids=tuple(int(e["id"]) for e in outcome.injuries),
        state=state,
        result=outcome.result,
        outcome=outcome,
        report=report,
        written_back=written,
    )
