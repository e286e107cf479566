"""Movement: how the declared headings and accelerations change the range, and which arcs
bear on each heading.
"""

from __future__ import annotations

from collections.abc import Iterable

from gmtool.rules.errors import RulesError
from gmtool.rules.narrative.model import CONTESTED
from gmtool.rules.narrative.table import (
    check_acceleration,
    check_heading,
    check_range,
    narrative_table,
)


def shift_range(current: str, change: int) -> str:
    """Move `change` categories (negative: nearer), stopping at either end of the ladder."""
    ids = narrative_table().range_ids
    index = check_range(current) - change
    return ids[max(0, min(len(ids) - 1, index))]


def fleet_acceleration(accelerations: Iterable[int]) -> int:
    """A fleet moves at the pace of its slowest ship."""
    values = list(accelerations)
    if not values:
        raise RulesError("a fleet needs at least one ship to have an acceleration")
    for value in values:
        check_acceleration(value, "a ship's acceleration")
    return min(values)


def range_change(
    opposing_heading: str,
    edge_heading: str,
    opposing_acceleration: int,
    edge_acceleration: int,
) -> int:
    """Table 3-4's change in categories (negative: nearer), settling the contested cells."""
    check_heading(opposing_heading)
    check_heading(edge_heading)
    check_acceleration(opposing_acceleration, "the opposing fleet's acceleration")
    check_acceleration(edge_acceleration, "the edge fleet's acceleration")
    table = narrative_table()
    cell = table.movement[opposing_heading][edge_heading]
    if isinstance(cell, int):
        return cell
    if opposing_acceleration == edge_acceleration:
        return 0
    faster = opposing_heading if opposing_acceleration > edge_acceleration else edge_heading
    if faster == "close":
        return -table.contested_step
    if faster == "open":
        return table.contested_step
    raise RulesError(
        f"a {CONTESTED} movement cell needs one fleet closing and one opening, not "
        f"{opposing_heading!r} against {edge_heading!r}"
    )


def next_range(
    current: str,
    opposing_heading: str,
    edge_heading: str,
    opposing_acceleration: int,
    edge_acceleration: int,
) -> str:
    """The range category after both sides declare their headings (Table 3-4)."""
    check_range(current)
    change = range_change(opposing_heading, edge_heading, opposing_acceleration, edge_acceleration)
    return shift_range(current, change)


def arcs_for_heading(heading: str, held_arc: str | None = None) -> set[str]:
    """Arcs whose weapons bear on the enemy, always-bearing mounts (turret, all) included.

    Closing and opening fix the arc; holding uses `held_arc` (the commander's pick), or the
    table's default when none is named.
    """
    check_heading(heading)
    table = narrative_table()
    if heading in table.heading_arcs:
        if held_arc is not None:
            raise RulesError(f"only a holding fleet picks its arc, not one heading {heading!r}")
        arcs = set(table.heading_arcs[heading])
    else:
        arc = table.hold_default_arc if held_arc is None else held_arc
        if arc not in table.hold_arcs:
            raise RulesError(
                f"a holding fleet turns one of {', '.join(table.hold_arcs)} toward the enemy, "
                f"not {arc!r}"
            )
        arcs = {arc}
    return arcs | set(table.always_bearing_arcs)


def hold_arc_choices() -> tuple[str, ...]:
    return narrative_table().hold_arcs
