"""Stations stay live: a battle follows the campaign's station assignments step by step.

The campaign's party says who is where. Before every step the battle takes the assignments
that name its ships (`follow_stations`): a character moved on the Stations tab, or from the
Battle tab, rolls from the new place at the next roll. Characters who come aboard are copied
in with their damage as it stands; those who leave keep their copy (the summary and the
report still name them) but no longer have a station. Each saved state holds the assignments
its step used, so undo, the summary and the report read whom each step used.

What moved is a `StationMove` (typed); its words come from it, never the other way round.
Two characters trading places aboard one ship is one take-over ("Tessa Ruiz takes over the
Bridge of CSS Wren from Ines Calloway, who goes to Engineering").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import msgspec
from msgspec.structs import replace

from gmtool.rules.battle.plans import candidates
from gmtool.rules.battle.state import BattleState
from gmtool.rules.battle.steps import Step, StepResult, done, require_open
from gmtool.rules.characters import Character
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import Assignment, station_table

STATIONS_ACTION = "stations"  # the event of a step that only moved people


class StationMove(msgspec.Struct, frozen=True):
    """One character's place changed: `before` and `after` are their assignments on the
    battle's ships (None: on none of them); `relieves` is the character whose post they
    took, who went to their old one."""

    character_id: str
    before: Assignment | None
    after: Assignment | None
    relieves: str | None = None


def battle_assignments(
    state: BattleState, assignments: Iterable[Assignment]
) -> tuple[Assignment, ...]:
    """The campaign's assignments that name the battle's ships, in the party's order (not a
    ship that left the battle: a deleted ship brought back by undo stays out of it)."""
    ships = {s.id for s in state.ships if not s.left}
    return tuple(a for a in assignments if a.ship_id in ships)


def station_moves(
    state: BattleState, assignments: Iterable[Assignment], first: str | None = None
) -> tuple[StationMove, ...]:
    """What differs between the battle's assignments and these (the party's), character by
    character (`first` leads: the one who took over, in a swap); a swap of two posts aboard
    one ship is one move with `relieves`."""
    old = {a.character_id: a for a in state.assignments}
    new = {a.character_id: a for a in battle_assignments(state, assignments)}
    order = [*old, *(c for c in new if c not in old)]
    if first in order:
        order = [first, *(c for c in order if c != first)]
    changed = [c for c in order if old.get(c) != new.get(c)]
    moves: list[StationMove] = []
    taken: set[str] = set()
    for who in changed:
        if who in taken:
            continue
        before, after = old.get(who), new.get(who)
        partner = _swapped_with(who, before, after, old, new, changed, taken)
        if partner is not None:
            taken.add(partner)
        moves.append(StationMove(who, before, after, partner))
    return tuple(moves)


def _place(assignment: Assignment | None) -> tuple[str, str] | None:
    return None if assignment is None else (assignment.ship_id, assignment.place)


def _swapped_with(
    who: str,
    before: Assignment | None,
    after: Assignment | None,
    old: Mapping[str, Assignment],
    new: Mapping[str, Assignment],
    changed: list[str],
    taken: set[str],
) -> str | None:
    """The character who had `who`'s new post and now has their old one, aboard one ship."""
    if before is None or after is None or before.ship_id != after.ship_id:
        return None
    if _place(before) == _place(after):
        return None
    for other in changed:
        if other == who or other in taken:
            continue
        if _place(old.get(other)) == _place(after) and _place(new.get(other)) == _place(before):
            return other
    return None


def follow_stations(
    state: BattleState,
    assignments: Iterable[Assignment],
    characters: Iterable[Character] | Mapping[str, Character],
    first: str | None = None,
) -> tuple[BattleState, tuple[StationMove, ...]]:
    """The battle with the party's assignments for its ships (and nothing else changed
    when they match). Newcomers are copied in from `characters`; a gunner no longer aboard
    their ship gives the mount back to the crew, and one who came to a ship takes a free
    mount if they can fire it."""
    moves = station_moves(state, assignments, first)
    taking = battle_assignments(state, assignments)
    if not moves:
        return (state if taking == state.assignments else replace(state, assignments=taking)), ()
    by_id = dict(characters) if isinstance(characters, Mapping) else {c.id: c for c in characters}
    known = {c.id for c in state.characters}
    added: list[Character] = []
    for move in moves:
        if move.after is not None and move.character_id not in known:
            if move.character_id not in by_id:
                raise RulesError(f"an assignment names unknown character {move.character_id!r}")
            added.append(by_id[move.character_id])
    start = dict(state.start_damage)
    for character in added:
        start.setdefault(character.id, dict(character.damage))
    state = replace(
        state,
        assignments=taking,
        characters=(*state.characters, *added),
        start_damage=start,
    )
    return _gunners_follow(state, moves), moves


