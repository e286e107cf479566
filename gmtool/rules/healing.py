"""Characters heal: the doctor's treatment roll, rest days, and the short rest after a battle.

Every number is in tables/healing.yaml (with the reading of the core rules behind it). The
functions are pure: they take characters and dice and return what changed, track by track,
so the store saves it and the history shows it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import msgspec

from gmtool.rules.characters import Character, SkillScore, skill_label
from gmtool.rules.checks import CheckResult, Degree, roll_check, validate_step
from gmtool.rules.durability import State, character_state, damage_character, read_state
from gmtool.rules.errors import RulesError
from gmtool.rules.tables import Node, cached_table, load_table


class DegreeEffect(msgspec.Struct, frozen=True):
    """What one degree of a procedure's check does to the patient."""

    stabilizes: bool
    restores: dict[str, int]  # track -> points given back
    damage: tuple[str, int] | None = None  # (kind, points) the patient takes


class Procedure(msgspec.Struct, frozen=True):
    id: str
    name: str
    skill: str
    effects: dict[Degree, DegreeEffect]


class RestRate(msgspec.Struct, frozen=True):
    """A track's natural healing: all at once, or `points` every `every_days` days."""

    all: bool = False
    points: int = 0
    every_days: int = 1
    needs_stabilized: bool = False


class HealingTable(msgspec.Struct, frozen=True):
    procedures: dict[str, Procedure]
    doctor_states: tuple[State, ...]
    rest: dict[str, RestRate]
    max_rest_days: int
    cleared_after_battle: tuple[str, ...]

    def procedure(self, procedure_id: str) -> Procedure:
        if procedure_id not in self.procedures:
            raise RulesError(
                f"unknown procedure {procedure_id!r}: expected {', '.join(self.procedures)}"
            )
        return self.procedures[procedure_id]


def _tracks(node: Node, tracks: tuple[str, ...], what: str) -> dict[str, int]:
    node.only_keys(set(tracks), what=what)
    return {str(k): v.int(minimum=0) for k, v in node.items()}


def _effect(node: Node, tracks: tuple[str, ...]) -> DegreeEffect:
    node.only_keys({"stabilizes", "restores", "damage"}, what="a degree's effect")
    damage_node = node.get("damage")
    damage = None
    if damage_node.value is not None:
        harm = _tracks(damage_node, tracks, "damage")
        if len(harm) != 1:
            raise damage_node.error("one kind of damage and its points, e.g. {wound: 1}")
        damage = next(iter(harm.items()))
    return DegreeEffect(
        node["stabilizes"].bool(), _tracks(node["restores"], tracks, "restores"), damage
    )


@cached_table
def healing_table() -> HealingTable:
    """tables/healing.yaml, read and checked once per process."""
    from gmtool.rules.characters import character_table
    from gmtool.rules.durability import STATES, damage_rules

    tracks = damage_rules().tracks
    root = load_table("healing")
    procedures: dict[str, Procedure] = {}
    for key, node in root["procedures"].items():
        node.only_keys({"name", "skill", "degrees"}, what=f"procedure {key}")
        skill = node["skill"].choice(list(character_table().skills))
        degrees = node["degrees"]
        degrees.only_keys({d.value for d in Degree}, what=f"{key} degrees")
        effects = {d: _effect(degrees[d.value], tracks) for d in Degree}
        procedures[str(key)] = Procedure(str(key), node["name"].str(), skill, effects)
    rest: dict[str, RestRate] = {}
    rest_node = root["rest"]
    rest_node.only_keys(set(tracks), what="rest")
    for track in tracks:
        node = rest_node.get(track, {"points": 0})
        node.only_keys({"all", "points", "every_days", "needs_stabilized"}, what=f"{track} rest")
        rest[track] = RestRate(
            all=node.get("all", False).bool(),
            points=node.get("points", 0).int(minimum=0),
            every_days=node.get("every_days", 1).int(minimum=1),
            needs_stabilized=node.get("needs_stabilized", False).bool(),
        )
    return HealingTable(
        procedures=procedures,
        doctor_states=tuple(
            read_state(n.choice(list(STATES))) for n in root["doctor_states"].list()
        ),
        rest=rest,
        max_rest_days=root["max_rest_days"].int(minimum=1),
        cleared_after_battle=tuple(
            n.choice(list(tracks)) for n in root["cleared_after_battle"].list()
        ),
    )


# -- what changed -------------------------------------------------------------------------------


class Healing(msgspec.Struct, frozen=True):
    """A character before and after some healing (or a treatment's harm)."""

    character_id: str
    before: dict[str, int]
    after: dict[str, int]
    stabilized_before: bool
    stabilized_after: bool
    state_before: State
    state: State

    @property
    def restored(self) -> dict[str, int]:
        """Points given back per track (negative where the patient was hurt)."""
        return {t: self.before[t] - self.after[t] for t in self.before}

    @property
    def changed(self) -> bool:
        return self.before != self.after or self.stabilized_before != self.stabilized_after


