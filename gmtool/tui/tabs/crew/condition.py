"""The Crew tab's ship condition: the line saying what battles left of the ship, the repair
dialog and questions, and which keys that mend a ship mean something for it (a key that
means nothing is not offered)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.text import Text
from textual.widget import Widget

from gmtool.actions import ship_condition as cond
from gmtool.rules.condition_text import WHERE_WORDS, event_text, tracks_text
from gmtool.rules.limits import MAX_REPAIR_DAYS
from gmtool.rules.ship_condition import WHERE
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.tabs.crew.dialogs import CrewDialog
from gmtool.tui.widgets.compact import choice, form_row, number_field

STATUS_STYLE = {
    "operational": "green",
    "shaken": "yellow",
    "disabled": "yellow",
    "crippled": "bold red",
    "destroyed": "bold red",
    "abandoned": "bold red",
    "scrapped": "dim",
}


def condition_text(view: cond.ConditionView) -> Text:
    """Status, tracks and crew aboard; then the newest history entry."""
    text = Text.assemble(
        (view.status.capitalize(), STATUS_STYLE.get(view.status, "")),
        ("  ", ""),
        (tracks_text(view.points, view.marked), ""),
        ("  crew ", "dim"),
        (f"{view.aboard}/{view.complement}", "bold" if view.aboard < view.complement else ""),
    )
    if view.history:
        text.append(f"\nLast: {event_text(view.history[-1], view.battle_names)}", style="dim")
    return text


def condition_key_applies(view: cond.ConditionView | None, action: str) -> bool:
    """Whether a condition key means something for the ship in `view` (None: no ship)."""
    if view is None:
        return False
    if action == "restore_ship":
        return view.lost is not None or view.status == "destroyed"
    if view.lost is not None:
        return False
    if action == "repair_ship":
        return any(view.marked.values()) or view.wounded > 0
    if action == "replace_crew":
        return view.aboard < view.complement
    return True  # scrap


# The questions asked before o restores and X scraps the ship: the question, then its detail.
MEND_QUESTIONS = {
    "restore_ship": (
        "Restore {name}, rebuilt and fully crewed?",
        "y restores, n or Escape keeps it as it is. ctrl+z undoes it.",
    ),
    "scrap_ship": (
        "Scrap {name}?",
        "It stays on the list but cannot join a battle until restored (o). "
        "y scraps, n or Escape keeps it.",
    ),
}


RepairAttempt = Callable[[int, str], "str | None"]


class RepairDialog(CrewDialog[bool]):
    """Days and where; the pane's `attempt` repairs, and a refusal keeps the dialog open."""

    CANCEL_RESULT = False
    ACTIONS = (save_action("submit", "Repair", "Repair the ship for the days typed"),)
    NAME, FIRST = "repair", "days"
    HINT = "Rates per day: tables/repairs.yaml. Enter repairs, Escape cancels."

    def __init__(self, name: str, attempt: RepairAttempt) -> None:
        super().__init__()
        self.heading = f"Repair {name}"
        self.attempt = attempt

    def rows(self) -> Iterable[Widget]:
        yield form_row("Days", number_field("repair-days", 1, MAX_REPAIR_DAYS, "1"))
        yield form_row(
            "Where", choice([(WHERE_WORDS[w], w) for w in WHERE], WHERE[0], "repair-where")
        )

    def action_submit(self) -> None:
        text = self.value("days")
        if not text.isdigit() or len(text) > len(str(MAX_REPAIR_DAYS)):
            self.refuse(f"Not repaired: days are a whole number from 1 to {MAX_REPAIR_DAYS}.")
        elif (refusal := self.attempt(int(text), self.value("where"))) is None:
            self.dismiss(True)
        else:
            self.refuse(f"Not repaired: {refusal}")
