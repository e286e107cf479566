"""Character tasks: what a check at a station's task achieves, by degree."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import msgspec

from gmtool.rules.checks import Degree
from gmtool.rules.crew_losses import round_fraction
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative.model import CharacterTask
from gmtool.rules.narrative.table import narrative_table


class TaskEffect(msgspec.Struct, frozen=True):
    """What a character's check at a task achieved.

    `amount` is the task's number for the degree (a step, a power percentage, repair points),
    0 when the check failed. `enemy_step` is the alternative a boarding leader may pick.
    """

    task: str
    degree: Degree
    kind: str
    amount: int
    enemy_step: int = 0
    repair_tracks: tuple[str, ...] = ()
    system_online: bool = False

    @property
    def success(self) -> bool:
        return self.degree.success

    def describe(self) -> str:
        if self.kind == "own_score":
            return f"own score used: {self.degree.label}"
        if not self.success:
            return "no effect"
        if self.kind == "step":
            text = f"{self.amount:+d} step to the team's roll"
            if self.enemy_step:
                text += f", or {self.enemy_step:+d} step to the enemy's"
            return text
        if self.kind == "power_percent":
            return f"+{self.amount}% power points"
        text = f"{self.amount} point{'s' if self.amount != 1 else ''} of "
        text += " or ".join(self.repair_tracks) + " repaired"
        return text + (", or one system back on line" if self.system_online else "")

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "degree": self.degree.value,
            "kind": self.kind,
            "amount": self.amount,
            "enemy_step": self.enemy_step,
            "repair_tracks": list(self.repair_tracks),
            "system_online": self.system_online,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TaskEffect:
        try:
            return cls(
                task=str(data["task"]),
                degree=Degree(data["degree"]),
                kind=str(data["kind"]),
                amount=int(data["amount"]),
                enemy_step=int(data["enemy_step"]),
                repair_tracks=tuple(str(t) for t in data["repair_tracks"]),
                system_online=bool(data["system_online"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesError(f"cannot read a task effect from {dict(data)!r}") from exc


def task_ids() -> tuple[str, ...]:
    return tuple(narrative_table().tasks)


def character_task(task_id: str) -> CharacterTask:
    tasks = narrative_table().tasks
    if task_id not in tasks:
        raise RulesError(f"unknown character task {task_id!r}: expected one of {', '.join(tasks)}")
    return tasks[task_id]


def task_effect(task_id: str, degree: Degree) -> TaskEffect:
    """The effect of a character's check at `task_id` with this degree of success."""
    task = character_task(task_id)
    succeeded = degree.success
    amount = task.by_degree.get(degree.value, 0) if succeeded else 0
    enemy = task.enemy_step_by_degree.get(degree.value, 0) if succeeded else 0
    return TaskEffect(
        task=task.id,
        degree=degree,
        kind=task.effect,
        amount=amount,
        enemy_step=enemy,
        repair_tracks=task.repair_tracks if succeeded else (),
        system_online=task.system_online and succeeded,
    )


def boosted_power(power_points: int, percent: int) -> int:
    """Power points after a power distribution boost of `percent` percent."""
    if power_points < 0 or percent < 0:
        raise RulesError("power points and the boost must not be negative")
    rounding = character_task("power_distribution").rounding
    return power_points + round_fraction(Fraction(power_points * percent, 100), rounding)
