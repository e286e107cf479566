"""What the GM can do now: the actions the Battle tab offers at this point of the round.

Each `ActionInfo` names the engine function to call (`action`), a label in the game's words,
and what it applies to (side, ship, character, and the choices to pick from: headings,
targets, tracks). Only actions the rules allow now are listed; `advance` is listed once the
current step's business is done, with a note when the step has nothing to do.


What each phase offers, the special orders, the headings' words and the list put together
each have a module in this package; this one re-exports them, so callers import from
`gmtool.rules.battle.actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.rules.battle.actions.available import available_actions
    from gmtool.rules.battle.actions.headings import (
        VERBS,
        heading_arcs_words,
        heading_note,
        heading_outcomes,
    )
    from gmtool.rules.battle.actions.info import (
        HIT_ACTIONS,
        ActionInfo,
        current_step_label,
        likely_target,
    )


__all__ = [
    "HIT_ACTIONS",
    "VERBS",
    "ActionInfo",
    "available_actions",
    "current_step_label",
    "heading_arcs_words",
    "heading_note",
    "heading_outcomes",
    "likely_target",
]

if not TYPE_CHECKING:  # the names above, each imported on first use (rules/lazy.py)
    __getattr__ = lazy_exports(__name__)
