"""Movement: declaring headings, drifting, and the range update."""

from __future__ import annotations

from msgspec.structs import replace

from gmtool.rules.battle.config import battle_table
from gmtool.rules.battle.disengage import disengage, ends_battle
from gmtool.rules.battle.engine.fight_over import fleet_beaten
from gmtool.rules.battle.state import SIDES, BattleState, check_side, other_side
from gmtool.rules.battle.steps import DISENGAGED, HOLD, Step, StepResult, done, require_phase
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import (
    arcs_for_heading,
    fleet_acceleration,
    narrative_table,
    next_range,
    range_change,
    range_name,
)


def declare_heading(
    state: BattleState, side: str, heading: str, held_arc: str | None = None
) -> tuple[BattleState, StepResult]:
    """A side declares its heading (closing, holding, opening); the side without the edge
    declares first. A holding side names the arc it turns to the enemy."""
    require_phase(state, "movement", "declaring a heading")
    check_side(side)
    if state.edge_winner is None:
        raise RulesError("roll the edge first: the side without it declares first")
    wanted = {"opposing_declaration": state.opposing_side, "edge_declaration": state.edge_winner}
    if state.step not in wanted:
        raise RulesError("both sides have declared: the range is updated now")
    if side != wanted[state.step]:
        first = state.side(wanted[state.step] or side).name
        order = "without the edge, it declares first"
        if state.step == "edge_declaration":
            order = "with the edge, it declares second"
        raise RulesError(f"{first} declares its heading now ({order})")
    if drifting(state, side):
        raise RulesError(f"{drift_words(state, side)}: it declares no heading")
    arcs = arcs_for_heading(heading, held_arc if heading == HOLD else None)
    if held_arc is not None and heading != HOLD:
        raise RulesError(f"only a holding fleet picks its arc, not one heading {heading!r}")
    fleet = state.side(side)
    held = held_arc if heading == HOLD else None
    state = state.with_side(replace(fleet, heading=heading, held_arc=held, declared=True))
    step = Step("declare_heading")
    step.ships += list(fleet.ship_ids)
    bearing = " and ".join(sorted(arcs - set(narrative_table().always_bearing_arcs)))
    words = HEADING_WORDS.get(heading, heading)
    where_to = f"{bearing} arc toward the enemy" if heading == HOLD else f"{bearing} arc bears"
    step.lines.append(f"{fleet.name} declares {words} ({where_to}).")
    return done(state, step)


def side_acceleration(state: BattleState, side: str) -> int:
    ships = [s for s in state.ships_of(side) if s.can_act] or [
        s for s in state.ships_of(side) if s.in_battle
    ]
    if not ships:
        raise RulesError(f"{state.side(side).name} has no ship left to move")
    return fleet_acceleration(s.spec.acceleration for s in ships)


HEADING_WORDS = {"close": "closing", "hold": "holding", "open": "opening"}


def drifting(state: BattleState, side: str) -> bool:
    """A fleet with no ship that can act (every one abandoning, abandoned, destroyed or gone)
    declares no heading: nobody is at a helm, and it drifts (tables/battle.yaml,
    drift_heading)."""
    return fleet_beaten(state, side)


def drift_words(state: BattleState, side: str) -> str:
    """'Raiders drifts: nobody aboard can steer (Raider Jackal abandoned)'."""
    ships = ", ".join(f"{s.name} {s.fate}" for s in state.ships_of(side))
    return f"{state.side(side).name} drifts: nobody aboard can steer ({ships})"


def movement_heading(state: BattleState, side: str) -> str:
    """The heading Table 3-4 reads for a side: its declared one, or the drift heading."""
    if drifting(state, side):
        return battle_table().drift_heading
    heading = state.side(side).heading
    assert heading is not None  # resolve_movement checked the declarations
    return heading


def _movement_words(state: BattleState, side: str) -> str:
    heading = movement_heading(state, side)
    words = HEADING_WORDS.get(heading, heading)
    if drifting(state, side):
        return f"drifting, as {words}"
    return words


def range_change_text(change: int) -> str:
    """Table 3-4's change in words: '1 range category closer', '2 range categories farther'."""
    count = abs(change)
    way = "closer" if change < 0 else "farther"
    return f"{count} range categor{'y' if count == 1 else 'ies'} {way}"


def resolve_movement(state: BattleState) -> tuple[BattleState, StepResult]:
    """Update the range by Table 3-4 from both headings; the faster fleet settles ?? cells."""
    require_phase(state, "movement", "the range update", "position_update")
    if state.moved:
        raise RulesError("the range has already been updated this round")
    edge = state.edge_winner
    assert edge is not None  # the declarations needed it
    opposing = other_side(edge)
    edge_side, opposing_side = state.side(edge), state.side(opposing)
    for fleet in (opposing_side, edge_side):
        if not fleet.declared and not drifting(state, fleet.id):
            raise RulesError("both sides must declare their headings first")
    step = Step("resolve_movement")
    gone = [state.side(s).name for s in SIDES if not any(x.in_battle for x in state.ships_of(s))]
    if gone:
        verb = "has" if len(gone) == 1 else "have"
        step.lines.append(f"{' and '.join(gone)} {verb} no ship left to move: the range stays.")
        return done(replace(state, moved=True), step)
    opposing_heading = movement_heading(state, opposing)
    edge_heading = movement_heading(state, edge)
    opposing_accel = side_acceleration(state, opposing)
    edge_accel = side_acceleration(state, edge)
    change = range_change(opposing_heading, edge_heading, opposing_accel, edge_accel)
    new_range = next_range(state.range, opposing_heading, edge_heading, opposing_accel, edge_accel)
    before, after = range_name(state.range).lower(), range_name(new_range).lower()
    if change == 0:
        moved = f"the range stays {before}"
    elif new_range == state.range:
        moved = f"{range_change_text(change)}, but the range is {before} already"
    else:
        moved = f"{range_change_text(change)}, {before} -> {after}"
    step.lines.append(
        f"{opposing_side.name} {_movement_words(state, opposing)} (acceleration "
        f"{opposing_accel}), {edge_side.name} {_movement_words(state, edge)} (acceleration "
        f"{edge_accel}): {moved}."
    )
    state = replace(state, range=new_range, moved=True)
    headings = {opposing: opposing_heading, edge: edge_heading}
    if ends_battle(new_range, headings):
        state = disengage(state, step, headings)
    elif new_range == DISENGAGED:
        step.lines.append("The fleets are disengaged: a side may withdraw and end the battle.")
    return done(state, step)
