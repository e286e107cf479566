"""The state of a skirmish in play: every figure, dropped weapons, turn, tier, whose go.

`GameState` is what the app saves. It carries its scenario (so a game survives edits to the
file it came from) and round-trips exactly through `to_dict` / `from_dict`. The classes are
plain mutable dataclasses with slots: the simulation plays a game on one state in place,
while `engine.apply_action` works on a copy and leaves the caller's state untouched.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

import msgspec

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.scenario import Scenario

MOVE_FIRST = "move_first"
FIRE_FIRST = "fire_first"
SOLO_ORDERS = (MOVE_FIRST, FIRE_FIRST)


class Figure(msgspec.Struct):
    """One figure on the table. `wounds` counts wounds taken; `spent` action points used."""

    id: str
    name: str
    side: str
    action_points: int
    hand_to_hand: int
    weapon: str
    x: float
    y: float
    wounds: int = 0
    spent: int = 0
    aimed: bool = False
    fallen: bool = False

    @property
    def standing(self) -> bool:
        return not self.fallen

    @property
    def wounded(self) -> bool:
        return self.wounds > 0 and not self.fallen

    @property
    def wounds_left(self) -> int:
        """Wounds it can still take before it falls (it has as many as action points)."""
        return max(0, self.action_points - self.wounds)

    @property
    def action_points_left(self) -> int:
        return 0 if self.fallen else max(0, self.action_points - self.spent)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "side": self.side,
            "action_points": self.action_points,
            "hand_to_hand": self.hand_to_hand,
            "weapon": self.weapon,
            "x": self.x,
            "y": self.y,
            "wounds": self.wounds,
            "spent": self.spent,
            "aimed": self.aimed,
            "fallen": self.fallen,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Figure:
        return cls(
            id=str(data["id"]),
            name=str(data["name"]),
            side=str(data["side"]),
            action_points=int(data["action_points"]),
            hand_to_hand=int(data["hand_to_hand"]),
            weapon=str(data["weapon"]),
            x=float(data["x"]),
            y=float(data["y"]),
            wounds=int(data["wounds"]),
            spent=int(data["spent"]),
            aimed=bool(data["aimed"]),
            fallen=bool(data["fallen"]),
        )

    def copy(self) -> Figure:
        return Figure(
            self.id,
            self.name,
            self.side,
            self.action_points,
            self.hand_to_hand,
            self.weapon,
            self.x,
            self.y,
            self.wounds,
            self.spent,
            self.aimed,
            self.fallen,
        )


class DroppedWeapon(msgspec.Struct, frozen=True):
    """A weapon lying on the table where its carrier fell (or swapped it)."""

    id: str
    weapon: str
    x: float
    y: float

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "weapon": self.weapon, "x": self.x, "y": self.y}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DroppedWeapon:
        return cls(str(data["id"]), str(data["weapon"]), float(data["x"]), float(data["y"]))


class GameOptions(msgspec.Struct, frozen=True):
    """Settings chosen when a game starts (defaults from the scenario's options)."""

    wound_effects: bool
    first_in_tier: str
    automatic: tuple[str, ...]  # sides the app plays
    weapon_wounds: dict[str, int] = msgspec.field(
        default_factory=dict
    )  # weapon id -> wounds per hit

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> GameOptions:
        opts = scenario.options
        return cls(
            opts.wound_effects,
            opts.first_in_tier,
            opts.automatic,
            {w.id: w.wounds for w in scenario.weapons},
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "wound_effects": self.wound_effects,
            "first_in_tier": self.first_in_tier,
            "automatic": list(self.automatic),
            "weapon_wounds": dict(self.weapon_wounds),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameOptions:
        return cls(
            bool(data["wound_effects"]),
            str(data["first_in_tier"]),
            tuple(str(s) for s in data["automatic"]),
            {str(k): int(v) for k, v in data["weapon_wounds"].items()},
        )

    def check(self, scenario: Scenario) -> None:
        """Refuse options that name a side or weapon the scenario does not have."""
        sides = {s.id for s in scenario.sides}
        if self.first_in_tier not in sides:
            raise RulesError(f"first_in_tier must be one of {', '.join(sorted(sides))}")
        for side in self.automatic:
            if side not in sides:
                raise RulesError(f"automatic side {side!r} is not in the scenario")
        for weapon, wounds in self.weapon_wounds.items():
            if weapon not in {w.id for w in scenario.weapons}:
                raise RulesError(f"weapon {weapon!r} is not in the scenario")
            if wounds < 1:
                raise RulesError(f"weapon {weapon!r} must cause at least 1 wound")
        missing = {w.id for w in scenario.weapons} - set(self.weapon_wounds)
        if missing:
            raise RulesError(f"weapon_wounds lacks {', '.join(sorted(missing))}")


class GameState(msgspec.Struct):
    """A game in play. `side_to_act` is None once the game is over (`winner` is set)."""

    scenario: Scenario
    options: GameOptions
    figures: list[Figure]
    dropped: list[DroppedWeapon]
    turn: int = 1
    tier: int = 1
    side_to_act: str | None = None
    solo_order: str | None = None  # MOVE_FIRST / FIRE_FIRST for the solo side this turn
    winner: str | None = None
    next_drop: int = 1  # number for the next dropped weapon's id
    # Each side's figures (the same objects as `figures`), for the loops that look at one
    # side only: the automatic players run them for every action of a simulation.
    teams: dict[str, list[Figure]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.teams = {side.id: [] for side in self.scenario.sides}
        for fig in self.figures:
            self.teams[fig.side].append(fig)

    @property
    def over(self) -> bool:
        return self.winner is not None

    def figure(self, figure_id: str) -> Figure:
        index = self.scenario.roster_index.get(figure_id)
        if index is None:
            raise RulesError(f"no figure {figure_id!r} in this game")
        return self.figures[index]

    def standing(self, side: str) -> list[Figure]:
        return [f for f in self.teams[side] if not f.fallen]

    def copy(self) -> GameState:
        """A copy the engine may change; the scenario and options are shared (frozen)."""
        return GameState(
            self.scenario,
            self.options,
            [f.copy() for f in self.figures],
            list(self.dropped),
            self.turn,
            self.tier,
            self.side_to_act,
            self.solo_order,
            self.winner,
            self.next_drop,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario.to_dict(),
            "options": self.options.to_dict(),
            "figures": [f.to_dict() for f in self.figures],
            "dropped": [d.to_dict() for d in self.dropped],
            "turn": self.turn,
            "tier": self.tier,
            "side_to_act": self.side_to_act,
            "solo_order": self.solo_order,
            "winner": self.winner,
            "next_drop": self.next_drop,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        scenario = Scenario.from_dict(data["scenario"])
        options = GameOptions.from_dict(data["options"])
        options.check(scenario)
        figures = [Figure.from_dict(f) for f in data["figures"]]
        if [f.id for f in figures] != [f.id for f in scenario.forces]:
            raise RulesError("a saved game's figures must match its scenario's roster, in order")
        return cls(
            scenario,
            options,
            figures,
            [DroppedWeapon.from_dict(d) for d in data["dropped"]],
            int(data["turn"]),
            int(data["tier"]),
            None if data["side_to_act"] is None else str(data["side_to_act"]),
            None if data["solo_order"] is None else str(data["solo_order"]),
            None if data["winner"] is None else str(data["winner"]),
            int(data["next_drop"]),
        )
