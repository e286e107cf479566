"""When a fleet is beaten and when no new round can be fought."""

from __future__ import annotations

from gmtool.rules.battle.state import SIDES, BattleState


def fleet_beaten(state: BattleState, side: str) -> bool:
    """No ship of the side is left able to fight."""
    return not any(s.can_act for s in state.ships_of(side))


def battle_over_reason(state: BattleState) -> str | None:
    """Why no new round can be fought: a side has no ship left in the fight, every one
    destroyed, escaped or abandoned ('Raiders has no ship left in the fight (Raider Jackal
    abandoned)'); None while both fight on."""
    for side in SIDES:
        ships = state.ships_of(side)
        if not any(s.in_fight for s in ships):
            fates = ", ".join(f"{s.name} {s.fate}" for s in ships)
            return f"{state.side(side).name} has no ship left in the fight ({fates})"
    return None
