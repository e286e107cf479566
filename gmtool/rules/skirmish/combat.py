"""The two combat tables as pure functions: fire numbers by range, hand-to-hand margins.

Both read the scenario's numbers (the Torga IV table unless another scenario is passed), so
a house-ruled file changes them without touching code.
"""

from __future__ import annotations

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.fire import measured
from gmtool.rules.skirmish.geometry import EPS
from gmtool.rules.skirmish.scenario import HandToHandRule, Scenario, Weapon, torga_iv


def band_index(weapon: Weapon, range_inches: float) -> int | None:
    """The range band a distance falls in, measured to a tenth of an inch (an edge belongs
    to the shorter band), or None."""
    if range_inches < 0:
        raise RulesError(f"a range cannot be negative ({range_inches})")
    reading = measured(range_inches)
    for index, edge in enumerate(weapon.range_bands):
        if reading <= edge + EPS:
            return index
    return None


def target_number(
    weapon: str | Weapon, range_inches: float, scenario: Scenario | None = None
) -> int | None:
    """The number a fire roll must not exceed at this range, before modifiers; None: no shot."""
    if isinstance(weapon, str):
        scenario = scenario or torga_iv()
        known = {w.id for w in scenario.weapons}
        if weapon not in known:
            raise RulesError(f"unknown weapon {weapon!r}: expected one of {', '.join(known)}")
        weapon = scenario.weapon(weapon)
    index = band_index(weapon, range_inches)
    return None if index is None else weapon.hit_on[index]


def hand_to_hand(
    attacker_total: int, defender_total: int, rule: HandToHandRule | None = None
) -> tuple[int, int]:
    """(wounds to the defender, wounds to the attacker) for two hand-to-hand totals."""
    rule = rule or torga_iv().hand_to_hand
    margin = attacker_total - defender_total
    if margin > 0:
        for step in rule.attacker_wounds:
            if margin >= step.margin:
                return step.wounds, 0
    elif margin < 0:
        for step in rule.defender_wounds:
            if -margin >= step.margin:
                return 0, step.wounds
    return 0, 0
