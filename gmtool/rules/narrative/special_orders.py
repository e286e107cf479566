"""The conditions of the special orders: ramming, boarding, self-destruct."""

from __future__ import annotations

from gmtool.rules.errors import RulesError
from gmtool.rules.narrative.table import check_acceleration, check_range, is_nearer, narrative_table


def can_ram(has_edge: bool, range_category: str, own_accel: int, target_accel: int) -> bool:
    """Whether ramming may be ordered: edge, the right range, and enough acceleration."""
    table = narrative_table()
    check_range(range_category)
    check_acceleration(own_accel, "the rammer's acceleration")
    check_acceleration(target_accel, "the target's acceleration")
    if table.ram_needs_edge and not has_edge:
        return False
    if range_category not in table.ram_ranges:
        return False
    return not (table.ram_acceleration_at_least_target and own_accel < target_accel)


def ram_avoidance_step(target_size_step: int) -> int:
    """Step the target's size adds to its check to avoid being rammed."""
    return narrative_table().ram_avoidance_factor * target_size_step


def range_after_ram() -> str:
    return narrative_table().ram_range_after


def boarding_methods() -> tuple[str, ...]:
    return tuple(narrative_table().boarding)


def can_board(
    method: str, range_category: str, target_screen_up: bool, target_can_maneuver: bool
) -> bool:
    """Whether a boarding approach by `method` (transporter, conventional) is possible."""
    methods = narrative_table().boarding
    if method not in methods:
        raise RulesError(f"unknown boarding method {method!r}: expected {', '.join(methods)}")
    rule = methods[method]
    if is_nearer(rule.farthest_range, range_category):
        return False
    if rule.needs_screen_down and target_screen_up:
        return False
    return not (rule.needs_target_helpless and target_can_maneuver)


def self_destruct_reach(range_category: str) -> int | None:
    """Hexes away a ship at this range counts as for the blast, or None when out of reach."""
    check_range(range_category)
    return narrative_table().self_destruct_hexes.get(range_category)


def special_order_ids() -> tuple[str, ...]:
    return tuple(o.id for o in narrative_table().special_orders)
