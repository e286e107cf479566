"""`next` and play-on: the battle's next steps with the choices a GM would accept.

`play_next` plays one step: it rolls what the phase rolls (the edge, sensors, attacks, the
repair parties), declares headings and picks targets by gmtool's autopilot
(rules/battle/autopilot.py: close when winning, hold when even, turn away when losing;
fire at the enemy most hurt, else the flagship), gives special orders only for the sides
gmtool plays, and goes on when the step's business is done. Leadership, power distribution
and moving characters are left to the GM.

`play_on` plays such steps until a stop: one step, the next decision the GM owns (a side
the GM plays must choose its heading, a target, a special order, or type damage in; see
rules/battle/decisions.py), the end of the round, or the end of the battle. Each step is its
own commit (undo takes back one step), and a step that changes nothing stops it with a
refusal, so it never spins. At a decision, playing on to the next decision plays nothing and
names the same decision again: the GM answers it (an order, or `next` to take the default).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, get_args

import msgspec
from msgspec.structs import replace

from gmtool.actions import battles
from gmtool.actions.errors import ActionRefused
from gmtool.rules.battle import CREW, BattleState
from gmtool.rules.battle.autopilot import AUTOPILOT_HELP as AUTOPILOT_HELP  # for the help
from gmtool.rules.battle.autopilot import Move, next_move
from gmtool.rules.battle.decisions import Decision as Decision  # re-exported: the screens'
from gmtool.rules.battle.decisions import DecisionKind as DecisionKind
from gmtool.rules.battle.decisions import decision_for
from gmtool.rules.battle.decisions import pending_decision as pending_decision
from gmtool.rules.limits import MAX_EDGE_REROLLS, MAX_PLAY_ON_STEPS
from gmtool.store.battles import live_battle
from gmtool.store.campaign import Campaign

StepDone = battles.StepDone
Until = Literal["step", "decision", "round", "end"]
UNTIL: tuple[str, ...] = get_args(Until)


class PlayOn(msgspec.Struct, frozen=True):
    """What a play-on did: the steps saved (oldest first), why it stopped, the decision it
    stopped before (only when `stopped` is "decision"), and where the battle stands."""

    steps: tuple[StepDone, ...]
    stopped: Until
    decision: Decision | None
    round: int
    finished: bool


def _play(campaign: Campaign, battle_id: str, move: Move) -> StepDone:
    """Save the step `move` names, through the battle action that plays it."""
    action = move.action
    if action == "declare_heading":
        assert move.side is not None and move.heading is not None
        return battles.do_declare_heading(
            campaign, battle_id, move.side, move.heading, move.held_arc
        )
    if action == "roll_attack":
        assert move.ship_id is not None and move.weapon is not None and move.target is not None
        return battles.do_fire(campaign, battle_id, move.ship_id, move.weapon, move.target)
    if action == "roll_repair":
        assert move.ship_id is not None
        return battles.do_roll_repair(
            campaign, battle_id, move.ship_id, by=CREW, track=move.track, system=move.system
        )
    if action == "roll_sensors":
        assert move.ship_id is not None
        return battles.do_roll_sensors(campaign, battle_id, move.ship_id)
    if action == "abandon_ship":
        assert move.ship_id is not None
        return battles.do_abandon_ship(campaign, battle_id, move.ship_id)
    if action == "leave_ship":
        assert move.character_id is not None
        return battles.do_leave_ship(campaign, battle_id, move.character_id)
    if action == "withdraw":
        assert move.side is not None
        return battles.do_withdraw(campaign, battle_id, move.side)
    simple = {
        "roll_edge": battles.do_roll_edge,
        "resolve_movement": battles.do_resolve_movement,
        "advance": battles.do_advance,
        "end_battle": battles.do_end_battle,
    }
    return simple[action](campaign, battle_id)


def _open_battle(campaign: Campaign, battle_id: str) -> BattleState:
    state = live_battle(campaign, battle_id)
    if state.finished:
        raise ActionRefused(f"{state.name} is over (it ended in round {state.round})")
    return state


def _move(state: BattleState) -> Move:
    move = next_move(state)
    if move is None:
        raise ActionRefused(f"{state.name}: nothing for `next` to play at this point")
    return move


def play_next(campaign: Campaign, battle_id: str) -> StepDone:
    """Play the next step of the battle with the defaults above; refused once it is over."""
    state = _open_battle(campaign, battle_id)
    return _play(campaign, battle_id, _move(state))


def _unchanged(before: BattleState, after: BattleState) -> bool:
    """The step changed nothing but the log (an edge tie, or a step that went nowhere)."""
    return replace(before, events=(), damage_due=()) == replace(after, events=(), damage_due=())


def play_on(
    campaign: Campaign,
    battle_id: str,
    until: Until = "step",
    progress: Callable[[StepDone], None] | None = None,
) -> PlayOn:
    """Play steps with the defaults (gmtool's choices for its own sides) until `until`:

    - "step": one step, as `play_next`;
    - "decision": every step no side the GM plays must decide, stopping before the first
      one that it must (the returned `decision`); the end of the battle stops it too;
    - "round": every step, taking the defaults for everyone, until a new round begins;
    - "end": every step until the battle is over.

    `progress` hears each step once it is saved. Refused (ActionRefused) for an unknown
    `until`, a battle that is over, a step that changes nothing, or MAX_PLAY_ON_STEPS steps
    without reaching the stop; every step played before a refusal stays saved."""
    if until not in UNTIL:
        raise ActionRefused(f"play on until {until!r}: expected one of {', '.join(UNTIL)}")
    state = _open_battle(campaign, battle_id)
    start_round = state.round
    steps: list[StepDone] = []
    rerolls = 0
    decision: Decision | None = None
    while True:
        if state.finished:
            stopped: Until = "end"
            break
        if until == "step" and steps:
            stopped = "step"
            break
        if until == "round" and state.round != start_round:
            stopped = "round"
            break
        move = next_move(state)
        if until == "decision":
            decision = decision_for(state, move)
            if decision is not None:
                stopped = "decision"
                break
        if move is None:
            raise ActionRefused(f"{state.name}: nothing for `next` to play at this point")
        if len(steps) >= MAX_PLAY_ON_STEPS:
            raise ActionRefused(
                f"{state.name}: played {len(steps)} steps, the most one call plays, and it is "
                f"still round {state.round}'s {state.phase.replace('_', ' ')}; play on again"
            )
        done = _play(campaign, battle_id, move)
        steps.append(done)
        if progress is not None:
            progress(done)
        if _unchanged(state, done.state):
            rerolls = rerolls + 1 if done.action == "roll_edge" else MAX_EDGE_REROLLS + 1
            if rerolls > MAX_EDGE_REROLLS:
                raise ActionRefused(
                    f"{state.name}: '{done.label}' changed nothing but the log; play on "
                    "stopped rather than play it again (undo takes it back)"
                )
        else:
            rerolls = 0
        state = done.state
    return PlayOn(tuple(steps), stopped, decision, state.round, state.finished)
