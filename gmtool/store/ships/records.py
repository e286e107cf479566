"""A campaign ship as the store keeps it (`ShipRecord`), its crew as read (`ShipCrew`), and
its ids and roster seed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import msgspec

from gmtool.rules.errors import RulesError
from gmtool.rules.ship_condition import ShipCondition
from gmtool.rules.ships import ShipSpec
from gmtool.store.errors import StoreError
from gmtool.store.records import ShipDoc

if TYPE_CHECKING:
    from gmtool.rules.crew import Manifest
    from gmtool.rules.roster import Roster

SHIPS_TRACKER = "ships"
DEMO_LABEL = "demo ships"
SIDES = ("campaign", "enemy")
STATE_VERSION = 2  # 2: ships keep a condition (a ship saved without one is undamaged)


class ShipNotFound(StoreError):
    """No ship with this id in the campaign."""


# -- records --------------------------------------------------------------------------------


class ShipRecord(msgspec.Struct, frozen=True):
    """One ship of the campaign: its id (a slug), side, spec, and what names its crew.

    `roster_seed` names the crew (the same seed always gives the same names);
    `regenerations` counts how often the GM asked for a new crew, and makes the next seed.
    `roster_rev` is the version of the ship's roster file that goes with this record.
    `condition` is what battles left of it (rules/ship_condition.py).
    """

    id: str
    side: str
    spec: ShipSpec
    roster_seed: str = ""
    regenerations: int = 0
    roster_rev: int = 0
    condition: ShipCondition = msgspec.field(default_factory=ShipCondition)

    @property
    def name(self) -> str:
        return self.spec.name

    def to_dict(self) -> ShipDoc:
        return {
            "id": self.id,
            "side": self.side,
            "spec": self.spec.to_dict(),
            "roster_seed": self.roster_seed,
            "regenerations": self.regenerations,
            "roster_rev": self.roster_rev,
            "condition": self.condition.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ShipRecord:
        return cls(
            id=str(data["id"]),
            side=str(data["side"]),
            spec=ShipSpec.from_dict(data["spec"]),
            roster_seed=str(data.get("roster_seed", "")),
            regenerations=int(data.get("regenerations", 0)),
            roster_rev=int(data.get("roster_rev", 0)),
            condition=ShipCondition.from_dict(data.get("condition")),
        )


class ShipCrew(msgspec.Struct, frozen=True):
    """A ship with its saved manifest and named roster.

    `rebuilt` is true when the saved roster version was gone (trimmed from the file, or the
    file lost) and the roster was named again from the ship's seed.
    """

    record: ShipRecord
    manifest: Manifest
    roster: Roster
    rebuilt: bool = False


def ship_slug(text: str) -> str:
    """An id from a name or file name: lower-case letters, digits and dashes."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug or "ship"


def check_side(side: str) -> None:
    if side not in SIDES:
        raise RulesError(f"a ship's side is one of {', '.join(SIDES)}, not {side!r}")
