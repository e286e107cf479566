"""The bail-out helper: abandoning ship, rolled once (Table 3-3) and counted round by round.

The order rolls the bail-out time and the share of survivors who cannot get out; the dice go
to the roll log and the evacuation is kept as the state of the small tracker `bailout`, so
the table is still there after a restart and ctrl+z on the Injuries tab takes the order back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input, Label, Select, Static

from gmtool.rules.characters import Party
from gmtool.rules.classes import class_ids
from gmtool.rules.crew import crew_manifest
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import Bailout, bailout_rounds, hazard_table, start_bailout
from gmtool.rules.hazards import survivors_aboard as party_aboard
from gmtool.rules.roll_records import values_record
from gmtool.store.battles import list_battles, load_battle
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError
from gmtool.store.injuries import newest_first
from gmtool.store.rolllog import RollEntry
from gmtool.store.ships import ShipRecord
from gmtool.store.tracker import Tracker, UndoneAction
from gmtool.tui.footer import KeyFooter
from gmtool.tui.form_fields import chosen_ship, ship_class_row

BAILOUT_TRACKER = "bailout"
SOURCE = "injuries"
BATTLES_SEARCHED = 20
"""How many of the newest battles are read for a ship's crew losses (each is a file read)."""


# -- the saved evacuation -----------------------------------------------------------------


