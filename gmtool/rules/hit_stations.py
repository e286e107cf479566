"""The optional rule "Characters on Station": only the characters at the station or place a
hit struck are endangered, outright: no Table 3-1 roll, straight to the Table 3-2 feat check
(tables/hit_stations.yaml; off unless the GM turns it on).

The GM names the place struck, or it is rolled on the table. Off, every character aboard is
endangered by every hit, as the chapter's main rule says.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import msgspec

from gmtool.rules.dice import DiceError, DiceExpression, parse, roll
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import Assignment, station_table
from gmtool.rules.tables import cached_table, load_table


class HitStationTable(msgspec.Struct, frozen=True):
    enabled: bool
    endangered_outright: bool  # those at the place struck skip Table 3-1
    die: DiceExpression
    rows: tuple[tuple[int, str], ...]  # (highest roll, place), rising


@cached_table
def hit_station_table() -> HitStationTable:
    root = load_table("hit_stations")
    root.only_keys(
        {"enabled", "endangered_outright", "hit_die", "hit_table"}, what="hit stations table"
    )
    try:
        die = parse(root["hit_die"].str())
    except DiceError as exc:
        raise root["hit_die"].error(f"a dice expression ({exc})") from None
    places = list(places_aboard())
    rows: list[tuple[int, str]] = []
    for row in root["hit_table"].list():
        row.only_keys({"up_to", "place"}, what="hit_table row")
        up_to = row["up_to"].int(minimum=1)
        if rows and up_to <= rows[-1][0]:
            raise row["up_to"].error(f"a number above the row before's {rows[-1][0]}")
        rows.append((up_to, row["place"].choice(places)))
    highest = sum(t.count * max(t.sides, 1) * t.sign for t in die.terms)
    if not rows or rows[-1][0] < highest:
        raise root["hit_table"].error(f"rows up to the die's highest roll, {highest}")
    return HitStationTable(
        root["enabled"].bool(), root["endangered_outright"].bool(), die, tuple(rows)
    )


def on_station_rule() -> bool:
    """Whether the optional rule is on."""
    return hit_station_table().enabled


class HitPlace(msgspec.Struct, frozen=True):
    """The place a hit struck: named by the GM (roll None) or rolled on the table."""

    place: str
    roll: int | None = None
    die: str = ""


def places_aboard() -> tuple[str, ...]:
    """What a hit can strike: every station, and the off-station places aboard (not away)."""
    table = station_table()
    return tuple(p for p in table.places if p in table.stations or table.off_station[p].aboard)


def check_place(place: str) -> str:
    if place not in places_aboard():
        known = ", ".join(places_aboard())
        raise RulesError(f"unknown station or place {place!r} struck: expected one of {known}")
    return place


def roll_hit_place(rng: random.Random) -> HitPlace:
    table = hit_station_table()
    result = roll(table.die, rng).total
    place = next((p for up_to, p in table.rows if result <= up_to), table.rows[-1][1])
    return HitPlace(place, result, table.die.canonical())


def place_name(place: str) -> str:
    """A station by its name ('Engineering'); a place aboard as 'the sickbay' (its table
    name, 'In sickbay', says where a character is, not what a hit strikes)."""
    table = station_table()
    if place in table.stations:
        return table.stations[place].name
    return f"the {place.replace('_', ' ')}"


def at_place(assignments: Iterable[Assignment], place: str) -> tuple[Assignment, ...]:
    """The assignments of the characters at the place struck (only they are endangered)."""
    return tuple(a for a in assignments if a.place == place)
