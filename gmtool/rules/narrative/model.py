"""The shapes tables/narrative.yaml is read into, and the ids its keys must be."""

from __future__ import annotations

from typing import Literal

import msgspec

from gmtool.rules.checks import Degree

FireMode = Literal["normal", "long"]
CONTESTED = "contested"
SUCCESS_DEGREES = (Degree.ORDINARY, Degree.GOOD, Degree.AMAZING)
TASK_EFFECTS = ("step", "power_percent", "repair", "own_score")
EDGE_TIEBREAKERS = ("largest_ship_loses", "fewer_ships_wins")
WEAPON_CLASS_IDS = ("A", "B", "C", "D", "E", "F")


class Named(msgspec.Struct, frozen=True):
    id: str
    name: str


class Phase(msgspec.Struct, frozen=True):
    """A phase of the round and its sub-phases (steps), in order of play."""

    id: str
    name: str
    steps: tuple[Named, ...] = ()


class WeaponSystemRule(msgspec.Struct, frozen=True):
    """How one weapon system type fires: fixed classes or classes by firepower."""

    system_type: str
    classes: tuple[str, ...]
    by_firepower: dict[str, str]
    attack_phase: str


class CharacterTask(msgspec.Struct, frozen=True):
    id: str
    name: str
    skill: str
    stations: tuple[str, ...] | None  # None: any station
    phase: str | None
    effect: str
    by_degree: dict[str, int]
    enemy_step_by_degree: dict[str, int]
    repair_tracks: tuple[str, ...]
    system_online: bool
    rounding: str


class BoardingMethod(msgspec.Struct, frozen=True):
    id: str
    farthest_range: str
    needs_screen_down: bool
    needs_target_helpless: bool
    needs_system: str | None = None  # a system type the boarding ship must have on line
    needs_boarders: bool = True  # troops fit to fight or a boarding party aboard


class NarrativeTable(msgspec.Struct, frozen=True):
    ranges: tuple[Named, ...]  # farthest first
    headings: tuple[Named, ...]
    movement: dict[str, dict[str, int | str]]
    contested_step: int
    heading_arcs: dict[str, tuple[str, ...]]
    hold_arcs: tuple[str, ...]
    hold_default_arc: str
    always_bearing_arcs: tuple[str, ...]
    weapon_classes: dict[str, str]
    weapon_systems: dict[str, WeaponSystemRule]
    attack_ranges: dict[str, dict[str, tuple[str, ...]]]
    long_range_step: int
    sensor_steps: dict[str, int | None]
    edge_tiebreakers: tuple[str, ...]
    phases: tuple[Phase, ...]
    stations: tuple[Named, ...]
    tasks: dict[str, CharacterTask]
    ram_needs_edge: bool
    ram_ranges: tuple[str, ...]
    ram_acceleration_at_least_target: bool
    ram_avoidance_factor: int
    ram_range_after: str
    boarding: dict[str, BoardingMethod]
    self_destruct_hexes: dict[str, int]
    special_orders: tuple[Named, ...]
    starting_range: str  # a new battle's range unless the GM picks another

    @property
    def range_ids(self) -> tuple[str, ...]:
        return tuple(r.id for r in self.ranges)

    @property
    def heading_ids(self) -> tuple[str, ...]:
        return tuple(h.id for h in self.headings)
