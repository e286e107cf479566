"""The skirmish game of a campaign (Torga IV, or a GM's own scenario) as one undoable tracker.

The state of `Tracker(campaign, "skirmish")` is a `SkirmishGame` (store/skirmish_game.py):
the engine's `GameState.to_dict()` (which carries its scenario and options) plus the recent
lines of the tab's game log. Every action is one save, so ctrl+z steps back one action;
every die the engine rolls goes to the campaign's roll log in the same step, and undo marks
those rolls undone.

Who plays which side, and what one request plays (the app's reply chained after a GM's
action in solo play, the rest of a turn, a change of settings), is the rules'
(`gmtool.rules.skirmish.turn_modes`): each request here asks it for a `Stretch` and saves
that as one step. The names it gives are re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from gmtool.rules.roll_records import values_record
from gmtool.rules.skirmish import Action, Event, GameOptions, Scenario
from gmtool.rules.skirmish import turn_modes as modes
from gmtool.rules.skirmish.engine import FIRE, HAND_TO_HAND
from gmtool.rules.skirmish.turn_modes import (
    AUTOMATIC,
    MANUAL,
    MODES,
    SOLO,
    LogLine,
    Stretch,
    action_label,
    automatic_sides,
    game_options,
    settings_text,
    solo_side,
)
from gmtool.store.atomic import remove_file
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.records import EngineState
from gmtool.store.rolllog import NewRoll, RollEntry
from gmtool.store.skirmish_files import SKIRMISH_TRACKER as SKIRMISH_TRACKER
from gmtool.store.skirmish_files import UNDO_DEPTH as UNDO_DEPTH
from gmtool.store.skirmish_files import orphan_replays as orphan_replays
from gmtool.store.skirmish_files import skirmish_tracker as skirmish_tracker
from gmtool.store.skirmish_game import SkirmishGame
from gmtool.store.skirmish_replay import new_game_id, record_step, step_record
from gmtool.store.tracker import UndoneAction

ROLL_SOURCE = "skirmish"
# Lines of the game log kept in the saved state (every die also stays in the roll log).
LOG_LIMIT = 120
# The roll of the solo side's order each turn (the engine's event kind).
SOLO_ORDER = "solo_order"

__all__ = [
    "AUTOMATIC",
    "LOG_LIMIT",
    "MANUAL",
    "MODES",
    "ROLL_SOURCE",
    "SKIRMISH_TRACKER",
    "SOLO",
    "UNDO_DEPTH",
    "LogLine",
    "Played",
    "SkirmishGame",
    "action_label",
    "automatic_sides",
    "change_settings",
    "game_options",
    "load_game",
    "play",
    "play_automatic",
    "play_rest_of_turn",
    "roll_entries",
    "settings_text",
    "skirmish_tracker",
    "solo_side",
    "start_game",
    "undo_game",
]


class Played(msgspec.Struct, frozen=True):
    """The result of one saved step: the new game, its new log lines and the saved rolls."""

    game: SkirmishGame
    lines: tuple[LogLine, ...]
    rolls: list[RollEntry]
    label: str


# -- rolls ----------------------------------------------------------------------------------


def _die_roles(scenario: Scenario, event: Event) -> list[tuple[int, str]]:
    """(sides, whose die) for each roll of an engine event, in the event's order."""
    if event.kind == FIRE:
        return [(scenario.fire.die, "")]
    if event.kind == HAND_TO_HAND:
        die = scenario.hand_to_hand.die
        return [(die, "attacker's die"), (die, "defender's die")]
    if event.kind == SOLO_ORDER and scenario.solo is not None:
        return [(scenario.solo.die, "")]
    raise StoreError(f"the skirmish event {event.kind!r} rolled dice the store cannot name")


