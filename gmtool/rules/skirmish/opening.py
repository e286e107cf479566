"""A simulation's openings: the moves every game makes alike before its first die.

Dice are rolled only for fire, for hand-to-hand and for the solo side's order at the start
of a turn, and the automatic players choose by the state alone. So two games that stand
alike after deployment play the same actions until one of them needs a die: in Torga IV
the whole of turn 1 (thirty of a game's hundred-odd actions) while the Jem'Hadar close in
out of range. `Openings` plays each such opening once and starts every game where it ends,
on a copy: the games are exactly those played action by action, only faster.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.engine import Action, play_action
from gmtool.rules.skirmish.scenario import Scenario
from gmtool.rules.skirmish.state import GameOptions, GameState

# Openings remembered per run: one per way a game can stand after deployment (in Torga IV
# two, the Jem'Hadar's order for turn 1). A scenario that deploys by the dice would make
# more; past this many they are forgotten and played again.
_LIMIT = 256


class _DiceNeeded(Exception):
    """Raised by `_NoDice` when an action would roll: the opening ends before it."""


class _NoDice(random.Random):
    """A generator that refuses to roll, to find where an opening ends."""

    def random(self) -> float:
        raise _DiceNeeded

    def getrandbits(self, k: int, /) -> int:
        raise _DiceNeeded


def state_key(state: GameState) -> Hashable:
    """Everything that sets what happens next in a game, given its scenario and options."""
    return (
        state.turn,
        state.tier,
        state.side_to_act,
        state.solo_order,
        state.winner,
        state.next_drop,
        tuple((f.x, f.y, f.wounds, f.spent, f.aimed, f.fallen, f.weapon) for f in state.figures),
        tuple(state.dropped),
    )


def play_opening(state: GameState, player: Callable[[GameState], Action]) -> GameState:
    """Play `state` on in place, with `player` choosing for both sides, up to the first
    action that would roll a die (or the end of the game); returns it."""
    no_dice = _NoDice()
    while state.winner is None:
        action = player(state)
        trial = state.copy()
        try:
            play_action(trial, action, no_dice, None, check=False)
        except _DiceNeeded:
            return state  # the action is left for the game to play with its own dice
        state = trial
    return state


class Openings:
    """The openings of one run's games: one scenario, one set of options, one player."""

    def __init__(
        self, scenario: Scenario, options: GameOptions, player: Callable[[GameState], Action]
    ) -> None:
        self.scenario = scenario
        self.options = options
        self._player = player
        self._ends: dict[Hashable, GameState] = {}

    def play(self, state: GameState) -> GameState:
        """Where the game standing as `state` is when it first needs a die (a new copy)."""
        if state.scenario is not self.scenario or state.options is not self.options:
            raise RulesError("an opening is for a game of its own run's scenario and options")
        key = state_key(state)
        end = self._ends.get(key)
        if end is None:
            if len(self._ends) >= _LIMIT:
                self._ends.clear()
            end = self._ends[key] = play_opening(state.copy(), self._player)
        return end.copy()
