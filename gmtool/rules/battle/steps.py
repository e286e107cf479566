"""The shared working of every battle action: the step record, the guards that check an
action fits the phase, rolling a planned check, and marking damage on a ship (with crew losses
and the hazard rolls of the characters aboard).

Each action builds a `Step` as it goes and ends with `done`, which appends the step's
`BattleEvent` to the new state and returns the `StepResult` the app logs.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import msgspec
from msgspec.structs import replace

from gmtool.rules.armor import armor_text
from gmtool.rules.battle.config import task_roll
from gmtool.rules.battle.event_facts import CharacterHurt, ShipHit
from gmtool.rules.battle.plans import RollPlan, crew_roller, skill_modifiers
from gmtool.rules.battle.state import (
    BattleEvent,
    BattleShip,
    BattleState,
)
from gmtool.rules.battle.where import where as where  # the steps' guards say it
from gmtool.rules.checks import CheckResult, Degree, roll_check
from gmtool.rules.dice import roll
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import HazardOutcome, hazard_table, roll_hazards
from gmtool.rules.hit_stations import (
    HitPlace,
    at_place,
    check_place,
    hit_station_table,
    on_station_rule,
    place_name,
    roll_hit_place,
)
from gmtool.rules.narrative import (
    StepModifier,
    phase,
)
from gmtool.rules.roll_records import (
    RollRecord,
    check_record,
    dice_record,
    hazard_records,
    values_record,
)
from gmtool.rules.ship_damage import crew_check_step, ship_damage_table, track_ids

# The `source` of the battle's rolls in the campaign's roll log.
ROLL_SOURCE = "battle"
DISENGAGED = "disengaged"
HOLD = "hold"
OPEN = "open"
HAZARD_LINE = "hazard:"  # how a character's hazard line starts in an event's text


class StepResult(msgspec.Struct, frozen=True):
    """What one GM action did: its text, every roll (as roll-log records) and any hazard
    rolls of characters aboard a ship that marked damage."""

    action: str
    text: str
    rolls: tuple[RollRecord, ...] = ()
    hazards: tuple[HazardOutcome, ...] = ()
    cause: str = ""  # what hit the ship, when the step marked damage (the injury history)
    headline: tuple[str, ...] = ()  # the lines without the characters' hazard lines
    typed_in: bool = False  # the damage was the GM's, typed in (its note says why)
    note: str = ""
    # Ships the GM is to type damage in for: a hit with no damage roll (or rolled by hand),
    # ramming or a blast the tables give no dice for. The app opens its damage form on it.
    damage_to_type_in: tuple[str, ...] = ()


class Step(msgspec.Struct):
    """Working notes of one action while it runs."""

    action: str
    lines: list[str] = msgspec.field(default_factory=list)
    rolls: list[RollRecord] = msgspec.field(default_factory=list)
    hazards: list[HazardOutcome] = msgspec.field(default_factory=list)
    characters: list[str] = msgspec.field(default_factory=list)
    ships: list[str] = msgspec.field(default_factory=list)
    cause: str = ""
    hazard_lines: set[int] = msgspec.field(default_factory=set)  # indexes into `lines`
    typed_in: bool = False
    note: str = ""
    hits: list[ShipHit] = msgspec.field(default_factory=list)
    hurts: list[CharacterHurt] = msgspec.field(default_factory=list)
    firing: tuple[str, str] | None = None  # (ship id, weapon mount key) of a weapon's hit
    damage_to_type_in: list[str] = msgspec.field(default_factory=list)

    def who(self, character_id: str | None) -> None:
        if character_id is not None and character_id not in self.characters:
            self.characters.append(character_id)

    def ship(self, ship_id: str) -> None:
        if ship_id not in self.ships:
            self.ships.append(ship_id)


def done(state: BattleState, step: Step) -> tuple[BattleState, StepResult]:
    text = "\n".join(step.lines)
    event = BattleEvent(
        round=state.round,
        phase=state.phase,
        step=state.step,
        action=step.action,
        text=text,
        rolls=tuple(step.rolls),
        characters=tuple(step.characters),
        ships=tuple(step.ships),
        range=state.range,
        headings={s.id: s.heading for s in state.sides if s.heading is not None},
        hits=tuple(step.hits),
        hurts=tuple(step.hurts),
    )
    if step.action == "apply_damage_manually":  # typed in: that ship's damage is no more due
        due = tuple(s for s in state.damage_due if s not in step.ships)
    else:  # any other step leaves due only what it asks for (the GM went on without typing)
        due = tuple(step.damage_to_type_in)
    new_state = replace(state, events=(*state.events, event), damage_due=due)
    headline = tuple(line for i, line in enumerate(step.lines) if i not in step.hazard_lines)
    return new_state, StepResult(
        step.action,
        text,
        tuple(step.rolls),
        tuple(step.hazards),
        step.cause,
        headline,
        step.typed_in,
        step.note,
        tuple(step.damage_to_type_in),
    )


# -- guards ---------------------------------------------------------------------------------


def require_open(state: BattleState) -> None:
    if state.finished:
        raise RulesError(f"{state.name} is over (it ended in round {state.round})")


def require_phase(state: BattleState, phase_id: str, what: str, step: str | None = None) -> None:
    require_open(state)
    if state.phase != phase_id or (step is not None and state.step != step):
        wanted = phase(phase_id).name.lower() + " phase"
        if step is not None:
            wanted = next(s.name for s in phase(phase_id).steps if s.id == step).lower()
        raise RulesError(f"{what} belongs to the {wanted}; the battle is at {where(state).lower()}")


def acting_ship(state: BattleState, ship_id: str) -> BattleShip:
    ship = state.ship(ship_id)
    if not ship.can_act:
        raise RulesError(f"{ship.name} is {ship.fate} and takes no further part")
    return ship


def enemy_ship(state: BattleState, ship: BattleShip, target_id: str) -> BattleShip:
    target = state.ship(target_id)
    if target.side == ship.side:
        raise RulesError(f"{target.name} is on the same side as {ship.name}")
    if not target.in_battle:
        raise RulesError(f"{target.name} is {target.fate}")
    return target


# -- rolling --------------------------------------------------------------------------------


def roll_planned(
    state: BattleState, plan: RollPlan, rng: random.Random, purpose: str, step: Step
) -> tuple[BattleState, CheckResult]:
    """Roll a planned check; the roller has made their roll, the leader's bonus is spent."""
    check = roll_check(plan.score, plan.step, rng)
    step.rolls.append(check_record(check, purpose, ROLL_SOURCE))
    step.who(plan.roller.character_id)
    step.ship(plan.ship_id)
    step.lines.append(f"{purpose}: {plan.describe()}: {check_text(check)}")
    return spend(state, plan), check


