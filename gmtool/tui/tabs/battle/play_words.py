"""What the Battle tab says after a step, playing on, ctrl+z and ctrl+y, and where it puts
the cursor.

Play-on stops at a decision of a side the GM plays: the tab says what is asked, with
gmtool's own choice beside it, and puts the list's cursor on the action that answers it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.text import Text

from gmtool.actions import history
from gmtool.actions.battle_next import Decision, PlayOn
from gmtool.actions.battles import RoundUndone, StepDone, StepUndone
from gmtool.actions.reads.battles import StepOutcome
from gmtool.rules.battle import ActionInfo, BattleState
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import heading_name

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
        side = info.side if info.action == "declare_heading" else None
        if state is None or side is None or not state.side(side).declared:
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
    ship = _ship_name(state, decision.ship_id)
    if decision.kind == "heading":
        would = heading_name(decision.likely).lower() if decision.likely else "holding"
        return (
            f"Your decision: the heading of {side} (gmtool's choice: {would}); enter declares it."
        )
    if decision.kind == "target":
        target = _ship_name(state, decision.likely)
        return f"Your decision: what {ship} fires at (gmtool would fire at {target}); enter fires."
    if decision.kind == "special_order":
        would = "abandon her" if decision.likely == "abandon_ship" else "give no order"
        return (
            f"Your decision: a special order for {ship} (gmtool would {would}); "
            "enter gives the highlighted one, ctrl+n goes on without."
        )
    return (
        f"Your decision: the damage {ship} takes from {damage_cause(state) or 'the last step'}, "
        "no table rolls it: type it in (escape leaves it for d)."
    )


def counted(count: int, noun: str) -> str:
    """'1 step', '3 steps'."""
    return f"{count} {noun}{'s' if count != 1 else ''}"


def played_words(state: BattleState, played: PlayOn) -> str:
    """What a play-on did and where it stopped."""
    steps = f"{counted(len(played.steps), 'step')} played"
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
        rolls = counted(len(outcome.injuries), "hazard roll")
        text.append(f"\n{rolls} for characters aboard, {hurt} hurt (in the Injuries tab).", "bold")
    return text


def step_text(done: StepDone, folder: Path) -> Text:
    """What a step did, the report it saved under `folder` and what its ending wrote back
    to the campaign's ships."""
    text = outcome_text(done.outcome)
    if done.report is not None:
        where = done.report.relative_to(folder)
        text.append(f"\nBattle report saved as {where} (r shows it).", style="bold")
    if done.written_back:  # the ending's state, now the campaign ships'
        ships = [done.state.ship(ship_id) for ship_id in done.written_back]
        lost = [(s, s.crew_losses["dead"] + s.crew_losses["badly_wounded"]) for s in ships]
        fates = "; ".join(f"{s.name} {s.fate}, {dead} crew lost" for s, dead in lost)
        text.append(f"\nEnd state written to the campaign's ships (Crew tab): {fates}.", "bold")
    return text


def over_words(state: BattleState) -> str:
    """Why a finished battle plays no more."""
    return (
        f"{state.name} is over (it ended in round {state.round}): s shows its summary; "
        "ctrl+z takes the ending back."
    )


def round_undone_words(undone: RoundUndone) -> str:
    return (
        f"Undone: round {undone.round}, {counted(len(undone.steps), 'step')} "
        "taken back (their rolls marked undone, injuries given back)."
    )


def undone_words(done: history.Done, can_redo: bool) -> str:
    """'Undone: <step> (2 rolls marked undone, 1 injury entries given back).', then what came
    back outside the battle."""
    undone = done.detail
    assert isinstance(undone, StepUndone)
    text = f"Undone: {undone.label} ({counted(len(undone.roll_ids), 'roll')} marked undone"
    if undone.injury_ids:
        text += f", {len(undone.injury_ids)} injury entries given back"
    text += ")."
    if undone.ships_restored:
        text += " The campaign's ships are back as they were before the battle ended."
    if undone.stations_restored:
        text += " The stations are back as they were (Stations tab)."
    return text + (" ctrl+y does it again." if can_redo else "")


def redone_words(done: history.Done) -> str:
    """'Redone: <step> (as saved: 2 rolls back in the log, nothing rolled again).'"""
    rolls = counted(done.rolls, "roll")
    return f"Redone: {done.label} (as saved: {rolls} back in the log, nothing rolled again)."


def refused_words(refused: history.Refused) -> str:
    """The history's refusal as a sentence."""
    return f"{refused.text[:1].upper()}{refused.text[1:]}."