@dataclass(frozen=True)
class BailoutRecord:
    """The last order to abandon ship: the rolled evacuation and what it was for.

    `after_entry` is the newest injury-history entry when the order was given, so the tab's
    undo can tell which came last: this order or an injury.
    """

    bailout: Bailout
    ship_id: str | None
    ship_name: str | None
    after_entry: int
    rolls: tuple[int, ...] = ()

    @property
    def where(self) -> str:
        if self.ship_name:
            return f"{self.ship_name} ({self.bailout.ship_class})"
        return f"a {self.bailout.ship_class} ship"

    def to_dict(self) -> dict[str, Any]:
        return {
            "bailout": self.bailout.to_dict(),
            "ship_id": self.ship_id,
            "ship_name": self.ship_name,
            "after_entry": self.after_entry,
            "rolls": list(self.rolls),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BailoutRecord:
        return cls(
            Bailout.from_dict(data["bailout"]),
            data.get("ship_id"),
            data.get("ship_name"),
            int(data.get("after_entry", 0)),
            tuple(int(r) for r in data.get("rolls", ())),
        )


@dataclass(frozen=True)
class CrewAboard:
    """How many of a ship's crew are alive aboard, and where that number comes from."""

    survivors: int
    source: str


def crew_aboard(campaign: Campaign, ship: ShipRecord) -> CrewAboard:
    """The survivors a bail-out of `ship` starts from: its crew less the dead of the newest
    battle it fought (and any who already got clear), as the Battle tab's own abandon-ship
    order counts them; the whole crew when no battle has it.

    The badly wounded stay among the survivors: they are alive and aboard, and must be got
    off too (the share who cannot get out is rolled on top). The source says so, so the GM
    can take them off by hand.
    """
    crew = crew_manifest(ship.spec).total_crew
    try:
        battles = list_battles(campaign)
    except (StoreError, RulesError):
        battles = []
    for record in reversed(battles[-BATTLES_SEARCHED:]):
        try:
            state = load_battle(campaign, record.id)
        except (StoreError, RulesError):
            continue  # a damaged or missing battle says nothing about this ship
        fought = next((s for s in state.ships if s.id == ship.id), None)
        if fought is None:
            continue
        losses = fought.crew_losses
        dead, gone = losses["dead"], fought.evacuated
        survivors = max(0, fought.crew_total - dead - gone)
        where = f"{record.name} (round {state.round})"
        if not dead and not gone:
            return CrewAboard(
                survivors, f"the whole crew of {fought.crew_total}: nobody died in {where}"
            )
        parts = [f"{fought.crew_total} crew", f"{dead} dead in {where}"]
        if gone:
            parts.append(f"{gone} already clear")
        text = " − ".join(parts) + f" = {survivors}"
        wounded = [
            f"{losses['badly_wounded']} badly" if losses["badly_wounded"] else "",
            f"{losses['lightly_wounded']} lightly" if losses["lightly_wounded"] else "",
        ]
        hurt = " and ".join(w for w in wounded if w)
        if hurt:
            text += f"; {hurt} wounded among them"
        return CrewAboard(survivors, text)
    return CrewAboard(crew, f"the whole crew of {crew}: no battle has recorded losses for her")


def bailout_tracker(campaign: Campaign) -> Tracker:
    return Tracker(campaign, BAILOUT_TRACKER)


def load_bailout(campaign: Campaign) -> BailoutRecord | None:
    """The last order to abandon ship, or None."""
    state = bailout_tracker(campaign).load()
    if not state or not state.get("bailout"):
        return None
    try:
        return BailoutRecord.from_dict(state)
    except (RulesError, KeyError, TypeError, ValueError) as exc:
        raise StoreError(
            f"{campaign.folder / 'trackers' / (BAILOUT_TRACKER + '.json')}: the saved bail-out "
            f"does not read ({exc}); it was left unchanged"
        ) from None


def bailout_rolls(bailout: Bailout, where: str) -> list[RollEntry]:
    """Roll-log entries for the dice of an order to abandon ship (none for a small ship whose
    trapped share the GM chose)."""
    entries: list[RollEntry] = []
    time = bailout.time
    if time.notation is not None:
        entries.append(
            values_record(f"bail-out time: {where}", time.notation, time.dice, time.rounds, SOURCE)
        )
    if bailout.trapped_dice:
        entries.append(
            values_record(
                f"bail-out: percent of survivors who cannot get out of {where}",
                hazard_table().trapped_percent.canonical(),
                bailout.trapped_dice,
                bailout.trapped_percent,
                SOURCE,
            )
        )
    return entries


def order_bailout(
    campaign: Campaign,
    ship_class: str,
    survivors: int,
    *,
    ship_id: str | None = None,
    ship_name: str | None = None,
    trapped_percent: int | None = None,
) -> BailoutRecord:
    """Give the order: roll once, log the dice, keep the evacuation (one undoable action)."""
    bailout = start_bailout(ship_class, survivors, campaign.rng(), trapped_percent=trapped_percent)
    latest = next(newest_first(campaign), None)
    newest = latest["id"] if latest else 0
    record = BailoutRecord(bailout, ship_id, ship_name, newest)
    rolls = campaign.record(bailout_rolls(bailout, record.where))
    record = BailoutRecord(bailout, ship_id, ship_name, newest, tuple(r["id"] for r in rolls))
    bailout_tracker(campaign).save(record.to_dict(), f"bail-out: {record.where}", rolls=rolls)
    return record


def undo_bailout(campaign: Campaign) -> UndoneAction | None:
    """Take back the last order (its rolls are marked undone in the log)."""
    return bailout_tracker(campaign).undo()


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


class BailoutDialog(ModalScreen[BailoutRecord | None]):
    """Shows the last evacuation; ctrl+r gives a new order. Returns the newest order."""

    DEFAULT_CSS = """
    BailoutDialog { align: center middle; }
    BailoutDialog > #bailout-box {
        width: 86; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; border-title-align: left; background: $surface; padding: 0 1;
    }
    BailoutDialog .dialog-row { height: 1; margin-bottom: 1; }
    BailoutDialog .field-label { padding: 0 1 0 0; color: $text-muted; }
    BailoutDialog #bailout-ship { width: 1fr; margin-right: 1; }
    BailoutDialog #bailout-class { width: 16; }
    BailoutDialog #bailout-survivors { width: 10; margin-right: 1; }
    BailoutDialog #bailout-trapped { width: 1fr; }
    BailoutDialog .dialog-row.-sourced { margin-bottom: 0; }
    BailoutDialog #bailout-source { height: auto; color: $text-muted; margin-bottom: 1; }
    BailoutDialog #bailout-party {
        height: 1; color: $text-muted; margin-bottom: 1; text-wrap: nowrap; text-overflow: ellipsis;
    }
    BailoutDialog #bailout-message { height: auto; min-height: 1; margin-bottom: 1; }
    BailoutDialog #bailout-message.error { color: $error; }
    BailoutDialog #bailout-rounds { height: auto; max-height: 14; }
    """

    BINDINGS = [
        Binding("ctrl+r", "order", "Order bail-out", priority=True),
        Binding("escape", "close", "Close"),
    ]

    def __init__(
        self,
        campaign: Campaign,
        ships: Sequence[ShipRecord],
        party: Party,
        *,
        ship_id: str | None = None,
        last: BailoutRecord | None = None,
    ) -> None:
        super().__init__()
        self.campaign = campaign
        self.ships = {s.id: s for s in ships}
        self.party = party
        self.last = last
        self.ordered: BailoutRecord | None = None
        if last is not None and last.ship_id in self.ships:
            ship_id = last.ship_id
        elif last is not None:
            ship_id = None
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
        with Vertical(id="bailout-box") as box:
            box.border_title = "Abandon ship (bail-out)"
            yield from ship_class_row(self.ships, self._ship_id, start_class, "bailout")
            with Horizontal(classes="dialog-row -sourced"):
                yield Label("Survivors", classes="field-label")
                yield Input(
                    str(self.last.bailout.survivors) if self.last else self._crew_count(),
                    id="bailout-survivors",
                    compact=True,
                )
                yield Label("Cannot get out %", classes="field-label")
                yield Input(
                    placeholder=(
                        f"blank: roll {table.trapped_percent.canonical()} "
                        f"({table.trapped_min}-{table.trapped_max})"
                    ),
                    id="bailout-trapped",
                    compact=True,
                )
            yield Static(self._source_text(), id="bailout-source")
            yield Static(id="bailout-party")
            yield Static(id="bailout-message")
            yield DataTable(id="bailout-rounds", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        rounds = self.query_one("#bailout-rounds", DataTable)
        for label, key in (
            ("Round", "round"),
            ("Get clear", "cleared"),
            ("Clear so far", "total"),
            ("Still leaving", "leaving"),
            ("Cannot get out", "trapped"),
        ):
            rounds.add_column(label, key=key)
        self._show_party()
        if self.last is not None:
            self._show(self.last, "Last order, rolled once. ctrl+r gives a new order.")
        else:
            self._message(
                "Choose the ship (or a class) and the survivors; ctrl+r gives the order and "
                "rolls the bail-out time once. Characters leave when they reach a pod or airlock."
            )
        self.query_one("#bailout-survivors", Input).focus()

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
        names = [
            c.name
            for c in party_aboard(self.party.characters, self.party.assignments, self._ship_id)
        ]
        if names:
            line.update(f"{len(names)} of the party aboard: {', '.join(names)}")
        else:
            line.update("No one of the party is aboard.")

    @on(Select.Changed, "#bailout-ship")
    def _ship_changed(self, event: Select.Changed) -> None:
        ship_id = chosen_ship(event.value)
        class_select = self.query_one("#bailout-class", Select)
        class_select.disabled = ship_id is not None
        if ship_id == self._ship_id:
            return
        self._ship_id = ship_id
        self._other_ship = True
        if ship_id is not None:
            class_select.value = self.ships[ship_id].spec.ship_class
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
            table.add_row(
                str(line.round),
                str(line.cleared),
                str(line.cleared_total),
                str(line.still_leaving),
                str(line.trapped),
                key=str(line.round),
            )

    def action_order(self) -> None:
        ship = self.ships.get(self._ship_id) if self._ship_id else None
        ship_class = (
            ship.spec.ship_class if ship else self.query_one("#bailout-class", Select).value
        )
        if not isinstance(ship_class, str):
            self._message("Not ordered: choose a ship or a class.", error=True)
            return
        survivors_text = self.query_one("#bailout-survivors", Input).value.strip()
        try:
            survivors = int(survivors_text)
        except ValueError:
            survivors = -1
        if survivors < 0:
            self._message(
                "Not ordered: Survivors is the number of people aboard and alive, a whole number "
                f"from 0 up, not {survivors_text or 'nothing'!r}.",
                error=True,
            )
            self.query_one("#bailout-survivors", Input).focus()
            return
        trapped_text = self.query_one("#bailout-trapped", Input).value.strip().rstrip("%")
        trapped: int | None = None
        if trapped_text:
            try:
                trapped = int(trapped_text)
            except ValueError:
                self._message(
                    f"Not ordered: Cannot get out % is a whole number, or blank to roll it, "
                    f"not {trapped_text!r}.",
                    error=True,
                )
                self.query_one("#bailout-trapped", Input).focus()
                return
        try:
            record = order_bailout(
                self.campaign,
                ship_class,
                survivors,
                ship_id=ship.id if ship else None,
                ship_name=ship.spec.name if ship else None,
                trapped_percent=trapped,
            )
        except (RulesError, StoreError) as exc:
            self._message(f"Not ordered: {exc}.", error=True)
            return
        self.ordered = record
        self._show(record, "Saved; the dice are in the log. ctrl+z on the tab takes it back.")

    def action_close(self) -> None:
        self.dismiss(self.ordered)
