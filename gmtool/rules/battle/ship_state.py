"""A ship in a battle as saved data: its weapon and system mounts, its marks and crew
aboard, what it can still do and its fate.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from gmtool.rules.battle.ship_rules import ship_rules
from gmtool.rules.crew_losses import casualties, split_casualties
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import Bailout
from gmtool.rules.ship_damage import ShipDamage, can_act
from gmtool.rules.ships import ShipSpec, System, ship_spec_table


class Mount(msgspec.Struct, frozen=True):
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


class BattleShip(msgspec.Struct, frozen=True):
    """A ship in the battle: its spec, damage, crew and what it has done this round.

    `hit_boxes` are the boxes ever marked in this battle, track by track (repairs do not free
    them): crew losses read them unless the table says repairs restore crew.
    `state_at_step_start` is the durability state when the current step began (for
    simultaneous fire). `gunners` maps a weapon mount to the character assigned to it (who
    serves every mount of that weapon line, `attacks.line_gunner`); `leadership` a station to
    the degree of its leader's successful check, waiting for the team's roll.
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
    fired_by: dict[str, str] = msgspec.field(
        default_factory=dict
    )  # mount -> the character who fired it
    crew_rolled: tuple[str, ...] = ()  # tasks the crew has rolled this round
    order_given: str | None = None  # the special order given this round
    gunners: dict[str, str] = msgspec.field(default_factory=dict)
    leadership: dict[str, str] = msgspec.field(default_factory=dict)
    bailout: Bailout | None = None
    bailout_round: int = 0
    evacuated: int = 0
    self_destructed: bool = False
    escaped: bool = False
    # Taken off the campaign's ships while the battle was open (deleted on the Crew tab or by
    # `gmtool ship delete --force`): out of the battle with her people, neither beaten nor
    # escaped, so the battle can go on and end without her.
    left: bool = False
    boarders: tuple[str, ...] = ()
    start_marks: dict[str, int] = msgspec.field(
        default_factory=dict
    )  # carried in from the campaign
    losses_at_abandon: dict[str, int] = msgspec.field(
        default_factory=dict
    )  # when abandon was ordered

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
        """Still there to be shot at: not destroyed, not escaped, not taken out of it."""
        return not self.destroyed and not self.escaped and not self.left

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
        return not self.abandoning or ship_rules().abandoning_ship_can_act

    @property
    def fate(self) -> str:
        if self.destroyed:
            return "destroyed"
        if self.escaped:
            return "escaped"
        if self.left:
            return "left"
        if self.abandoned:
            return "abandoned"
        if self.abandoning:
            return "abandoning"
        return self.state

    @property
    def crew_losses(self) -> dict[str, int]:
        """Section 4 casualties: total, dead, badly and lightly wounded."""
        if ship_rules().repairs_restore_crew:  # this battle's marks, not those carried in
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
            "fired_by": dict(self.fired_by),
            "crew_rolled": list(self.crew_rolled),
            "order_given": self.order_given,
            "gunners": dict(self.gunners),
            "leadership": dict(self.leadership),
            "bailout": self.bailout.to_dict() if self.bailout else None,
            "bailout_round": self.bailout_round,
            "evacuated": self.evacuated,
            "self_destructed": self.self_destructed,
            "escaped": self.escaped,
            "left": self.left,
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
                fired_by={str(k): str(v) for k, v in data.get("fired_by", {}).items()},
                crew_rolled=tuple(str(s) for s in data.get("crew_rolled", ())),
                order_given=data.get("order_given"),
                gunners={str(k): str(v) for k, v in data.get("gunners", {}).items()},
                leadership={str(k): str(v) for k, v in data.get("leadership", {}).items()},
                bailout=Bailout.from_dict(bailout) if bailout else None,
                bailout_round=int(data.get("bailout_round", 0)),
                evacuated=int(data.get("evacuated", 0)),
                self_destructed=bool(data.get("self_destructed", False)),
                escaped=bool(data.get("escaped", False)),
                left=bool(data.get("left", False)),
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
