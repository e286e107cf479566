"""Which of the Crew tab's keys act now, and why one does not: the footer stays short by
offering a key only where it acts."""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.actions import ship_condition as cond
from gmtool.tui.tabs.crew.condition import condition_key_applies
from gmtool.tui.tabs.crew.keys import CONDITION_KEYS, LIST_KEYS, SHIP_KEYS

# Keys that need a selected ship.
NEEDS_SHIP = frozenset({"edit_ship", "delete_ship", "regenerate", "export"})


@dataclass(frozen=True)
class CrewNow:
    """What the Crew tab's keys depend on at this moment."""

    in_list: bool  # the cursor is in the manifest or the roster (else on the ships list)
    has_ship: bool  # a ship is shown, its crew read
    roster_shown: bool  # the roster is shown (else the manifest)
    filtering: bool  # the roster's filter is set, or someone aboard is hurt
    condition: cond.ConditionView | None  # the shown ship's condition, when it reads
    can_undo: bool
    can_redo: bool


def offered(action: str, now: CrewNow) -> bool:
    """Whether the key of `action` acts now (its binding is on, the footer shows it)."""
    if action in SHIP_KEYS and now.in_list:
        return False
    if action in LIST_KEYS and not now.in_list:
        return False
    if action in CONDITION_KEYS:
        return condition_key_applies(now.condition, action)
    if action in NEEDS_SHIP:
        return now.has_ship
    if action in ("roster", "manifest"):  # the view not shown
        return now.roster_shown == (action == "manifest")
    if action == "filter_crew":  # once someone aboard is hurt
        return now.roster_shown and now.filtering
    if action in ("undo", "redo"):
        return now.can_undo if action == "undo" else now.can_redo
    return True


def why_not(action: str, roster_shown: bool, has_ship: bool) -> str | None:
    """Why a key pressed while it is off does nothing, where the default words say too
    little (None: the default)."""
    if action == "filter_crew" and roster_shown:
        return "Everyone aboard is fit: f filters the roster once someone is hurt."
    if action in NEEDS_SHIP and not has_ship:
        return "No ship selected: pick one in the list (n adds one)."
    return None
