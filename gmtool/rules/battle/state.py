"""A narrative battle as saved data: the round, the phase, the range, both fleets, the
characters aboard and every event so far.

The app saves the whole `BattleState` after every step and undoes a step by restoring the
state before it, so every class here is a frozen dataclass whose `to_dict()` is plain JSON and
whose `from_dict()` gives back an equal object. Nothing here rolls or decides: the engine
(`gmtool.rules.battle.engine`) makes new states from old ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gmtool.rules.battle.config import battle_table
from gmtool.rules.battle.event_facts import CharacterHurt, ShipHit
from gmtool.rules.characters import Character
from gmtool.rules.crew_losses import casualties, split_casualties
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import Bailout
from gmtool.rules.ship_damage import ShipDamage, can_act
from gmtool.rules.ships import ShipSpec, System, ship_spec_table
from gmtool.rules.stations import Assignment

SIDES = ("a", "b")
FORMAT_VERSION = 1
CREW = "@crew"
"""Pass as `by=` to make the crew roll even when a character could (no character id is this)."""


def other_side(side: str) -> str:
    check_side(side)
    return "b" if side == "a" else "a"


def check_side(side: str) -> None:
    if side not in SIDES:
        raise RulesError(f"a side is 'a' or 'b', not {side!r}")


# -- systems --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mount:
    """One unit of a ship's system: `count: 2` heavy lasers are two mounts that fire apart.

    `key` ("<system index>.<unit>", both from the spec's systems list, unit from 1) names it in
    saved state; the app shows `name`.
    """

    key: str
    index: int
    unit: int
    system: System

    @property
    def name(self) -> str:
        label = self.system.label
        return f"{label} #{self.unit}" if self.system.count > 1 else label

    @property
    def is_weapon(self) -> bool:
        return self.system.type in ship_spec_table().weapon_types


def mount_key(index: int, unit: int) -> str:
    return f"{index}.{unit}"


def ship_mounts(spec: ShipSpec) -> tuple[Mount, ...]:
    return tuple(
        Mount(mount_key(index, unit), index, unit, system)
        for index, system in enumerate(spec.systems)
        for unit in range(1, system.count + 1)
    )


# -- ships ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BattleShip:
    """A ship in the battle: its spec, damage, crew and what it has done this round.

    `hit_boxes` are the boxes ever marked in this battle, track by track (repairs do not free
    them): crew losses read them unless the table says repairs restore crew.
    `state_at_step_start` is the durability state when the current step began (for
    simultaneous fire). `gunners` maps a weapon mount to the character firing it; `leadership`
    a station to the degree of its leader's successful check, waiting for the team's roll.
    """

    id: str
    side: str
    spec: ShipSpec
    damage: ShipDamage
    crew_total: int
    hit_boxes: dict[str, int]
    state_at_step_start: str
    systems_out: tuple[str, ...] = ()
    power_bonus: int | None = None  # percent from this round's power check; None: not rolled
    sensor_degree: str | None = None  # this round's sensor check; None: not rolled
    fired: tuple[str, ...] = ()  # weapon mounts fired this round
    crew_rolled: tuple[str, ...] = ()  # tasks the crew has rolled this round
    order_given: str | None = None  # the special order given this round
    gunners: dict[str, str] = field(default_factory=dict)
    leadership: dict[str, str] = field(default_factory=dict)
    bailout: Bailout | None = None
    bailout_round: int = 0
    evacuated: int = 0
    self_destructed: bool = False
    escaped: bool = False
    boarders: tuple[str, ...] = ()
    start_marks: dict[str, int] = field(default_factory=dict)  # carried in from the campaign
    losses_at_abandon: dict[str, int] = field(default_factory=dict)  # when abandon was ordered

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def state(self) -> str:
        """Durability state read off the tracks: operational, shaken, ... destroyed."""
        return self.damage.state

    @property
    def destroyed(self) -> bool:
        return self.self_destructed or not can_act(self.damage.state)

    @property
    def abandoning(self) -> bool:
        return self.bailout is not None

    @property
    def abandoned(self) -> bool:
        """The bail-out is over: everyone who could leave has left."""
        return self.bailout is not None and self.bailout_round >= self.bailout.rounds

    @property
    def in_battle(self) -> bool:
        """Still there to be shot at: not destroyed, not escaped."""
        return not self.destroyed and not self.escaped

    @property
    def in_fight(self) -> bool:
        """Still one of its fleet's fighting ships: in the battle and not abandoned (a ship
        whose evacuation is over is a drifting hulk, tables/battle.yaml `abandoned_ship`)."""
        return self.in_battle and not self.abandoned

    @property
    def can_act(self) -> bool:
        """Fires, rolls and gives orders: in the battle and not abandoning (unless the table
        lets an abandoning ship fight on)."""
        if not self.in_battle:
            return False
        return not self.abandoning or battle_table().abandoning_ship_can_act

    @property
    def fate(self) -> str:
        if self.destroyed:
            return "destroyed"
        if self.escaped:
            return "escaped"
        if self.abandoned:
            return "abandoned"
        if self.abandoning:
            return "abandoning"
        return self.state

    @property
    def crew_losses(self) -> dict[str, int]:
        """Section 4 casualties: total, dead, badly and lightly wounded."""
        if battle_table().repairs_restore_crew:  # this battle's marks, not those carried in
            marked = {
                t: max(0, n - self.start_marks.get(t, 0)) for t, n in self.damage.marked.items()
            }
        else:
            marked = self.hit_boxes
        losses = casualties(self.crew_total, self.damage.points, marked)
        return capped_after_abandon(losses, self.losses_at_abandon, self.aboard_alive)

    @property
    def aboard_alive(self) -> int:
        """Living crew still aboard: those who have got clear of an abandoned ship are gone
        (and cannot be hurt aboard her any more)."""
        dead = self.losses_at_abandon.get("dead", 0)
        return max(0, self.crew_total - dead - self.evacuated)

    def mounts(self) -> tuple[Mount, ...]:
        return ship_mounts(self.spec)

    def mount(self, key: str) -> Mount:
        for candidate in self.mounts():
            if candidate.key == key:
                return candidate
        raise RulesError(f"{self.name} has no system {key!r}")

    def weapons(self) -> tuple[Mount, ...]:
        return tuple(m for m in self.mounts() if m.is_weapon)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side,
            "spec": self.spec.to_dict(),
            "damage": self.damage.to_dict(),
            "crew_total": self.crew_total,
            "hit_boxes": dict(self.hit_boxes),
            "state_at_step_start": self.state_at_step_start,
            "systems_out": list(self.systems_out),
            "power_bonus": self.power_bonus,
            "sensor_degree": self.sensor_degree,
            "fired": list(self.fired),
            "crew_rolled": list(self.crew_rolled),
            "order_given": self.order_given,
            "gunners": dict(self.gunners),
            "leadership": dict(self.leadership),
            "bailout": self.bailout.to_dict() if self.bailout else None,
            "bailout_round": self.bailout_round,
            "evacuated": self.evacuated,
            "self_destructed": self.self_destructed,
            "escaped": self.escaped,
            "boarders": list(self.boarders),
            "start_marks": dict(self.start_marks),
            "losses_at_abandon": dict(self.losses_at_abandon),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BattleShip:
        try:
            bailout = data.get("bailout")
            return cls(
                id=str(data["id"]),
                side=str(data["side"]),
                spec=ShipSpec.from_dict(data["spec"]),
                damage=ShipDamage.from_dict(data["damage"]),
                crew_total=int(data["crew_total"]),
                hit_boxes={str(k): int(v) for k, v in data["hit_boxes"].items()},
                state_at_step_start=str(data["state_at_step_start"]),
                systems_out=tuple(str(s) for s in data.get("systems_out", ())),
                power_bonus=None if data.get("power_bonus") is None else int(data["power_bonus"]),
                sensor_degree=data.get("sensor_degree"),
                fired=tuple(str(s) for s in data.get("fired", ())),
                crew_rolled=tuple(str(s) for s in data.get("crew_rolled", ())),
                order_given=data.get("order_given"),
                gunners={str(k): str(v) for k, v in data.get("gunners", {}).items()},
                leadership={str(k): str(v) for k, v in data.get("leadership", {}).items()},
                bailout=Bailout.from_dict(bailout) if bailout else None,
                bailout_round=int(data.get("bailout_round", 0)),
                evacuated=int(data.get("evacuated", 0)),
                self_destructed=bool(data.get("self_destructed", False)),
                escaped=bool(data.get("escaped", False)),
                boarders=tuple(str(s) for s in data.get("boarders", ())),
                start_marks={str(k): int(v) for k, v in data.get("start_marks", {}).items()},
                losses_at_abandon={
                    str(k): int(v) for k, v in data.get("losses_at_abandon", {}).items()
                },
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RulesError(f"cannot read a saved battle ship: {exc}") from exc


def capped_after_abandon(
    losses: dict[str, int], at_order: Mapping[str, int], aboard: int
) -> dict[str, int]:
    """Crew losses never exceed the people aboard. Once the order to abandon ship is given
    (`at_order`: the losses then; empty: not given), further casualties fall only on the
    living still aboard -- the trapped and those not yet clear -- and are split as section 4
    says; those who got clear are beyond the ship's damage."""
    if not at_order:
        return losses
    extra = min(max(0, losses["total"] - at_order["total"]), aboard)
    split = split_casualties(extra)
    return {key: at_order[key] + split[key] for key in losses}


# -- sides ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BattleSide:
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


@dataclass(frozen=True)
class BattleEvent:
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
    headings: dict[str, str] = field(default_factory=dict)
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


@dataclass(frozen=True)
class BattleState:
    """Everything about one battle. `phase`/`step` say where in the round's sequence of play
    the GM is; `edge_winner` is the side with the edge this round (None until rolled);
    `moved` says the range has been updated this round; `acted` lists the characters who have
    made their one roll this round. `start_damage` keeps each character's damage as the battle
    began, for the summary."""

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
    start_damage: dict[str, dict[str, int]] = field(default_factory=dict)
    edge_winner: str | None = None
    edge_decided_by: str | None = None
    moved: bool = False
    acted: tuple[str, ...] = ()
    finished: bool = False
    events: tuple[BattleEvent, ...] = ()

    # -- looking things up ------------------------------------------------------------------
    def side(self, side_id: str) -> BattleSide:
        check_side(side_id)
        return self.sides[SIDES.index(side_id)]

    def ship(self, ship_id: str) -> BattleShip:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        known = ", ".join(s.id for s in self.ships)
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
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RulesError(f"cannot read a saved battle: {exc}") from exc
