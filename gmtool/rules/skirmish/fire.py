"""Fire as the referee sees it: the range measured to a tenth of an inch, its band, every
modifier, the number the die must show, and the chance of a hit.

Ranges are measured as a GM reads a tape: to one decimal, a half rounding up. A range of
6.04 in reads 6.0 and is in the 0-6 band; 6.05 reads 6.1 and is not. The hot path compares
squared distances against each band's edge plus half a tenth, squared, which is the same
test without a square root.
"""

from __future__ import annotations

import math
from fractions import Fraction

import msgspec

from gmtool.rules.skirmish.geometry import BLOCKED, OPEN
from gmtool.rules.skirmish.scenario import Weapon
from gmtool.rules.skirmish.state import Figure, GameState

# Fire modifier kinds: the keys of the scenario's fire_modifiers.
AIMED = "aimed"
TARGET_IN_OPEN = "target_in_open"
SHOOTER_WOUNDED = "shooter_wounded"
MODIFIER_WORDS = {
    AIMED: "aimed",
    TARGET_IN_OPEN: "target in the open",
    SHOOTER_WOUNDED: "shooter wounded",
}


def measured(inches: float) -> float:
    """A distance as the rules measure it: to one decimal of an inch, a half rounding up."""
    return math.floor(inches * 10 + 0.5) / 10


class Shot(msgspec.Struct, frozen=True):
    """A shot one figure could take now, with everything that sets its number."""

    shooter: str
    target: str
    weapon: str
    range_inches: float  # as measured: one decimal
    band: int
    band_label: str
    hit_on: int  # the weapon's number for the band
    modifiers: tuple[tuple[str, int], ...]  # (modifier kind, added to the roll)
    needed: int  # the fire die must show this or less
    die: int  # the fire die's sides
    wounds: int  # wounds a hit causes
    cover: str | None  # name of the obstacle giving the target cover, if any

    @property
    def odds(self) -> Fraction:
        """The exact chance of a hit: faces at most `needed` out of the die's."""
        return Fraction(min(max(self.needed, 0), self.die), self.die)

    @property
    def chance(self) -> float:
        return float(self.odds)


# What the table says about a shot from one place at another with one weapon: (weapon,
# squared range, band, the band's number, target in the open), or None for no shot.
_Sight = tuple[Weapon, float, int, int, bool] | None

# What the board's memory of sights gives for a shot it has not judged yet (None there
# means a shot judged impossible).
UNSEEN = object()


def sight(state: GameState, shooter: Figure, target: Figure) -> _Sight:
    """Range, band and line of fire: terrain and places only, so kept on the board."""
    scenario = state.scenario
    board = scenario.board
    key = (shooter.x, shooter.y, target.x, target.y, shooter.weapon)
    known = board.sights.get(key, UNSEEN)
    if known is not UNSEEN:
        seen: _Sight = known
        return seen
    weapon = scenario.weapon(shooter.weapon)
    dx = target.x - shooter.x
    dy = target.y - shooter.y
    range2 = dx * dx + dy * dy
    result: _Sight = None
    for band, edge2 in enumerate(weapon.bands_squared):
        if range2 < edge2:
            hit_on = weapon.hit_on[band]
            if hit_on is not None:
                line = board.line_of_fire(shooter.x, shooter.y, target.x, target.y)
                if line != BLOCKED:
                    result = (weapon, range2, band, hit_on, line == OPEN)
            break
    board.remember_sight(key, result)
    return result


def shot_terms(
    state: GameState, shooter: Figure, target: Figure
) -> tuple[Weapon, float, int, int, int] | None:
    """(weapon, squared range, band, band number, sum of modifiers) or None: no shot.

    The hot path of the simulation: the table's part comes from the board's memory, the
    rest is three comparisons.
    """
    seen = sight(state, shooter, target)
    if seen is None:
        return None
    weapon, range2, band, hit_on, in_open = seen
    fire = state.scenario.fire
    mods = 0
    if shooter.aimed:
        mods += fire.aimed
    if in_open:
        mods += fire.target_in_open
    if shooter.wounds and state.options.wound_effects:
        mods += fire.shooter_wounded
    return weapon, range2, band, hit_on, mods


def fire_needed(state: GameState, shooter: Figure, target: Figure) -> int | None:
    """The most the fire die may show for a hit now, or None when there is no shot."""
    terms = shot_terms(state, shooter, target)
    if terms is None:
        return None
    return terms[3] - terms[4]


def shot_at(state: GameState, shooter: Figure, target: Figure) -> Shot | None:
    """The full picture of one shot (for display), or None when there is no shot."""
    if target.fallen or target.side == shooter.side or shooter.fallen:
        return None
    terms = shot_terms(state, shooter, target)
    if terms is None:
        return None
    weapon, range2, band, hit_on, total = terms
    scenario = state.scenario
    fire = scenario.fire
    mods: list[tuple[str, int]] = []
    if shooter.aimed:
        mods.append((AIMED, fire.aimed))
    cover = scenario.board.cover_between(shooter.x, shooter.y, target.x, target.y)
    if cover is None:
        mods.append((TARGET_IN_OPEN, fire.target_in_open))
    if shooter.wounds and state.options.wound_effects:
        mods.append((SHOOTER_WOUNDED, fire.shooter_wounded))
    return Shot(
        shooter=shooter.id,
        target=target.id,
        weapon=weapon.id,
        range_inches=measured(math.sqrt(range2)),
        band=band,
        band_label=weapon.band_label(band),
        hit_on=hit_on,
        modifiers=tuple(mods),
        needed=hit_on - total,
        die=fire.die,
        wounds=state.options.weapon_wounds[weapon.id],
        cover=None if cover is None else cover.name,
    )


def shots(state: GameState, figure_id: str) -> list[Shot]:
    """Every enemy this figure could fire at now, nearest first."""
    shooter = state.figure(figure_id)
    found = [
        shot for target in state.figures if (shot := shot_at(state, shooter, target)) is not None
    ]
    return sorted(found, key=lambda s: s.range_inches)
