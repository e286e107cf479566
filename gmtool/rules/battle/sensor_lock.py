"""What the sensor phase decides: each ship's sensor check this round sets the step its
weapons fire at, or loses the enemy so they cannot fire (tables/battle.yaml, sensor_lock).
"""

from __future__ import annotations

from gmtool.rules.battle.config import NOT_ROLLED, battle_table
from gmtool.rules.battle.state import BattleShip
from gmtool.rules.narrative import StepModifier


def sensor_lock(ship: BattleShip) -> int | None:
    """The attack step this round's sensor result gives the ship's weapons (None: no
    contact, they cannot fire)."""
    return battle_table().sensor_lock[ship.sensor_degree or NOT_ROLLED]


def has_contact(ship: BattleShip) -> bool:
    return sensor_lock(ship) is not None


def lock_modifier(ship: BattleShip) -> StepModifier:
    """The sensor lock as a named step modifier of the ship's attack rolls."""
    step = sensor_lock(ship)
    assert step is not None  # a ship without contact fires no weapon
    how = ship.sensor_degree.replace("_", " ") if ship.sensor_degree else "no check"
    return StepModifier("sensors", f"sensors ({how})", step)


def lock_words(ship: BattleShip) -> str:
    """What the sensor result means for the ship's weapons this round."""
    step = sensor_lock(ship)
    if step is None:
        return f"{ship.name} loses contact: its weapons cannot fire this round"
    return f"{ship.name}'s weapons fire at {step:+d} step for sensors this round"
