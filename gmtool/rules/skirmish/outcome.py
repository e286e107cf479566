"""How a skirmish stands and how it ended, as typed values the screens and the simulator read.

The engine decides the winner (RULES.md section 6, Victory); this module says why, from the
final state alone: a side with nobody standing was wiped out, otherwise the victory turn
began. Nothing here parses the log's words, so an old saved game gets its reason too.
"""

from __future__ import annotations

import enum

import msgspec

from gmtool.rules.skirmish.scenario import Scenario
from gmtool.rules.skirmish.state import GameState


class EndReason(enum.StrEnum):
    """Why a game ended, from the victory side's point of view (the Federation in Torga IV).

    The values are the keys of `gmtool skirmish simulate`'s `endings`.
    """

    HELD_OUT = "held_out"  # the victory turn began with enough of them standing
    FELL_SHORT = "fell_short"  # the victory turn began with too few standing
    WIPED_OUT = "wiped_out"  # nobody of the victory side is standing
    # The other side is wiped out and the game judged by the count, as if the victory turn
    # had begun: enough standing wins, too few loses even so.
    ENEMY_WIPED_OUT = "enemy_wiped_out"
    ENEMY_WIPED_OUT_TOO_FEW = "enemy_wiped_out_too_few"


END_REASONS = tuple(EndReason)


class Ending(msgspec.Struct, frozen=True):
    """The end of a game: why, who won, the turn it ended in and the count that decided it."""

    reason: EndReason
    winner: str
    turn: int
    standing: int  # figures of the victory side standing at the end
    needed: int  # the victory rule's count


def ending(state: GameState) -> Ending | None:
    """Why the game ended, or None while it is in play."""
    if state.winner is None:
        return None
    rule = state.scenario.victory
    other = state.scenario.other_side(rule.side)
    mine = ours = 0
    for fig in state.figures:
        if not fig.fallen:
            if fig.side == rule.side:
                mine += 1
            elif fig.side == other:
                ours += 1
    if mine == 0:
        reason = EndReason.WIPED_OUT
    elif ours == 0:
        enough = mine >= rule.standing
        reason = EndReason.ENEMY_WIPED_OUT if enough else EndReason.ENEMY_WIPED_OUT_TOO_FEW
    elif mine >= rule.standing:
        reason = EndReason.HELD_OUT
    else:
        reason = EndReason.FELL_SHORT
    return Ending(reason, state.winner, state.turn, mine, rule.standing)


class Standing(msgspec.Struct, frozen=True):
    """The standing line: the turn against the victory turn, who acts, who is standing."""

    turn: int
    victory_turn: int  # the turn whose start decides the game (the Defiant arrives)
    tier: int  # the action point being spent
    side_to_act: str | None
    counts: tuple[tuple[str, int], ...]  # (side, figures standing), in scenario order
    victory_side: str
    needed: int  # figures of the victory side that must stand when the victory turn begins
    ending: Ending | None

    @property
    def standing(self) -> int:
        """Figures of the victory side standing now."""
        return dict(self.counts)[self.victory_side]

    @property
    def can_still_win(self) -> bool:
        """Fallen figures never rise: below the count, the victory side has lost already."""
        return self.standing >= self.needed

    @property
    def turns_left(self) -> int:
        """Whole turns still to play before the victory turn begins (this one included)."""
        return max(0, self.victory_turn - self.turn)


def standing(state: GameState) -> Standing:
    """The standing line of a game in play or over."""
    scenario = state.scenario
    rule = scenario.victory
    counts = tuple(
        (side.id, sum(1 for f in state.figures if f.side == side.id and not f.fallen))
        for side in scenario.sides
    )
    return Standing(
        turn=min(state.turn, rule.turn),
        victory_turn=rule.turn,
        tier=state.tier,
        side_to_act=state.side_to_act,
        counts=counts,
        victory_side=rule.side,
        needed=rule.standing,
        ending=ending(state),
    )


def reason_label(reason: EndReason, state_or_scenario: GameState | Scenario) -> str:
    """A reason in a few words, named for the scenario's sides (for tables and reports)."""
    scenario = (
        state_or_scenario.scenario
        if isinstance(state_or_scenario, GameState)
        else state_or_scenario
    )
    rule = scenario.victory
    mine = scenario.side(rule.side).name
    theirs = scenario.side(scenario.other_side(rule.side)).name
    arrival = rule.arrival or f"turn {rule.turn}"
    if reason == EndReason.HELD_OUT:
        return f"{arrival} arrived, {mine} {rule.standing}+ standing"
    if reason == EndReason.FELL_SHORT:
        return f"{arrival} arrived, {mine} below {rule.standing}"
    if reason == EndReason.WIPED_OUT:
        return f"{mine} wiped out"
    if reason == EndReason.ENEMY_WIPED_OUT:
        return f"{theirs} wiped out, {mine} {rule.standing}+ standing"
    return f"{theirs} wiped out, {mine} below {rule.standing}"
