"""Injuries by hand (the Injuries tab): hazard rolls for a hit, treatment, the GM's damage,
taking back the newest of them and doing that again. Each is one commit: the dice in the roll
log, the damage on the party and the injury history entries are saved together or not at all.
"""

from __future__ import annotations

import msgspec

from gmtool.actions.bailout import undo_bailout
from gmtool.actions.errors import RedoRefused, refusals
from gmtool.rules import dice
from gmtool.rules.durability import damage_rules
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import HazardOutcome, roll_hazard
from gmtool.rules.limits import MAX_MODIFIER, number_words
from gmtool.store import battles
from gmtool.store.bailout import BailoutRecord, bailout_tracker, load_bailout
from gmtool.store.campaign import Campaign
from gmtool.store.healing import undo_newest_batch
from gmtool.store.injuries import (
    Context,
    InjuryEntry,
    history_log,
    newest_first,
    record_damage,
    record_hazards,
    record_treatment,
    redo_entries,
)
from gmtool.store.party import load_party_state
from gmtool.store.undo_history import (
    NotRedone,
    is_apart,
    keep,
    keep_apart,
    kept_of,
    next_step,
    take_apart,
)


class HazardRequest(msgspec.Struct, frozen=True):
    """What the GM asked for: one hit on a ship (or a ship class) and who rolls, with posture."""

    ship_class: str
    track: str
    characters: tuple[tuple[str, str], ...]  # (character id, posture), in roll order
    cause: str
    ship_id: str | None = None
    ship_name: str | None = None
    battle: str | None = None
    round: int | None = None
    # what the characters' armor protects against (tables/armor.yaml); None: the type of
    # damage no weapon caused
    damage_type: str | None = None


def roll_hazard_by_hand(campaign: Campaign, request: HazardRequest) -> list[InjuryEntry]:
    """Roll one hit's hazards for the chosen characters and save them (history, damage, log).

    The dead roll nothing (as when the battle rolls hazards); everything is rolled before
    anything is saved, so a refused roll saves nothing.
    """
    with refusals(), campaign.transaction():
        return _roll_hazards(campaign, request)


def _roll_hazards(campaign: Campaign, request: HazardRequest) -> list[InjuryEntry]:
    if not request.characters:
        raise RulesError("choose at least one character to roll (space ticks a character)")
    party = load_party_state(campaign)
    rng = campaign.rng()
    outcomes: list[HazardOutcome] = []
    for character_id, posture in request.characters:
        character = party.character(character_id)
        if character.state == "dead":
            continue
        outcomes.append(
            roll_hazard(
                request.ship_class, request.track, character, posture, rng, request.damage_type
            )
        )
    if not outcomes:
        raise RulesError("everyone chosen is dead: the dead roll no hazards")
    context = Context(
        cause=request.cause,
        ship_id=request.ship_id,
        ship_name=request.ship_name,
        battle=request.battle,
        round=request.round,
    )
    return record_hazards(campaign, outcomes, context)


SOURCE = "injuries"


# -- requests and what they do ------------------------------------------------------------


class TreatmentRequest(msgspec.Struct, frozen=True):
    character_id: str
    track: str
    points: int
    note: str = ""
    stabilize: bool = False


class DamageRequest(msgspec.Struct, frozen=True):
    """Damage by the GM's ruling: `amount` is a whole number or dice (`2d4`, `d6+1w`)."""

    character_id: str
    amount: str
    kind: str
    cause: str
    battle: str | None = None
    round: int | None = None


def treat(campaign: Campaign, request: TreatmentRequest) -> InjuryEntry:
    """Save a treatment: the character's tracks and the history entry."""
    with refusals(), campaign.transaction():
        return record_treatment(
            campaign,
            request.character_id,
            request.track,
            request.points,
            request.note,
            stabilize=request.stabilize,
        )


def damage_amount(text: str, kind: str) -> tuple[int | None, dice.DiceExpression | None, str]:
    """(a fixed amount, or dice to roll; and the track): ValueError says what is wrong."""
    text = text.strip()
    if not text:
        raise ValueError("Amount: type the points of damage, or dice such as 2d4 or d6+1w")
    try:
        amount = int(text)
    except ValueError:
        pass
    else:
        if amount < 1:
            raise ValueError(f"Amount: at least 1 point of damage, not {amount}")
        if amount > MAX_MODIFIER:  # as much as dice may add flat: past it, a typo
            raise ValueError(
                f"Amount: at most {MAX_MODIFIER:,} points of damage, not {number_words(amount)}"
            )
        return amount, None, kind
    try:
        expression = dice.parse(text)
    except RulesError as exc:
        raise ValueError(f"Amount: a number or dice such as 2d4 or d6+1w ({exc})") from None
    track = expression.track or kind
    if track not in damage_rules().tracks:
        raise ValueError(
            f"Amount: characters take {', '.join(damage_rules().tracks)} damage, not {track} "
            "(a ship's critical damage reaches them through the hazard roll)"
        )
    if expression.track is not None and expression.track != kind:
        raise ValueError(
            f"Amount: {text} is {expression.track} damage but Kind says {kind}; make them agree"
        )
    return None, expression, track


