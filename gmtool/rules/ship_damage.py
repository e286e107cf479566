"""Ship durability: four damage tracks, the 2-for-1 roll-over and the states they bring on.

A ship's damage is its track sizes (points) and the boxes marked on each. Damage lands on one
track; what does not fit rolls over, at the table's ratio, into the next track. The ship's
state (operational, shaken, disabled, crippled, destroyed) is never stored: it is read off the
tracks, so a repair that frees a box lifts the state with no further bookkeeping.
Numbers come from `tables/ship_damage.yaml`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import msgspec

from gmtool.rules.errors import RulesError
from gmtool.rules.tables import Node, cached_table, load_table


class ShipState(msgspec.Struct, frozen=True):
    """One durability state and what it does to the ship's own checks and to attackers."""

    id: str
    fills: str | None
    crew_check_step: int
    attacker_step: int
    can_act: bool

    @property
    def label(self) -> str:
        return self.id.capitalize()


class ShipDamageTable(msgspec.Struct, frozen=True):
    tracks: tuple[str, ...]
    overflow_ratio: int
    states: dict[str, ShipState]  # least severe first
    repairable_tracks: tuple[str, ...]


def _text(node: Node) -> str:
    value: str = node.str()
    return value


def _text_list(node: Node) -> list[str]:
    items: list[Node] = node.list()
    return [_text(item) for item in items]


@cached_table
def ship_damage_table() -> ShipDamageTable:
    """The validated ship durability table (loaded once)."""
    root = load_table("ship_damage")
    tracks = tuple(_text_list(root["tracks"]))
    if not tracks or len(set(tracks)) != len(tracks):
        raise root["tracks"].error("a list of distinct track names")
    overflow = root["overflow"]
    overflow.only_keys({"ratio"}, what="overflow")
    states: dict[str, ShipState] = {}
    filled: set[str | None] = set()
    for key, node in root["states"].items():
        node.only_keys({"fills", "crew_check_step", "attacker_step", "can_act"}, what=str(key))
        fills_node = node["fills"]
        fills = None if fills_node.value is None else fills_node.choice(tracks)
        if fills in filled:
            raise fills_node.error("each track (and null) to bring on one state only")
        filled.add(fills)
        states[str(key)] = ShipState(
            id=str(key),
            fills=fills,
            crew_check_step=node["crew_check_step"].int(),
            attacker_step=node["attacker_step"].int(),
            can_act=node["can_act"].bool(),
        )
    if None not in filled:
        raise root["states"].error("one state with `fills: null` (no track full)")
    repairable = tuple(_text_list(root["repairable_tracks"]))
    for name in repairable:
        if name not in tracks:
            raise root["repairable_tracks"].error(f"track names from {', '.join(tracks)}")
    return ShipDamageTable(
        tracks=tracks,
        overflow_ratio=overflow["ratio"].int(minimum=1),
        states=states,
        repairable_tracks=repairable,
    )


def track_ids() -> tuple[str, ...]:
    """Damage tracks, least severe first."""
    return ship_damage_table().tracks


def state_ids() -> tuple[str, ...]:
    """Durability states, least severe first."""
    return tuple(ship_damage_table().states)


def state_rules(state: str) -> ShipState:
    states = ship_damage_table().states
    if state not in states:
        raise RulesError(f"unknown ship state {state!r}: expected one of {', '.join(states)}")
    return states[state]


def crew_check_step(state: str) -> int:
    """Step the ship's state adds to its own crew's checks (and characters aboard)."""
    return state_rules(state).crew_check_step


def attacker_step(state: str) -> int:
    """Step the ship's state adds to attacks made against it (negative: easier to hit)."""
    return state_rules(state).attacker_step


def can_act(state: str) -> bool:
    return state_rules(state).can_act


# -- validation -----------------------------------------------------------------------------


def _check_points(points: Mapping[str, int]) -> dict[str, int]:
    tracks = track_ids()
    if set(points) != set(tracks):
        raise RulesError(f"ship track points need exactly the tracks {', '.join(tracks)}")
    result: dict[str, int] = {}
    for track in tracks:
        value = points[track]
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RulesError(f"{track} track points must be a whole number of at least 1")
        result[track] = value
    return result


