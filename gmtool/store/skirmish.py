"""The skirmish game of a campaign (Torga IV, or a GM's own scenario) as one undoable tracker.

The state of `Tracker(campaign, "skirmish")` is a `SkirmishGame`: the engine's
`GameState.to_dict()` (which carries its scenario and options) plus the recent lines of the
tab's game log. Every action is one save, so ctrl+z steps back one action; every die the
engine rolls goes to the campaign's roll log in the same step, and undo marks those rolls
undone.

When one side is played by the GM and the other by the app (solo play), the app's
activations that follow a GM's action are played at once and saved with it: undo takes the
GM back to their own last decision, never to a half-played reply that would re-roll on its
own. With both sides automatic nothing is chained: each activation is played on request.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gmtool.rules.errors import RulesError
from gmtool.rules.roll_records import values_record
from gmtool.rules.skirmish import (
    Action,
    Event,
    GameOptions,
    GameState,
    Scenario,
    apply_action,
    automatic_player,
    new_game,
)
from gmtool.rules.skirmish.engine import (
    AIM,
    FIRE,
    HAND_TO_HAND,
    HOLD,
    MOVE,
    PICK_UP,
    roll_solo_order,
)
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.records import EngineState
from gmtool.store.rolllog import NewRoll, RollEntry
from gmtool.store.skirmish_replay import new_game_id, record_step, step_record
from gmtool.store.tracker import Tracker, UndoneAction

SKIRMISH_TRACKER = "skirmish"
ROLL_SOURCE = "skirmish"
# Lines of the game log kept in the saved state (every die also stays in the roll log).
LOG_LIMIT = 120
# Actions ctrl+z can take back. Each undo entry holds a whole game (its scenario included,
# 10-18 kB), and the tracker file is rewritten on every action: 25 keeps it near 400 kB.
UNDO_DEPTH = 25
# The roll of the solo side's order each turn (the engine's event kind).
SOLO_ORDER = "solo_order"

# Who plays which side.
SOLO = "solo"  # the app plays the scenario's solo side, the GM the other
MANUAL = "manual"  # the GM (or two players) play both sides
AUTOMATIC = "automatic"  # the app plays both sides, one activation per request
MODES = (SOLO, MANUAL, AUTOMATIC)

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


@dataclass(frozen=True)
class LogLine:
    """One line of the tab's game log: an engine event, and whether the app played it."""

    kind: str
    text: str
    auto: bool = False

    def to_list(self) -> list[Any]:
        return [self.kind, self.text, self.auto]

    @classmethod
    def from_list(cls, data: list[Any]) -> LogLine:
        kind, text, auto = data
        return cls(str(kind), str(text), bool(auto))


@dataclass(frozen=True)
class SkirmishGame:
    """The game in play and its recent log: what the tab shows and the tracker saves."""

    state: GameState
    log: tuple[LogLine, ...] = ()
    game_id: str = ""  # names the game's replay file ("": a game saved before replays)
    replay_bytes: int = 0  # how much of the replay file is this game as saved

    @property
    def scenario(self) -> Scenario:
        return self.state.scenario

    @property
    def mode(self) -> str:
        """SOLO, MANUAL or AUTOMATIC, read from the sides the options make automatic."""
        automatic = set(self.state.options.automatic)
        if not automatic:
            return MANUAL
        if automatic >= {s.id for s in self.scenario.sides}:
            return AUTOMATIC
        return SOLO

    def is_automatic(self, side: str | None) -> bool:
        return side is not None and side in self.state.options.automatic

    @property
    def waits_for_gm(self) -> bool:
        """True when the side to act is the GM's (or the game is over)."""
        return self.state.over or not self.is_automatic(self.state.side_to_act)

    def to_dict(self) -> EngineState:
        return {
            "game": self.state.to_dict(),
            "log": [line.to_list() for line in self.log],
            "game_id": self.game_id,
            "replay_bytes": self.replay_bytes,
        }

    @classmethod
    def from_dict(cls, data: EngineState) -> SkirmishGame:
        return cls(
            GameState.from_dict(data["game"]),
            tuple(LogLine.from_list(line) for line in data["log"]),
            str(data.get("game_id", "")),
            int(data.get("replay_bytes", 0)),
        )


