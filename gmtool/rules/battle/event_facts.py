"""What a battle step did, as typed facts saved with its event: each hit on a ship and each
character hurt by it.

The event's text is for reading; the battle report (`report.py`) and anything else that
counts hits or injuries reads these instead, so nothing depends on the wording of the log.
Events saved before these facts existed read back with none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from gmtool.rules.errors import RulesError


class ShipHit(msgspec.Struct, frozen=True):
    """Damage marked on one ship: `amount` on `track` as rolled or typed, `marked` the boxes
    it filled track by track (after roll-over), `cause` in words (what hit it), `fate` the
    ship's state after the hit; `by_ship` and `weapon` the ship and weapon mount that fired,
    when a weapon did it; `place` the station or place it struck, under the optional rule
    "characters on station" (it weights the named casualties)."""

    ship_id: str
    amount: int
    track: str
    marked: dict[str, int]
    cause: str
    fate: str
    by_ship: str | None = None
    weapon: str | None = None
    place: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship_id": self.ship_id,
            "amount": self.amount,
            "track": self.track,
            "marked": dict(self.marked),
            "cause": self.cause,
            "fate": self.fate,
            "by_ship": self.by_ship,
            "weapon": self.weapon,
            "place": self.place,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ShipHit:
        try:
            return cls(
                ship_id=str(data["ship_id"]),
                amount=int(data["amount"]),
                track=str(data["track"]),
                marked={str(k): int(v) for k, v in data["marked"].items()},
                cause=str(data["cause"]),
                fate=str(data["fate"]),
                by_ship=None if data.get("by_ship") is None else str(data["by_ship"]),
                weapon=None if data.get("weapon") is None else str(data["weapon"]),
                place=None if data.get("place") is None else str(data["place"]),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RulesError(f"cannot read a saved hit of a battle event: {exc}") from exc


class CharacterHurt(msgspec.Struct, frozen=True):
    """A character hurt by a hit on their ship: `amount` points on `track`, `state` after."""

    character_id: str
    ship_id: str
    amount: int
    track: str
    state: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "character_id": self.character_id,
            "ship_id": self.ship_id,
            "amount": self.amount,
            "track": self.track,
            "state": self.state,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CharacterHurt:
        try:
            return cls(
                character_id=str(data["character_id"]),
                ship_id=str(data["ship_id"]),
                amount=int(data["amount"]),
                track=str(data["track"]),
                state=str(data["state"]),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RulesError(f"cannot read a saved injury of a battle event: {exc}") from exc