def _restore(
    character: Character, points: Mapping[str, int], *, stabilize: bool = False
) -> Healing:
    before = {t: character.damage.get(t, 0) for t in character.tracks}
    after = {t: max(0, before[t] - points.get(t, 0)) for t in before}
    stable = (character.stabilized or stabilize) and after["mortal"] > 0
    return Healing(
        character.id,
        before,
        after,
        character.stabilized,
        stable,
        character.state,
        character_state(character.tracks, after, stable),
    )


# -- the doctor's roll --------------------------------------------------------------------------


class TreatmentRoll(msgspec.Struct, frozen=True):
    """One treatment: who treated whom, the check as rolled, and what it did."""

    procedure: Procedure
    doctor_id: str
    doctor_name: str
    skill: SkillScore
    situation_step: int  # the GM's step on top of the skill's base step
    check: CheckResult
    effect: DegreeEffect
    healing: Healing

    @property
    def degree(self) -> Degree:
        return self.check.degree


def doctor_skill(doctor: Character, procedure: Procedure) -> SkillScore:
    """The doctor's score for the procedure (specialty, broad skill, untrained where the
    characters table allows it); refused when the doctor cannot work or cannot roll it."""
    table = healing_table()
    if doctor.state not in table.doctor_states:
        raise RulesError(
            f"{doctor.name} is {doctor.state.replace('_', ' ')} and cannot work as the doctor"
        )
    found = doctor.skill_score(procedure.skill)
    if found is None:
        raise RulesError(
            f"{doctor.name} has neither {skill_label(procedure.skill)} nor its broad skill, "
            "and medicine cannot be tried untrained (tables/characters.yaml)"
        )
    return found


def roll_treatment(
    doctor: Character,
    patient: Character,
    procedure_id: str,
    rng: random.Random,
    *,
    step: int = 0,
) -> TreatmentRoll:
    """The doctor's check for the procedure; its degree heals (or hurts) the patient."""
    procedure = healing_table().procedure(procedure_id)
    if patient.state == "dead":
        raise RulesError(f"{patient.name} is dead: no treatment brings them back")
    validate_step(step)
    skill = doctor_skill(doctor, procedure)
    check = roll_check(skill.score, skill.step + step, rng)
    effect = procedure.effects[check.degree]
    healing = _restore(patient, effect.restores, stabilize=effect.stabilizes)
    if effect.damage is not None:
        kind, points = effect.damage
        hurt = damage_character(
            patient.tracks, healing.after, points, kind, stabilized=healing.stabilized_after
        )
        healing = Healing(
            patient.id,
            healing.before,
            dict(hurt.after),
            patient.stabilized,
            hurt.stabilized,
            patient.state,
            hurt.state,
        )
    return TreatmentRoll(procedure, doctor.id, doctor.name, skill, step, check, effect, healing)


# -- rest -------------------------------------------------------------------------------------


class Rest(msgspec.Struct, frozen=True):
    """Days of rest for one character: what came back, and the days carried to the next rest
    on tracks that heal more slowly than a point a day."""

    days: int
    healing: Healing
    carried_before: dict[str, int] = msgspec.field(default_factory=dict)
    carried_after: dict[str, int] = msgspec.field(default_factory=dict)


def rest_refusal(character: Character) -> str | None:
    """Why this character cannot rest (the dead, the dying), or None."""
    if character.state == "dead":
        return f"{character.name} is dead"
    if character.state == "dying":
        return f"{character.name} is dying: treat them first (rest does not stop the dying)"
    return None


def check_days(days: int) -> None:
    most = healing_table().max_rest_days
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= most:
        raise RulesError(f"days of rest: a whole number from 1 to {most}, not {days!r}")


def rest(character: Character, days: int, carried: Mapping[str, int] | None = None) -> Rest:
    """`days` of rest by the table; `carried` are the days earlier rests left toward the next
    point of each slow track."""
    check_days(days)
    refusal = rest_refusal(character)
    if refusal is not None:
        raise RulesError(refusal)
    carried = dict(carried or {})
    points: dict[str, int] = {}
    left: dict[str, int] = {}
    for track, rate in healing_table().rest.items():
        marked = character.damage.get(track, 0)
        if rate.needs_stabilized and not character.stabilized:
            continue
        if rate.all:
            points[track] = marked
            continue
        if rate.points == 0 or marked == 0:
            continue  # nothing to heal: no days are banked toward it
        total = carried.get(track, 0) + days
        points[track] = total // rate.every_days * rate.points
        if points[track] < marked and total % rate.every_days:
            left[track] = total % rate.every_days
    return Rest(days, _restore(character, points), carried, left)


def short_rest(character: Character) -> Healing | None:
    """The short rest when a battle ends: the table's tracks cleared (None: nothing to clear,
    or the character is dead)."""
    if character.state == "dead":
        return None
    cleared = {t: character.damage.get(t, 0) for t in healing_table().cleared_after_battle}
    if not any(cleared.values()):
        return None
    return _restore(character, cleared)
