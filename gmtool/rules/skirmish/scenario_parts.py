"""The pieces a skirmish scenario is made of: sides, weapons, figures and its rule numbers.

Plain frozen records; `scenario.parse_scenario` reads them from a scenario file and checks
them, and `scenario` re-exports them.
"""

from __future__ import annotations

import functools

import msgspec


class Side(msgspec.Struct, frozen=True, dict=True):
    id: str
    name: str
    move: float  # inches per move action


class Weapon(msgspec.Struct, frozen=True, dict=True):
    id: str
    name: str
    range_bands: tuple[float, ...]  # upper edge of each band, inches
    hit_on: tuple[int | None, ...]  # fire number per band; None: no shot
    wounds: int

    @functools.cached_property
    def bands_squared(self) -> tuple[float, ...]:
        """Squared distances below which a range measures (to a tenth, half up) within each
        band's edge, so the hot path compares squared distances (no square root)."""
        return tuple((edge + 0.05) ** 2 for edge in self.range_bands)

    @functools.cached_property
    def reach_squared(self) -> float:
        """The squared distance from which no range reads within the weapon's reach."""
        return (self.max_range + 0.05) ** 2

    @property
    def max_range(self) -> float:
        """The longest range with a shot at all."""
        pairs = zip(self.range_bands, self.hit_on, strict=True)
        usable = [edge for edge, hit in pairs if hit is not None]
        return max(usable, default=0.0)

    def band_label(self, index: int) -> str:
        low = 0.0 if index == 0 else self.range_bands[index - 1]
        return f"{low:g}-{self.range_bands[index]:g} in"


class FigureSpec(msgspec.Struct, frozen=True, dict=True):
    """A figure as the scenario deploys it."""

    id: str
    name: str
    side: str
    action_points: int  # also the wounds it can take
    weapon: str
    hand_to_hand: int
    start: tuple[float, float]


class MovementRule(msgspec.Struct, frozen=True, dict=True):
    wounded: float
    obstacle_cost: float


class FireRule(msgspec.Struct, frozen=True, dict=True):
    die: int
    aimed: int
    target_in_open: int
    shooter_wounded: int
    cover_within: float = 2.0  # an obstacle this near the target gives it cover


class MarginWounds(msgspec.Struct, frozen=True, dict=True):
    margin: int
    wounds: int


class HandToHandRule(msgspec.Struct, frozen=True, dict=True):
    die: int
    wounded: int
    attacker_wounds: tuple[MarginWounds, ...]  # largest margin first
    defender_wounds: tuple[MarginWounds, ...]


class VictoryRule(msgspec.Struct, frozen=True, dict=True):
    turn: int
    side: str
    standing: int
    arrival: str = ""  # what comes when the victory turn begins ("the Defiant"), for words


class SoloRule(msgspec.Struct, frozen=True, dict=True):
    side: str
    die: int
    move_first_up_to: int


class ScenarioOptions(msgspec.Struct, frozen=True, dict=True):
    wound_effects: bool
    first_in_tier: str
    automatic: tuple[str, ...]
