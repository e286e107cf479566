"""Who acts: activations by action-point tier, the turn's start and end, and victory.

A turn runs in tiers. In tier 1 the sides alternate, one figure at a time, each spending its
first action point; a side with nobody left to act in the tier passes and the other side
finishes it. Tier 2 does the same with second action points, tier 3 with third. When no
figure can act any more the turn ends; the game ends when the scenario's victory turn
begins or a side is wiped out.
"""

from __future__ import annotations

import random

from gmtool.rules.skirmish.action_kinds import Event
from gmtool.rules.skirmish.state import FIRE_FIRST, MOVE_FIRST, Figure, GameState


def roll_die(rng: random.Random, sides: int) -> int:
    """One die. `random()` is several times faster than `randint` and as replayable."""
    return int(rng.random() * sides) + 1


def standing_count(state: GameState, side: str) -> int:
    return sum(1 for f in state.teams[side] if not f.fallen)


def is_ready(state: GameState, fig: Figure) -> bool:
    """Can this figure spend an action point in the current tier?"""
    tier = state.tier
    return not fig.fallen and fig.spent == tier - 1 and fig.action_points >= tier


def side_ready(state: GameState, side: str, tier: int) -> bool:
    before = tier - 1
    for f in state.teams[side]:  # a plain loop: this runs after every action of a simulation
        if f.spent == before and f.action_points >= tier and not f.fallen:
            return True
    return False


def ready_figures(state: GameState) -> list[Figure]:
    """Figures of the side to act that may act now, in roster order."""
    side = state.side_to_act
    if side is None:
        return []
    return [f for f in state.figures if f.side == side and is_ready(state, f)]


def advance(state: GameState, rng: random.Random, events: list[Event] | None) -> None:
    """After an activation: the other side if it can act in this tier, else this side,
    else the next tier (first side first), else the end of the turn."""
    scenario = state.scenario
    side = state.side_to_act
    assert side is not None
    other = scenario.opponents[side]
    tier = state.tier
    if side_ready(state, other, tier):
        state.side_to_act = other
        return
    if side_ready(state, side, tier):
        return
    top = scenario.most_action_points  # a tier past every standing figure's finds nobody
    first = state.options.first_in_tier
    second = scenario.other_side(first)
    for next_tier in range(tier + 1, top + 1):
        for candidate in (first, second):
            if side_ready(state, candidate, next_tier):
                state.tier = next_tier
                state.side_to_act = candidate
                return
    end_turn(state, rng, events)


def begin_turn(state: GameState, rng: random.Random, events: list[Event] | None) -> None:
    scenario = state.scenario
    for fig in state.figures:
        fig.spent = 0
        fig.aimed = False
    if events is not None:
        events.append(Event("turn", f"Turn {state.turn} begins."))
    state.solo_order = None
    roll_solo_order(state, rng, events)
    state.tier = 1
    first = state.options.first_in_tier
    if side_ready(state, first, 1):
        state.side_to_act = first
    else:
        state.side_to_act = scenario.other_side(first)


def roll_solo_order(state: GameState, rng: random.Random, events: list[Event] | None) -> None:
    """Roll the solo side's order for this turn, when the app plays that side (at the start
    of each turn, or when a game's settings hand the side to the app mid-turn)."""
    scenario = state.scenario
    solo = scenario.solo
    if solo is None or solo.side not in state.options.automatic:
        return
    roll = roll_die(rng, solo.die)
    state.solo_order = MOVE_FIRST if roll <= solo.move_first_up_to else FIRE_FIRST
    if events is not None:
        order = (
            "move first, fire second"
            if state.solo_order == MOVE_FIRST
            else "fire first, move second"
        )
        events.append(
            Event(
                "solo_order",
                f"{scenario.side(solo.side).name} order: d{solo.die} {roll}: {order}.",
                rolls=(roll,),
            )
        )


def end_turn(state: GameState, rng: random.Random, events: list[Event] | None) -> None:
    state.turn += 1
    if state.turn >= state.scenario.victory.turn:
        judge(state, events, f"Turn {state.turn} begins: the time is up.")
        return
    begin_turn(state, rng, events)


def judge(state: GameState, events: list[Event] | None, why: str) -> None:
    """Decide the game by the victory rule: enough of the victory side standing?"""
    scenario = state.scenario
    rule = scenario.victory
    count = standing_count(state, rule.side)
    state.winner = rule.side if count >= rule.standing else scenario.other_side(rule.side)
    state.side_to_act = None
    if events is not None:
        side_name = scenario.side(rule.side).name
        winner = scenario.side(state.winner).name
        events.append(
            Event(
                "victory",
                f"{why} {side_name}: {count} standing (needs {rule.standing}). {winner} win.",
            )
        )


def check_wiped_out(state: GameState, events: list[Event] | None) -> None:
    scenario = state.scenario
    for side in scenario.sides:
        if standing_count(state, side.id) == 0:
            if side.id == scenario.victory.side:
                state.winner = scenario.other_side(side.id)
                state.side_to_act = None
                if events is not None:
                    winner = scenario.side(state.winner).name
                    events.append(Event("victory", f"{side.name} wiped out. {winner} win."))
            else:
                judge(state, events, f"{side.name} wiped out.")
            return
