"""Whose score a battle roll uses where a character's skill "replaces" the crew check, and
what a single-seat fighter's pilot rolls.

RULES.md section 3: at the weapons console, the helm and the sensors a character's own score
replaces the crew check, and the roll uses the better of the two (a GM never posts a worse
officer to make the ship worse); both are shown. The source lets a character flying a
single-seat fighter use Vehicle Operation--spacecraft "for attack rolls, sensor checks, and
other crew checks": aboard a ship whose spec sets `single_seat`, the pilot makes each listed
task with that skill, from any station. The lists are in tables/battle.yaml.
"""

from __future__ import annotations

import msgspec

from gmtool.rules.battle.config import battle_table, task_roll
from gmtool.rules.characters import skill_label
from gmtool.rules.checks import checks_table
from gmtool.rules.ships import ShipSpec


class ScoreChoice(msgspec.Struct, frozen=True):
    """Both scores the better-of rule compared: the character's skill and the crew check."""

    skill: str  # the skill id the character's score comes from
    skill_score: int
    skill_step: int
    crew_score: int
    crew_step: int

    @property
    def rolls(self) -> str:
        """Which score the roll uses: 'the crew check' or the skill's name."""
        return "the crew check" if self.crew_better else skill_label(self.skill)

    @property
    def crew_better(self) -> bool:
        """The crew check is the better score: higher, or as high at a better step. A tie
        goes to the character's own skill."""
        return (self.crew_score, -self.crew_step) > (self.skill_score, -self.skill_step)

    def describe(self) -> str:
        """'the better of System Operation—weapons 12 and the crew check 14'."""
        own = f"{skill_label(self.skill)} {self.skill_score}"
        if self.skill_step:
            own += f" at {self.skill_step:+d}"
        crew = f"the crew check {self.crew_score}"
        if self.crew_step:
            crew += f" at {self.crew_step:+d}"
        return f"the better of {own} and {crew}"


def pilots_everything(spec: ShipSpec, task_id: str) -> bool:
    """A single-seat fighter's pilot makes this task with the pilot's skill."""
    return spec.single_seat and task_id in battle_table().single_seat_tasks


def task_skills(spec: ShipSpec, task_id: str) -> tuple[str, ...]:
    """The skills a character aboard this ship rolls for the task."""
    if pilots_everything(spec, task_id):
        return battle_table().single_seat_skills
    return task_roll(task_id).skills


def task_stations(spec: ShipSpec, task_id: str) -> tuple[str, ...] | None:
    """Where a character must be to make the task (None: any station; a fighter's pilot)."""
    if pilots_everything(spec, task_id):
        return None
    return task_roll(task_id).stations


def takes_the_better(spec: ShipSpec, task_id: str) -> bool:
    """The task's roll uses the better of the character's skill and the crew check."""
    return task_id in battle_table().better_of_crew_check or pilots_everything(spec, task_id)


def replaces_crew_check(station_roll: str) -> bool:
    """A station's roll (tables/stations.yaml: attack, maneuver, sensor) where a character's
    score replaces the crew check, so the battle rolls the better of the two."""
    return any(task_roll(t).roll == station_roll for t in battle_table().better_of_crew_check)


def board_choice(
    station_roll: str, skill: str, score: int, step: int, crew_score: int
) -> ScoreChoice | None:
    """Both scores a character's hands-on roll at a station is compared on in battle (None:
    the roll is the character's own, whatever the crew's)."""
    if not replaces_crew_check(station_roll):
        return None
    return ScoreChoice(skill, score, step, crew_score, checks_table().base_step["crew"])
