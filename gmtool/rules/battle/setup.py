"""Setting up a battle: two fleets, a starting range, and the characters at their stations.

Characters are copied into the battle with their damage as it stands, so the battle can be
played, saved and resumed on its own; the app writes their damage back when it ends.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from gmtool.rules.battle.plans import candidates
from gmtool.rules.battle.state import (
    DEFAULT_AUTO,
    SIDES,
    BattleEvent,
    BattleShip,
    BattleSide,
    BattleState,
    checked_auto,
)
from gmtool.rules.characters import Character
from gmtool.rules.crew import crew_manifest
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import range_ids, range_name, round_sequence
from gmtool.rules.ship_condition import ShipCondition, check_can_join
from gmtool.rules.ships import ShipSpec, ship_spec_from_dict
from gmtool.rules.stations import Assignment

_BATTLE_ID = re.compile(r"[^a-z0-9]+")


class FleetSetup(msgspec.Struct, frozen=True):
    """One side at set-up: a name, its ships as (ship id, spec), optionally the id of the
    character the GM puts in command, and its flagship's ship id (None: the first ship).
    Without a commander, whoever is at the flagship's command station when the edge is
    rolled rolls it (stations are read live, each step), else the flagship's crew.
    `conditions` are the campaign ships' conditions by ship id: a ship starts with their
    marks and their crew aboard; a ship without one starts undamaged and fully crewed."""

    name: str
    ships: tuple[tuple[str, ShipSpec], ...]
    commander: str | None = None
    conditions: tuple[tuple[str, ShipCondition], ...] = ()
    flagship: str | None = None


def quick_ship_spec(
    name: str,
    ship_class: str,
    hull_points: int,
    *,
    acceleration: int | None = None,
    crew_quality: str | int | None = None,
    durability: Mapping[str, int] | None = None,
    weapons: Sequence[Mapping[str, Any]] = (),
) -> ShipSpec:
    """An enemy ship from the short form: class, hull, acceleration, crew, durability, weapons.

    Each weapon is a spec system mapping ({type, name, count, firepower, arc, damage}); left-out
    keys take the spec format's defaults. Validated like any spec (RulesError on bad input).
    """
    data: dict[str, Any] = {"name": name, "class": ship_class, "hull_points": hull_points}
    if acceleration is not None:
        data["acceleration"] = acceleration
    if crew_quality is not None:
        data["crew_quality"] = crew_quality
    if durability is not None:
        data["durability"] = dict(durability)
    if weapons:
        data["systems"] = [dict(w) for w in weapons]
    return ship_spec_from_dict(data, file=f"quick ship {name}")


def battle_id_for(name: str) -> str:
    slug = _BATTLE_ID.sub("-", name.lower()).strip("-")
    return slug or "battle"


def _new_ship(
    ship_id: str, side: str, spec: ShipSpec, condition: ShipCondition | None
) -> BattleShip:
    """A ship as it joins: its condition's marks and crew aboard (the battle's crew losses
    are counted on the boxes this battle marks, from the crew it starts with)."""
    points = spec.durability.to_dict()
    condition = condition or ShipCondition()
    check_can_join(spec.name, condition, points)
    damage = condition.damage(points)
    return BattleShip(
        id=ship_id,
        side=side,
        spec=spec,
        damage=damage,
        crew_total=condition.crew_aboard(crew_manifest(spec).total_crew),
        hit_boxes=dict.fromkeys(damage.points, 0),
        state_at_step_start=damage.state,
        start_marks={t: n for t, n in damage.marked.items() if n},
    )


def _commander(
    fleet: FleetSetup, ship_ids: tuple[str, ...], assignments: tuple[Assignment, ...]
) -> str | None:
    """The commander the GM chose, who must be aboard one of the fleet's ships (None: the
    edge goes to the flagship's command station, read when it is rolled)."""
    if fleet.commander is not None:
        found = next((a for a in assignments if a.character_id == fleet.commander), None)
        if found is None or found.ship_id not in ship_ids:
            raise RulesError(
                f"the commander of {fleet.name}, {fleet.commander}, must be assigned to one of "
                f"its ships ({', '.join(ship_ids)})"
            )
    return fleet.commander