@dataclass(frozen=True)
class Played:
    """The result of one saved step: the new game, its new log lines and the saved rolls."""

    game: SkirmishGame
    lines: tuple[LogLine, ...]
    rolls: list[RollEntry]
    label: str


# -- options --------------------------------------------------------------------------------


def solo_side(scenario: Scenario) -> str:
    """The side the app plays in solo mode: the scenario's solo side, else its automatic
    option, else the side that is not the victory side."""
    if scenario.solo is not None:
        return scenario.solo.side
    if scenario.options.automatic:
        return scenario.options.automatic[0]
    return scenario.other_side(scenario.victory.side)


def automatic_sides(scenario: Scenario, mode: str) -> tuple[str, ...]:
    if mode == SOLO:
        return (solo_side(scenario),)
    if mode == MANUAL:
        return ()
    if mode == AUTOMATIC:
        return tuple(s.id for s in scenario.sides)
    raise RulesError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")


def game_options(scenario: Scenario, mode: str) -> GameOptions:
    """The scenario's own options with the automatic sides the mode asks for."""
    base = GameOptions.from_scenario(scenario)
    return GameOptions(
        base.wound_effects,
        base.first_in_tier,
        automatic_sides(scenario, mode),
        base.weapon_wounds,
    )


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


def skirmish_tracker(campaign: Campaign) -> Tracker[EngineState]:
    return Tracker(campaign, SKIRMISH_TRACKER, depth=UNDO_DEPTH)


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


def _save(
    campaign: Campaign,
    game: SkirmishGame,
    events: list[Event],
    new_lines: list[LogLine],
    label: str,
) -> Played:
    """Record the dice, then the state, as one undo step; a failed save leaves the rolls
    marked undone so the log never shows dice of an action that did not happen."""
    entries = roll_entries(game.scenario, events)
    log = (*game.log, *new_lines)[-LOG_LIMIT:]
    replay_bytes = game.replay_bytes
    if game.game_id:
        lines = [(line.kind, line.text, line.auto) for line in new_lines]
        record = step_record(label, lines, game.state)
        replay_bytes = record_step(campaign, game.game_id, game.replay_bytes, record)
    saved_game = SkirmishGame(game.state, tuple(log), game.game_id, replay_bytes)
    saved = campaign.record(entries) if entries else []
    try:
        skirmish_tracker(campaign).save(saved_game.to_dict(), label, rolls=saved)
    except BaseException:
        if saved and campaign.rolls is not None:
            campaign.rolls.mark_undone([int(e["id"]) for e in saved])
        raise
    return Played(saved_game, tuple(new_lines), saved, label)


def _next(game: SkirmishGame, state: GameState) -> SkirmishGame:
    """The same game (its log, its replay) with a new state, to be saved."""
    return SkirmishGame(state, game.log, game.game_id, game.replay_bytes)


def _reply(
    game: SkirmishGame, state: GameState, rng: random.Random
) -> tuple[GameState, list[Event], list[LogLine], int]:
    """Play the app's activations while an automatic side is to act and the GM plays the
    other: returns the state, the events, their log lines and how many were played."""
    events: list[Event] = []
    lines: list[LogLine] = []
    played = 0
    automatic = state.options.automatic
    manual = [s.id for s in state.scenario.sides if s.id not in automatic]
    if not manual:
        return state, events, lines, played
    while not state.over and state.side_to_act in automatic:
        state, step = apply_action(state, automatic_player(state), rng)
        events.extend(step)
        lines.extend(LogLine(e.kind, e.text, True) for e in step)
        played += 1
    return state, events, lines, played


def _with_reply(label: str, state: GameState, replies: int) -> str:
    if not replies:
        return label
    side_to_reply = next(s for s in state.scenario.sides if s.id in state.options.automatic)
    steps = "activation" if replies == 1 else "activations"
    return f"{label}; {side_to_reply.name} {replies} {steps}"


def start_game(campaign: Campaign, scenario: Scenario, mode: str) -> Played:
    """Deploy a new game of `scenario` (replacing any game in play; undo brings it back)."""
    options = game_options(scenario, mode)
    rng = campaign.rng()
    state, events = new_game(scenario, rng, options)
    lines = [LogLine(e.kind, e.text) for e in events]
    game = SkirmishGame(state)
    state, more, auto_lines, replies = _reply(game, state, rng)
    label = _with_reply(f"New game: {scenario.name} ({mode})", state, replies)
    fresh = SkirmishGame(state, game.log, new_game_id(campaign))
    return _save(campaign, fresh, events + more, lines + auto_lines, label)


