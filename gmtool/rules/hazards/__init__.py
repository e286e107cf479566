"""Hazards to characters aboard a ship that takes damage, and abandoning ship.

When a ship marks damage on a track, each character aboard rolls the hazard die against
Table 3-1; an endangered character makes a Personality feat check and takes the Table 3-2
injury for their posture. Bail-out (Table 3-3) is rolled once when the order is given and
then counted round by round. All numbers are in tables/hazards.yaml; every function that
rolls takes the caller's `random.Random` and returns every die it rolled.

The table with Tables 3-1 and 3-2, the hazard roll, and bail-out each have a module in
this package; this one re-exports them, so callers import from `gmtool.rules.hazards`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.rules.hazards.bailout import (
        Bailout,
        BailoutRound,
        BailoutTime,
        bailout_round,
        bailout_rounds,
        roll_bailout_time,
        start_bailout,
        survivors_aboard,
    )
    from gmtool.rules.hazards.roll import HazardOutcome, roll_hazard, roll_hazards
    from gmtool.rules.hazards.table import (
        SAME_ROUND,
        HazardTable,
        default_posture,
        endangered_on,
        hazard_table,
        injury,
        most_severe_track,
    )


__all__ = [
    "SAME_ROUND",
    "Bailout",
    "BailoutRound",
    "BailoutTime",
    "HazardOutcome",
    "HazardTable",
    "bailout_round",
    "bailout_rounds",
    "default_posture",
    "endangered_on",
    "hazard_table",
    "injury",
    "most_severe_track",
    "roll_bailout_time",
    "roll_hazard",
    "roll_hazards",
    "start_bailout",
    "survivors_aboard",
]

if not TYPE_CHECKING:  # the names above, each imported on first use (rules/lazy.py)
    __getattr__ = lazy_exports(__name__)
