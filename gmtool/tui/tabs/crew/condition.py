"""The Crew tab's ship condition: a line saying what battles left of the selected ship, and
the keys that mend it between battles (repair, new crew, scrap, restore).

`ConditionKeys` is mixed into `CrewPane` (its keys are in the tab's table, keys.py), and
`condition_key_applies` hides each key where it means nothing (no damage to repair, no crew
missing, nothing lost to restore). Every change goes through `actions.ship_condition`;
ctrl+z in the tab takes it back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Static

from gmtool.actions import ship_condition as cond
from gmtool.actions.errors import StoreError
from gmtool.rules.condition_text import WHERE_WORDS, event_text, tracks_text
from gmtool.rules.errors import RulesError
from gmtool.rules.limits import MAX_REPAIR_DAYS
from gmtool.rules.ship_condition import WHERE
from gmtool.tui.dialogs import ConfirmDialog
from gmtool.tui.dialogs.base import save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.tabs.crew.dialogs import CrewDialog
from gmtool.tui.widgets.number_field import NumberField

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
        text.append(f"\nLast: {event_text(view.history[-1])}", style="dim")
    return text


RepairAttempt = Callable[[int, str], "str | None"]


class RepairDialog(CrewDialog[bool]):
    """Days and where; the pane's `attempt` repairs, and a refusal keeps the dialog open."""

    CANCEL_RESULT = False
    ACTIONS = (save_action("submit", "Repair", "Repair the ship for the days typed"),)

    def __init__(self, name: str, attempt: RepairAttempt) -> None:
        super().__init__()
        self.ship_name = name
        self.attempt = attempt

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(f"Repair {self.ship_name}", classes="dialog-title")
            with Horizontal(classes="dialog-row"):
                yield Label("Days")
                yield NumberField(
                    "1", id="repair-days", minimum=1, maximum=MAX_REPAIR_DAYS, compact=True
                )
            with Horizontal(classes="dialog-row"):
                yield Label("Where")
                yield Select(
                    [(WHERE_WORDS[w], w) for w in WHERE],
                    value=WHERE[0],
                    allow_blank=False,
                    id="repair-where",
                    compact=True,
                )
            yield Static(
                "Rates per day: tables/repairs.yaml. Enter repairs, Escape cancels.",
                classes="dialog-hint",
            )
            yield Static("", id="repair-error", classes="dialog-error")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#repair-days", Input).focus()

    @on(Input.Submitted, "#repair-days")
    def action_submit(self) -> None:
        error = self.query_one("#repair-error", Static)
        text = self.query_one("#repair-days", Input).value.strip()
        if not text.isdigit() or len(text) > len(str(MAX_REPAIR_DAYS)):
            error.update(f"Not repaired: days are a whole number from 1 to {MAX_REPAIR_DAYS}.")
            return
        message = self.attempt(int(text), str(self.query_one("#repair-where", Select).value))
        if message is None:
            self.dismiss(True)
        else:
            error.update(f"Not repaired: {message}")


class ConditionKeys:
    """The Crew tab's condition keys (mixed into CrewPane, which provides the rest)."""

    ship_id: str | None
    condition: cond.ConditionView | None = None
    app: Any
    campaign: Any
    CONDITION_ACTIONS: ClassVar[frozenset[str]] = frozenset(
        {"repair_ship", "replace_crew", "restore_ship", "scrap_ship"}
    )

    if TYPE_CHECKING:  # provided by CrewPane

        def show_status(self, text: str | Text, error: bool = False) -> None: ...

        def reload(self, select: str | None = None) -> None: ...

        def refresh_bindings(self) -> None: ...

    def read_condition(self, ship_id: str | None) -> Text:
        """Read the ship's condition for the summary (and for which keys apply)."""
        self.condition = None
        if ship_id is not None:
            try:
                self.condition = cond.show(self.campaign, ship_id)
            except (StoreError, RulesError) as exc:
                return Text(f"Condition does not read: {exc}", style="red")
        self.refresh_bindings()
        return condition_text(self.condition) if self.condition else Text("")

    def condition_key_applies(self, action: str) -> bool:
        view = self.condition
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

    def _changed(self, doing: str, change: Callable[[], cond.ConditionChanged]) -> str | None:
        try:
            changed = change()
        except (StoreError, RulesError) as exc:
            self.show_status(f"Not {doing}: {exc}", error=True)
            return str(exc)
        self.reload(select=changed.view.ship_id)
        self.show_status(f"{changed.view.name} {doing} (its last line above); ctrl+z undoes it.")
        return None

    def action_repair_ship(self) -> None:
        view = self.condition
        if view is None:
            return

        def attempt(days: int, where: str) -> str | None:
            return self._changed(
                "repaired", lambda: cond.repair(self.campaign, view.ship_id, days, where)
            )

        self.app.push_screen(RepairDialog(view.name, attempt))

    def action_replace_crew(self) -> None:
        view = self.condition
        if view is not None:
            self._changed("crewed", lambda: cond.replace_crew(self.campaign, view.ship_id))

    def _confirmed(self, question: str, detail: str, doing: str, change: Callable[[], Any]) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                self._changed(doing, change)
            else:
                self.show_status("Nothing changed.")

        self.app.push_screen(ConfirmDialog(question, detail=detail, danger=True), done)

    def action_restore_ship(self) -> None:
        view = self.condition
        if view is not None:
            self._confirmed(
                f"Restore {view.name}, rebuilt and fully crewed?",
                "y restores, n or Escape keeps it as it is. ctrl+z undoes it.",
                "restored",
                lambda: cond.restore(self.campaign, view.ship_id),
            )

    def action_scrap_ship(self) -> None:
        view = self.condition
        if view is not None:
            self._confirmed(
                f"Scrap {view.name}?",
                "It stays on the list but cannot join a battle until restored (o). "
                "y scraps, n or Escape keeps it.",
                "scrapped",
                lambda: cond.scrap(self.campaign, view.ship_id),
            )
