"""The Battle tab's top lines: the battle, its round, phase and step, the range and each
side's heading."""

from __future__ import annotations

from rich.text import Text

from gmtool.rules.battle import BattleState, drifting
from gmtool.rules.narrative import phase, range_name

HEADING_WORDS = {"close": "closing", "hold": "holding", "open": "opening"}


def step_words(state: BattleState) -> str:
    """The step and who acts in it: 'heading: Raiders first (no edge)'."""
    if state.phase == "edge":
        if state.edge_winner is None:
            return "roll the edge"
        return f"{state.side(state.edge_winner).name} has the edge"
    if state.step == "opposing_declaration" and state.opposing_side:
        return f"heading: {state.side(state.opposing_side).name} first (no edge)"
    if state.step == "edge_declaration" and state.edge_winner:
        return f"heading: {state.side(state.edge_winner).name} second (edge)"
    step = next((s for s in phase(state.phase).steps if s.id == state.step), None)
    return step.name if step is not None else ""


def header_text(state: BattleState | None) -> Text:
    """The battle's name, round, phase and step, then the range and both sides' headings."""
    if state is None:
        # How to start one is the status line's to say, once.
        return Text.assemble(
            ("No battle open", "bold"), "\nits round, range and headings show here"
        )
    line = Text.assemble((state.name, "bold"), " · ")
    if state.finished:
        line.append(f"over after round {state.round} · s shows the summary, ctrl+z reopens it")
    else:
        line.append(f"Round {state.round}", "bold")
        line.append(" · ")
        line.append(phase(state.phase).name, "bold cyan")
        words = step_words(state)
        if words:
            line.append(f" · {words}")
    sides = []
    for side in state.sides:
        heading = heading_words(state, side.id)
        edge = ", edge" if state.edge_winner == side.id else ""
        played = " (gmtool)" if side.id in state.auto and not state.finished else ""
        sides.append(f"{side.id.upper()} {side.name}{played}: {heading}{edge}")
    line.append(f"\nRange {range_name(state.range).lower()} · " + " · ".join(sides))
    return line


def heading_words(state: BattleState, side_id: str) -> str:
    """The heading declared this round ('holding, port arc'), 'drifting' for a fleet with no
    ship that can act, else 'no heading yet' (last round's is not this round's)."""
    side = state.side(side_id)
    if not any(s.in_battle for s in state.ships_of(side_id)):
        return "no ship left"
    if drifting(state, side_id):
        return "drifting"
    if not side.declared or side.heading is None:
        return "no heading declared" if state.finished else "no heading yet"
    words = HEADING_WORDS.get(side.heading, side.heading)
    if side.heading == "hold" and side.held_arc:
        words += f", {side.held_arc} arc"
    return words
