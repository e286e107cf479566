"""A narrative battle as saved data: the round, the phase, the range, both fleets, the
characters aboard and every event so far.

The app saves the whole `BattleState` after every step and undoes a step by restoring the
state before it, so every class here is a frozen msgspec Struct whose `to_dict()` is plain JSON and
whose `from_dict()` gives back an equal object. Nothing here rolls or decides: the engine
(`gmtool.rules.battle.engine`) makes new states from old ones. A ship's part of the state is
in ship_state.py, re-exported here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec.structs import replace

from gmtool.rules.battle.event_facts import CharacterHurt, ShipHit
from gmtool.rules.battle.ship_state import BattleShip as BattleShip
from gmtool.rules.battle.ship_state import Mount as Mount
from gmtool.rules.battle.ship_state import capped_after_abandon as capped_after_abandon
from gmtool.rules.battle.ship_state import mount_key as mount_key
from gmtool.rules.battle.ship_state import ship_mounts as ship_mounts
from gmtool.rules.characters import Character
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import Assignment

SIDES = ("a", "b")
FORMAT_VERSION = 1
# The sides gmtool plays when a battle does not say (every battle saved before there was a
# choice): side b, the enemy, as the set-up's default. A field missing from a saved battle
# reads as this, so no migration is needed.
DEFAULT_AUTO = ("b",)
CREW = "@crew"
"""Pass as `by=` to make the crew roll even when a character could (no character id is this)."""


def other_side(side: str) -> str:
    check_side(side)
    return "b" if side == "a" else "a"


def check_side(side: str) -> None:
    if side not in SIDES:
        raise RulesError(f"a side is 'a' or 'b', not {side!r}")


def checked_auto(auto: object) -> tuple[str, ...]:
    """The sides gmtool plays, each once, in the sides' order (a list of side ids)."""
    if isinstance(auto, str) or not isinstance(auto, (list, tuple)):
        raise RulesError(f"the sides gmtool plays are a list of side ids, not {auto!r}")
    for side in auto:
        if not isinstance(side, str):
            raise RulesError(f"a side is 'a' or 'b', not {side!r}")
        check_side(side)
    return tuple(s for s in SIDES if s in auto)


# -- sides ----------------------------------------------------------------------------------


class BattleSide(msgspec.Struct, frozen=True):
    """One fleet: its ships, the heading it declared (and the arc a holding fleet turns to the
    enemy), the character the GM put in command (None: whoever is at the flagship's command
    station rolls the edge, else its crew) and its `flagship` (None, in battles saved before
    there was one: the first ship). `broke_off`: its heading opened the range to disengaged,
    which ended the battle."""

    id: str
    name: str
    ship_ids: tuple[str, ...]
    commander: str | None = None
    heading: str | None = None
    held_arc: str | None = None
    declared: bool = False  # declared a heading this round
    broke_off: bool = False
    flagship: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "ship_ids": list(self.ship_ids),
            "commander": self.commander,
            "flagship": self.flagship,
            "heading": self.heading,
            "held_arc": self.held_arc,
            "declared": self.declared,
            "broke_off": self.broke_off,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BattleSide:
        try:
            return cls(
                id=str(data["id"]),
                name=str(data["name"]),
                ship_ids=tuple(str(s) for s in data["ship_ids"]),
                commander=data.get("commander"),
                heading=data.get("heading"),
                held_arc=data.get("held_arc"),
                declared=bool(data.get("declared", False)),
                broke_off=bool(data.get("broke_off", False)),
                flagship=None if data.get("flagship") is None else str(data["flagship"]),
            )
        except (KeyError, TypeError) as exc:
            raise RulesError(f"cannot read a saved battle side: {exc}") from exc


# -- events ---------------------------------------------------------------------------------


