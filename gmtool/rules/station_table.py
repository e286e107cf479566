"""The station table: stations, off-station places, postures, rolls and what success buys.

Read once from tables/stations.yaml into frozen value types; decisions where the rules are
silent are written in that file.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from gmtool.rules.checks import Degree
from gmtool.rules.errors import RulesError
from gmtool.rules.skills import character_table
from gmtool.rules.tables import cached_table, load_table

NO_STATION = "no_station"  # tables/stations.yaml default_posture: anyone aboard at no station

# -- the table ----------------------------------------------------------------------------


class Effect(msgspec.Struct, frozen=True):
    id: str
    text: str
    by_degree: dict[str, int]  # degree id (ordinary, good, amazing) -> number


class RollDef(msgspec.Struct, frozen=True):
    id: str
    name: str
    phase: str
    crew_rolls: bool
    effect: str  # an effect id, or "replaces_crew_check"


class Station(msgspec.Struct, frozen=True):
    id: str
    name: str
    description: str
    roll: str | None
    other_rolls: tuple[str, ...]
    hands_on: tuple[str, ...]
    lead: tuple[str, ...]
    lead_effect: str
    leadable: bool
    directs: tuple[str, ...]
    several_rolls: bool
    note: str


class Place(msgspec.Struct, frozen=True):
    """Somewhere a character can be instead of a station (brig, sickbay, away)."""

    id: str
    name: str
    aboard: bool
    default_posture: str


class StationTable(msgspec.Struct, frozen=True):
    stations: dict[str, Station]
    off_station: dict[str, Place]
    postures: dict[str, str]
    default_posture: dict[str, str]  # station id (or no_station) -> posture
    rolls: dict[str, RollDef]
    effects: dict[str, Effect]

    def station(self, station_id: str) -> Station:
        if station_id not in self.stations:
            raise RulesError(
                f"unknown station {station_id!r}{hint(station_id, self.stations)}: expected "
                f"one of {', '.join(self.stations)}"
            )
        return self.stations[station_id]

    def posture_at(self, place: str | None) -> str:
        """The posture a character gets at a station or place when the GM gives none."""
        if place is None:
            return self.default_posture[NO_STATION]
        if place in self.off_station:
            return self.off_station[place].default_posture
        return self.default_posture[self.station(place).id]

    @property
    def places(self) -> tuple[str, ...]:
        """Every place an assignment may name: the stations, then the off-station places."""
        return (*self.stations, *self.off_station)


def hint(word: str, options: Iterable[str]) -> str:
    from difflib import get_close_matches  # only for a misspelt name: not at every start

    close = get_close_matches(word, sorted(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


_EFFECT_DEGREES = (Degree.ORDINARY.value, Degree.GOOD.value, Degree.AMAZING.value)


@cached_table
def station_table() -> StationTable:
    """The table, read and checked once per process."""
    root = load_table("stations")
    root.only_keys(
        {"postures", "default_posture", "off_station", "effects", "rolls", "stations"},
        what="stations table",
    )
    postures = {str(k): v.str() for k, v in root["postures"].items()}
    off_station: dict[str, Place] = {}
    for key, node in root["off_station"].items():
        node.only_keys({"name", "aboard", "default_posture"}, what=str(key))
        off_station[str(key)] = Place(
            str(key),
            node["name"].str(),
            node["aboard"].bool(),
            node["default_posture"].choice(list(postures)),
        )
    effects: dict[str, Effect] = {}
    for key, node in root["effects"].items():
        node.only_keys({"text", *_EFFECT_DEGREES}, what=f"effect {key}")
        effects[str(key)] = Effect(
            str(key), node["text"].str(), {d: node[d].int() for d in _EFFECT_DEGREES}
        )
    rolls: dict[str, RollDef] = {}
    for key, node in root["rolls"].items():
        node.only_keys({"name", "phase", "crew_rolls", "effect"}, what=f"roll {key}")
        rolls[str(key)] = RollDef(
            str(key),
            node["name"].str(),
            node["phase"].str(),
            node["crew_rolls"].bool(),
            node["effect"].choice(["replaces_crew_check", *effects]),
        )
    skills = list(character_table().skills)
    stations_node = root["stations"]
    station_ids = [str(k) for k in stations_node.mapping()]
    stations: dict[str, Station] = {}
    for key, node in stations_node.items():
        node.only_keys(
            {
                "name",
                "description",
                "roll",
                "other_rolls",
                "hands_on",
                "lead",
                "lead_effect",
                "leadable",
                "directs",
                "several_rolls",
                "note",
            },
            what=f"station {key}",
        )
        roll_node = node["roll"]
        roll = None if roll_node.value is None else roll_node.choice(list(rolls))
        others = tuple(n.choice(list(rolls)) for n in node.get("other_rolls", []).list())
        hands_on = tuple(n.choice(skills) for n in node["hands_on"].list())
        if hands_on and roll is None:
            raise node["hands_on"].error("no hands-on skills for a station without a roll")
        directs = tuple(
            n.choice([s for s in station_ids if s != key]) for n in node["directs"].list()
        )
        note_node = node.get("note", "")
        stations[str(key)] = Station(
            id=str(key),
            name=node["name"].str(),
            description=" ".join(node["description"].str().split()),
            roll=roll,
            other_rolls=others,
            hands_on=hands_on,
            lead=tuple(n.choice(skills) for n in node["lead"].list()),
            lead_effect=node["lead_effect"].choice(list(effects)),
            leadable=node["leadable"].bool() and roll is not None,
            directs=directs,
            several_rolls=node["several_rolls"].bool(),
            note=note_node.str(nonempty=False) if note_node.value is not None else "",
        )
    clash = set(stations) & set(off_station)
    if clash:
        raise root["off_station"].error("place names that are not station ids", sorted(clash))
    posture_node = root["default_posture"]
    posture_node.only_keys({*stations, NO_STATION}, what="default_posture")
    default_posture = {str(k): v.choice(list(postures)) for k, v in posture_node.items()}
    missing = [s for s in (*stations, NO_STATION) if s not in default_posture]
    if missing:
        raise posture_node.error(f"a posture for every station and {NO_STATION}", got=missing)
    return StationTable(stations, off_station, postures, default_posture, rolls, effects)


def station_ids() -> tuple[str, ...]:
    return tuple(station_table().stations)


def leadership_bonus(degree: Degree, station_id: str | None = None) -> int:
    """The step bonus a leader's check of this degree lends the team (0 when it fails).

    With a station, that station's lead effect (boarding parties use their own); without
    one, the ordinary Leadership-at-a-station effect.
    """
    table = station_table()
    effect_id = table.station(station_id).lead_effect if station_id else "leadership"
    return table.effects[effect_id].by_degree.get(degree.value, 0)