def roll_entries(scenario: Scenario, events: Iterable[Event]) -> list[NewRoll]:
    """Roll-log entries (the shape of `Campaign.dice_entry`) for every die in the events."""
    entries: list[NewRoll] = []
    for event in events:
        if not event.rolls:
            continue
        roles = _die_roles(scenario, event)
        if len(roles) != len(event.rolls):
            raise StoreError(
                f"the skirmish event {event.kind!r} rolled {len(event.rolls)} dice, "
                f"expected {len(roles)}"
            )
        for (sides, role), value in zip(roles, event.rolls, strict=True):
            purpose = f"{event.text} ({role})" if role else event.text
            entries.append(values_record(purpose, f"1d{sides}", [value], value, ROLL_SOURCE))
    return entries


# -- loading and saving ---------------------------------------------------------------------


def load_game(campaign: Campaign) -> SkirmishGame | None:
    """The saved game, or None when the campaign has none (or its first game was undone)."""
    state = skirmish_tracker(campaign).load()
    if state is None:
        return None
    try:
        return SkirmishGame.from_dict(state)
    except UNREADABLE_STATE as exc:
        where = campaign.folder / "trackers" / f"{SKIRMISH_TRACKER}.json"
        raise StoreError(
            f"{where}: the saved skirmish does not read ({exc}); it was left unchanged"
        ) from None


def _save(campaign: Campaign, game: SkirmishGame, stretch: Stretch) -> Played:
    """Record the stretch's dice, then `game` (its log, its replay) with the stretch's state,
    as one undo step; a failed save leaves the rolls marked undone so the log never shows
    dice of an action that did not happen."""
    entries = roll_entries(stretch.state.scenario, stretch.events)
    new_lines = stretch.lines
    log = (*game.log, *new_lines)[-LOG_LIMIT:]
    replay_bytes = game.replay_bytes
    if game.game_id:
        lines = [(line.kind, line.text, line.auto) for line in new_lines]
        record = step_record(stretch.label, lines, stretch.state)
        replay_bytes = record_step(campaign, game.game_id, game.replay_bytes, record)
    saved_game = SkirmishGame(stretch.state, tuple(log), game.game_id, replay_bytes)
    saved = campaign.record(entries) if entries else []
    try:
        skirmish_tracker(campaign).save(saved_game.to_dict(), stretch.label, rolls=saved)
    except BaseException:
        if saved and campaign.rolls is not None:
            campaign.rolls.mark_undone([int(e["id"]) for e in saved])
        raise
    for path in orphan_replays(campaign):  # games out of reach of undo: their replays go too
        remove_file(path)
    return Played(saved_game, new_lines, saved, stretch.label)


def start_game(campaign: Campaign, scenario: Scenario, mode: str) -> Played:
    """Deploy a new game of `scenario` (replacing any game in play; undo brings it back)."""
    stretch = modes.start_game(scenario, mode, campaign.rng())
    fresh = SkirmishGame(stretch.state, (), new_game_id(campaign))
    return _save(campaign, fresh, stretch)


def play(campaign: Campaign, game: SkirmishGame, action: Action, *, auto: bool = False) -> Played:
    """Check and play one action, then the app's reply in solo play, and save them as one
    step. A refused action raises `RulesError` and nothing is saved or rolled in the log."""
    stretch = modes.play_action_and_reply(game.state, action, campaign.rng(), auto=auto)
    return _save(campaign, game, stretch)


def play_automatic(campaign: Campaign, game: SkirmishGame) -> Played:
    """Let the automatic player take the activation now due (for either side)."""
    return _save(campaign, game, modes.play_app_activation(game.state, campaign.rng()))


def play_rest_of_turn(campaign: Campaign, game: SkirmishGame) -> Played:
    """Let the automatic players take every activation left in this turn, for both sides,
    saved as one step (so one undo takes the whole stretch back)."""
    return _save(campaign, game, modes.play_rest_of_turn(game.state, campaign.rng()))


def change_settings(campaign: Campaign, game: SkirmishGame, options: GameOptions) -> Played:
    """Save new settings for the game in play as one undo step (`turn_modes.change_options`:
    a solo order rolled if due, the app's activation at once in solo play)."""
    return _save(campaign, game, modes.change_options(game.state, options, campaign.rng()))


def undo_game(campaign: Campaign) -> UndoneAction[EngineState] | None:
    """Step back one saved action (its rolls are marked undone); None: nothing to undo."""
    return skirmish_tracker(campaign).undo()
