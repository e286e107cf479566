"""The bail-out helper: abandoning ship, rolled once (Table 3-3) and counted round by round.

The dialog asks for the order (`BailoutOrder`); the tab gives it with its one action while
the dialog stays open to show it. The order is kept, so the table is there after a restart
and ctrl+z takes it back."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import DataTable, Input, Select, Static

from gmtool.actions.errors import StoreError
from gmtool.actions.reads.campaign import Campaign
from gmtool.actions.reads.injuries import BailoutRecord, CrewAboard, crew_aboard
from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.characters import Party
from gmtool.rules.classes import class_ids
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import bailout_rounds, hazard_table
from gmtool.rules.hazards import survivors_aboard as party_aboard
from gmtool.rules.limits import MAX_TOTAL_CREW
from gmtool.tui.dialogs.base import GmDialog, save_action
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.injuries.form_fields import BailoutOrder, ship_chosen, ship_class_row
from gmtool.tui.widgets.compact import form_row, number_field
from gmtool.tui.widgets.number_field import NumberField


def describe_bailout(record: BailoutRecord) -> str:
    b = record.bailout
    if b.trapped_dice:
        shown = " ".join(str(d) for d in b.trapped_dice)
        trapped = f"{hazard_table().trapped_percent.canonical()} [{shown}] = {b.trapped_percent}%"
    else:
        trapped = f"{b.trapped_percent}% (chosen)"
    return (
        f"Abandon {record.where}: {b.time.describe().split(': ', 1)[1]}; "
        f"{b.survivors} survivors, {trapped} cannot get out: {b.trapped}; "
        f"{b.clear_percent}% of the survivors get clear each round."
    )


# -- the dialog ---------------------------------------------------------------------------


class BailoutDialog(GmDialog[BailoutRecord | None]):
    """Shows the last evacuation; ctrl+r gives a new order. Returns the newest order given
    while it was open (None if none)."""

    DEFAULT_CSS = tab_css(__file__, "bailout_dialog.tcss")

    ACTIONS = (
        save_action("order", "Order bail-out", "Roll and save a bail-out order", ("ctrl+r",)),
    )

    def __init__(
        self,
        campaign: Campaign,
        ships: Sequence[ShipRecord],
        party: Party,
        order: Callable[[BailoutOrder], BailoutRecord],
        *,
        ship_id: str | None = None,
        last: BailoutRecord | None = None,
    ) -> None:
        super().__init__()
        self.campaign = campaign
        self.order = order
        self.ships = {s.id: s for s in ships}
        self.party = party
        self.last = last
        self.ordered: BailoutRecord | None = None
        if last is not None:  # the form starts as the last order was given
            ship_id = last.ship_id
        self._ship_id = ship_id if ship_id in self.ships else None
        self._aboard: dict[str, CrewAboard] = {}
        self._other_ship = False

    def compose(self) -> ComposeResult:
        if self._ship_id:
            start_class = self.ships[self._ship_id].spec.ship_class
        elif self.last is not None:
            start_class = self.last.bailout.ship_class
        else:
            start_class = class_ids()[0]
        table = hazard_table()
        survivors = str(self.last.bailout.survivors) if self.last else self._crew_count()
        roll = f"{table.trapped_percent.canonical()} ({table.trapped_min}-{table.trapped_max})"
        with Vertical(id="bailout-box", classes="dialog-box") as box:
            box.border_title = "Abandon ship (bail-out)"
            yield ship_class_row(self.ships, self._ship_id, start_class, "bailout")
            yield form_row(
                "Survivors",
                number_field("bailout-survivors", 0, MAX_TOTAL_CREW, survivors),
                "Cannot get out %",
                Input(placeholder=f"blank: roll {roll}", id="bailout-trapped", compact=True),
                classes="-sourced",
            )
            yield Static(self._source_text(), id="bailout-source")
            yield Static(id="bailout-party")
            yield Static(id="bailout-message")
            yield DataTable(id="bailout-rounds", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        rounds = self.query_one("#bailout-rounds", DataTable)
        rounds.add_columns("Round", "Get clear", "Clear so far", "Still leaving", "Cannot get out")
        self._show_party()
        if self.last is not None:
            self._show(self.last, "Last order, rolled once. ctrl+r gives a new order.")
        else:
            self._message(
                "Choose the ship (or a class) and the survivors; ctrl+r gives the order and "
                "rolls the bail-out time once. Characters leave when they reach a pod or airlock."
            )
        self.query_one("#bailout-survivors", Input).focus()

    def cancel_result(self) -> BailoutRecord | None:
        return self.ordered

    def _crew(self) -> CrewAboard | None:
        """The crew aboard the chosen ship (read once per ship while the dialog is open)."""
        if self._ship_id is None:
            return None
        if self._ship_id not in self._aboard:
            self._aboard[self._ship_id] = crew_aboard(self.campaign, self.ships[self._ship_id])
        return self._aboard[self._ship_id]

    def _crew_count(self) -> str:
        crew = self._crew()
        return "" if crew is None else str(crew.survivors)

    def _source_text(self) -> str:
        """Where the number in Survivors came from."""
        if self.last is not None and not self._other_ship:
            return "Survivors as in the last order; ctrl+r gives a new one."
        crew = self._crew()
        if crew is None:
            return "Survivors: type how many are alive aboard (no ship chosen)."
        return f"Survivors: {crew.source}."

    def _show_party(self) -> None:
        line = self.query_one("#bailout-party", Static)
        if self._ship_id is None:
            line.update("")
            return
        party = self.party
        names = [c.name for c in party_aboard(party.characters, party.assignments, self._ship_id)]
        line.update(
            f"{len(names)} of the party aboard: {', '.join(names)}"
            if names
            else "No one of the party is aboard."
        )

    @on(Select.Changed, "#bailout-ship")
    def _ship_changed(self, event: Select.Changed) -> None:
        ship_id = ship_chosen(event.value, self.ships, self.query_one("#bailout-class", Select))
        if ship_id == self._ship_id:
            return
        self._ship_id = ship_id
        self._other_ship = True
        if ship_id is not None:
            self.query_one("#bailout-survivors", Input).value = self._crew_count()
        self.query_one("#bailout-source", Static).update(self._source_text())
        self._show_party()

    def _message(self, text: str | Text, *, error: bool = False) -> None:
        message = self.query_one("#bailout-message", Static)
        message.set_class(error, "error")
        message.update(text)

    def _show(self, record: BailoutRecord, note: str) -> None:
        self._message(Text.assemble((describe_bailout(record), "bold"), "\n", note))
        table = self.query_one("#bailout-rounds", DataTable)
        table.clear()
        for line in bailout_rounds(record.bailout):
            cells = (line.round, line.cleared, line.cleared_total, line.still_leaving, line.trapped)
            table.add_row(*map(str, cells), key=str(line.round))

    def requested_order(self) -> BailoutOrder:
        """The form as an order; a ValueError says what to fix, the cursor on its field."""
        ship = self.ships.get(self._ship_id) if self._ship_id else None
        ship_class = self.query_one("#bailout-class", Select).value  # a ship's, once chosen
        if not isinstance(ship_class, str):
            raise ValueError("choose a ship or a class")
        survivors = self.query_one("#bailout-survivors", NumberField).number
        if survivors is None:  # left blank: the field refuses anything else before the order
            self.query_one("#bailout-survivors", Input).focus()
            raise ValueError(
                "Survivors is the number of people aboard and alive, a whole number from 0 up, "
                "not 'nothing'"
            )
        trapped_text = self.query_one("#bailout-trapped", Input).value.strip().rstrip("%")
        try:
            trapped = int(trapped_text) if trapped_text else None
        except ValueError:
            self.query_one("#bailout-trapped", Input).focus()
            raise ValueError(
                f"Cannot get out % is a whole number, or blank to roll it, not {trapped_text!r}"
            ) from None
        ship_id, ship_name = (ship.id, ship.spec.name) if ship else (None, None)
        return BailoutOrder(ship_class, survivors, ship_id, ship_name, trapped)

    def action_order(self) -> None:
        try:
            record = self.order(self.requested_order())
        except (ValueError, RulesError, StoreError) as exc:
            self._message(f"Not ordered: {exc}.", error=True)
            return
        self.ordered = record
        self._show(record, "Saved; the dice are in the log. ctrl+z on the tab takes it back.")
        self.remember_fields()  # ordered and saved: the form as it is now is not lost work
