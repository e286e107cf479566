"""Battle stations, as one name to import from: the table, the assignments and the board.

The concepts live in their own modules: `station_table` (tables/stations.yaml: stations,
places, postures, rolls, effects), `assignments` (who is where, and the moves that change
it) and `station_board` (what each station rolls this round, who leads). This module only
re-exports them, so callers keep importing from `gmtool.rules.stations`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.rules.assignments import (
        ASSIGNMENT_KEYS,
        TASKS,
        Assignment,
        aboard,
        assign,
        assignment_of,
        move,
        read_assignments,
        set_posture,
        unassign,
    )
    from gmtool.rules.station_board import (
        Occupant,
        StationBoard,
        StationLine,
        StationRoll,
        Task,
        station_board,
    )
    from gmtool.rules.station_table import (
        NO_STATION,
        Effect,
        Place,
        RollDef,
        Station,
        StationTable,
        leadership_bonus,
        station_ids,
        station_table,
    )


__all__ = [
    "ASSIGNMENT_KEYS",
    "NO_STATION",
    "TASKS",
    "Assignment",
    "Effect",
    "Occupant",
    "Place",
    "RollDef",
    "Station",
    "StationBoard",
    "StationLine",
    "StationRoll",
    "StationTable",
    "Task",
    "aboard",
    "assign",
    "assignment_of",
    "leadership_bonus",
    "move",
    "read_assignments",
    "set_posture",
    "station_board",
    "station_ids",
    "station_table",
    "unassign",
]

if not TYPE_CHECKING:  # the names above, each imported on first use (rules/lazy.py)
    __getattr__ = lazy_exports(__name__)
