"""Character durability: tracks from Constitution, damage with secondary damage and overflow,
the state a character is in, and treatment that gives points back.

RULES.md section 7 is the reading implemented here; the factors (track sizes, secondary
damage, roll-over) are in the `durability` and `damage` sections of tables/characters.yaml.
Everything is pure: functions take the tracks and the current damage as plain mappings and
return new values, so the app decides what to save and the log can show every step.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from gmtool.rules.errors import RulesError
from gmtool.rules.tables import cached_table, load_table

State = Literal["ok", "knocked_out", "dying", "dead"]
STATES: tuple[State, ...] = ("dead", "dying", "knocked_out", "ok")


def read_state(value: object, where: str = "") -> State:
    """A saved character state, checked: saved records are read back through this."""
    if value not in STATES:
        raise RulesError(f"unknown character state {value!r}{where}: expected {', '.join(STATES)}")
    return value  # narrowed to State by the check above


"""Character states, most severe first."""


class DamageRules(msgspec.Struct, frozen=True):
    """The character-damage part of tables/characters.yaml."""

    tracks: tuple[str, ...]
    durability: dict[str, tuple[int, int]]  # track -> (times, divide_by) of Constitution
    secondary: dict[str, dict[str, int]]  # kind dealt -> {track: divide_by}
    overflow: dict[str, tuple[str | None, int]]  # track -> (next track or None, divide_by)


@cached_table
def damage_rules() -> DamageRules:
    """The table, read and checked once per process."""
    root = load_table("characters")
    tracks_node = root["damage"]["tracks"]
    tracks = tuple(node.str() for node in tracks_node.list())
    if not tracks or len(set(tracks)) != len(tracks):
        raise tracks_node.error("a list of distinct track names")
    durability: dict[str, tuple[int, int]] = {}
    dur_node = root["durability"]
    for track in tracks:
        node = dur_node[track]
        node.only_keys({"times", "divide_by"}, what=f"{track} track")
        durability[track] = (node["times"].int(minimum=1), node["divide_by"].int(minimum=1))
    dur_node.only_keys(set(tracks), what="durability tracks")
    secondary: dict[str, dict[str, int]] = {}
    sec_node = root["damage"]["secondary"]
    sec_node.only_keys(set(tracks), what="secondary damage")
    for kind in tracks:
        node = sec_node.get(kind, {})
        secondary[kind] = {}
        for target, divisor in node.items():
            if target not in tracks or target == kind:
                raise divisor.error(f"a track other than {kind} ({', '.join(tracks)})", target)
            secondary[kind][str(target)] = divisor.int(minimum=1)
    overflow: dict[str, tuple[str | None, int]] = {}
    over_node = root["damage"]["overflow"]
    over_node.only_keys(set(tracks), what="overflow")
    for position, track in enumerate(tracks):
        node = over_node[track]
        node.only_keys({"into", "divide_by"}, what=f"{track} overflow")
        into_node = node["into"]
        later = list(tracks[position + 1 :])
        into = None if into_node.value is None else into_node.choice(later)
        overflow[track] = (into, node["divide_by"].int(minimum=1))
    return DamageRules(tracks, durability, secondary, overflow)


def durability_tracks(constitution: int) -> dict[str, int]:
    """Track sizes for a character of this Constitution (stun, wound: CON; mortal: half up)."""
    if isinstance(constitution, bool) or not isinstance(constitution, int) or constitution < 1:
        raise RulesError(f"Constitution must be a whole number of at least 1, not {constitution!r}")
    rules = damage_rules()
    return {
        track: math.ceil(constitution * times / divide_by)
        for track, (times, divide_by) in rules.durability.items()
    }


def _checked(tracks: Mapping[str, int], current: Mapping[str, int]) -> dict[str, int]:
    """A copy of `current` with every track present, after checking both mappings."""
    rules = damage_rules()
    result: dict[str, int] = {}
    for track in rules.tracks:
        size = tracks.get(track)
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise RulesError(f"the {track} track needs a size of at least 1, not {size!r}")
        marked = current.get(track, 0)
        if isinstance(marked, bool) or not isinstance(marked, int) or not 0 <= marked <= size:
            raise RulesError(f"{track} damage must be from 0 to {size}, not {marked!r}")
        result[track] = marked
    for name in (*tracks, *current):
        if name not in rules.tracks:
            raise RulesError(f"unknown damage track {name!r}: expected {', '.join(rules.tracks)}")
    return result


def character_state(
    tracks: Mapping[str, int], current: Mapping[str, int], stabilized: bool = False
) -> State:
    """dead, dying, knocked_out or ok, most severe first (a stabilized dying hero is out)."""
    marked = _checked(tracks, current)
    if marked["mortal"] >= tracks["mortal"]:
        return "dead"
    if marked["mortal"] > 0 and not stabilized:
        return "dying"
    if marked["mortal"] > 0:
        return "knocked_out"
    if marked["stun"] >= tracks["stun"] or marked["wound"] >= tracks["wound"]:
        return "knocked_out"
    return "ok"


class DamageResult(msgspec.Struct, frozen=True):
    """Everything one blow did, track by track, for the injury log."""

    kind: str
    amount: int
    before: dict[str, int]
    dealt: dict[str, int]  # the blow plus its secondary damage, per track
    rolled_into: dict[str, int]  # points that overflowed into each track from the one before
    marked: dict[str, int]  # boxes actually marked on each track
    lost: int  # points that fit nowhere (past the last track)
    after: dict[str, int]
    state: State
    stabilized: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "amount": self.amount,
            "before": dict(self.before),
            "dealt": dict(self.dealt),
            "rolled_into": dict(self.rolled_into),
            "marked": dict(self.marked),
            "lost": self.lost,
            "after": dict(self.after),
            "state": self.state,
            "stabilized": self.stabilized,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DamageResult:
        return cls(
            kind=str(data["kind"]),
            amount=int(data["amount"]),
            before=dict(data["before"]),
            dealt=dict(data["dealt"]),
            rolled_into=dict(data["rolled_into"]),
            marked=dict(data["marked"]),
            lost=int(data["lost"]),
            after=dict(data["after"]),
            state=read_state(data["state"]),
            stabilized=bool(data["stabilized"]),
        )

    def describe(self) -> str:
        rules = damage_rules()
        after = "/".join(str(self.after[t]) for t in rules.tracks)
        extra = f", {self.lost} lost" if self.lost else ""
        return (
            f"{self.amount} {self.kind} -> {after} ({'/'.join(rules.tracks)}{extra}): {self.state}"
        )


def damage_character(
    tracks: Mapping[str, int],
    current: Mapping[str, int],
    amount: int,
    kind: str,
    *,
    stabilized: bool = False,
) -> DamageResult:
    """Apply `amount` points of `kind` damage: secondary damage, then tracks in order."""
    rules = damage_rules()
    before = _checked(tracks, current)
    if kind not in rules.tracks:
        raise RulesError(
            f"characters take {', '.join(rules.tracks)} damage, not {kind!r} "
            "(a ship's critical damage reaches characters through the hazard roll)"
        )
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise RulesError(f"damage must be a whole number of at least 0, not {amount!r}")
    dealt = dict.fromkeys(rules.tracks, 0)
    dealt[kind] += amount
    for track, divisor in rules.secondary[kind].items():
        dealt[track] += amount // divisor
    rolled_into = dict.fromkeys(rules.tracks, 0)
    marked = dict.fromkeys(rules.tracks, 0)
    after = dict(before)
    lost = 0
    for track in rules.tracks:
        incoming = dealt[track] + rolled_into[track]
        room = tracks[track] - after[track]
        marked[track] = min(room, incoming)
        after[track] += marked[track]
        excess = incoming - marked[track]
        into, divisor = rules.overflow[track]
        if into is None:
            lost += excess
        else:
            rolled_into[into] += excess // divisor
    still_stable = stabilized and marked["mortal"] == 0 and after["mortal"] > 0
    return DamageResult(
        kind=kind,
        amount=amount,
        before=before,
        dealt=dealt,
        rolled_into=rolled_into,
        marked=marked,
        lost=lost,
        after=after,
        state=character_state(tracks, after, still_stable),
        stabilized=still_stable,
    )


def apply_damage(
    tracks: Mapping[str, int], current: Mapping[str, int], amount: int, kind: str
) -> tuple[dict[str, int], State]:
    """The damage after a blow and the state it leaves (RULES.md section 7, exactly)."""
    result = damage_character(tracks, current, amount, kind)
    return result.after, result.state


class Treatment(msgspec.Struct, frozen=True):
    """Points given back to one track (first aid, surgery, rest), with the GM's note."""

    track: str
    points: int  # asked for
    restored: int  # actually removed (never more than was marked)
    before: dict[str, int]
    after: dict[str, int]
    stabilized: bool
    state: State
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "track": self.track,
            "points": self.points,
            "restored": self.restored,
            "before": dict(self.before),
            "after": dict(self.after),
            "stabilized": self.stabilized,
            "state": self.state,
            "note": self.note,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Treatment:
        return cls(
            track=str(data["track"]),
            points=int(data["points"]),
            restored=int(data["restored"]),
            before=dict(data["before"]),
            after=dict(data["after"]),
            stabilized=bool(data["stabilized"]),
            state=read_state(data["state"]),
            note=str(data.get("note", "")),
        )


