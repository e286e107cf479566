"""The orders and tasks of a battle round, for its report: every special order and what it
did (a ram, a boarding and its strength, a self-destruct and its blast, abandoning ship and
who got clear, withdrawing), knock-outs and repairs, leadership, and the sensor and power
checks that succeeded (a failed one changes no roll).

Which steps are reported is read from each event's action id and its rolls' degrees (typed
facts); what is said of each is the engine's own account of the step, without the hazard
lines (the report's Characters section has the injuries)."""

from __future__ import annotations

from collections.abc import Sequence

from gmtool.rules.battle.departures import SHIP_LEFT
from gmtool.rules.battle.state import BattleEvent
from gmtool.rules.battle.steps import HAZARD_LINE
from gmtool.rules.checks import Degree

# The steps a report tells, by action id, with the word each line starts with.
REPORTED: dict[str, str] = {
    "ram": "Ram",
    "board": "Boarding",
    "self_destruct": "Self-destruct",
    "abandon_ship": "Abandon ship",
    "leave_ship": "Got clear",
    "withdraw": "Withdrawal",
    SHIP_LEFT: "Left the battle",
    "knock_out_system": "Knocked out",
    "roll_repair": "Repair",
    "roll_leadership": "Leadership",
    "roll_sensors": "Sensors",
    "set_power": "Power",
    "apply_damage_manually": "Damage typed in",
}
# Checks that change later rolls only when they succeed.
WHEN_SUCCEEDED = frozenset({"roll_sensors", "set_power", "roll_leadership", "roll_repair"})
FAILED = frozenset({Degree.FAILURE.value, Degree.CRITICAL_FAILURE.value})


def _checks(event: BattleEvent) -> list[dict[str, object]]:
    return [r for r in event.rolls if r.get("kind") == "check"]


def _succeeded(event: BattleEvent) -> bool:
    return any(r.get("degree") not in FAILED for r in _checks(event))


def _account(event: BattleEvent) -> str:
    """The step in the engine's words, without hazard lines. A one-check task (sensors,
    power, repair, leadership) is said as what the check was for, its degree and what it
    did: the dice are in the log."""
    lines = [ln.strip() for ln in event.text.splitlines() if ln.strip()]
    told = [ln for ln in lines if not ln.startswith(HAZARD_LINE)]
    checks = _checks(event)
    if event.action in WHEN_SUCCEEDED and len(checks) == 1 and len(told) > 1:
        check = checks[0]
        degree = Degree(str(check.get("degree"))).label
        return f"{check.get('for')} ({degree}): {' '.join(told[1:])}"
    return " ".join(told) or event.action.replace("_", " ")


def deeds_of_round(events: Sequence[BattleEvent]) -> list[str]:
    """The report's lines for the orders and tasks among one round's `events`."""
    found = []
    for event in events:
        kind = REPORTED.get(event.action)
        if kind is None or (event.action in WHEN_SUCCEEDED and not _succeeded(event)):
            continue
        found.append(f"- {kind}: {_account(event)}")
    return found
