"""The special orders offered now (ramming, boarding, self-destruct, abandon ship) and
characters getting off a ship that is being abandoned.
"""

from __future__ import annotations

from gmtool.rules.battle.actions.info import ActionInfo
from gmtool.rules.battle.boarding import boarding_name, boarding_offer
from gmtool.rules.battle.engine import ram_allowed
from gmtool.rules.battle.orders import abandon_refusal, self_destruct_allowed
from gmtool.rules.battle.state import BattleShip, BattleState, other_side
from gmtool.rules.narrative import boarding_methods


def special_order_offers(state: BattleState) -> list[ActionInfo]:
    found: list[ActionInfo] = []
    for ship in state.ships:
        if ship.order_given is not None:
            continue
        if not ship.in_battle:  # destroyed: her survivors may still bail out
            if abandon_refusal(state, ship) is None:
                found.append(ActionInfo("abandon_ship", f"Abandon {ship.name}", ship.side, ship.id))
            continue
        enemies = [s for s in state.ships_of(other_side(ship.side)) if s.in_battle]
        if ship.can_act:
            rammable = tuple(t.id for t in enemies if ram_allowed(state, ship, t))
            if rammable:
                found.append(
                    ActionInfo("ram", f"{ship.name} rams", ship.side, ship.id, choices=rammable)
                )
            for method in boarding_methods():
                found += _boarding(state, ship, method)
        if self_destruct_allowed(state, ship):
            found.append(
                ActionInfo("self_destruct", f"{ship.name} self-destructs", ship.side, ship.id)
            )
        if abandon_refusal(state, ship) is None:
            found.append(ActionInfo("abandon_ship", f"Abandon {ship.name}", ship.side, ship.id))
    return found


def _boarding(state: BattleState, ship: BattleShip, method: str) -> list[ActionInfo]:
    """The boarding order by one method, greyed with the reason when it cannot be given
    (`boarding_offer` says when it is listed at all)."""
    offer = boarding_offer(state, ship, method)
    if offer is None:
        return []
    label = f"{ship.name} boards by {boarding_name(method)}"
    if not offer.targets:
        why = offer.refusals[0].text()
        short = f"{label} (not now)"
        return [
            ActionInfo(
                "board",
                label,
                ship.side,
                ship.id,
                note=why,
                method=method,
                short=short,
                refused=why,
            )
        ]
    return [
        ActionInfo(
            "board",
            label,
            ship.side,
            ship.id,
            choices=offer.targets,
            note=offer.note(state),
            method=method,
        )
    ]


def leaver_offers(state: BattleState) -> list[ActionInfo]:
    """Characters getting off a ship that is being abandoned (or is lost), any time."""
    found: list[ActionInfo] = []
    if state.finished:
        return found
    for ship in state.ships:
        if not (ship.abandoning or ship.destroyed):
            continue
        for assignment in state.aboard(ship.id):
            character = state.character(assignment.character_id)
            if character.state == "dead":
                continue
            found.append(
                ActionInfo(
                    "leave_ship",
                    f"{character.name} gets clear of {ship.name}",
                    ship.side,
                    ship.id,
                    character.id,
                    note="an escape pod, an airlock or a shuttle: off the ship from now on",
                )
            )
    return found
