"""Which steps of a battle are a side's decision, and so the GM's when the GM plays it.

Play-on (`actions.battle_next.play_on`) plays every step nobody has to decide (rolls, going
on, movement), and those of the sides gmtool plays with its own choices (autopilot.py); it
stops before a step the GM's side must decide: its heading in the movement phase, its
target when one of its weapons fires, a special order worth giving (ramming or a boarding
the rules allow, or a crippled ship that could be abandoned or scuttled), and damage to type
in after a step that left some on a ship of either side, when a side the GM plays gave or
took it (a hit without a damage roll, a ram or a blast the tables give no dice for).
`likely` is the choice gmtool would make, for the cursor.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from gmtool.rules.battle.actions.order_offers import special_order_offers
from gmtool.rules.battle.autopilot import Move, next_move, ship_to_abandon
from gmtool.rules.battle.state import SIDES, BattleShip, BattleState, other_side
from gmtool.rules.errors import RulesError
from gmtool.rules.ship_damage import can_act, state_ids

DecisionKind = Literal["heading", "target", "special_order", "damage"]
PASS = "advance"  # a special-order window's likeliest answer when no order is worth giving


class Decision(msgspec.Struct, frozen=True):
    """A decision the next step needs from a side the GM plays.

    `kind`: heading (declare it), target (fire `ship_id`'s first weapon that bears at a
    target), special_order (give `ship_id` an order, or go on), damage (type in the damage
    due to `ship_id`). `likely` is gmtool's own choice: a heading id, a target ship id, an
    order's engine action (`advance` to give none), the ship the damage is due to."""

    side: str
    kind: DecisionKind
    battle_id: str
    ship_id: str | None
    likely: str | None


def _crippled(ship: BattleShip) -> bool:
    ranks = state_ids()
    worst_acting = max(ranks.index(s) for s in ranks if can_act(s))
    return ranks.index(ship.state) >= worst_acting


def order_window(state: BattleState, side: str) -> Decision | None:
    """A special order worth asking the side about now: ramming or a boarding the rules
    allow, or abandoning or scuttling a crippled ship. Abandon ship and self-destruct are
    offered to every ship with people aboard, so they alone ask only for a crippled one."""
    if state.phase != "special_orders" or state.finished:
        return None
    for info in special_order_offers(state):
        if info.side != side or info.ship_id is None or info.refused:
            continue
        ship = state.ship(info.ship_id)
        if info.action in ("ram", "board") or _crippled(ship):
            likely = "abandon_ship" if ship_to_abandon(state, side) == ship.id else PASS
            return Decision(side, "special_order", state.id, ship.id, likely)
    return None


def _damage_side(state: BattleState) -> str:
    """The side whose step left damage to type in: the acting ship of the last step (an
    attack, a ram, a self-destruct names it first), else the other side of the ship hit."""
    last = state.events[-1] if state.events else None
    for ship_id in last.ships[:1] if last is not None else ():
        try:
            return state.ship(ship_id).side
        except RulesError:
            break
    return other_side(state.ship(state.damage_due[0]).side)


def decision_for(state: BattleState, move: Move | None) -> Decision | None:
    """The GM's decision before `move` (the step `next` would play), or None."""
    if state.finished:
        return None
    if state.damage_due:
        # No table gives dice for it (a ram, a blast, a hit rolled by hand): only the GM can
        # say how much, so it is asked whenever a side the GM plays gave it or takes it.
        ship_id = state.damage_due[0]
        hit_side = state.ship(ship_id).side
        for side in (_damage_side(state), hit_side):
            if side not in state.auto:
                return Decision(side, "damage", state.id, ship_id, ship_id)
    if move is None:
        return None
    if move.action == "declare_heading" and move.side not in state.auto:
        assert move.side is not None
        return Decision(move.side, "heading", state.id, None, move.heading)
    if move.action == "roll_attack" and move.side not in state.auto:
        assert move.side is not None
        return Decision(move.side, "target", state.id, move.ship_id, move.target)
    if move.action == PASS:
        for side in SIDES:
            if side not in state.auto:
                found = order_window(state, side)
                if found is not None:
                    return found
    return None


def pending_decision(state: BattleState) -> Decision | None:
    """The decision a GM-played side must make before the battle's next step, or None."""
    if state.finished:
        return None
    return decision_for(state, next_move(state))
