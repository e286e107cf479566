"""The battle's log as the players may read it: this round's events, rebuilt from their
typed facts.

An event's text is written for the GM ("Raider Gorgon crew rolls 10 ... takes 7 wound"), so
it is never quoted here. Each entry keeps only what the players' side would see: who fired
at whom and whether it hit, what a hit did to their own ships (in boxes) and to an enemy
(its condition in words), who of the party was hurt, headings and range. What an enemy ship
does in private (its power, sensors, repairs, leaders) is left out; its open deeds (rams,
boarding, self-destruct, abandoning, withdrawing) are shown.
"""

from __future__ import annotations

import functools

import msgspec

from gmtool.rules.battle import BattleState
from gmtool.rules.battle.state import BattleEvent, BattleShip, other_side

# Enemy deeds the players see happen; the rest of an enemy's steps stay behind the screen.
OPEN_ENEMY_ACTIONS = frozenset({"ram", "board", "self_destruct", "abandon_ship", "withdraw"})
# Steps that say nothing of their own (the hits and hurts they carry are still shown).
QUIET_ACTIONS = frozenset({"new_battle", "resolve_movement", "declare_heading", "advance"})


class PublicEntry(msgspec.Struct, frozen=True):
    """One line of the players' log. `kind`: phase, begin, edge, heading, range, attack,
    hit, hurt or order; the other fields as the kind needs them."""

    kind: str
    round: int
    phase: str
    step: str | None = None
    action: str | None = None  # for `order`: the step's action id
    side: str | None = None  # a side's name
    ship: str | None = None  # the acting ship's name (an attack's firer)
    target: str | None = None  # the ship hit or fired at
    hit: bool | None = None  # for `attack`
    heading: str | None = None
    range: str | None = None
    ours: bool = False  # `target` (for hits) is one of the players' ships
    amount: int | None = None  # points, only on the players' own ships and characters
    track: str | None = None
    condition: str | None = None  # an enemy's condition after a hit; a character's state
    character: str | None = None


def public_log(state: BattleState, players_side: str) -> tuple[PublicEntry, ...]:
    """This round's entries (the last round's once the battle is over)."""
    entries: list[PublicEntry] = []
    for event in state.events:
        if event.round == state.round:
            entries.extend(_entries(state, event, players_side))
    return tuple(entries)


def _name(state: BattleState, ship_id: str) -> str:
    return state.ship(ship_id).name


def _entries(state: BattleState, event: BattleEvent, players: str) -> list[PublicEntry]:
    entry = functools.partial(PublicEntry, round=event.round, phase=event.phase, step=event.step)
    found: list[PublicEntry] = []
    ships = [state.ship(s) for s in event.ships if any(x.id == s for x in state.ships)]
    action = event.action
    if action == "advance":
        found.append(entry("phase"))
    elif action == "new_battle":
        found.append(entry("begin"))
    elif action == "roll_edge" and state.edge_winner is not None:
        found.append(entry("edge", side=state.side(state.edge_winner).name))
    elif action == "declare_heading" and state.edge_winner is not None:
        side = state.edge_winner
        if event.step == "opposing_declaration":
            side = other_side(side)
        heading = event.headings.get(side)
        found.append(entry("heading", side=state.side(side).name, heading=heading))
    elif action == "resolve_movement":
        found.append(entry("range", range=event.range))
    elif action == "roll_attack" and len(ships) == 2:
        firer, target = ships
        found.append(
            entry(
                "attack",
                ship=firer.name,
                target=target.name,
                hit=bool(event.hits),
                ours=target.side == players,
            )
        )
    elif action not in QUIET_ACTIONS and ships and _open_deed(ships[0], action, players):
        found.append(entry("order", action=action, ship=ships[0].name))
    for hit in event.hits:
        target_ship = state.ship(hit.ship_id)
        ours = target_ship.side == players
        found.append(
            entry(
                "hit",
                target=target_ship.name,
                ours=ours,
                amount=hit.amount if ours else None,
                track=hit.track if ours else None,
                condition=None if ours else _condition_after(hit.fate, hit.marked),
            )
        )
    for hurt in event.hurts:
        on_ship = any(s.id == hurt.ship_id and s.side == players for s in state.ships)
        if on_ship and any(c.id == hurt.character_id for c in state.characters):
            found.append(
                entry(
                    "hurt",
                    character=state.character(hurt.character_id).name,
                    amount=hurt.amount,
                    track=hurt.track,
                    condition=hurt.state,
                )
            )
    return found


def _open_deed(ship: BattleShip, action: str, players: str) -> bool:
    return ship.side == players or action in OPEN_ENEMY_ACTIONS


def _condition_after(fate: str, marked: dict[str, int]) -> str:
    """An enemy's condition in words after a hit (an operational ship hit is damaged)."""
    if fate == "operational" and any(marked.values()):
        return "damaged"
    return fate
