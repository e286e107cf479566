"""The hazard roll: the hazard die for each character aboard a damaged ship, the Personality
feat check of the endangered, and the injury with armor against it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec
from msgspec.structs import replace

from gmtool.rules.armor import (
    ArmorResult,
    armor_against,
    armor_table,
    armor_text,
    check_damage_type,
)
from gmtool.rules.characters import Character
from gmtool.rules.checks import checks_table, roll_check
from gmtool.rules.dice import roll
from gmtool.rules.durability import DamageResult, State, damage_character, read_state
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards.table import (
    check_posture,
    endangered_on,
    hazard_table,
    injury,
    most_severe_track,
)
from gmtool.rules.stations import Assignment, aboard


class HazardOutcome(msgspec.Struct, frozen=True):
    """One character's hazard roll for one hit: every die, the injury and the new state."""

    character_id: str
    ship_class: str
    track: str
    posture: str
    endangered_on: int
    hazard_roll: int | None  # None: endangered outright, no Table 3-1 roll (on station)
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
        rolled = (
            "endangered outright at the place struck"
            if self.hazard_roll is None
            else f"hazard d20 {self.hazard_roll} vs {self.endangered_on}"
        )
        head = f"{self.character_id}: {rolled} ({self.ship_class}, {self.track})"
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
            **({} if self.hazard_roll is None else {"hazard_roll": self.hazard_roll}),
            "outright": self.hazard_roll is None,
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
            hazard_roll=None if data.get("hazard_roll") is None else int(data["hazard_roll"]),
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
    *,
    outright: bool = False,
) -> HazardOutcome:
    """Roll Table 3-1 for one character; if endangered, the feat check and Table 3-2 injury.
    `outright`: the character is endangered without the Table 3-1 roll (the optional rule
    "characters on station": they are at the place the hit struck).

    Dice are rolled in this order: the hazard die (not when outright), then (if endangered)
    the feat check's control and situation dice, then (if hurt) the injury dice, then the
    protection roll of the character's armor against the injury's damage type (the weapon's;
    None: damage no weapon caused, tables/armor.yaml other_damage_type), at the hazard's Good
    firepower.
    """
    damage_type = damage_type or armor_table().other_damage_type
    check_damage_type(damage_type)
    table = hazard_table()
    threshold = endangered_on(ship_class, track)
    check_posture(posture)
    before = character.state
    hazard = None if outright else roll(table.hazard_die, rng).total
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
    if hazard is not None and hazard > threshold:
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
    *,
    outright: bool = False,
) -> tuple[HazardOutcome, ...]:
    """One hit on a ship: a hazard roll for every character aboard, on the most severe track,
    the injury of the damage type of the weapon that hit (None: no weapon's). `outright`:
    those given are endangered without the Table 3-1 roll (`roll_hazard`).

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
            roll_hazard(
                ship_class,
                track,
                character,
                assignment.posture,
                rng,
                damage_type,
                outright=outright,
            )
        )
    return tuple(outcomes)