def action_label(state: GameState, action: Action) -> str:
    """The action in a few words, for the undo label and messages."""
    fig = state.figure(action.figure)
    if action.kind == MOVE:
        return f"{fig.name} moves to ({action.x:.1f}, {action.y:.1f})"
    if action.kind == FIRE and action.target:
        return f"{fig.name} fires at {state.figure(action.target).name}"
    if action.kind == HAND_TO_HAND and action.target:
        return f"{fig.name} attacks {state.figure(action.target).name} hand-to-hand"
    if action.kind == AIM:
        return f"{fig.name} takes aim"
    if action.kind == PICK_UP:
        return f"{fig.name} picks up a weapon"
    if action.kind == HOLD:
        return f"{fig.name} holds"
    return f"{fig.name}: {action.kind}"


def play(campaign: Campaign, game: SkirmishGame, action: Action, *, auto: bool = False) -> Played:
    """Check and play one action, then the app's reply in solo play, and save them as one
    step. A refused action raises `RulesError` and nothing is saved or rolled in the log."""
    rng = campaign.rng()
    state, events = apply_action(game.state, action, rng)
    lines = [LogLine(e.kind, e.text, auto) for e in events]
    label = action_label(game.state, action) + (" (automatic)" if auto else "")
    state, more, auto_lines, replies = _reply(game, state, rng)
    label = _with_reply(label, state, replies)
    return _save(campaign, _next(game, state), events + more, lines + auto_lines, label)


def play_automatic(campaign: Campaign, game: SkirmishGame) -> Played:
    """Let the automatic player take the activation now due (for either side)."""
    if game.state.over:
        raise RulesError("the game is over: start a new one with n")
    return play(campaign, game, automatic_player(game.state), auto=True)


def play_rest_of_turn(campaign: Campaign, game: SkirmishGame) -> Played:
    """Let the automatic players take every activation left in this turn, for both sides,
    saved as one step (so one undo takes the whole stretch back)."""
    state = game.state
    if state.over:
        raise RulesError("the game is over: start a new one with n")
    turn = state.turn
    rng = campaign.rng()
    events: list[Event] = []
    played = 0
    while not state.over and state.turn == turn:
        state, step = apply_action(state, automatic_player(state), rng)
        events.extend(step)
        played += 1
    lines = [LogLine(e.kind, e.text, True) for e in events]
    steps = "activation" if played == 1 else "activations"
    label = f"Automatic play to the end of turn {turn} ({played} {steps})"
    return _save(campaign, _next(game, state), events, lines, label)


def change_settings(campaign: Campaign, game: SkirmishGame, options: GameOptions) -> Played:
    """Save new settings for the game in play as one undo step. A side the app now plays
    gets its solo order rolled if it had none this turn, and in solo play the app takes its
    activation at once if it is due."""
    if game.state.over:
        raise RulesError("the game is over: start a new one with n")
    options.check(game.scenario)
    state = game.state.copy()
    state.options = options
    rng = campaign.rng()
    events: list[Event] = []
    if state.solo_order is None:
        roll_solo_order(state, rng, events)
    lines = [LogLine("settings", settings_text(state))]
    lines += [LogLine(e.kind, e.text) for e in events]
    state, more, auto_lines, replies = _reply(game, state, rng)
    label = _with_reply("Settings changed", state, replies)
    return _save(campaign, _next(game, state), events + more, lines + auto_lines, label)


def settings_text(state: GameState) -> str:
    """The game's settings in a sentence, for the log."""
    scenario = state.scenario
    options = state.options
    names = [scenario.side(s).name for s in options.automatic]
    plays = " and ".join(names) if names else "nobody"
    return (
        f"Settings: wound effects {'on' if options.wound_effects else 'off'}; "
        f"{scenario.side(options.first_in_tier).name} act first in each action point; "
        f"the app plays {plays}."
    )


def undo_game(campaign: Campaign) -> UndoneAction[EngineState] | None:
    """Step back one saved action (its rolls are marked undone); None: nothing to undo."""
    return skirmish_tracker(campaign).undo()
