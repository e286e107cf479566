"""Everything the GM can do now, put together: the phase's business, going on, withdrawing,
damage typed in, and ending the battle.
"""

from __future__ import annotations

from gmtool.rules.battle.actions.headings import declaring_side
from gmtool.rules.battle.actions.info import ActionInfo, step_name
from gmtool.rules.battle.actions.order_offers import leaver_offers, special_order_offers
from gmtool.rules.battle.actions.phase_offers import (
    attack_offers,
    edge_offers,
    leader_offers,
    movement_offers,
    power_offers,
    repair_offers,
    sensor_offers,
)
from gmtool.rules.battle.attacks import attack_options
from gmtool.rules.battle.engine import (
    DISENGAGED,
    HEADING_WORDS,
    advance_blocker,
    battle_over_reason,
    drift_words,
    drifting,
    fleet_beaten,
    movement_heading,
)
from gmtool.rules.battle.state import SIDES, BattleState
from gmtool.rules.narrative import next_step, round_sequence

_BY_PHASE = {
    "edge": edge_offers,
    "power": power_offers,
    "sensor": sensor_offers,
    "movement": movement_offers,
    "attack": attack_offers,
    "repair": repair_offers,
    "special_orders": special_order_offers,
}


def available_actions(state: BattleState) -> list[ActionInfo]:
    """Everything the GM can do at this point of the battle, the phase's business first."""
    if state.finished:
        return []
    over = battle_over_reason(state) if state.phase == "edge" else None
    beaten = [state.side(s).name for s in SIDES if fleet_beaten(state, s)]
    note = f"{' and '.join(beaten)} can fight no more" if beaten else ""
    end = ActionInfo("end_battle", "End the battle", note=f"{over}: no new round" if over else note)
    found = [end] if over else []
    found += list(_BY_PHASE.get(state.phase, lambda _s: [])(state))
    found += leader_offers(state)
    if advance_blocker(state) is None:
        phase_id, step_id = next_step(state.phase, state.step)
        label = f"Go on to {step_name(phase_id, step_id)}"
        if (state.phase, state.step) == round_sequence()[-1]:
            label = f"End round {state.round}: go on to round {state.round + 1}"
        note = "" if found else "nothing to do in this step: pass"
        if state.phase == "attack" and not attack_options(state):
            note = "no weapon can fire in this sub-phase: pass"
        declaring = declaring_side(state)
        if declaring is not None and drifting(state, declaring):
            heading = HEADING_WORDS[movement_heading(state, declaring)]
            note = (
                f"{drift_words(state, declaring)}; it declares no heading and counts as "
                f"{heading} for Table 3-4: pass"
            )
        found.append(ActionInfo("advance", label, note=note))
    if state.range == DISENGAGED:
        for side in SIDES:
            if any(s.can_act for s in state.ships_of(side)):
                fleet = state.side(side).name
                found.append(ActionInfo("withdraw", f"{fleet} withdraws", side=side))
    found.append(ActionInfo("apply_damage_manually", "Type in damage to a ship", note="any time"))
    found += leaver_offers(state)
    if not over:
        found.append(end)
    return found
