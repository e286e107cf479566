"""Who makes a battle roll and at what score and step, before anything is rolled.

Every roll of a battle belongs to a character task (tables/battle.yaml, `tasks`): a character
at one of the task's stations rolls it with their own skill, or the crew makes its crew check
when the table lets it. A `RollPlan` names the roller, the score and every step modifier with
its name, so the tab can show the roll before the GM makes it.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec
from msgspec.structs import replace

from gmtool.rules.battle.config import task_roll
from gmtool.rules.battle.scores import ScoreChoice, takes_the_better, task_skills, task_stations
from gmtool.rules.battle.state import CREW, BattleShip, BattleState
from gmtool.rules.characters import SkillScore
from gmtool.rules.checks import Degree, checks_table
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import StepModifier, character_task
from gmtool.rules.ship_damage import crew_check_step
from gmtool.rules.stations import leadership_bonus, station_table

CREW_NAME = "crew"


class Roller(msgspec.Struct, frozen=True):
    """Who rolls: a character with a skill, or the crew (character_id None). `choice` holds
    both scores where the roll takes the better of the character's skill and the crew check
    (a character rolling at the crew's score has basis `crew` and no skill)."""

    character_id: str | None
    name: str
    skill: str | None  # the skill id used; None for the crew check
    basis: str  # specialty, broad or crew
    score: int
    base_step: int
    choice: ScoreChoice | None = None

    def rolls_text(self) -> str:
        """'Ensign Oyelaran rolls 14 (the better of ... and the crew check 14)'."""
        text = f"{self.name} rolls {self.score}"
        return text + (f" ({self.choice.describe()})" if self.choice else "")


class RollPlan(msgspec.Struct, frozen=True):
    """A roll about to be made: task, ship, roller, score and every step modifier."""

    task: str
    ship_id: str
    roller: Roller
    modifiers: tuple[StepModifier, ...]
    uses_leadership: bool = False  # spends the team's waiting Leadership bonus

    @property
    def score(self) -> int:
        return self.roller.score

    @property
    def step(self) -> int:
        return sum(m.step for m in self.modifiers)

    def describe(self) -> str:
        shown = ", ".join(f"{m.name} {m.step:+d}" for m in self.modifiers if m.step)
        text = f"{self.roller.name} rolls {self.score} at {self.step:+d}" + (
            f" ({shown})" if shown else ""
        )
        return text + (f"; {self.roller.choice.describe()}" if self.roller.choice else "")


def task_name(task_id: str) -> str:
    try:
        return character_task(task_id).name
    except RulesError:
        return task_id.replace("_", " ")


def crew_roller(ship: BattleShip) -> Roller:
    """The ship's crew making its crew check."""
    return Roller(
        None,
        f"{ship.name} {CREW_NAME}",
        None,
        "crew",
        ship.spec.crew_check_score,
        checks_table().base_step["crew"],
    )


def why_not(state: BattleState, ship: BattleShip, task_id: str, character_id: str) -> str | None:
    """Why a character cannot make this task's roll aboard this ship now (None: they can)."""
    character = state.character(character_id)
    try:
        assignment = state.assignment(character_id)
    except RulesError:
        return f"{character.name} has no station"
    if assignment.ship_id != ship.id or not assignment.aboard:
        return f"{character.name} is not aboard {ship.name}"
    if assignment.station_id is None:
        return f"{character.name} is not at a battle station"
    stations = task_stations(ship.spec, task_id)
    if stations is not None and assignment.place not in stations:
        names = ", ".join(station_table().stations[s].name for s in stations)
        return f"{character.name} is not at {names}"
    if character.state != "ok":
        return f"{character.name} is {character.state.replace('_', ' ')}"
    if character_id in state.acted:
        return f"{character.name} has already made their one roll this round"
    skills = task_skills(ship.spec, task_id)
    if character.best_skill(skills) is None:
        return f"{character.name} lacks {' or '.join(skills)}"
    return None


def _character_roller(
    state: BattleState, ship: BattleShip, task_id: str, character_id: str
) -> Roller:
    """The character's best skill for the task; where it replaces the crew check, the better
    of it and the crew check (both kept in `choice`)."""
    character = state.character(character_id)
    found: SkillScore | None = character.best_skill(task_skills(ship.spec, task_id))
    assert found is not None  # why_not checked it
    roller = Roller(character.id, character.name, found.used, found.basis, found.score, found.step)
    if not takes_the_better(ship.spec, task_id):
        return roller
    crew = crew_roller(ship)
    choice = ScoreChoice(found.used, found.score, found.step, crew.score, crew.base_step)
    if choice.crew_better:
        return replace(
            roller,
            skill=None,
            basis="crew",
            score=crew.score,
            base_step=crew.base_step,
            choice=choice,
        )
    return replace(roller, choice=choice)


def candidates(state: BattleState, ship: BattleShip, task_id: str) -> tuple[str, ...]:
    """Characters who would take this roll by default, best chance first.

    A character the GM set to lead (task `leading`, or leading another station) leads rather
    than rolls, so is not a candidate; the GM can still name them with `by=`.
    """
    found: list[tuple[float, int, str]] = []
    for order, assignment in enumerate(state.aboard(ship.id)):
        if assignment.task == "leading" or assignment.leads is not None:
            continue
        if why_not(state, ship, task_id, assignment.character_id) is not None:
            continue
        skill = state.character(assignment.character_id).best_skill(task_skills(ship.spec, task_id))
        assert skill is not None
        found.append((-skill.expected_margin, order, assignment.character_id))
    return tuple(c for _, _, c in sorted(found))


def choose_roller(
    state: BattleState, ship: BattleShip, task_id: str, by: str | None = None
) -> Roller:
    """The roller: `by` (a character id, or CREW), else the best candidate, else the crew."""
    task = task_roll(task_id)
    if by == CREW or by is None:
        if by is None:
            found = candidates(state, ship, task_id)
            if found:
                return _character_roller(state, ship, task_id, found[0])
        if not task.crew_rolls:
            raise RulesError(
                f"the crew of {ship.name} does not roll {task_name(task_id).lower()}: "
                "only a character at the station can"
            )
        return crew_roller(ship)
    reason = why_not(state, ship, task_id, by)
    if reason is not None:
        raise RulesError(f"{reason}: they cannot roll {task_name(task_id).lower()}")
    return _character_roller(state, ship, task_id, by)


def skill_modifiers(roller: Roller) -> list[StepModifier]:
    """The roller's base step (a broad skill's +1), when it is not 0."""
    if not roller.base_step:
        return []
    name = "crew check" if roller.basis == "crew" else f"{roller.basis} skill"
    return [StepModifier("base", name, roller.base_step)]


def waiting_leadership(ship: BattleShip, task_id: str, roller: Roller) -> Degree | None:
    """The team leader's degree, if a bonus waits for this roll.

    A leader helps the team's one roll: the crew's roll, or the single roll a character
    makes at a station that has only one (tables/stations.yaml).
    """
    team = task_roll(task_id).team
    pending = ship.leadership.get(team)
    if pending is None:
        return None
    several = station_table().stations[team].several_rolls
    if roller.character_id is not None and several:
        return None
    return Degree(pending)


def plan_roll(
    state: BattleState,
    ship: BattleShip,
    task_id: str,
    by: str | None = None,
    extra: Iterable[StepModifier] = (),
    ship_state: str | None = None,
) -> RollPlan:
    """Plan a check for a task aboard `ship`: roller, base step, the ship's durability
    penalty (its state now, or `ship_state`), any extra modifiers and a waiting Leadership
    bonus."""
    roller = choose_roller(state, ship, task_id, by)
    durability = ship.state if ship_state is None else ship_state
    modifiers = skill_modifiers(roller)
    modifiers.append(StepModifier("ship_state", f"{durability} ship", crew_check_step(durability)))
    modifiers += list(extra)
    degree = waiting_leadership(ship, task_id, roller)
    if degree is not None:
        team = task_roll(task_id).team
        modifiers.append(StepModifier("leadership", "leadership", leadership_bonus(degree, team)))
    return RollPlan(task_id, ship.id, roller, tuple(modifiers), degree is not None)


def flagship(state: BattleState, side_id: str) -> BattleShip | None:
    """The ship whose crew rolls the side's edge: the flagship named at set-up (the first
    ship in battles saved before there was one) while she can act, else the first of the
    side's ships that can."""
    side = state.side(side_id)
    named = side.flagship or (side.ship_ids[0] if side.ship_ids else None)
    if named is not None:
        ship = state.ship(named)
        if ship.can_act:
            return ship
    return next((s for s in state.ships_of(side_id) if s.can_act), None)


def _aboard_fleet(state: BattleState, side_id: str, character_id: str) -> BattleShip | None:
    """The fleet's ship the character is aboard now and that can act (None: none)."""
    try:
        assignment = state.assignment(character_id)
    except RulesError:
        return None
    if not assignment.aboard or assignment.ship_id not in state.side(side_id).ship_ids:
        return None
    ship = state.ship(assignment.ship_id)
    return ship if ship.can_act else None


def edge_roller(state: BattleState, side_id: str) -> tuple[BattleShip, str]:
    """Who rolls the side's edge by default, and aboard which ship: the commander the GM
    chose (Tactics--space combat, aboard their own ship) when they can roll it now; else the
    first character at the flagship's command station who can; else the flagship's crew
    (CREW). Stations are read as they stand, so a move takes effect at the next edge."""
    ship = flagship(state, side_id)
    if ship is None:
        raise RulesError(f"{state.side(side_id).name} has no ship left that can contest the edge")
    commander = state.side(side_id).commander
    if commander is not None:
        own = _aboard_fleet(state, side_id, commander)
        if own is not None and why_not(state, own, "edge_command", commander) is None:
            return own, commander
    for assignment in state.aboard(ship.id):
        if why_not(state, ship, "edge_command", assignment.character_id) is None:
            return ship, assignment.character_id
    return ship, CREW


def plan_edge(state: BattleState, side_id: str, by: str | None = None) -> RollPlan:
    """The side's edge check (`edge_roller`, or `by`: a character aboard one of the
    fleet's ships, or CREW for the flagship's crew), with the rolling ship's durability
    penalty."""
    ship, roller = edge_roller(state, side_id)
    if by is not None:
        roller = by
        if by != CREW:
            ship = _aboard_fleet(state, side_id, by) or ship
        else:
            ship = flagship(state, side_id) or ship
    return plan_roll(state, ship, "edge_command", roller)
