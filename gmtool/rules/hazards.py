"""Hazards to characters aboard a ship that takes damage, and abandoning ship.

When a ship marks damage on a track, each character aboard rolls the hazard die against
Table 3-1; an endangered character makes a Personality feat check and takes the Table 3-2
injury for their posture. Bail-out (Table 3-3) is rolled once when the order is given and
then counted round by round. All numbers are in tables/hazards.yaml; every function that
rolls takes the caller's `random.Random` and returns every die it rolled.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gmtool.rules.armor import (
    ArmorResult,
    armor_against,
    armor_table,
    armor_text,
    check_damage_type,
)
from gmtool.rules.characters import Character, character_table
from gmtool.rules.checks import Degree, checks_table, roll_check
from gmtool.rules.classes import class_ids
from gmtool.rules.dice import DiceError, DiceExpression, parse, roll
from gmtool.rules.durability import (
    DamageResult,
    State,
    damage_character,
    damage_rules,
    read_state,
)
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import Assignment, aboard, station_table
from gmtool.rules.tables import Node, cached_table, load_table

SAME_ROUND = "same_round"

# -- the table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class HazardTable:
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


def _check_class(ship_class: str) -> None:
    if ship_class not in hazard_table().endangered_on:
        raise RulesError(
            f"unknown ship class {ship_class!r}: expected one of {', '.join(class_ids())}"
        )


def _check_track(track: str) -> None:
    severity = hazard_table().track_severity
    if track not in severity:
        raise RulesError(f"unknown damage track {track!r}: expected one of {', '.join(severity)}")


def _check_posture(posture: str) -> None:
    postures = station_table().postures
    if posture not in postures:
        raise RulesError(f"unknown posture {posture!r}: expected one of {', '.join(postures)}")


def endangered_on(ship_class: str, track: str) -> int:
    """The highest hazard-die roll that endangers a character (0: never), Table 3-1."""
    _check_class(ship_class)
    _check_track(track)
    return hazard_table().endangered_on[ship_class][track]


def injury(degree: Degree | str, posture: str) -> str | None:
    """The damage an endangered character takes (e.g. '1d6s'), or None, Table 3-2."""
    _check_posture(posture)
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


# -- the hazard roll ----------------------------------------------------------------------


@dataclass(frozen=True)
class HazardOutcome:
    """One character's hazard roll for one hit: every die, the injury and the new state."""

    character_id: str
    ship_class: str
    track: str
    posture: str
    endangered_on: int
    hazard_roll: int
    endangered: bool
    feat_ability: str | None = None
    feat_score: int | None = None
    feat_step: int | None = None
    feat_control: int | None = None
    feat_situation: tuple[int, ...] = ()  # signed values of the situation dice
    feat_total: int | None = None
    degree: str | None = None
    injury: str | None = None  # damage notation from Table 3-2
    injury_dice: tuple[int, ...] = ()
    injury_total: int = 0
    damage: DamageResult | None = None
    state_before: State = "ok"
    state: State = "ok"
    stabilized: bool = False
    damage_type: str | None = None  # low_impact, high_impact or energy (tables/armor.yaml)
    armor: ArmorResult | None = None  # what the character's armor did to the injury

    @property
    def hurt(self) -> bool:
        return self.damage is not None and any(self.damage.marked.values())

    def apply_to(self, character: Character) -> Character:
        """The character with this outcome's damage (unchanged if they were not hurt)."""
        if character.id != self.character_id:
            raise RulesError(f"this hazard roll is for {self.character_id}, not {character.id}")
        if self.damage is None:
            return character
        return character.with_damage(self.damage.after, self.stabilized)

    def describe(self) -> str:
        head = (
            f"{self.character_id}: hazard d20 {self.hazard_roll} vs {self.endangered_on} "
            f"({self.ship_class}, {self.track})"
        )
        if not self.endangered:
            return f"{head}: safe"
        situation = " ".join(f"{v:+d}" for v in self.feat_situation) or "+0"
        feat = (
            f"{self.feat_ability} feat {self.feat_score} at {self.feat_step:+d}: "
            f"d20 {self.feat_control} {situation} = {self.feat_total} -> {self.degree}"
        )
        if self.injury is None or self.damage is None:
            return f"{head}: endangered; {feat}; unhurt"
        dice = " ".join(str(d) for d in self.injury_dice)
        worn = f" ({armor_text(self.armor)})" if self.armor is not None else ""
        return (
            f"{head}: endangered; {feat}; {self.injury} [{dice}] = {self.injury_total} "
            f"{self.damage.kind}{worn}; {self.damage.describe()}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "character": self.character_id,
            "ship_class": self.ship_class,
            "track": self.track,
            "posture": self.posture,
            "endangered_on": self.endangered_on,
            "hazard_roll": self.hazard_roll,
            "endangered": self.endangered,
            "feat_ability": self.feat_ability,
            "feat_score": self.feat_score,
            "feat_step": self.feat_step,
            "feat_control": self.feat_control,
            "feat_situation": list(self.feat_situation),
            "feat_total": self.feat_total,
            "degree": self.degree,
            "injury": self.injury,
            "injury_dice": list(self.injury_dice),
            "injury_total": self.injury_total,
            "damage": self.damage.to_dict() if self.damage else None,
            "state_before": self.state_before,
            "state": self.state,
            "stabilized": self.stabilized,
            "damage_type": self.damage_type,
            "armor": self.armor.to_dict() if self.armor else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HazardOutcome:
        damage = data.get("damage")
        armor = data.get("armor")
        return cls(
            character_id=str(data["character"]),
            ship_class=str(data["ship_class"]),
            track=str(data["track"]),
            posture=str(data["posture"]),
            endangered_on=int(data["endangered_on"]),
            hazard_roll=int(data["hazard_roll"]),
            endangered=bool(data["endangered"]),
            feat_ability=data.get("feat_ability"),
            feat_score=data.get("feat_score"),
            feat_step=data.get("feat_step"),
            feat_control=data.get("feat_control"),
            feat_situation=tuple(int(v) for v in data.get("feat_situation", ())),
            feat_total=data.get("feat_total"),
            degree=data.get("degree"),
            injury=data.get("injury"),
            injury_dice=tuple(int(v) for v in data.get("injury_dice", ())),
            injury_total=int(data.get("injury_total", 0)),
            damage=DamageResult.from_dict(damage) if damage else None,
            state_before=read_state(data["state_before"], " in a hazard record"),
            state=read_state(data["state"], " in a hazard record"),
            stabilized=bool(data.get("stabilized", False)),
            damage_type=data.get("damage_type"),
            armor=ArmorResult.from_dict(armor) if armor else None,
        )


def roll_hazard(
    ship_class: str,
    track: str,
    character: Character,
    posture: str,
    rng: random.Random,
    damage_type: str | None = None,
) -> HazardOutcome:
    """Roll Table 3-1 for one character; if endangered, the feat check and Table 3-2 injury.

    Dice are rolled in this order: the hazard die, then (if endangered) the feat check's
    control and situation dice, then (if hurt) the injury dice, then the protection roll of
    the character's armor against the injury's damage type (the weapon's; None: damage no
    weapon caused, tables/armor.yaml other_damage_type), at the hazard's Good firepower.
    """
    damage_type = damage_type or armor_table().other_damage_type
    check_damage_type(damage_type)
    table = hazard_table()
    threshold = endangered_on(ship_class, track)
    _check_posture(posture)
    before = character.state
    hazard = roll(table.hazard_die, rng).total
    safe = HazardOutcome(
        character_id=character.id,
        ship_class=ship_class,
        track=track,
        posture=posture,
        endangered_on=threshold,
        hazard_roll=hazard,
        endangered=False,
        state_before=before,
        state=before,
        stabilized=character.stabilized,
        damage_type=damage_type,
    )
    if hazard > threshold:
        return safe
    if table.feat_ability not in character.abilities:
        raise RulesError(f"{character.name} has no {table.feat_ability} score for the feat check")
    score = character.abilities[table.feat_ability]
    step = checks_table().base_step["feat"] + table.feat_extra_step
    check = roll_check(score, step, rng)
    endangered = replace(
        safe,
        endangered=True,
        feat_ability=table.feat_ability,
        feat_score=score,
        feat_step=step,
        feat_control=check.control,
        feat_situation=tuple(d.sign * d.value for d in check.situation),
        feat_total=check.total,
        degree=check.degree.value,
    )
    notation = injury(check.degree, posture)
    if notation is None:
        return endangered
    dice = roll(notation, rng)
    kind = dice.track
    assert kind is not None  # every Table 3-2 cell names its track (checked on load)
    points = max(dice.total, 0)
    worn = None
    if character.armor is not None:
        worn = armor_against(character.armor, damage_type, points, kind, rng)
        points, kind = worn.points, worn.track
    damage = damage_character(
        character.tracks,
        character.damage,
        points,
        kind,
        stabilized=character.stabilized,
    )
    return replace(
        endangered,
        injury=notation,
        injury_dice=tuple(d.value for d in dice.dice),
        injury_total=dice.total,
        armor=worn,
        damage=damage,
        state=damage.state,
        stabilized=damage.stabilized,
    )


def roll_hazards(
    ship_id: str,
    ship_class: str,
    tracks_marked: Iterable[str],
    characters: Iterable[Character] | Mapping[str, Character],
    assignments: Iterable[Assignment],
    rng: random.Random,
    damage_type: str | None = None,
) -> tuple[HazardOutcome, ...]:
    """One hit on a ship: a hazard roll for every character aboard, on the most severe track,
    the injury of the damage type of the weapon that hit (None: no weapon's).

    Characters away from the ship do not roll; the dead do not roll again. Rolls follow the
    order of the assignments, so a seeded campaign replays the same dice.
    """
    track = most_severe_track(tracks_marked)
    by_id = dict(characters) if isinstance(characters, Mapping) else {c.id: c for c in characters}
    outcomes: list[HazardOutcome] = []
    for assignment in aboard(assignments, ship_id):
        character = by_id.get(assignment.character_id)
        if character is None:
            raise RulesError(f"assignment names unknown character {assignment.character_id!r}")
        if character.state == "dead":
            continue
        outcomes.append(
            roll_hazard(ship_class, track, character, assignment.posture, rng, damage_type)
        )
    return tuple(outcomes)


# -- bail-out (Table 3-3) -----------------------------------------------------------------


def _half_up(numerator: int, denominator: int) -> int:
    return (2 * numerator + denominator) // (2 * denominator)


@dataclass(frozen=True)
class BailoutTime:
    """How many rounds abandoning this ship takes (1 for `same_round`), with the dice."""

    ship_class: str
    rounds: int
    notation: str | None  # None: the same round
    dice: tuple[int, ...] = ()

    def describe(self) -> str:
        if self.notation is None:
            return f"{self.ship_class}: clear the same round"
        shown = " ".join(str(d) for d in self.dice)
        return f"{self.ship_class}: {self.notation} [{shown}] = {self.rounds} rounds"

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship_class": self.ship_class,
            "rounds": self.rounds,
            "notation": self.notation,
            "dice": list(self.dice),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BailoutTime:
        return cls(
            str(data["ship_class"]),
            int(data["rounds"]),
            data.get("notation"),
            tuple(int(d) for d in data.get("dice", ())),
        )


def roll_bailout_time(ship_class: str, rng: random.Random) -> BailoutTime:
    """Roll Table 3-3 once, when the order to abandon ship is given."""
    _check_class(ship_class)
    expression = hazard_table().bailout_time[ship_class]
    if expression is None:
        return BailoutTime(ship_class, 1, None)
    result = roll(expression, rng)
    return BailoutTime(
        ship_class, result.total, expression.canonical(), tuple(d.value for d in result.dice)
    )


@dataclass(frozen=True)
class Bailout:
    """An evacuation under way: rolled once, then read round by round with `bailout_round`."""

    ship_class: str
    survivors: int  # aboard and alive when the order was given
    time: BailoutTime
    trapped_percent: int
    trapped_dice: tuple[int, ...]  # empty when the GM chose the percentage
    trapped: int  # cannot get out at all
    clear_percent: int  # of the survivors, each round

    @property
    def rounds(self) -> int:
        return self.time.rounds

    @property
    def can_leave(self) -> int:
        return self.survivors - self.trapped

    def to_dict(self) -> dict[str, Any]:
        return {
            "ship_class": self.ship_class,
            "survivors": self.survivors,
            "time": self.time.to_dict(),
            "trapped_percent": self.trapped_percent,
            "trapped_dice": list(self.trapped_dice),
            "trapped": self.trapped,
            "clear_percent": self.clear_percent,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Bailout:
        return cls(
            str(data["ship_class"]),
            int(data["survivors"]),
            BailoutTime.from_dict(data["time"]),
            int(data["trapped_percent"]),
            tuple(int(d) for d in data.get("trapped_dice", ())),
            int(data["trapped"]),
            int(data["clear_percent"]),
        )


def start_bailout(
    ship_class: str,
    survivors: int,
    rng: random.Random,
    *,
    trapped_percent: int | None = None,
) -> Bailout:
    """Give the order to abandon ship: roll the time, then the share who cannot get out.

    `trapped_percent` lets the GM choose the share (within the table's range) instead of
    rolling it.
    """
    table = hazard_table()
    if isinstance(survivors, bool) or not isinstance(survivors, int) or survivors < 0:
        raise RulesError(f"survivors must be a whole number of at least 0, not {survivors!r}")
    time = roll_bailout_time(ship_class, rng)
    dice: tuple[int, ...] = ()
    if trapped_percent is None:
        result = roll(table.trapped_percent, rng)
        percent, dice = result.total, tuple(d.value for d in result.dice)
    else:
        if isinstance(trapped_percent, bool) or not isinstance(trapped_percent, int):
            raise RulesError(f"the trapped share must be a whole number, not {trapped_percent!r}")
        if not table.trapped_min <= trapped_percent <= table.trapped_max:
            raise RulesError(
                f"the share who cannot get out must be from {table.trapped_min} to "
                f"{table.trapped_max} percent, not {trapped_percent}"
            )
        percent = trapped_percent
    trapped = min(survivors, _half_up(survivors * percent, 100))
    return Bailout(
        ship_class, survivors, time, percent, dice, trapped, table.clear_percent[ship_class]
    )


@dataclass(frozen=True)
class BailoutRound:
    round: int
    cleared: int  # got clear this round
    cleared_total: int  # got clear so far
    still_leaving: int  # inside and able to leave, after this round
    trapped: int  # cannot get out
    complete: bool  # everyone who can leave is clear

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "cleared": self.cleared,
            "cleared_total": self.cleared_total,
            "still_leaving": self.still_leaving,
            "trapped": self.trapped,
            "complete": self.complete,
        }


def _cleared_by(bailout: Bailout, round_number: int) -> int:
    if round_number <= 0:
        return 0
    if round_number >= bailout.rounds:
        return bailout.can_leave
    share = _half_up(bailout.survivors * bailout.clear_percent * round_number, 100)
    return min(bailout.can_leave, share)


def bailout_round(bailout: Bailout, round_number: int) -> BailoutRound:
    """How many got clear in this round (1 = the round of the order) and how many remain.

    Counted from the start each time (rounded half up on the running total), so the rounds
    add up exactly to everyone who can leave.
    """
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise RulesError(f"bail-out rounds count from 1, not {round_number!r}")
    before = _cleared_by(bailout, round_number - 1)
    total = _cleared_by(bailout, round_number)
    return BailoutRound(
        round=round_number,
        cleared=total - before,
        cleared_total=total,
        still_leaving=bailout.can_leave - total,
        trapped=bailout.trapped,
        complete=total == bailout.can_leave,
    )


def bailout_rounds(bailout: Bailout) -> tuple[BailoutRound, ...]:
    """Every round of the evacuation, from the order to the end of the bail-out time."""
    return tuple(bailout_round(bailout, r) for r in range(1, bailout.rounds + 1))


def survivors_aboard(
    characters: Sequence[Character], assignments: Iterable[Assignment], ship_id: str
) -> tuple[Character, ...]:
    """The characters aboard a ship who are still alive: they must reach a pod or airlock."""
    ids = {a.character_id for a in aboard(assignments, ship_id)}
    return tuple(c for c in characters if c.id in ids and c.state != "dead")
