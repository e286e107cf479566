"""`gmtool battle next --until ...`, `battle auto` and `battle undo --round`: play-on from the
shell, in one process, and its words.

Kept apart from commands/battle.py so that `battle show` and `list` load none of it.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from gmtool.commands.campaign_commands import emit

if TYPE_CHECKING:
    from gmtool.actions.battle_next import Decision, PlayOn, StepDone
    from gmtool.actions.battles import RoundUndone
    from gmtool.rules.battle import BattleState
    from gmtool.store.campaign import Campaign

# `--auto` and `battle auto`: the words for the sides gmtool plays
AUTO_WORDS: dict[str, tuple[str, ...]] = {"a": ("a",), "b": ("b",), "both": ("a", "b"), "none": ()}
UNTIL_WORDS = ("step", "decision", "round", "end")


def step_dict(done: StepDone) -> dict[str, Any]:
    """One saved step as `battle next --json` prints it."""
    return {
        "id": done.battle_id,
        "action": done.action,
        "label": done.label,
        "round": done.round,
        "phase": done.phase,
        "step": done.step,
        "finished": done.finished,
        "marks": [{"ship_id": m.ship_id, "track": m.track, "amount": m.amount} for m in done.marks],
        "cause": done.cause,
        "roll_ids": list(done.roll_ids),
        "injury_ids": list(done.injury_ids),
        "text": done.result.text,
    }


def decision_dict(decision: Decision | None) -> dict[str, Any] | None:
    if decision is None:
        return None
    return {
        "side": decision.side,
        "kind": decision.kind,
        "battle_id": decision.battle_id,
        "ship_id": decision.ship_id,
        "likely": decision.likely,
    }


def play_on_dict(played: PlayOn) -> dict[str, Any]:
    return {
        "steps": [step_dict(d) for d in played.steps],
        "stopped": played.stopped,
        "decision": decision_dict(played.decision),
        "round": played.round,
        "finished": played.finished,
    }


def decision_text(state: BattleState, decision: Decision) -> str:
    """The decision in the GM's words, names not ids: 'Our fleet declares its heading
    (gmtool's choice: holding)'."""
    from gmtool.rules.narrative import heading_name

    side = state.side(decision.side).name
    ship = state.ship(decision.ship_id).name if decision.ship_id else ""
    likely = decision.likely
    if decision.kind == "heading":
        would = heading_name(likely).lower() if likely else "no heading"
        return f"{side} declares its heading (gmtool's choice: {would})"
    if decision.kind == "target":
        target = state.ship(likely).name if likely else "a target"
        return f"{side} picks the target of {ship}'s next weapon (gmtool's choice: {target})"
    if decision.kind == "special_order":
        order = "abandon her" if likely == "abandon_ship" else "none"
        return (
            f"{side} may give {ship} a special order (gmtool's choice: {order}; "
            "`next` goes on without one)"
        )
    return f"{side} types in the damage due to {ship}"


def _stop_text(campaign: Campaign, battle_id: str, played: PlayOn) -> str:
    from gmtool.store.battles import load_battle

    state = load_battle(campaign, battle_id)
    count = f"{len(played.steps)} step{'s' if len(played.steps) != 1 else ''} played"
    if played.finished:
        return f"{count}; {state.name} is over (round {state.round})."
    if played.decision is not None:
        return f"{count}; next: {decision_text(state, played.decision)}."
    if played.stopped == "round":
        return f"{count}; round {played.round} begins."
    return f"{count}."


class Progress:
    """A line on the terminal (stderr) that says how far a long run has got, rewritten in
    place after each step and cleared at the end; silent when stderr is not a terminal."""

    def __init__(self) -> None:
        self.shown = sys.stderr.isatty()
        self.count = 0
        self.width = 0

    def __call__(self, done: StepDone) -> None:
        self.count += 1
        if not self.shown:
            return
        line = f"round {done.round}: {self.count} steps played ({done.action.replace('_', ' ')})"
        self.width = max(self.width, len(line))
        sys.stderr.write("\r" + line.ljust(self.width))
        sys.stderr.flush()

    def clear(self) -> None:
        if self.shown and self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()


def run_next(args: argparse.Namespace, campaign: Campaign) -> None:
    from gmtool.actions.battle_next import play_next, play_on

    if args.until == "step":
        done = play_next(campaign, args.id)
        emit(args, step_dict(done), done.result.text)
        return
    progress = Progress()
    try:
        played = play_on(campaign, args.id, args.until, progress=progress)
    finally:
        progress.clear()
    lines = [d.result.text for d in played.steps]
    lines.append(_stop_text(campaign, args.id, played))
    emit(args, play_on_dict(played), "\n".join(lines))


def run_auto(args: argparse.Namespace, campaign: Campaign) -> None:
    from gmtool.actions.battles import do_set_auto

    done = do_set_auto(campaign, args.id, AUTO_WORDS[args.sides])
    emit(args, step_dict(done), done.result.text)


def round_undone_dict(undone: RoundUndone) -> dict[str, Any]:
    return {
        "id": undone.battle_id,
        "round": undone.round,
        "undone": [u.label for u in undone.steps],
        "roll_ids": [r for u in undone.steps for r in u.roll_ids],
        "injury_ids": [i for u in undone.steps for i in u.injury_ids],
    }


def run_undo_round(args: argparse.Namespace, campaign: Campaign) -> None:
    from gmtool.actions.battles import undo_round

    undone = undo_round(campaign, args.id)
    count = len(undone.steps)
    text = f"undone: {count} step{'s' if count != 1 else ''} of round {undone.round}"
    emit(args, round_undone_dict(undone), text)
