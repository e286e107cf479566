"""Whether a task the GM asks of a character at a station would be done, or refused.

The assignment rules accept any task a station has; the board then works out who really
rolls and leads. A character asked to lead without the skill, or to take a roll a better
character takes, would only stand by: `task_refusal` says so with typed fields, and
`refusal_text` in the GM's words.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from gmtool.rules.board_notes import BoardNote, note_text
from gmtool.rules.characters import Character, skill_label
from gmtool.rules.stations import StationBoard, station_table

RefusalKind = Literal[
    "out_of_action",  # the character's state keeps them from any task
    "no_lead_skill",
    "team_led",  # a better leader leads that team
    "no_hands_on_skill",
    "roll_taken",  # a better character takes that roll
    "stands_by",  # the board has them stand by for another reason (`why`)
]


class TaskRefusal(msgspec.Struct, frozen=True):
    kind: RefusalKind
    character_id: str
    name: str
    task: str  # leading or hands_on
    station_id: str  # the station whose team or roll was asked for
    station_name: str
    skills: tuple[str, ...] = ()  # the skills that would do
    by: str | None = None  # who leads or rolls instead
    by_name: str = ""
    state: str = ""
    why: BoardNote | None = None


def task_refusal(
    board: StationBoard, character: Character, place: str, task: str, leads: str | None
) -> TaskRefusal | None:
    """Why `character`, at `place`, would not do `task` (leading `leads`, or their own
    station's team) on `board` (the board as it would be with the task saved); None when
    they would. `auto` is never refused: the board chooses."""
    occupant = board.occupant(character.id)
    if task == "auto" or occupant is None:
        return None
    target = station_table().stations[leads or place]

    def refused(
        kind: RefusalKind,
        *,
        skills: tuple[str, ...] = (),
        by: str | None = None,
        by_name: str = "",
        why: BoardNote | None = None,
    ) -> TaskRefusal:
        return TaskRefusal(
            kind,
            character.id,
            character.name,
            task,
            target.id,
            target.name,
            skills=skills,
            by=by,
            by_name=by_name,
            state=character.state,
            why=why,
        )

    if occupant.task == "out_of_action":
        return refused("out_of_action")
    if task == "leading":
        if occupant.task == "leading" and occupant.target == target.id:
            return None
        if character.best_skill(target.lead) is None:
            return refused("no_lead_skill", skills=target.lead)
        leader = board.line(target.id).leader
        if leader is not None and leader.character_id != character.id:
            return refused("team_led", by=leader.character_id, by_name=leader.name)
    else:
        if occupant.task == "hands_on":
            return None
        if character.best_skill(target.hands_on) is None:
            return refused("no_hands_on_skill", skills=target.hands_on)
        roller = next((o for o in board.line(target.id).occupants if o.task == "hands_on"), None)
        if roller is not None:
            return refused("roll_taken", by=roller.character_id, by_name=roller.name)
    return refused("stands_by", why=occupant.why)


def refusal_text(refusal: TaskRefusal) -> str:
    """The refusal in a sentence: 'Doctor Priya Salo cannot lead the Sensors team: no
    Leadership—command skill.'"""
    name = refusal.name
    leading = refusal.task == "leading"
    what = f"the {refusal.station_name} team" if leading else refusal.station_name
    skills = " or ".join(skill_label(s) for s in refusal.skills)
    if refusal.kind == "out_of_action":
        doing = "lead" if leading else "work hands-on at"
        state = refusal.state.replace("_", " ")
        return f"{name} is {state}: nobody out of action can {doing} {what}."
    if refusal.kind == "no_lead_skill":
        return f"{name} cannot lead {what}: no {skills} skill."
    if refusal.kind == "team_led":
        return f"{refusal.by_name} already leads {what}, with a better chance."
    if refusal.kind == "no_hands_on_skill":
        return f"{name} cannot work hands-on at {what}: no {skills or 'skill'} skill."
    if refusal.kind == "roll_taken":
        return f"{refusal.by_name} already takes the {what} roll, with a better chance."
    said = note_text(refusal.why) if refusal.why is not None else "the board says so"
    return f"{name} would only stand by: {said}."