def check_text(check: CheckResult) -> str:
    """A check's dice for the log, after the roller, score and step are said: 'd20 13 = 13
    -> Ordinary'; with a situation die 'd20 9 +d4 3 = 12 -> Ordinary'. At step 0 the
    situation die is the +d0 rung (no die), so nothing is said of it."""
    dice = f"d20 {check.control}"
    if check.situation:
        values = "+".join(str(d.value) for d in check.situation)
        dice += f" {check.situation_text} {values}"
    return f"{dice} = {check.total} -> {check.degree.label}"


def spend(state: BattleState, plan: RollPlan) -> BattleState:
    ship = state.ship(plan.ship_id)
    if plan.uses_leadership:
        team = task_roll(plan.task).team
        leadership = {k: v for k, v in ship.leadership.items() if k != team}
        state = state.with_ship(replace(ship, leadership=leadership))
        ship = state.ship(plan.ship_id)
    if plan.roller.character_id is not None:
        if plan.roller.character_id not in state.acted:
            state = replace(state, acted=(*state.acted, plan.roller.character_id))
    elif plan.task not in ship.crew_rolled:
        state = state.with_ship(replace(ship, crew_rolled=(*ship.crew_rolled, plan.task)))
    return state


def crew_plan(ship: BattleShip, task_id: str, extra: Iterable[StepModifier] = ()) -> RollPlan:
    """The crew's check for a task no character makes (boarding combat)."""
    roller = crew_roller(ship)
    modifiers = skill_modifiers(roller)
    modifiers.append(StepModifier("ship_state", f"{ship.state} ship", crew_check_step(ship.state)))
    modifiers += list(extra)
    return RollPlan(task_id, ship.id, roller, tuple(modifiers))


# -- damage ---------------------------------------------------------------------------------


def losses_text(ship: BattleShip) -> str:
    losses = ship.crew_losses
    return (
        f"crew losses {losses['total']} of {ship.crew_total} "
        f"({losses['dead']} dead, {losses['badly_wounded']} badly and "
        f"{losses['lightly_wounded']} lightly wounded)"
    )