def _check_marked(points: Mapping[str, int], marked: Mapping[str, int]) -> dict[str, int]:
    tracks = track_ids()
    if not set(marked) <= set(tracks):
        unknown = ", ".join(sorted(set(marked) - set(tracks)))
        raise RulesError(f"unknown damage track {unknown}: expected {', '.join(tracks)}")
    result: dict[str, int] = {}
    for track in tracks:
        value = marked.get(track, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesError(f"marked {track} boxes must be a whole number of at least 0")
        if value > points[track]:
            raise RulesError(f"{value} marked {track} boxes on a track of {points[track]} points")
        result[track] = value
    return result


def _check_track(track: str) -> None:
    tracks = track_ids()
    if track not in tracks:
        raise RulesError(f"unknown damage track {track!r}: expected one of {', '.join(tracks)}")


def _check_amount(amount: int, what: str) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise RulesError(f"{what} must be a whole number of at least 0, not {amount!r}")


# -- rules ----------------------------------------------------------------------------------


def ship_state(points: Mapping[str, int], marked: Mapping[str, int]) -> str:
    """The state of the most severe full track, or the state for no full track."""
    full_points = _check_points(points)
    full_marked = _check_marked(full_points, marked)
    calm = ""
    for state in reversed(ship_damage_table().states.values()):
        if state.fills is None:
            calm = state.id
        elif full_marked[state.fills] >= full_points[state.fills]:
            return state.id
    return calm


class DamageResult(NamedTuple):
    """Outcome of one hit: the new marks, the new state, and what spilled past each track.

    `overflowed` maps a track to the points that did not fit on it (before the 2-for-1
    halving); it is empty when everything fit. Damage past the last track is lost.
    """

    marked: dict[str, int]
    state: str
    overflowed: dict[str, int]


def apply_ship_damage(
    points: Mapping[str, int], marked: Mapping[str, int], amount: int, track: str
) -> DamageResult:
    """Mark `amount` points on `track`, rolling the excess over into the next tracks."""
    full_points = _check_points(points)
    new_marked = _check_marked(full_points, marked)
    _check_track(track)
    _check_amount(amount, "damage")
    table = ship_damage_table()
    overflowed: dict[str, int] = {}
    carry = amount
    index = table.tracks.index(track)
    while carry > 0 and index < len(table.tracks):
        current = table.tracks[index]
        fits = min(carry, full_points[current] - new_marked[current])
        new_marked[current] += fits
        excess = carry - fits
        if excess == 0:
            break
        overflowed[current] = excess
        carry = excess // table.overflow_ratio
        index += 1
    return DamageResult(new_marked, ship_state(full_points, new_marked), overflowed)


class RepairResult(NamedTuple):
    marked: dict[str, int]
    state: str
    repaired: int  # boxes actually freed (no more than were marked)


def repair(
    points: Mapping[str, int], marked: Mapping[str, int], amount: int, track: str
) -> RepairResult:
    """Free up to `amount` marked boxes on `track`; the state follows from the tracks."""
    full_points = _check_points(points)
    new_marked = _check_marked(full_points, marked)
    _check_track(track)
    _check_amount(amount, "repair points")
    if track not in ship_damage_table().repairable_tracks:
        allowed = ", ".join(ship_damage_table().repairable_tracks)
        raise RulesError(f"{track} damage cannot be repaired in battle (only {allowed})")
    freed = min(amount, new_marked[track])
    new_marked[track] -= freed
    return RepairResult(new_marked, ship_state(full_points, new_marked), freed)


@dataclass(frozen=True)
class ShipDamage:
    """A ship's track sizes and marked boxes: the durability state the app saves. (A
    dataclass, not a Struct: its check normalises the tracks it is given, which a frozen
    Struct's __post_init__ cannot store.)"""

    points: dict[str, int]
    marked: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        points = _check_points(self.points)
        marked = _check_marked(points, self.marked)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "marked", marked)

    @property
    def state(self) -> str:
        return ship_state(self.points, self.marked)

    def free(self, track: str) -> int:
        """Unmarked boxes left on a track."""
        _check_track(track)
        return self.points[track] - self.marked[track]

    def take(self, amount: int, track: str) -> tuple[ShipDamage, DamageResult]:
        """The ship after a hit, with the hit's details."""
        result = apply_ship_damage(self.points, self.marked, amount, track)
        return ShipDamage(dict(self.points), result.marked), result

    def repaired(self, amount: int, track: str) -> tuple[ShipDamage, RepairResult]:
        result = repair(self.points, self.marked, amount, track)
        return ShipDamage(dict(self.points), result.marked), result

    def to_dict(self) -> dict[str, Any]:
        return {"points": dict(self.points), "marked": dict(self.marked)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ShipDamage:
        if not isinstance(data, Mapping) or set(data) != {"points", "marked"}:
            raise RulesError("ship damage needs exactly the keys 'points' and 'marked'")
        points, marked = data["points"], data["marked"]
        if not isinstance(points, Mapping) or not isinstance(marked, Mapping):
            raise RulesError("ship damage 'points' and 'marked' must map tracks to numbers")
        return cls(dict(points), dict(marked))
