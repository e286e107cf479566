"""Which of the Battle tab's keys are offered now, and why one is not: BATTLE_ONLY_ACTIONS
are off without a battle, PLAY_ACTIONS once it is over."""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.battle import BattleState, advance_blocker
from gmtool.tui.tabs.battle.keys import BATTLE_ONLY_ACTIONS, PLAY_ACTIONS
from gmtool.tui.tabs.battle.orders import no_fire_text


@dataclass(frozen=True)
class BattleNow:
    """What the Battle tab's keys depend on at this moment."""

    shown: bool  # a battle is shown (it read)
    open_id: bool  # a battle is open, even one whose files are gone
    finished: bool
    has_actions: bool  # the action list has something to do
    can_fire: bool  # a weapon can fire
    can_undo: bool
    can_redo: bool


def offered(action: str, now: BattleNow) -> bool:
    """Whether the key of `action` acts now (its binding is on, the footer shows it)."""
    if action == "delete_battle":
        # also a battle that is open but does not read (its files gone): x removes it
        return now.open_id
    if action not in BATTLE_ONLY_ACTIONS:
        return True
    if not now.shown or (now.finished and action in PLAY_ACTIONS):
        return False
    only_while = {
        "do_highlighted": now.has_actions,
        "attack": now.can_fire,
        "undo": now.can_undo,
        "redo": now.can_redo,
    }
    return only_while.get(action, True)


def idle_words(state: BattleState | None) -> str:
    """What the status line says when nothing was just done."""
    if state is None:
        return "No battle open: n sets one up, o opens one of the campaign's battles."
    if state.finished:
        return "The battle is over: s shows the summary; ctrl+z takes the ending back."
    blocker = advance_blocker(state)
    what = f"ctrl+n: {blocker}" if blocker else "ctrl+n goes one step"
    return f"space plays on; enter does the highlighted action; {what}."


def why_not(action: str, state: BattleState | None) -> str | None:
    """Why a key pressed while it is off does nothing (None: the default words)."""
    if state is None or (state.finished and action in PLAY_ACTIONS):
        return idle_words(state)  # no battle, or it is over
    if action == "attack":
        return no_fire_text(state)
    if action in ("undo", "redo"):
        return f"Nothing to {action} in {state.name}."
    return None
