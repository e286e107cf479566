"""Headings in words: who declares now, and what each heading would do to the range and the
arcs that bear.
"""

from __future__ import annotations

from gmtool.rules.battle.engine import (
    HEADING_WORDS,
    HOLD,
    drifting,
    movement_heading,
    side_acceleration,
)
from gmtool.rules.battle.state import SIDES, BattleState, other_side
from gmtool.rules.narrative import (
    arcs_for_heading,
    heading_ids,
    hold_arc_choices,
    narrative_table,
    next_range,
    range_name,
)


def declaring_side(state: BattleState) -> str | None:
    """The side whose heading the current movement step is for (None: not a declaration)."""
    if state.phase != "movement":
        return None
    if state.step == "opposing_declaration":
        return state.opposing_side
    if state.step == "edge_declaration":
        return state.edge_winner
    return None


VERBS = {"close": "closes", "hold": "holds", "open": "opens"}


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _range_words(state: BattleState, after: str) -> str:
    name = range_name(after).lower()
    return f"stays {name}" if after == state.range else name


def heading_outcomes(state: BattleState, side: str) -> dict[str, str]:
    """What each heading this side may declare does to the range (Table 3-4), in words:
    'very close' or 'stays close' when the other side's heading is known (declared, or
    drifting), else by the other side's heading: 'very close if Navy closes or holds,
    stays close if it opens'."""
    other = other_side(side)
    edge = state.edge_winner
    assert edge is not None  # headings are declared once the edge is rolled
    if not all(any(s.in_battle for s in state.ships_of(x)) for x in SIDES):
        # a fleet with no ship left to move: the range stays (resolve_movement)
        return dict.fromkeys(heading_ids(), _range_words(state, state.range))
    pace = {s: side_acceleration(state, s) for s in SIDES}
    other_fleet = state.side(other)
    known: str | None = None
    if drifting(state, other):
        known = movement_heading(state, other)
    elif other_fleet.declared and other_fleet.heading is not None:
        known = other_fleet.heading
    outcomes: dict[str, str] = {}
    for own in heading_ids():
        results: dict[str, list[str]] = {}
        for theirs in [known] if known is not None else list(heading_ids()):
            headings = {side: own, other: theirs}
            after = next_range(
                state.range,
                headings[other_side(edge)],
                headings[edge],
                pace[other_side(edge)],
                pace[edge],
            )
            results.setdefault(_range_words(state, after), []).append(VERBS[theirs])
        if known is not None:
            outcomes[own] = next(iter(results))
        elif len(results) == 1:
            outcomes[own] = f"{next(iter(results))} whatever {other_fleet.name} does"
        else:
            outcomes[own] = ", ".join(
                f"{words} if {other_fleet.name if i == 0 else 'it'} {_or_list(verbs)}"
                for i, (words, verbs) in enumerate(results.items())
            )
    return outcomes


def heading_arcs_words(heading: str) -> str:
    """The arc a heading brings to bear: 'forward arc', or for holding the commander's pick
    ('neither closes nor opens; you pick the arc (forward, aft, port or starboard)')."""
    if heading == HOLD:
        return f"neither closes nor opens; you pick the arc ({_or_list(list(hold_arc_choices()))})"
    arcs = sorted(arcs_for_heading(heading) - set(narrative_table().always_bearing_arcs))
    return f"{_or_list(arcs)} arc"


def heading_note(state: BattleState, side: str) -> str:
    """The panel's note for a heading declaration: for each heading the arc it brings to
    bear and the range it leads to (RULES.md section 3: closing fires the forward arc,
    opening the aft, holding the commander's pick; Table 3-4 moves the range by both
    headings; a holding fleet keeps its own distance, so the range moves only by the other
    side's heading)."""
    other = state.side(other_side(side))
    if drifting(state, other.id):
        heading = HEADING_WORDS[movement_heading(state, other.id)]
        known = f"{other.name} drifts (nobody aboard can steer) and counts as {heading}"
    elif other.declared and other.heading is not None:
        known = f"{other.name} is {HEADING_WORDS.get(other.heading, other.heading)}"
    else:
        known = f"{other.name} declares after"
    lines = [f"From {range_name(state.range).lower()} range; {known}:"]
    for own, outcome in heading_outcomes(state, side).items():
        words = HEADING_WORDS.get(own, own)
        lines.append(f"{words}: {heading_arcs_words(own)}; {outcome}")
    return "\n".join(lines)
