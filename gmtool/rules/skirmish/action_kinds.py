"""What a skirmish figure can do and what the engine says happened: `Action` and `Event`.

Plain values shared by the engine, its turn order and the automatic players.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import msgspec

MOVE = "move"
FIRE = "fire"
AIM = "aim"
HAND_TO_HAND = "hand_to_hand"
PICK_UP = "pick_up"
HOLD = "hold"
ACTION_KINDS = (MOVE, FIRE, AIM, HAND_TO_HAND, PICK_UP, HOLD)


class Action(NamedTuple):
    """What one figure does with one action point.

    `target` is the enemy figure for fire and hand-to-hand, the dropped weapon for pick_up;
    `x`, `y` the destination of a move (None in the move template `legal_actions` offers).
    A named tuple, not a frozen Struct: the simulation makes one per action, and a
    tuple is made four times faster.
    """

    kind: str
    figure: str
    target: str | None = None
    x: float | None = None
    y: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "figure": self.figure,
            "target": self.target,
            "x": self.x,
            "y": self.y,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        return cls(
            str(data["kind"]),
            str(data["figure"]),
            None if data.get("target") is None else str(data["target"]),
            None if data.get("x") is None else float(data["x"]),
            None if data.get("y") is None else float(data["y"]),
        )


class Event(msgspec.Struct, frozen=True):
    """Something that happened, in words, with the dice rolled for it."""

    kind: str
    text: str
    figure: str | None = None
    target: str | None = None
    rolls: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "figure": self.figure,
            "target": self.target,
            "rolls": list(self.rolls),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        return cls(
            str(data["kind"]),
            str(data["text"]),
            data.get("figure"),
            data.get("target"),
            tuple(int(r) for r in data.get("rolls", ())),
        )