class BattleEvent(msgspec.Struct, frozen=True):
    """One step of the battle as the log shows it: when, what, the text and every roll.

    `characters` and `ships` are who took part (the summary gathers each character's deeds
    from them); `range` and `headings` (side id -> heading) are where the fleets stood after
    it; `hits` and `hurts` what it did to ships and characters (None and empty in events
    saved before they were recorded).
    """

    round: int
    phase: str
    step: str | None
    action: str
    text: str
    rolls: tuple[dict[str, Any], ...] = ()
    characters: tuple[str, ...] = ()
    ships: tuple[str, ...] = ()
    range: str | None = None
    headings: dict[str, str] = msgspec.field(default_factory=dict)
    hits: tuple[ShipHit, ...] = ()
    hurts: tuple[CharacterHurt, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "step": self.step,
            "action": self.action,
            "text": self.text,
            # each roll a copy of its own; their dice lists are never changed in place, so a
            # deep copy (most of a step's time once a battle has a long log) buys nothing
            "rolls": [dict(r) for r in self.rolls],
            "characters": list(self.characters),
            "ships": list(self.ships),
            "range": self.range,
            "headings": dict(self.headings),
            "hits": [h.to_dict() for h in self.hits],
            "hurts": [h.to_dict() for h in self.hurts],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BattleEvent:
        try:
            return cls(
                round=int(data["round"]),
                phase=str(data["phase"]),
                step=data.get("step"),
                action=str(data["action"]),
                text=str(data["text"]),
                rolls=tuple(dict(r) for r in data.get("rolls", ())),
                characters=tuple(str(c) for c in data.get("characters", ())),
                ships=tuple(str(s) for s in data.get("ships", ())),
                range=None if data.get("range") is None else str(data["range"]),
                headings={str(k): str(v) for k, v in data.get("headings", {}).items()},
                hits=tuple(ShipHit.from_dict(h) for h in data.get("hits", ())),
                hurts=tuple(CharacterHurt.from_dict(h) for h in data.get("hurts", ())),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RulesError(f"cannot read a saved battle event: {exc}") from exc


# -- the battle -----------------------------------------------------------------------------


class BattleState(msgspec.Struct, frozen=True):
    """Everything about one battle. `phase`/`step` say where in the round's sequence of play
    the GM is; `edge_winner` is the side with the edge this round (None until rolled);
    `moved` says the range has been updated this round; `acted` lists the characters who have
    made their one roll this round. `start_damage` keeps each character's damage as the battle
    began, for the summary. `auto` names the sides gmtool plays (the others are the GM's);
    `damage_due` the ships the last step left damage to type in for (a hit without a damage
    roll, a ram or a blast the tables give no dice for), until the next step."""

    id: str
    name: str
    round: int
    phase: str
    step: str | None
    range: str
    sides: tuple[BattleSide, BattleSide]
    ships: tuple[BattleShip, ...]
    characters: tuple[Character, ...] = ()
    assignments: tuple[Assignment, ...] = ()
    start_damage: dict[str, dict[str, int]] = msgspec.field(default_factory=dict)
    edge_winner: str | None = None
    edge_decided_by: str | None = None
    moved: bool = False
    acted: tuple[str, ...] = ()
    finished: bool = False
    events: tuple[BattleEvent, ...] = ()
    auto: tuple[str, ...] = DEFAULT_AUTO
    damage_due: tuple[str, ...] = ()

    # -- looking things up ------------------------------------------------------------------
    def side(self, side_id: str) -> BattleSide:
        check_side(side_id)
        return self.sides[SIDES.index(side_id)]

    def ship(self, ship_id: str) -> BattleShip:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        known = ", ".join(f"{s.spec.name} ({s.id})" for s in self.ships)
        raise RulesError(f"no ship {ship_id!r} in this battle (ships: {known})")

    def ships_of(self, side_id: str) -> tuple[BattleShip, ...]:
        check_side(side_id)
        return tuple(s for s in self.ships if s.side == side_id)

    def character(self, character_id: str) -> Character:
        for character in self.characters:
            if character.id == character_id:
                return character
        raise RulesError(f"no character {character_id!r} is aboard a ship in this battle")

    def assignment(self, character_id: str) -> Assignment:
        for assignment in self.assignments:
            if assignment.character_id == character_id:
                return assignment
        raise RulesError(f"{character_id} has no station in this battle")

    def aboard(self, ship_id: str) -> tuple[Assignment, ...]:
        return tuple(a for a in self.assignments if a.ship_id == ship_id and a.aboard)

    @property
    def opposing_side(self) -> str | None:
        """The side without the edge (it declares its heading first)."""
        return None if self.edge_winner is None else other_side(self.edge_winner)

    # -- changing (for the engine) ----------------------------------------------------------
    def with_ship(self, ship: BattleShip) -> BattleState:
        self.ship(ship.id)
        return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))

    def with_side(self, side: BattleSide) -> BattleState:
        check_side(side.id)
        sides = tuple(side if s.id == side.id else s for s in self.sides)
        return replace(self, sides=(sides[0], sides[1]))

    def with_character(self, character: Character) -> BattleState:
        self.character(character.id)
        return replace(
            self,
            characters=tuple(character if c.id == character.id else c for c in self.characters),
        )

    # -- saving -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "id": self.id,
            "name": self.name,
            "round": self.round,
            "phase": self.phase,
            "step": self.step,
            "range": self.range,
            "sides": [s.to_dict() for s in self.sides],
            "ships": [s.to_dict() for s in self.ships],
            "characters": [c.to_dict() for c in self.characters],
            "assignments": [a.to_dict() for a in self.assignments],
            "start_damage": {k: dict(v) for k, v in self.start_damage.items()},
            "edge_winner": self.edge_winner,
            "edge_decided_by": self.edge_decided_by,
            "moved": self.moved,
            "acted": list(self.acted),
            "finished": self.finished,
            "events": [e.to_dict() for e in self.events],
            "auto": list(self.auto),
            "damage_due": list(self.damage_due),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BattleState:
        version = data.get("version") if isinstance(data, Mapping) else None
        if version != FORMAT_VERSION:
            raise RulesError(
                f"a saved battle of format {version!r}; this gmtool reads format {FORMAT_VERSION}"
            )
        try:
            sides = tuple(BattleSide.from_dict(s) for s in data["sides"])
            if [s.id for s in sides] != list(SIDES):
                raise RulesError("a saved battle needs sides 'a' and 'b', in that order")
            return cls(
                id=str(data["id"]),
                name=str(data["name"]),
                round=int(data["round"]),
                phase=str(data["phase"]),
                step=data.get("step"),
                range=str(data["range"]),
                sides=(sides[0], sides[1]),
                ships=tuple(BattleShip.from_dict(s) for s in data["ships"]),
                characters=tuple(Character.from_dict(c) for c in data.get("characters", ())),
                assignments=tuple(Assignment.from_dict(a) for a in data.get("assignments", ())),
                start_damage={
                    str(k): {str(t): int(n) for t, n in v.items()}
                    for k, v in data.get("start_damage", {}).items()
                },
                edge_winner=data.get("edge_winner"),
                edge_decided_by=data.get("edge_decided_by"),
                moved=bool(data.get("moved", False)),
                acted=tuple(str(c) for c in data.get("acted", ())),
                finished=bool(data.get("finished", False)),
                events=tuple(BattleEvent.from_dict(e) for e in data.get("events", ())),
                auto=checked_auto(data.get("auto", list(DEFAULT_AUTO))),
                damage_due=tuple(str(s) for s in data.get("damage_due", ())),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RulesError(f"cannot read a saved battle: {exc}") from exc