def _flagship(fleet: FleetSetup, ship_ids: tuple[str, ...]) -> str:
    """The fleet's flagship: the one named, else its first ship."""
    if fleet.flagship is None:
        return ship_ids[0]
    if fleet.flagship not in ship_ids:
        names = ", ".join(spec.name for _, spec in fleet.ships)
        raise RulesError(
            f"the flagship of {fleet.name}, {fleet.flagship!r}, is not one of its ships ({names})"
        )
    return fleet.flagship


def _default_gunners(state: BattleState) -> BattleState:
    """Each character who can fire a weapon mans one mount, in the spec's order."""
    for ship in state.ships:
        gunners: dict[str, str] = {}
        free = [m.key for m in ship.weapons()]
        for character_id in candidates(state, ship, "weapons_console"):
            if not free:
                break
            gunners[free.pop(0)] = character_id
        state = state.with_ship(replace(ship, gunners=gunners))
    return state


def new_battle(
    name: str,
    side_a: FleetSetup,
    side_b: FleetSetup,
    starting_range: str,
    assignments: Iterable[Assignment],
    characters: Iterable[Character] | Mapping[str, Character],
    *,
    battle_id: str | None = None,
    auto: Sequence[str] = DEFAULT_AUTO,
) -> BattleState:
    """A new battle at the start of round 1, its first phase.

    Only the characters assigned to the battle's ships come along (copied with their current
    damage); every one of them must be among `characters`. `auto`: the sides gmtool plays
    (default side b, the enemy).
    """
    played = checked_auto(tuple(auto))
    if not name.strip():
        raise RulesError("a battle needs a name")
    if starting_range not in range_ids():
        raise RulesError(
            f"unknown range category {starting_range!r}: expected one of {', '.join(range_ids())}"
        )
    fleets = (side_a, side_b)
    seen: set[str] = set()
    ships: list[BattleShip] = []
    for side_id, fleet in zip(SIDES, fleets, strict=True):
        if not fleet.name.strip():
            raise RulesError(f"side {side_id.upper()} needs a name")
        if not fleet.ships:
            raise RulesError(f"{fleet.name} needs at least one ship")
        conditions = dict(fleet.conditions)
        for ship_id, spec in fleet.ships:
            if ship_id in seen:
                raise RulesError(f"ship id {ship_id!r} is in the battle twice")
            seen.add(ship_id)
            ships.append(_new_ship(ship_id, side_id, spec, conditions.get(ship_id)))
    by_id = dict(characters) if isinstance(characters, Mapping) else {c.id: c for c in characters}
    taken = tuple(a for a in assignments if a.ship_id in seen)
    for assignment in taken:
        if assignment.character_id not in by_id:
            raise RulesError(f"assignment names unknown character {assignment.character_id!r}")
    aboard = tuple(by_id[a.character_id] for a in taken)
    sides: list[BattleSide] = []
    for side_id, fleet in zip(SIDES, fleets, strict=True):
        ship_ids = tuple(ship_id for ship_id, _ in fleet.ships)
        commander = _commander(fleet, ship_ids, taken)
        flagship = _flagship(fleet, ship_ids)
        sides.append(BattleSide(side_id, fleet.name, ship_ids, commander, flagship=flagship))
    phase, step = round_sequence()[0]
    text = (
        f"{name}: {side_a.name} ({', '.join(s.name for _, s in side_a.ships)}) against "
        f"{side_b.name} ({', '.join(s.name for _, s in side_b.ships)}) at "
        f"{range_name(starting_range).lower()} range."
    )
    state = BattleState(
        id=battle_id or battle_id_for(name),
        name=name,
        round=1,
        phase=phase,
        step=step,
        range=starting_range,
        sides=(sides[0], sides[1]),
        ships=tuple(ships),
        characters=aboard,
        assignments=taken,
        start_damage={c.id: dict(c.damage) for c in aboard},
        events=(BattleEvent(1, phase, step, "new_battle", text, ships=tuple(s.id for s in ships)),),
        auto=played,
    )
    return _default_gunners(state)
