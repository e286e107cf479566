"""The Battle tab's log: every step with its dice, newest first, wrapped (no line is cut)
and scrolled in the rows the tab leaves it, at 80x24 too."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from gmtool.rules.battle import BattleState
from gmtool.rules.battle.state import BattleEvent
from gmtool.rules.narrative import phase
from gmtool.tui.styles import DEGREE_STYLE

LOG_EVENTS = 80  # events shown in the log (all are saved)


def roll_line(roll: dict[str, Any]) -> Text:
    """One die roll of the log: what for, the dice, the total and the result."""
    dice = " ".join(("-" if sign < 0 else "") + str(value) for _s, value, sign in roll["dice"])
    if roll.get("modifier"):
        dice += f" {roll['modifier']:+d}"
    text = Text(f"    ⚄ {roll.get('for', '')}: {roll.get('expression', '')} [{dice}] = ")
    text.append(str(roll.get("total", "")))
    if roll.get("kind") == "check":
        degree = str(roll.get("degree", ""))
        text.append(f" {degree.replace('_', ' ')}", style=DEGREE_STYLE.get(degree, ""))
    elif roll.get("track"):
        text.append(f" {roll['track']}")
    text.stylize("dim")
    return text


def event_text(event: BattleEvent) -> Text:
    name = phase(event.phase).name
    text = Text.assemble((f"R{event.round} {name}", "bold"), " ")
    if event.action == "advance" and "\n" not in event.text:
        text.append(event.text, style="dim")  # only the step changed
        return text
    text.append("\n  ".join(event.text.splitlines() or [event.action]))
    for roll in event.rolls:
        if roll.get("kind") == "check" and f"{roll.get('for')}:" in event.text:
            continue  # the text already shows this check's dice
        text.append("\n")
        text.append_text(roll_line(roll))
    return text


def log_text(state: BattleState) -> Text:
    events = list(state.events)[-LOG_EVENTS:]
    return Text("\n").join(event_text(event) for event in reversed(events))