def _gunners_follow(state: BattleState, moves: tuple[StationMove, ...]) -> BattleState:
    arrived = {
        m.character_id
        for m in moves
        if m.after is not None and m.after.aboard and _place(m.before) != _place(m.after)
    }
    for ship in state.ships:
        aboard = {a.character_id for a in state.aboard(ship.id)}
        gunners = {k: v for k, v in ship.gunners.items() if v in aboard}
        manning = set(gunners.values())
        free = [m.key for m in ship.weapons() if m.key not in gunners]
        for character_id in candidates(state, ship, "weapons_console"):
            if not free:
                break
            if character_id in arrived and character_id not in manning:
                gunners[free.pop(0)] = character_id
        if gunners != ship.gunners:
            state = state.with_ship(replace(ship, gunners=gunners))
    return state


# -- words ----------------------------------------------------------------------------------


def place_words(place: str) -> str:
    """A place to go to or come from: 'the Bridge', 'sickbay', 'the brig', 'away from the
    ship' (the off-station names less their 'In ')."""
    table = station_table()
    if place in table.stations:
        return f"the {table.stations[place].name}"
    name = table.off_station[place].name.removeprefix("In ")
    return name[0].lower() + name[1:]


def _at(state: BattleState, assignment: Assignment) -> str:
    ship = state.ship(assignment.ship_id).name
    if assignment.station_id is None:
        return f"{place_words(assignment.place)} ({ship})"
    return f"{place_words(assignment.place)} of {ship}"


def move_text(state: BattleState, move: StationMove) -> str:
    """One move in words, names as the GM knows them."""
    name = state.character(move.character_id).name
    before, after = move.before, move.after
    if move.relieves is not None and before is not None and after is not None:
        other = state.character(move.relieves).name
        return (
            f"{name} takes over {_at(state, after)} from {other}, who goes to "
            f"{place_words(before.place)}."
        )
    if after is None:
        assert before is not None
        return f"{name} is no longer aboard {state.ship(before.ship_id).name}."
    ship = state.ship(after.ship_id).name
    if not after.aboard:
        return f"{name} gets clear of {ship}."
    if before is None or not before.aboard:
        return f"{name} comes aboard {ship}: {_at(state, after)}."
    if _place(before) == _place(after):
        task = {"auto": "as the board chooses", "hands_on": "hands-on", "leading": "leading"}
        return (
            f"{name} stays at {_at(state, after)}, {after.posture}, "
            f"{task.get(after.task, after.task)}."
        )
    if before.ship_id != after.ship_id:
        return f"{name} moves from {_at(state, before)} to {_at(state, after)}."
    return f"{name} moves from {place_words(before.place)} to {_at(state, after)}."


def station_change(
    state: BattleState,
    assignments: tuple[Assignment, ...],
    characters: tuple[Character, ...],
    *,
    since_last_step: bool = False,
    first: str | None = None,
) -> tuple[BattleState, StepResult]:
    """A step that only moves people: the battle follows these assignments and logs each
    move (`first`'s first: the character given the order). `since_last_step`: the moves
    were made outside the battle (the Stations tab) and are logged ahead of the step that
    found them."""
    require_open(state)
    state, moves = follow_stations(state, assignments, characters, first)
    if not moves:
        raise RulesError("nobody's station changed")
    step = Step(STATIONS_ACTION)
    if since_last_step:
        step.lines.append("Stations changed since the last step:")
    for move in moves:
        step.who(move.character_id)
        step.who(move.relieves)
        for assignment in (move.before, move.after):
            if assignment is not None:
                step.ship(assignment.ship_id)
        step.lines.append(move_text(state, move))
    return done(state, step)


__all__ = [
    "STATIONS_ACTION",
    "StationMove",
    "battle_assignments",
    "follow_stations",
    "move_text",
    "place_words",
    "station_change",
    "station_moves",
]