def deal_damage(campaign: Campaign, request: DamageRequest) -> InjuryEntry:
    """Roll the damage dice if any (logged), then save the damage and its history entry."""
    with refusals(), campaign.transaction():
        return _deal_damage(campaign, request)


def _deal_damage(campaign: Campaign, request: DamageRequest) -> InjuryEntry:
    character = load_party_state(campaign).character(request.character_id)
    try:
        amount, expression, kind = damage_amount(request.amount, request.kind)
    except ValueError as exc:
        raise RulesError(str(exc)) from None
    rolls = None
    if expression is not None:
        result = dice.roll(expression, campaign.rng())
        purpose = f"damage to {character.name}: {request.cause}"
        rolls = campaign.record([campaign.dice_entry(result, purpose, SOURCE)])
        amount = max(result.total, 0)
    assert amount is not None
    context = Context(cause=request.cause, battle=request.battle, round=request.round)
    return record_damage(campaign, character.id, amount, kind, context, rolls=rolls)


class Undone(msgspec.Struct, frozen=True):
    """What the Injuries tab's undo took back: an order to abandon ship, or an entry."""

    bailout: BailoutRecord | None = None
    entry: InjuryEntry | None = None
    batch: tuple[InjuryEntry, ...] = ()  # every entry taken back (a party's rest is several)


def undo_newest(campaign: Campaign) -> Undone:
    """Take back the newest of the last injury entry (with the rest of its batch) and the
    last bail-out order (one commit); `Undone()` with neither when nothing is left to undo.
    What was taken back is kept for `redo`."""
    with refusals(), campaign.transaction():
        tracker = bailout_tracker(campaign)
        next_entry = history_log(campaign).next_id
        last_order = load_bailout(campaign)
        live = next(newest_first(campaign, include_undone=False), None)
        newest = live["id"] if live else 0
        if last_order is not None and last_order.after_entry >= newest:
            undo_bailout(campaign)
            keep(tracker, {"next_entry": next_entry})
            return Undone(bailout=last_order)
        batch = undo_newest_batch(campaign)
        if batch:
            ids = [e["id"] for e in batch]
            label = f"{batch[0]['kind']}: {batch[0]['character_name']}"
            keep_apart(tracker, label, {"entries": ids, "next_entry": next_entry})
        return Undone(entry=batch[0] if batch else None, batch=tuple(batch))


def newest_to_undo(campaign: Campaign) -> Undone:
    """What `undo_newest` would take back now (nothing is changed): the bail-out order, or
    the newest live entry with the rest of its batch."""
    last_order = load_bailout(campaign)
    live = _live_batch(campaign)
    newest = live[0]["id"] if live else 0
    if last_order is not None and last_order.after_entry >= newest:
        return Undone(bailout=last_order)
    return Undone(entry=live[0] if live else None, batch=tuple(live))


def _live_batch(campaign: Campaign) -> list[InjuryEntry]:
    """The newest live entry and the live entries of its batch, newest first."""
    found: list[InjuryEntry] = []
    for entry in newest_first(campaign, include_undone=False):
        batch = found[0].get("batch") if found else None
        if found and (batch is None or entry.get("batch") != batch):
            break
        found.append(entry)
    return found


class Redone(msgspec.Struct, frozen=True):
    """What ctrl+y did again: an order to abandon ship, or entries (a batch, oldest first)."""

    bailout: BailoutRecord | None = None
    entries: tuple[InjuryEntry, ...] = ()


def _refuse_without_their_step(campaign: Campaign, ids: list[int]) -> None:
    """Entries a battle step made come back only while that step stands (taken back with
    the battle since, they would name the battle with no step behind them)."""
    wanted = set(ids)
    listed = {r.id for r in battles.list_battles(campaign)}
    for entry in newest_first(campaign):
        if not wanted:
            break
        if entry["id"] not in wanted:
            continue
        wanted.discard(entry["id"])
        battle = entry.get("battle")
        if battle in listed and entry["id"] not in battles.step_entries(campaign, battle):
            raise RedoRefused(NotRedone.STEP_TAKEN_BACK)


def can_redo(campaign: Campaign) -> bool:
    """Whether `redo` has something to do again (nothing new saved since the undo)."""
    step = next_step(bailout_tracker(campaign))
    next_entry = kept_of(step).get("next_entry", history_log(campaign).next_id)
    return step is not None and next_entry == history_log(campaign).next_id


def redo(campaign: Campaign) -> Redone:
    """Do the last undo of the injuries again (one commit): its entries are live again
    with their damage and rolls, or the bail-out order is back. Refused (`RedoRefused`)
    when nothing is left to redo or a newer entry was saved since the undo."""
    with refusals(), campaign.transaction():
        if not can_redo(campaign):
            raise RedoRefused(NotRedone.NOTHING)
        tracker = bailout_tracker(campaign)
        step = next_step(tracker)
        if not is_apart(step):
            tracker.redo()
            return Redone(bailout=load_bailout(campaign))
        ids = kept_of(step).get("entries", [])
        _refuse_without_their_step(campaign, ids)
        done = Redone(entries=tuple(redo_entries(campaign, ids)))
        take_apart(tracker)
        return done
