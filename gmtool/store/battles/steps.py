"""A battle's steps: running one, its rolls, hazards and injuries saved with it; undoing one."""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

from gmtool.rules.battle import BattleEvent, BattleState, StepResult
from gmtool.rules.battle.steps import ROLL_SOURCE
from gmtool.rules.characters import Character
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import HazardOutcome
from gmtool.rules.roll_records import hazard_records
from gmtool.store import injuries
from gmtool.store.battles.index import SETUP_LABEL, BattleRecord, get_battle_record, update_record
from gmtool.store.battles.saved import (
    EVENT_COUNT,
    STEP_INJURIES,
    battle_tracker,
    event_records,
    live_battle,
    load_battle,
    read_events,
    save_state,
    with_events,
    write_events,
)
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError
from gmtool.store.party import load_party_state
from gmtool.store.records import RedoKept
from gmtool.store.rolllog import NewRoll, RollEntry
from gmtool.store.undo_history import NotRedone, keep, kept_of, next_step


def station_tag(battle_id: str, event_count: int) -> str:
    """The tag of a party undo step a battle step made (a move from the Battle tab): the
    battle's id and its event count after the step, so undoing that step finds it."""
    return f"battle:{battle_id}@{event_count}"


# -- steps ----------------------------------------------------------------------------------


class StepOutcome(msgspec.Struct, frozen=True):
    """A saved step: the new state, what the engine said, the rolls as saved in the log (the
    step's own, then every hazard roll), and the injury entries its hazards made."""

    state: BattleState
    result: StepResult
    label: str
    rolls: list[RollEntry]
    injuries: list[injuries.InjuryEntry]
    before: BattleState  # the battle as the step found it


class UndoneStep(msgspec.Struct, frozen=True):
    """A step taken back: its label, the state before it, every roll it had made (now marked
    undone in the log, the hazard rolls included) and the injury entries undone."""

    label: str
    state: BattleState
    roll_ids: list[int]
    injuries: list[injuries.InjuryEntry]


def step_label(result: StepResult) -> str:
    """A short name for the step in the undo stack: its first line of text."""
    first = result.text.splitlines()[0] if result.text else result.action.replace("_", " ")
    return first if len(first) <= 100 else first[:99] + "…"


def _own_rolls(result: StepResult, state: BattleState) -> list[NewRoll]:
    """The step's rolls without its hazard rolls (`record_hazards` saves those, with the
    injury entries they belong to)."""
    rolls = [dict(r) for r in result.rolls]
    for outcome in result.hazards:
        name = state.character(outcome.character_id).name
        for record in hazard_records(outcome, name, ROLL_SOURCE):
            if record in rolls:
                rolls.remove(record)
    return rolls


def _cause(result: StepResult) -> str:
    """What hurt the characters, for the injury history: the step's own cause ("damage typed
    in: a ram by the Vex" keeps the GM's note, "CSS Wren self-destructs"); a step that names
    none (none that hurts anyone should): its action's name."""
    cause = result.cause or result.action.replace("_", " ")
    return cause if len(cause) <= 80 else cause[:79] + "…"


def _hazard_ship(state: BattleState, outcome: HazardOutcome) -> tuple[str | None, str | None]:
    try:
        ship_id = state.assignment(outcome.character_id).ship_id
    except RulesError:
        return None, None
    try:
        return ship_id, state.ship(ship_id).name
    except RulesError:
        return ship_id, None


def _unexplained_harm(
    before: BattleState, after: BattleState, hazards: Iterable[HazardOutcome]
) -> list[tuple[Character, str, int]]:
    """Characters the step hurt other than by a hazard roll (going down with a ship that
    self-destructs): (character, track, points) for the most severe track that grew."""
    rolled = {o.character_id for o in hazards}
    found: list[tuple[Character, str, int]] = []
    for character in after.characters:
        if character.id in rolled:
            continue
        try:
            old = before.character(character.id)
        except RulesError:
            continue
        for track in ("mortal", "wound", "stun"):
            grown = character.damage.get(track, 0) - old.damage.get(track, 0)
            if grown > 0:
                found.append((character, track, grown))
                break
    return found


