"""What the Torga IV tab's play keys ask for, from the game and what the GM is doing: an
engine `Action` to play (one `actions.skirmish` call), a pick to open (its choices with the
referee's odds), a move to place, or a refusal to say."""

from __future__ import annotations

import msgspec

from gmtool.rules.skirmish import (
    Action,
    GameState,
    enemies_in_contact,
    legal_actions,
    move_allowance,
    plan_move,
    shots,
)
from gmtool.rules.skirmish.engine import FIRE, HAND_TO_HAND, MOVE, PICK_UP
from gmtool.rules.skirmish.referee import melee_preview
from gmtool.tui.tabs.torga.map import short_name
from gmtool.tui.tabs.torga.panel import Choice
from gmtool.tui.tabs.torga.referee import fire_choice, fire_details, melee_lines
from gmtool.tui.tabs.torga.view import MOVING, PICKING, Play, ready_ids

NO_GAME = "there is no game yet; press n to start one"
# What a pick's key is not, when the figure may not act, and why nothing is there to pick.
PICK_WORDS = {
    FIRE: ("fired", "Not fired: {name} has no enemy in range and in sight."),
    HAND_TO_HAND: ("attacked", "Not attacked: {name} is in base contact with no enemy."),
    PICK_UP: ("picked up", "Not picked up: no dropped weapon within {name}'s reach."),
}


class Refusal(msgspec.Struct, frozen=True):
    """Why the key does nothing now, for the status line."""

    text: str


class Pick(msgspec.Struct, frozen=True):
    """Open a pick of `kind` among `options` (the map shows the highlighted one)."""

    kind: str
    options: list[Choice]


class NextChoice(msgspec.Struct, frozen=True):
    """The pick's key again: the next choice."""


class PlaceMove(msgspec.Struct, frozen=True):
    """Start placing a move of the selected figure, the cursor on it."""

    cursor: tuple[float, float]
    words: str  # how far it may move


Order = Action | Pick | NextChoice | PlaceMove | Refusal


def actor(state: GameState | None, selected: str | None, what: str) -> str | Refusal:
    """The selected figure if it may act, else why it is not `what` ("fired")."""
    if state is None:
        return Refusal(f"Not {what}: {NO_GAME}.")
    if state.over:
        return Refusal(f"Not {what}: the game is over; press n for a new one.")
    if selected is None:
        return Refusal(f"Not {what}: no figure can act.")
    return selected


def simple(state: GameState | None, selected: str | None, kind: str, what: str) -> Order:
    """An action of the selected figure that needs nothing chosen (aim, hold)."""
    who = actor(state, selected, what)
    return who if isinstance(who, Refusal) else Action(kind, who)


def pick(state: GameState | None, play: Play, kind: str, width: int) -> Order:
    """f, h, p: the choices of a pick (`width` for the referee's details), or the next
    choice when that pick is open."""
    what, none = PICK_WORDS[kind]
    who = actor(state, play.selected, what)
    if isinstance(who, Refusal):
        return who
    assert state is not None  # a figure acts only in a game
    if play.mode == PICKING and play.pick_kind == kind:
        return NextChoice()
    options = choices(state, who, kind, width)
    if not options:
        return Refusal(none.format(name=state.figure(who).name))
    return Pick(kind, options)


def choices(state: GameState, who: str, kind: str, width: int) -> list[Choice]:
    """A pick's choices, each with its short text and the referee's odds in `width`: the
    targets in range (f), the enemies in base contact (h) or the dropped weapons in reach (p)."""
    fig = state.figure(who)
    if kind == FIRE:
        return [
            (Action(FIRE, who, s.target), fire_choice(s, state), fire_details(s, state, width))
            for s in shots(state, who)
        ]
    found: list[Choice] = []
    if kind == HAND_TO_HAND:
        for enemy in enemies_in_contact(state, fig):
            mods, outcomes = melee_lines(melee_preview(state, who, enemy.id), state, width)
            action = Action(HAND_TO_HAND, who, enemy.id)
            found.append((action, short_name(enemy.name), f"{mods}\n{outcomes}"))
        return found
    weapons = {item.id: item for item in state.dropped}
    for action in legal_actions(state, who):
        if action.kind == PICK_UP and action.target in weapons:
            item = weapons[action.target]
            name = state.scenario.weapon(item.weapon).name
            details = (
                f"the {name} at ({item.x:.1f}, {item.y:.1f}); "
                f"{fig.name} leaves the {state.scenario.weapon(fig.weapon).name} there"
            )
            found.append((action, name, details))
    return found


def place_move(state: GameState | None, selected: str | None) -> Order:
    """m: place a move of the selected figure, starting where it stands."""
    who = actor(state, selected, "moved")
    if isinstance(who, Refusal):
        return who
    assert state is not None  # a figure acts only in a game
    fig = state.figure(who)
    words = f"Where to? {fig.name} may move {move_allowance(state, fig):g} in."
    return PlaceMove((fig.x, fig.y), words)


def confirm(state: GameState | None, play: Play) -> Order | None:
    """Enter: the move placed (when the rules allow it) or the choice picked."""
    if play.mode == MOVING and play.selected is not None and state is not None:
        x, y = play.cursor
        plan = plan_move(state, play.selected, x, y)
        if not plan.legal:
            return Refusal(f"Not moved: {plan.reason}.")
        return Action(MOVE, play.selected, x=x, y=y)
    if play.mode == PICKING and play.options:
        return play.options[play.index][0]
    return None


def next_figure(state: GameState | None, selected: str | None, step: int) -> str | Refusal:
    """tab (shift+tab): the next (previous) figure that may act."""
    ready = ready_ids(state)
    if not ready:
        return Refusal("No figure can act now.")
    index = ready.index(selected) if selected in ready else -1
    return ready[(index + step) % len(ready)]


def moved_cursor(
    cursor: tuple[float, float], dx: float, dy: float, width: float, depth: float
) -> tuple[float, float]:
    """The move's cursor stepped by (dx, dy) inches, kept on the table, to half inches."""
    x = min(max(cursor[0] + dx, 0.0), width)
    y = min(max(cursor[1] + dy, 0.0), depth)
    return (round(x * 2) / 2, round(y * 2) / 2)
