"""The power budget: what the power phase decides.

A ship spec may give its systems power figures (`power` per unit: what a power plant makes,
what any other system needs). Each round the plants that are not knocked out make their
points, the engineering check adds its +10/20/30% (tables/narrative.yaml), and the points go
to the other systems in the order the spec lists them (the GM's priority). A weapon left
without power cannot fire; an energy screen left without power is down. A spec
with no power figures has no budget: the power phase has nothing to decide for it, says so,
and is passed over. RULES.md names the power phase and the boost but no figures, so the
figures are the spec's, the order is ours.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from gmtool.rules.battle.state import BattleShip, Mount
from gmtool.rules.narrative import boosted_power
from gmtool.rules.ships import ShipSpec

DEFENSE = "defense"  # screens and other defenses: down without power

PLANT = "power_plant"


def has_budget(spec: ShipSpec) -> bool:
    """The spec gives power figures, so power decides something."""
    return any(s.power is not None for s in spec.systems)


class PowerBudget(msgspec.Struct, frozen=True):
    made: int  # by the plants on line
    boost_percent: int
    points: int  # after the boost
    needed: int
    unpowered: tuple[str, ...]  # mount keys left without power

    def describe(self, ship: BattleShip) -> str:
        """'CSS Meridian: 20 power points (engineering +10%: 22) for 32 needed; without
        power: heavy laser #2 (cannot fire), point-defense grid (down).'"""
        if self.boost_percent:
            boost = f" (engineering +{self.boost_percent}%: {self.points})"
        elif ship.power_bonus is not None:
            boost = " (engineering check: no boost)"
        else:
            boost = ""
        text = f"{ship.name}: {self.made} power points{boost} for {self.needed} needed"
        if not self.unpowered:
            return text + ": every system has power."
        names = ", ".join(_without_power(ship, k) for k in self.unpowered)
        return text + f"; without power: {names}."


def _without_power(ship: BattleShip, mount_key: str) -> str:
    mount = ship.mount(mount_key)
    if mount.is_weapon:
        return f"{mount.name} (cannot fire)"
    if mount.system.type == DEFENSE:  # a screen, a point-defense grid: off without power
        return f"{mount.name} (down)"
    return mount.name


def power_budget(ship: BattleShip) -> PowerBudget | None:
    """This round's budget (None: the spec gives no power figures)."""
    if not has_budget(ship.spec):
        return None
    working = [m for m in ship.mounts() if m.key not in ship.systems_out]
    made = sum(m.system.power or 0 for m in working if m.system.type == PLANT)
    percent = ship.power_bonus or 0
    left = points = boosted_power(made, percent)
    needed = 0
    unpowered: list[str] = []
    for mount in working:
        need = mount.system.power or 0
        if mount.system.type == PLANT or need == 0:
            continue
        needed += need
        if need <= left:
            left -= need
        else:
            unpowered.append(mount.key)
    return PowerBudget(made, percent, points, needed, tuple(unpowered))


def powered(ship: BattleShip, mount_key: str) -> bool:
    """The mount has power this round (always, on a ship without a budget)."""
    budget = power_budget(ship)
    return budget is None or mount_key not in budget.unpowered


def power_notes(ships: Iterable[BattleShip], asking: str | None = None) -> tuple[str, ...]:
    """The budgets the GM needs to see: of each ship still in the battle that has one and
    leaves a system without power or has made its engineering check this round, and of the
    ship `asking` (the one about to make it)."""
    notes = []
    for ship in ships:
        budget = power_budget(ship) if ship.in_battle else None
        if budget is None:
            continue
        if budget.unpowered or ship.power_bonus is not None or ship.id == asking:
            notes.append(budget.describe(ship))
    return tuple(notes)


def on_line(ship: BattleShip, mount_key: str) -> bool:
    """The mount works this round: not knocked out, and powered (on a ship with a budget)."""
    return mount_key not in ship.systems_out and powered(ship, mount_key)


def energy_screens(ship: BattleShip) -> tuple[Mount, ...]:
    """The ship's defenses flagged as energy screens in its spec."""
    return tuple(m for m in ship.mounts() if m.system.energy_screen)


def energy_screen_up(ship: BattleShip) -> Mount | None:
    """The energy screen that is up (None: the ship has none, or every one is knocked out or
    without power, so a transporter reaches through)."""
    return next((m for m in energy_screens(ship) if on_line(ship, m.key)), None)
