"""Crew losses: how many of a ship's crew its marked damage boxes have killed or hurt.

The chapter's guideline spreads the crew over the four damage tracks (10/20/30/40 percent),
makes every marked box worth a proportional share of its track's crew, and splits the
casualties into dead, badly wounded and lightly wounded. Exact fractions are kept until the
single rounding at the end, so the result never exceeds the crew.
Numbers come from the `crew_losses` section of `tables/ship_damage.yaml`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

import msgspec

from gmtool.rules.errors import RulesError
from gmtool.rules.ship_damage import track_ids
from gmtool.rules.tables import cached_table, load_table

ROUNDINGS = ("down", "up", "half_up")


class CrewLossRules(msgspec.Struct, frozen=True):
    split_percent: dict[str, int]
    casualties_rounding: str
    dead_percent: int
    dead_rounding: str
    badly_wounded_percent_of_survivors: int
    badly_wounded_rounding: str


@cached_table
def crew_loss_rules() -> CrewLossRules:
    root = load_table("ship_damage")["crew_losses"]
    keys = {
        "split_percent",
        "casualties_rounding",
        "dead_percent",
        "dead_rounding",
        "badly_wounded_percent_of_survivors",
        "badly_wounded_rounding",
    }
    root.only_keys(keys, what="crew_losses")
    split_node = root["split_percent"]
    split_node.only_keys(set(track_ids()), what="split_percent")
    split = {track: split_node[track].int(0, 100) for track in track_ids()}
    if sum(split.values()) != 100:
        raise split_node.error("percentages that add up to 100", got=sum(split.values()))
    return CrewLossRules(
        split_percent=split,
        casualties_rounding=root["casualties_rounding"].choice(ROUNDINGS),
        dead_percent=root["dead_percent"].int(0, 100),
        dead_rounding=root["dead_rounding"].choice(ROUNDINGS),
        badly_wounded_percent_of_survivors=root["badly_wounded_percent_of_survivors"].int(0, 100),
        badly_wounded_rounding=root["badly_wounded_rounding"].choice(ROUNDINGS),
    )


def round_fraction(value: Fraction, rounding: str) -> int:
    """Round a non-negative exact value: down, up, or half up (2.5 -> 3)."""
    if rounding == "down":
        return math.floor(value)
    if rounding == "up":
        return math.ceil(value)
    if rounding == "half_up":
        return math.floor(value + Fraction(1, 2))
    raise RulesError(f"unknown rounding {rounding!r}: expected one of {', '.join(ROUNDINGS)}")


def crew_on_tracks(crew: int) -> dict[str, Fraction]:
    """How many of the crew each track stands for (exact, not rounded to whole hands)."""
    rules = crew_loss_rules()
    return {track: Fraction(crew * pct, 100) for track, pct in rules.split_percent.items()}


def casualties(
    crew: int, track_points: Mapping[str, int], marked: Mapping[str, int]
) -> dict[str, int]:
    """Casualties for `marked` boxes: {"total", "dead", "badly_wounded", "lightly_wounded"}."""
    if isinstance(crew, bool) or not isinstance(crew, int) or crew < 0:
        raise RulesError(f"crew must be a whole number of at least 0, not {crew!r}")
    tracks = track_ids()
    unknown = (set(track_points) | set(marked)) - set(tracks)
    if unknown:
        raise RulesError(
            f"unknown damage track {', '.join(sorted(unknown))}: expected {', '.join(tracks)}"
        )
    exact = Fraction(0)
    for track, on_track in crew_on_tracks(crew).items():
        boxes = marked.get(track, 0)
        if isinstance(boxes, bool) or not isinstance(boxes, int) or boxes < 0:
            raise RulesError(f"marked {track} boxes must be a whole number of at least 0")
        if boxes == 0:
            continue
        points = track_points.get(track, 0)
        if isinstance(points, bool) or not isinstance(points, int) or points < 1:
            raise RulesError(f"{track} track points must be a whole number of at least 1")
        if boxes > points:
            raise RulesError(f"{boxes} marked {track} boxes on a track of {points} points")
        exact += boxes * on_track / points
    return split_casualties(round_fraction(exact, crew_loss_rules().casualties_rounding))


def split_casualties(total: int) -> dict[str, int]:
    """Casualties split into dead, badly and lightly wounded (section 4's rule)."""
    rules = crew_loss_rules()
    dead = round_fraction(Fraction(total * rules.dead_percent, 100), rules.dead_rounding)
    survivors = total - dead
    badly = round_fraction(
        Fraction(survivors * rules.badly_wounded_percent_of_survivors, 100),
        rules.badly_wounded_rounding,
    )
    return {
        "total": total,
        "dead": dead,
        "badly_wounded": badly,
        "lightly_wounded": survivors - badly,
    }
