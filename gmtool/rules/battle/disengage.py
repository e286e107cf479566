"""Disengaged ends the battle (RULES.md section 3; the source: "the battle is over, as both
ships lose sensor contact with each other").

When the range update brings the fleets to disengaged, the battle is over at once: no attack
phase follows. The side (or sides) whose heading opened the range broke off, and the summary
says so.
"""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from gmtool.rules.battle.state import SIDES, BattleState
from gmtool.rules.battle.steps import DISENGAGED, OPEN, Step, losses_text


def broke_off(headings: Mapping[str, str]) -> tuple[str, ...]:
    """The sides that broke off: those whose heading opened the range."""
    return tuple(side for side in SIDES if headings[side] == OPEN)


def ends_battle(new_range: str, headings: Mapping[str, str]) -> bool:
    """Movement ends the battle when it leaves the fleets disengaged because a side opened
    (a battle set up at disengaged whose fleets both hold goes on: nobody broke off)."""
    return new_range == DISENGAGED and bool(broke_off(headings))


def disengage(state: BattleState, step: Step, headings: Mapping[str, str]) -> BattleState:
    """Finish the battle at disengaged range, naming who broke off and each ship's fate."""
    sides = broke_off(headings)
    names = " and ".join(state.side(s).name for s in sides)
    verb = "break" if len(sides) > 1 else "breaks"
    step.lines.append(
        f"{names} {verb} off: the fleets are disengaged and lose sensor contact. The battle "
        f"is over in round {state.round}; no attack phase follows."
    )
    for ship in state.ships:
        step.ship(ship.id)
        step.lines.append(f"{ship.name}: {ship.fate}; {losses_text(ship)}.")
    for side in sides:
        state = state.with_side(replace(state.side(side), broke_off=True))
    return replace(state, finished=True)
