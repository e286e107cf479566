"""tables/hazards.yaml read and checked, and its lookups: who is endangered on which track
(Table 3-1), which injury a posture takes (Table 3-2).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from gmtool.rules.characters import character_table
from gmtool.rules.checks import Degree
from gmtool.rules.classes import class_ids
from gmtool.rules.dice import DiceError, DiceExpression, parse
from gmtool.rules.durability import damage_rules
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import station_table
from gmtool.rules.tables import Node, cached_table, load_table

SAME_ROUND = "same_round"

# -- the table ----------------------------------------------------------------------------


class HazardTable(msgspec.Struct, frozen=True):
    hazard_die: DiceExpression
    track_severity: tuple[str, ...]
    endangered_on: dict[str, dict[str, int]]  # class -> track -> highest endangering roll
    feat_ability: str
    feat_extra_step: int
    injury: dict[str, dict[str, str | None]]  # degree id -> posture -> damage notation
    bailout_time: dict[str, DiceExpression | None]  # None: the same round
    clear_percent: dict[str, int]
    trapped_percent: DiceExpression
    trapped_min: int
    trapped_max: int


def _dice(node: Node) -> DiceExpression:
    try:
        return parse(str(node.str()))
    except DiceError as exc:
        raise node.error(f"a dice expression ({exc})") from None


def _dice_range(expression: DiceExpression) -> tuple[int, int]:
    low = high = 0
    for term in expression.terms:
        ends = (term.count, term.count * max(term.sides, 1))
        if term.sign > 0:
            low, high = low + ends[0], high + ends[1]
        else:
            low, high = low - ends[1], high - ends[0]
    return low, high


@cached_table
def hazard_table() -> HazardTable:
    """The table, read and checked once per process."""
    root = load_table("hazards")
    root.only_keys(
        {"hazard_die", "track_severity", "endangered_on", "feat_check", "injury", "bailout"},
        what="hazards table",
    )
    classes = list(class_ids())
    die = _dice(root["hazard_die"])
    _, die_max = _dice_range(die)
    severity_node = root["track_severity"]
    severity = tuple(n.str() for n in severity_node.list())
    if len(set(severity)) != len(severity) or not severity:
        raise severity_node.error("a list of distinct ship damage tracks")

    endangered: dict[str, dict[str, int]] = {}
    table_node = root["endangered_on"]
    table_node.only_keys(set(classes), what="Table 3-1")
    for ship_class in classes:
        row = table_node[ship_class]
        row.only_keys(set(severity), what=f"Table 3-1, {ship_class}")
        endangered[ship_class] = {t: row[t].int(0, die_max) for t in severity}

    feat = root["feat_check"]
    feat.only_keys({"ability", "extra_step"}, what="feat check")
    feat_ability = feat["ability"].choice(list(character_table().abilities))
    feat_extra = feat["extra_step"].int()

    postures = list(station_table().postures)
    character_tracks = damage_rules().tracks
    injury: dict[str, dict[str, str | None]] = {}
    injury_node = root["injury"]
    injury_node.only_keys({d.value for d in Degree}, what="Table 3-2")
    for degree in Degree:
        row = injury_node[degree.value]
        row.only_keys(set(postures), what=f"Table 3-2, {degree.value}")
        injury[degree.value] = {}
        for posture in postures:
            cell = row[posture]
            if cell.value is None:
                injury[degree.value][posture] = None
                continue
            expression = _dice(cell)
            if expression.track not in character_tracks:
                raise cell.error(f"damage ending in the letter of a track ({character_tracks})")
            injury[degree.value][posture] = cell.str()

    bailout = root["bailout"]
    bailout.only_keys(
        {"time", "clear_percent_per_round", "trapped_percent", "trapped_percent_range"},
        what="bail-out",
    )
    times: dict[str, DiceExpression | None] = {}
    time_node = bailout["time"]
    time_node.only_keys(set(classes), what="Table 3-3")
    for ship_class in classes:
        cell = time_node[ship_class]
        if cell.value == SAME_ROUND:
            times[ship_class] = None
        else:
            expression = _dice(cell)
            if _dice_range(expression)[0] < 1:
                raise cell.error("a bail-out time of at least 1 round, or same_round")
            times[ship_class] = expression
    clear_node = bailout["clear_percent_per_round"]
    clear_node.only_keys(set(classes), what="bail-out shares")
    clear = {c: clear_node[c].int(1, 100) for c in classes}
    trapped = _dice(bailout["trapped_percent"])
    range_node = bailout["trapped_percent_range"]
    low, high = range_node["min"].int(0, 100), range_node["max"].int(0, 100)
    roll_low, roll_high = _dice_range(trapped)
    if not low <= roll_low <= roll_high <= high:
        raise bailout["trapped_percent"].error(f"a roll that stays within {low} to {high}")
    return HazardTable(
        die,
        severity,
        endangered,
        feat_ability,
        feat_extra,
        injury,
        times,
        clear,
        trapped,
        low,
        high,
    )


# -- Tables 3-1 and 3-2 -------------------------------------------------------------------


def check_class(ship_class: str) -> None:
    if ship_class not in hazard_table().endangered_on:
        raise RulesError(
            f"unknown ship class {ship_class!r}: expected one of {', '.join(class_ids())}"
        )


def _check_track(track: str) -> None:
    severity = hazard_table().track_severity
    if track not in severity:
        raise RulesError(f"unknown damage track {track!r}: expected one of {', '.join(severity)}")


def check_posture(posture: str) -> None:
    postures = station_table().postures
    if posture not in postures:
        raise RulesError(f"unknown posture {posture!r}: expected one of {', '.join(postures)}")


def endangered_on(ship_class: str, track: str) -> int:
    """The highest hazard-die roll that endangers a character (0: never), Table 3-1."""
    check_class(ship_class)
    _check_track(track)
    return hazard_table().endangered_on[ship_class][track]


def injury(degree: Degree | str, posture: str) -> str | None:
    """The damage an endangered character takes (e.g. '1d6s'), or None, Table 3-2."""
    check_posture(posture)
    degree_id = degree.value if isinstance(degree, Degree) else degree
    table = hazard_table().injury
    if degree_id not in table:
        raise RulesError(f"unknown degree {degree_id!r}: expected one of {', '.join(table)}")
    return table[degree_id][posture]


def default_posture(station_id: str | None) -> str:
    """The posture a character has at this station when the GM gives none: "secure" or
    "vulnerable" (RULES.md section 5, read from tables/stations.yaml). None, or an off-station
    place such as the brig, is "anyone aboard at no station"."""
    return station_table().posture_at(station_id)


def most_severe_track(tracks: Iterable[str]) -> str:
    """Of the tracks one hit marked, the one the hazard roll uses."""
    severity = hazard_table().track_severity
    marked = list(tracks)
    if not marked:
        raise RulesError("a hit that marks no track endangers nobody")
    for track in marked:
        _check_track(track)
    return max(marked, key=severity.index)
