"""An action as the Battle tab shows it (`ActionInfo`), the step's label, and the ship most
likely to be the target.
"""

from __future__ import annotations

import msgspec

from gmtool.rules.battle.state import SIDES, BattleEvent, BattleState, other_side
from gmtool.rules.battle.where import where
from gmtool.rules.checks import Degree
from gmtool.rules.narrative import phase, phase_ids
from gmtool.rules.stations import station_table


class ActionInfo(msgspec.Struct, frozen=True):
    """One thing the GM can do now."""

    action: str  # the engine function: roll_edge, declare_heading, roll_attack, advance, ...
    label: str
    side: str | None = None
    ship_id: str | None = None
    character_id: str | None = None
    choices: tuple[str, ...] = ()  # headings, target ship ids, tracks or systems
    note: str = ""
    method: str | None = None  # the boarding method of a `board` action
    short: str = ""  # a shorter label for a narrow list (the note says the rest)
    refused: str = ""  # offered greyed: why it cannot be done now (the note says it too)


def current_step_label(state: BattleState) -> str:
    """Where the battle is, for the tab's header: 'Round 2: the Movement phase (...)'."""
    if state.finished:
        return f"{state.name}: over after round {state.round}"
    return f"Round {state.round}: {where(state)}"


# Steps that mark damage on the ships they name (an attack names its firer first).
HIT_ACTIONS = ("roll_attack", "apply_damage_manually", "ram", "self_destruct")


def _hit_ships(event: BattleEvent) -> tuple[str, ...]:
    if event.action not in HIT_ACTIONS:
        return ()
    if event.action == "roll_attack":
        hit = bool(event.rolls) and Degree(event.rolls[0].get("degree", "failure")).success
        return event.ships[1:] if hit else ()
    return event.ships


def likely_target(state: BattleState, acting_side: str | None = None) -> str | None:
    """The ship a GM most likely means when typing damage in or knocking a system out: the
    ship just hit (the newest step that hit one, still afloat), else the flagship of the side
    opposing `acting_side` (side A when no side acts), else that side's first ship still in
    the battle. None when every ship is destroyed."""
    alive = {s.id for s in state.ships if not s.destroyed}
    if not alive:
        return None
    for event in reversed(state.events):
        just_hit = [s for s in _hit_ships(event) if s in alive]
        if just_hit:
            return just_hit[0]
    enemy = state.side(other_side(acting_side or SIDES[0]))
    ships = [s for s in state.ships_of(enemy.id) if s.id in alive]
    if not ships:
        return next(s.id for s in state.ships if s.id in alive)
    flagship = enemy.flagship or enemy.ship_ids[0]
    if flagship in {s.id for s in ships}:
        return flagship
    return next((s.id for s in ships if s.in_battle), ships[0].id)


def step_name(phase_id: str, step_id: str | None) -> str:
    current = phase(phase_id)
    if step_id is None:
        return current.name
    return next(s.name for s in current.steps if s.id == step_id)


def roll_still_to_come(state: BattleState, roll_id: str | None) -> bool:
    """Whether a team's roll is still ahead this round (a leader's bonus could help it)."""
    if roll_id is None:
        return False
    roll_phase = station_table().rolls[roll_id].phase
    order = phase_ids()
    if roll_phase not in order:  # rolled as needed, any time
        return True
    return order.index(roll_phase) >= order.index(state.phase)