def heal(
    tracks: Mapping[str, int],
    current: Mapping[str, int],
    track: str,
    points: int,
    note: str = "",
    *,
    stabilized: bool = False,
    stabilize: bool = False,
) -> Treatment:
    """Remove up to `points` marked boxes from `track`; `stabilize` stops a dying character.

    `stabilized` is whether the character was already stabilized. Zero points are allowed only
    for a stabilizing treatment, so a slip of the keyboard does not log an empty treatment.
    The dead are not refused: the GM may be correcting a mistake or playing a setting whose
    medicine brings people back.
    """
    rules = damage_rules()
    before = _checked(tracks, current)
    if track not in rules.tracks:
        raise RulesError(f"unknown damage track {track!r}: expected {', '.join(rules.tracks)}")
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise RulesError(f"points restored must be a whole number of at least 0, not {points!r}")
    if points == 0 and not stabilize:
        raise RulesError("a treatment restores at least 1 point or stabilizes the character")
    restored = min(points, before[track])
    after = dict(before)
    after[track] -= restored
    now_stable = (stabilized or stabilize) and after["mortal"] > 0
    return Treatment(
        track=track,
        points=points,
        restored=restored,
        before=before,
        after=after,
        stabilized=now_stable,
        state=character_state(tracks, after, now_stable),
        note=note,
    )