def run_step(
    campaign: Campaign,
    battle_id: str,
    fn: Callable[..., tuple[BattleState, StepResult]],
    *args: Any,
    **kwargs: Any,
) -> StepOutcome:
    """Apply one engine action to the saved battle and save everything it did.

    The action gets the battle (its characters as the party has them now), then `args` and
    `kwargs`, and `rng=campaign.rng()` when it rolls. Its rolls go to the roll log, its hazard
    rolls and the injuries they did to the injury history and the party, and the new state to
    the battle's tracker (one undo step). A refused action (RulesError) saves nothing, and
    neither does a damaged file the step would write to (CampaignCorrupt).
    """
    record = _check_histories(campaign, battle_id)
    state = live_battle(campaign, battle_id)
    if "rng" in inspect.signature(fn).parameters:
        kwargs["rng"] = battle_rng(campaign, record)
    new_state, result = fn(state, *args, **kwargs)
    party = load_party_state(campaign)
    known = set(party.ids)
    missing = sorted(
        {o.character_id for o in result.hazards if o.character_id not in known}
        | {c.id for c, _, _ in _unexplained_harm(state, new_state, result.hazards)} - known
    )
    if missing:
        names = {c.id: c.name for c in state.characters}  # the GM reads names, not ids
        raise RulesError(
            f"{', '.join(names.get(m, m) for m in missing)} aboard the battle's ships no "
            "longer in the party: "
            "their injuries cannot be saved (add them back to the party first)"
        )
    saved = campaign.record(_own_rolls(result, new_state))
    made: list[injuries.InjuryEntry] = []
    by_ship: dict[tuple[str | None, str | None], list[HazardOutcome]] = {}
    for outcome in result.hazards:
        by_ship.setdefault(_hazard_ship(new_state, outcome), []).append(outcome)
    cause = _cause(result)

    def context(ship_id: str | None, ship_name: str | None) -> injuries.Context:
        """What every injury entry of this step says of itself, aboard one ship."""
        return injuries.Context(
            cause,
            ship_id,
            ship_name,
            battle=battle_id,
            round=new_state.round,
            source=ROLL_SOURCE,
            typed_in=result.typed_in,
            note=result.note,
        )

    for (ship_id, ship_name), outcomes in by_ship.items():
        made += injuries.record_hazards(campaign, outcomes, context(ship_id, ship_name))
    for character, track, points in _unexplained_harm(state, new_state, result.hazards):
        where = context(*_ship_of(new_state, character.id))
        made.append(injuries.record_damage(campaign, character.id, points, track, where))
    if new_state.finished and not state.finished:  # the short rest: undone with this step
        from gmtool.store.healing import battle_short_rest  # the healing rules load for it

        made += battle_short_rest(campaign, new_state)
    label = step_label(result)
    hazard_rolls = _saved_rolls(campaign, [i for e in made for i in e["rolls"]])
    save_state(campaign, new_state, label, saved, [e["id"] for e in made])
    update_record(campaign, new_state, label)
    return StepOutcome(new_state, result, label, saved + hazard_rolls, made, state)


def _check_histories(campaign: Campaign, battle_id: str) -> BattleRecord:
    """Read the chunks a step or its undo will write (the battle's record, the newest injury
    entries) before anything is saved, so a damaged one stops it whole."""
    record = get_battle_record(campaign, battle_id)
    injuries.open_history(campaign)
    return record


def battle_rng(campaign: Campaign, record: BattleRecord) -> random.Random:
    """The dice of the battle's next step: the campaign's, or the battle's own seed's, both
    derived from the next roll id so a replay rolls the same."""
    if record.seed is None:
        return campaign.rng()
    assert campaign.rolls is not None
    return random.Random(f"battle:{record.seed}:{campaign.rolls.next_id}")


def _saved_rolls(campaign: Campaign, ids: list[int]) -> list[RollEntry]:
    """The log's entries with these ids, oldest first (they are the newest in the log)."""
    wanted = set(ids)
    found: list[RollEntry] = []
    if not wanted:
        return found
    for entry in campaign.roll_log():
        if entry["id"] in wanted:
            found.append(entry)
            if len(found) == len(wanted):
                break
        elif entry["id"] < min(wanted):
            break
    return found[::-1]


def _ship_of(state: BattleState, character_id: str) -> tuple[str | None, str | None]:
    try:
        ship_id = state.assignment(character_id).ship_id
        return ship_id, state.ship(ship_id).name
    except RulesError:
        return None, None


def can_undo(campaign: Campaign, battle_id: str) -> bool:
    tracker = battle_tracker(campaign, battle_id)
    return tracker.can_undo() and tracker.last_label() != SETUP_LABEL


