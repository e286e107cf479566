"""What the Battle tab says after a step or playing on, and where it puts the cursor.

Play-on stops at a decision of a side the GM plays: the tab says what is asked, with
gmtool's own choice beside it, and puts the list's cursor on the action that answers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text

from gmtool.actions.battle_next import Decision, PlayOn
from gmtool.actions.battles import RoundUndone, StepDone
from gmtool.actions.reads.battles import StepOutcome
from gmtool.rules.battle import ActionInfo, BattleState
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import heading_name
from gmtool.tui.tabs.battle.station_orders import written_back_text

# The action of the list that answers each kind of decision.
ANSWERS = {
    "heading": ("declare_heading",),
    "target": ("roll_attack",),
    "special_order": ("ram", "board", "abandon_ship", "self_destruct"),
}


def first_fresh(state: BattleState | None, now: Sequence[ActionInfo]) -> int:
    """Where the cursor goes on a new list: the first action that is not a change of mind
    about a heading already declared, so enter never declares it twice."""
    for index, info in enumerate(now):
        redeclare = (
            state is not None
            and info.action == "declare_heading"
            and info.side is not None
            and state.side(info.side).declared
        )
        if not redeclare:
            return index
    return 0


def decision_index(now: Sequence[ActionInfo], decision: Decision) -> int | None:
    """The place in the action list of the action that answers the decision (gmtool's own
    choice first, when the list has it), or None."""
    if decision.kind == "special_order" and decision.likely is not None:
        for index, info in enumerate(now):
            if info.action == decision.likely and info.ship_id in (decision.ship_id, None):
                return index
    wanted = ANSWERS.get(decision.kind, ())
    for index, info in enumerate(now):
        if info.action not in wanted or info.side not in (decision.side, None):
            continue
        if decision.ship_id is not None and info.ship_id not in (decision.ship_id, None):
            continue
        return index
    return None


def _ship_name(state: BattleState, ship_id: str | None) -> str:
    if ship_id is None:
        return "a ship"
    try:
        return state.ship(ship_id).name
    except RulesError:  # a ship the battle no longer has: say so plainly
        return "a ship no longer in the battle"


# What left damage to type in, by the step's action, for the damage form's note.
DAMAGE_CAUSES = {"self_destruct": "self-destruct blast", "ram": "ram", "roll_attack": "hit"}


def damage_cause(state: BattleState) -> str:
    """The damage form's note for damage due: "CSS Meridian's self-destruct blast"."""
    last = state.events[-1] if state.events else None
    if last is None:
        return ""
    what = DAMAGE_CAUSES.get(last.action, last.action.replace("_", " "))
    return f"{_ship_name(state, last.ships[0])}'s {what}" if last.ships else what


def decision_words(state: BattleState, decision: Decision) -> str:
    """'Your decision: the heading of Our fleet (gmtool's choice: holding)...'"""
    side = state.side(decision.side).name
    if decision.kind == "heading":
        would = heading_name(decision.likely).lower() if decision.likely else "holding"
        return (
            f"Your decision: the heading of {side} (gmtool's choice: {would}); enter declares it."
        )
    if decision.kind == "target":
        firing = _ship_name(state, decision.ship_id)
        target = _ship_name(state, decision.likely)
        return (
            f"Your decision: what {firing} fires at (gmtool would fire at {target}); enter fires."
        )
    if decision.kind == "special_order":
        ship = _ship_name(state, decision.ship_id)
        would = "abandon her" if decision.likely == "abandon_ship" else "give no order"
        return (
            f"Your decision: a special order for {ship} (gmtool would {would}); "
            "enter gives the highlighted one, ctrl+n goes on without."
        )
    ship = _ship_name(state, decision.ship_id)
    cause = damage_cause(state)
    return (
        f"Your decision: the damage {ship} takes from {cause or 'the last step'}, no table "
        "rolls it: type it in (escape leaves it for d)."
    )


def played_words(state: BattleState, played: PlayOn) -> str:
    """What a play-on did and where it stopped."""
    count = len(played.steps)
    steps = f"{count} step{'s' if count != 1 else ''} played"
    if played.finished:
        return f"{steps}: the battle is over after round {played.round}; s shows the summary."
    if played.decision is not None:
        return f"{steps}. {decision_words(state, played.decision)}"
    if played.stopped == "round":
        return f"{steps}: round {played.round} begins."
    return f"{steps}."


def outcome_text(outcome: StepOutcome) -> Text:
    """A step's headline (first and last line when longer) and its hazard rolls for the
    characters aboard."""
    lines = [ln for line in outcome.result.headline for ln in line.splitlines()]
    shown = lines if len(lines) <= 2 else [lines[0], "… " + lines[-1]]
    text = Text("\n".join(shown))
    if outcome.injuries:
        hurt = sum(1 for e in outcome.injuries if any(e.get("marked", {}).values()))
        text.append(
            f"\n{len(outcome.injuries)} hazard roll{'s' if len(outcome.injuries) != 1 else ''}"
            f" for characters aboard, {hurt} hurt (in the Injuries tab).",
            style="bold",
        )
    return text


def missing_words(name: str, missing: Sequence[str]) -> str:
    """Why the battle `name` cannot open: which of its saved files are gone."""
    files = "file" if len(missing) == 1 else "files"
    are = "is" if len(missing) == 1 else "are"
    return (
        f"{name} cannot open: its saved {files} {', '.join(missing)} {are} missing. "
        "x deletes it from the list (backups/ may hold copies)."
    )


def round_undone_words(undone: RoundUndone) -> str:
    count = len(undone.steps)
    return (
        f"Undone: round {undone.round}, {count} step{'s' if count != 1 else ''} "
        "taken back (their rolls marked undone, injuries given back)."
    )


def step_text(done: StepDone, folder: Path) -> Text:
    """What a step did, the report it saved under `folder` and what its ending wrote back
    to the campaign's ships."""
    text = outcome_text(done.outcome)
    if done.report is not None:
        where = done.report.relative_to(folder)
        text.append(f"\nBattle report saved as {where} (r shows it).", style="bold")
    if done.written_back:
        text.append(f"\n{written_back_text(done)}", style="bold")
    return text


def over_words(state: BattleState) -> str:
    """Why a finished battle plays no more."""
    return (
        f"{state.name} is over (it ended in round {state.round}): s shows its summary; "
        "ctrl+z takes the ending back."
    )
