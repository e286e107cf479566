"""Who plays which side of a skirmish, and what one request of the GM plays.

A game is played in one of three modes: SOLO (the app plays the scenario's solo side, the GM
the other), MANUAL (the GM, or two players, play both sides) and AUTOMATIC (the app plays
both sides, one activation per request). The mode is read from the sides the game's options
make automatic, never stored apart from them.

When the GM plays one side and the app the other, the app's activations that follow a GM's
action are played at once, in the same stretch: undo takes the GM back to their own last
decision, never to a half-played reply that would re-roll on its own. With both sides
automatic nothing is chained. Each function here returns a `Stretch` (the game after it, the
engine's events, the game log's new lines, a label) for the store to save as one step. Pure:
the caller passes the random source, and nothing is saved here.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.auto import automatic_player
from gmtool.rules.skirmish.engine import (
    AIM,
    FIRE,
    HAND_TO_HAND,
    HOLD,
    MOVE,
    PICK_UP,
    Action,
    Event,
    apply_action,
    new_game,
    roll_solo_order,
)
from gmtool.rules.skirmish.scenario import Scenario
from gmtool.rules.skirmish.state import GameOptions, GameState

# Who plays which side.
SOLO = "solo"  # the app plays the scenario's solo side, the GM the other
MANUAL = "manual"  # the GM (or two players) play both sides
AUTOMATIC = "automatic"  # the app plays both sides, one activation per request
MODES = (SOLO, MANUAL, AUTOMATIC)

# The game log's line for a change of settings (not an engine event: it rolls nothing).
SETTINGS = "settings"

__all__ = [
    "AUTOMATIC",
    "MANUAL",
    "MODES",
    "SETTINGS",
    "SOLO",
    "LogLine",
    "Stretch",
    "action_label",
    "automatic_sides",
    "change_options",
    "game_options",
    "is_automatic",
    "mode_of",
    "play_action_and_reply",
    "play_app_activation",
    "play_rest_of_turn",
    "settings_text",
    "solo_side",
    "start_game",
    "waits_for_gm",
]


class LogLine(msgspec.Struct, frozen=True):
    """One line of the game log: an engine event (or a settings line), and whether the app
    played it."""

    kind: str
    text: str
    auto: bool = False

    def to_list(self) -> list[Any]:
        return [self.kind, self.text, self.auto]

    @classmethod
    def from_list(cls, data: list[Any]) -> LogLine:
        kind, text, auto = data
        return cls(str(kind), str(text), bool(auto))


class Stretch(msgspec.Struct, frozen=True):
    """What one request of the GM played, to be saved as one undo step."""

    state: GameState  # the game after it
    events: tuple[Event, ...]  # the engine's events in order: their dice go to the roll log
    lines: tuple[LogLine, ...]  # the game log's new lines
    label: str  # the undo step's label


# -- modes ----------------------------------------------------------------------------------


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


def mode_of(state: GameState) -> str:
    """SOLO, MANUAL or AUTOMATIC, read from the sides the options make automatic."""
    automatic = set(state.options.automatic)
    if not automatic:
        return MANUAL
    if automatic >= {s.id for s in state.scenario.sides}:
        return AUTOMATIC
    return SOLO


def is_automatic(state: GameState, side: str | None) -> bool:
    return side is not None and side in state.options.automatic


def waits_for_gm(state: GameState) -> bool:
    """True when the side to act is the GM's (or the game is over)."""
    return state.over or not is_automatic(state, state.side_to_act)


# -- words ----------------------------------------------------------------------------------


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


def _with_reply(label: str, state: GameState, replies: int) -> str:
    if not replies:
        return label
    side_to_reply = next(s for s in state.scenario.sides if s.id in state.options.automatic)
    steps = "activation" if replies == 1 else "activations"
    return f"{label}; {side_to_reply.name} {replies} {steps}"


# -- playing --------------------------------------------------------------------------------


def _reply(
    state: GameState, rng: random.Random
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


def _over_refused(state: GameState) -> None:
    if state.over:
        raise RulesError("the game is over: start a new one with n")


def start_game(scenario: Scenario, mode: str, rng: random.Random) -> Stretch:
    """Deploy a new game of `scenario` in `mode`, with the app's first activations when it
    plays the side to act first."""
    options = game_options(scenario, mode)
    state, events = new_game(scenario, rng, options)
    lines = [LogLine(e.kind, e.text) for e in events]
    state, more, auto_lines, replies = _reply(state, rng)
    label = _with_reply(f"New game: {scenario.name} ({mode})", state, replies)
    return Stretch(state, tuple(events + more), tuple(lines + auto_lines), label)


def play_action_and_reply(
    state: GameState, action: Action, rng: random.Random, *, auto: bool = False
) -> Stretch:
    """Check and play one action, then the app's reply in solo play. A refused action
    raises `RulesError` and nothing is rolled."""
    after, events = apply_action(state, action, rng)
    lines = [LogLine(e.kind, e.text, auto) for e in events]
    label = action_label(state, action) + (" (automatic)" if auto else "")
    after, more, auto_lines, replies = _reply(after, rng)
    label = _with_reply(label, after, replies)
    return Stretch(after, tuple(events + more), tuple(lines + auto_lines), label)


def play_app_activation(state: GameState, rng: random.Random) -> Stretch:
    """The automatic player takes the activation now due (for either side)."""
    _over_refused(state)
    return play_action_and_reply(state, automatic_player(state), rng, auto=True)


def play_rest_of_turn(state: GameState, rng: random.Random) -> Stretch:
    """The automatic players take every activation left in this turn, for both sides."""
    _over_refused(state)
    turn = state.turn
    events: list[Event] = []
    played = 0
    while not state.over and state.turn == turn:
        state, step = apply_action(state, automatic_player(state), rng)
        events.extend(step)
        played += 1
    lines = tuple(LogLine(e.kind, e.text, True) for e in events)
    steps = "activation" if played == 1 else "activations"
    label = f"Automatic play to the end of turn {turn} ({played} {steps})"
    return Stretch(state, tuple(events), lines, label)


def change_options(state: GameState, options: GameOptions, rng: random.Random) -> Stretch:
    """New settings for the game in play. A side the app now plays gets its solo order
    rolled if it had none this turn, and in solo play the app takes its activation at once
    if it is due."""
    _over_refused(state)
    options.check(state.scenario)
    changed = state.copy()
    changed.options = options
    events: list[Event] = []
    if changed.solo_order is None:
        roll_solo_order(changed, rng, events)
    lines = [LogLine(SETTINGS, settings_text(changed))]
    lines += [LogLine(e.kind, e.text) for e in events]
    changed, more, auto_lines, replies = _reply(changed, rng)
    label = _with_reply("Settings changed", changed, replies)
    return Stretch(changed, tuple(events + more), tuple(lines + auto_lines), label)
