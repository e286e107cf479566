"""`next`: the next step of the sequence of play, with the choices a GM would accept.

For the side(s) not choosing, the GM can lean on simple defaults: roll what the phase rolls
(the edge, sensors), hold heading (turning the arc with the most weapons toward the enemy),
fire every weapon that bears at the nearest enemy (the one hit last, else the first still in
the fight), let the repair parties mend what is damaged, and go on when the step's business is
done. Optional things (power distribution, leadership, special orders, withdrawing) are left
to the GM. Each call plays one step and commits it, like any action.
"""

from __future__ import annotations

from gmtool.actions import battles
from gmtool.actions.errors import ActionRefused
from gmtool.rules.battle import (
    CREW,
    ActionInfo,
    BattleState,
    attack_options,
    available_actions,
    likely_target,
)
from gmtool.rules.narrative import arcs_for_heading, hold_arc_choices
from gmtool.store.battles import live_battle
from gmtool.store.campaign import Campaign

HOLD = "hold"
# The phase business `next` plays, first listed first.
PLAYED = (
    "roll_edge",
    "declare_heading",
    "resolve_movement",
    "roll_sensors",
    "roll_attack",
    "roll_repair",
    "advance",
    "end_battle",
)


def _held_arc(state: BattleState, side: str) -> str:
    """The arc with the most weapon mounts of the side's ships (ties: the table's order)."""
    choices = hold_arc_choices()

    def mounts(arc: str) -> int:
        bearing = arcs_for_heading(HOLD, arc)
        return sum(
            system.count
            for ship in state.ships_of(side)
            for system in ship.spec.systems
            if system.arc is not None and system.arc in bearing
        )

    return max(choices, key=lambda arc: (mounts(arc), -choices.index(arc)))


def _choose(state: BattleState) -> ActionInfo:
    found = available_actions(state)
    if found and found[0].action == "end_battle":  # the battle is over: no new round
        return found[0]
    for action in PLAYED:
        for info in found:
            if info.action != action:
                continue
            if action == "roll_repair" and info.character_id != CREW:
                continue
            if action == "declare_heading" and info.side and state.side(info.side).declared:
                continue  # declared: only a change of mind is offered
            return info
    raise ActionRefused(f"{state.name}: nothing for `next` to play at this point")


def play_next(campaign: Campaign, battle_id: str) -> battles.StepDone:
    """Play the next step of the battle with the defaults above; refused once it is over."""
    state = live_battle(campaign, battle_id)
    if state.finished:
        raise ActionRefused(f"{state.name} is over (it ended in round {state.round})")
    info = _choose(state)
    if info.action == "declare_heading":
        assert info.side is not None
        return battles.do_declare_heading(
            campaign, battle_id, info.side, HOLD, _held_arc(state, info.side)
        )
    if info.action == "roll_attack":
        assert info.ship_id is not None and info.side is not None
        target = likely_target(state, info.side)
        if target not in info.choices:
            target = info.choices[0]
        option = attack_options(state)[0]  # the first attack listed is the first option
        return battles.do_fire(campaign, battle_id, option.ship_id, option.weapon, target)
    if info.action == "roll_repair":
        assert info.ship_id is not None
        choice = info.choices[0]
        ship = state.ship(info.ship_id)
        if choice in ship.systems_out:
            return battles.do_roll_repair(
                campaign, battle_id, info.ship_id, by=CREW, track=None, system=choice
            )
        return battles.do_roll_repair(campaign, battle_id, info.ship_id, by=CREW, track=choice)
    if info.action == "roll_sensors":
        assert info.ship_id is not None
        return battles.do_roll_sensors(campaign, battle_id, info.ship_id)
    simple = {
        "roll_edge": battles.do_roll_edge,
        "resolve_movement": battles.do_resolve_movement,
        "advance": battles.do_advance,
        "end_battle": battles.do_end_battle,
    }
    return simple[info.action](campaign, battle_id)
