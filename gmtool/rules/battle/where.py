"""Where in the round a battle stands, in words: 'the Movement phase (Range update)'.

Its own module so that showing a battle (`gmtool battle show`) does not load the steps'
machinery (hazards, armor, dice) that steps.py, which re-exports it, needs.
"""

from __future__ import annotations

from gmtool.rules.battle.state import BattleState
from gmtool.rules.narrative.sequence import phase


def where(state: BattleState) -> str:
    current = phase(state.phase)
    if state.step is None:
        return f"the {current.name} phase"
    step = next(s.name for s in current.steps if s.id == state.step)
    return f"the {current.name} phase ({step})"