def undo_step(campaign: Campaign, battle_id: str) -> UndoneStep | None:
    """Take back the battle's last step: the state before it, its rolls marked undone, and
    the injuries its hazards did given back. None when only the set-up is left (a battle is
    not un-set-up by ctrl+z). Refused (StoreError) when the Injuries tab has recorded newer
    entries than the step's: undo those there first, so nothing is given back twice."""
    tracker = battle_tracker(campaign, battle_id)
    if not can_undo(campaign, battle_id):
        return None
    _check_histories(campaign, battle_id)
    current = tracker.load() or {}
    made = {int(i) for i in current.get(STEP_INJURIES, [])}
    wanted: list[int] = []
    others: list[injuries.InjuryEntry] = []
    # newest first, only back to the step's oldest entry: older ones cannot be in the way
    oldest = min(made, default=0)
    for live in injuries.newest_first(campaign, include_undone=False):
        if not made or live["id"] < oldest:
            break
        if live["id"] in made:
            wanted.append(live["id"])
        else:
            others.append(live)
    newer = [e for e in others if wanted and e["id"] > min(wanted)]
    if newer:
        who = ", ".join(sorted({e["character_name"] for e in newer})) or "someone"
        raise StoreError(
            f"the injury history has newer entries ({who}) than this step's hazards: undo "
            "those entries first"
        )
    undone: list[injuries.InjuryEntry] = []
    for _ in wanted:
        entry = injuries.undo_last(campaign)
        if entry is not None:
            undone.append(entry)
    action = tracker.undo()
    assert action is not None and action.state is not None  # can_undo checked both
    state = with_events(campaign, battle_id, action.state)
    write_events(campaign, battle_id, event_records(state.events, battle_id))
    update_record(campaign, state, tracker.last_label() or SETUP_LABEL)
    hazard_ids = [int(i) for e in undone for i in e.get("rolls", [])]
    return UndoneStep(action.label, state, [*action.roll_ids, *hazard_ids], undone)


# -- redo -----------------------------------------------------------------------------------


class RedoneStep(msgspec.Struct, frozen=True):
    label: str
    state: BattleState
    roll_ids: list[int]


def keep_undone(
    campaign: Campaign,
    battle_id: str,
    events: tuple[BattleEvent, ...],
    before: int,
    blocked: NotRedone | None = None,
) -> None:
    """After `undo_step`: keep the events the step logged (those past `before`) on its redo
    step, and why it is not to be redone when its undo took back more than the battle."""
    kept: RedoKept = {"events": event_records(events[before:]), "before": before}
    if blocked is not None:
        kept["blocked"] = blocked.value
    keep(battle_tracker(campaign, battle_id), kept)


def redo_check(campaign: Campaign, battle_id: str) -> NotRedone | None:
    """Why the next redo is not done (None: it can be). A step is redone only when its undo
    took back nothing but the battle, and its kept events fit the battle as it is."""
    tracker = battle_tracker(campaign, battle_id)
    step = next_step(tracker)
    if step is None:
        return NotRedone.NOTHING
    kept = kept_of(step)
    state = step.get("previous") or {}
    before = kept.get("before", -1)
    current = tracker.load() or {}
    if (
        "events" not in kept
        or before != int(current.get(EVENT_COUNT, -1))
        or int(state.get(EVENT_COUNT, -1)) != before + len(kept["events"])
    ):
        return NotRedone.UNDONE_ELSEWHERE
    if kept.get("blocked"):
        return NotRedone(kept["blocked"])
    if state.get(STEP_INJURIES):
        return NotRedone.HURT_CHARACTERS
    return None


def redo_step(campaign: Campaign, battle_id: str) -> RedoneStep:
    """Do the last undone step again: its saved state and events back, its rolls unmarked,
    nothing rolled. StoreError (nothing saved) when `redo_check` refuses it."""
    why = redo_check(campaign, battle_id)
    if why is not None:
        raise StoreError(f"the battle's step is not redone ({why.value})")
    tracker = battle_tracker(campaign, battle_id)
    action = tracker.redo()
    assert action is not None and action.kept is not None  # redo_check found both
    kept = action.kept
    events = read_events(campaign, battle_id)[: kept.get("before", 0)] + kept.get("events", [])
    write_events(campaign, battle_id, events)
    state = load_battle(campaign, battle_id)
    update_record(campaign, state, action.label)
    return RedoneStep(action.label, state, action.roll_ids)