def apply_damage(
    state: BattleState,
    target_id: str,
    amount: int,
    track: str,
    rng: random.Random,
    step: Step,
    cause: str,
    damage_type: str | None = None,
    hit_place: str | None = None,
) -> BattleState:
    """Mark damage on a ship (2-for-1 roll-over), count crew losses, and roll the hazards of
    every character aboard when any box was marked (injuries of the weapon's damage type;
    None: damage no weapon caused). Under the optional rule "characters on station" only the
    characters at the place struck roll: `hit_place` as the GM names it, else rolled."""
    ship = state.ship(target_id)
    if ship.destroyed:
        raise RulesError(f"{ship.name} is already destroyed")
    before = ship.damage
    after, result = before.take(amount, track)
    newly = {t: after.marked[t] - before.marked[t] for t in track_ids()}
    hit_boxes = {t: min(after.points[t], ship.hit_boxes.get(t, 0) + newly[t]) for t in track_ids()}
    ship = replace(ship, damage=after, hit_boxes=hit_boxes)
    state = state.with_ship(ship)
    step.ship(ship.id)
    marked = [t for t in track_ids() if newly[t] > 0]
    spill = ", ".join(f"{n} past {t}" for t, n in result.overflowed.items())
    shown = ", ".join(f"{newly[t]} {t}" for t in marked) or "nothing"
    step.cause = step.cause or cause
    line = f"{cause}: {ship.name} takes {amount} {track}, marks {shown}"
    if spill:
        ratio = ship_damage_table().overflow_ratio
        line += f" ({spill}, rolling over {ratio} for 1)"
    line += f"; {ship.name} is {ship.fate}; {losses_text(ship)}."
    step.lines.append(line)
    by_ship, weapon = step.firing or (None, None)
    marks = {t: newly[t] for t in marked}
    step.hits.append(ShipHit(ship.id, amount, track, marks, cause, ship.fate, by_ship, weapon))
    if not marked:
        return state
    endangered = state.assignments
    outright = False
    if on_station_rule():
        struck = HitPlace(check_place(hit_place)) if hit_place else roll_hit_place(rng)
        if struck.roll is not None:
            purpose = f"place struck on {ship.name}"
            roll_record = values_record(
                purpose, struck.die, [struck.roll], struck.roll, ROLL_SOURCE
            )
            step.rolls.append(roll_record)
        how = f" ({struck.die} {struck.roll})" if struck.roll is not None else ""
        outright = hit_station_table().endangered_outright
        step.lines.append(
            f"  The hit strikes {place_name(struck.place)}{how}: only the characters there "
            + ("are endangered, outright." if outright else "are endangered.")
        )
        endangered = at_place(state.assignments, struck.place)
        step.hits[-1] = replace(step.hits[-1], place=struck.place)
    outcomes = roll_hazards(
        ship.id,
        ship.spec.ship_class,
        marked,
        state.characters,
        endangered,
        rng,
        damage_type,
        outright=outright,
    )
    for outcome in outcomes:
        character = state.character(outcome.character_id)
        step.hazards.append(outcome)
        step.rolls += hazard_records(outcome, character.name, ROLL_SOURCE)
        if outcome.endangered:
            step.who(character.id)
        state = state.with_character(outcome.apply_to(character))
        if outcome.damage is not None and outcome.hurt:
            hurt = CharacterHurt(
                character.id, ship.id, outcome.injury_total, outcome.damage.kind, outcome.state
            )
            step.hurts.append(hurt)
        step.hazard_lines.add(len(step.lines))
        step.lines.append(f"  {HAZARD_LINE} {character.name}: {hazard_text(outcome)}")
    return state


def hazard_text(outcome: HazardOutcome) -> str:
    die = hazard_table().hazard_die.canonical()
    if not outcome.endangered:
        return f"safe ({die} {outcome.hazard_roll} > {outcome.endangered_on})"
    how = (
        "endangered outright (on station)"
        if outcome.hazard_roll is None
        else f"endangered ({die} {outcome.hazard_roll})"
    )
    if outcome.damage is None or not outcome.hurt:
        return f"{how}, {_feat(outcome)} feat: unhurt"
    worn = f"; {armor_text(outcome.armor)}" if outcome.armor is not None else ""
    return (
        f"{how}, {_feat(outcome)} feat: "
        f"{outcome.injury_total} {outcome.damage.kind} ({outcome.injury}{worn}), now "
        f"{outcome.state.replace('_', ' ')}"
    )


def _feat(outcome: HazardOutcome) -> str:
    """The feat check's degree in words ("critical failure"), not its id."""
    return Degree(outcome.degree).label.lower() if outcome.degree else "no"


def damage_roll(
    state: BattleState,
    target_id: str,
    notation: str,
    rng: random.Random,
    step: Step,
    cause: str,
    damage_type: str | None = None,
) -> BattleState:
    result = roll(notation, rng)
    step.rolls.append(dice_record(result, f"{cause}: damage", ROLL_SOURCE))
    track = result.track
    assert track is not None  # weapon damage and table damage rolls carry a track letter
    return apply_damage(
        state, target_id, max(result.total, 0), track, rng, step, cause, damage_type
    )
