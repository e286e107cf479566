"""The sequence of play: the phases of a narrative round and their steps, in order."""

from __future__ import annotations

from gmtool.rules.errors import RulesError
from gmtool.rules.narrative.model import Phase
from gmtool.rules.narrative.table import narrative_table


def phases() -> tuple[Phase, ...]:
    return narrative_table().phases


PHASES: tuple[Phase, ...] = phases()
"""The phases of a narrative round, in order of play."""


def phase_ids() -> tuple[str, ...]:
    return tuple(p.id for p in phases())


def phase(phase_id: str) -> Phase:
    for candidate in phases():
        if candidate.id == phase_id:
            return candidate
    raise RulesError(f"unknown phase {phase_id!r}: expected one of {', '.join(phase_ids())}")


def next_phase(phase_id: str) -> str:
    """The phase after this one; after the last, the first phase of the next round."""
    ids = phase_ids()
    phase(phase_id)
    return ids[(ids.index(phase_id) + 1) % len(ids)]


def round_sequence() -> tuple[tuple[str, str | None], ...]:
    """Every (phase, step) of a round in order; a phase without steps appears as (phase, None)."""
    result: list[tuple[str, str | None]] = []
    for item in phases():
        if item.steps:
            result += [(item.id, step.id) for step in item.steps]
        else:
            result.append((item.id, None))
    return tuple(result)


def next_step(phase_id: str, step_id: str | None = None) -> tuple[str, str | None]:
    """The (phase, step) after this one, wrapping to the start of the next round.

    A phase with steps named without a step counts as being at its first step.
    """
    sequence = round_sequence()
    current = phase(phase_id)
    if step_id is None and current.steps:
        step_id = current.steps[0].id
    position = (phase_id, step_id)
    if position not in sequence:
        raise RulesError(f"phase {phase_id!r} has no step {step_id!r}")
    return sequence[(sequence.index(position) + 1) % len(sequence)]
