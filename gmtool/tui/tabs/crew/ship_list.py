"""The Crew tab's ships list: one row a ship, its crew count marked when today's crew rules
give another crew than the one saved. The pane reads the ships and hands the rows over."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.containers import Vertical
from textual.widgets import DataTable

from gmtool.actions.reads.ships import ManifestCheck, ShipRecord
from gmtool.tui.tabs.crew.dialogs import CHANGED_MARK
from gmtool.tui.tabs.crew.short_words import class_short

SIDE_LABEL = {"campaign": "ours", "enemy": "enemy"}
COLUMNS = ("Ship", "Side", "Crew", "Cls")


def ship_row(record: ShipRecord, check: ManifestCheck | None) -> tuple[Text, str, Text, str]:
    """A ship's cells (`check` None: its manifest does not read, the count is "?")."""
    crew_total = Text("?")
    if check is not None:
        crew_total = Text(str(check.saved.total_crew))
        if check.changed:
            crew_total.append(CHANGED_MARK, style="bold yellow")
    name = Text(record.name, style="red" if record.side == "enemy" else "")
    return (
        name,
        SIDE_LABEL.get(record.side, record.side),
        crew_total,
        class_short(record.spec.ship_class),
    )


class ShipList(DataTable[Any]):
    def show(
        self, rows: Sequence[tuple[str, Sequence[Text | str]]], wanted: str | None
    ) -> str | None:
        """Show `rows` (ship id, cells) with the cursor on `wanted`, else the first; the ship
        under the cursor (None: there are no ships)."""
        self.clear()
        for key, cells in rows:
            self.add_row(*cells, key=key)
        ids = [key for key, _ in rows]
        if not ids:
            return None
        index = ids.index(wanted) if wanted in ids else 0
        self.move_cursor(row=index)
        return ids[index]


class ShipSide(Vertical):
    """The ships list, put aside below 100 columns while the cursor is on the right (the class
    is set here: on the tab it would restyle every widget, 10-20 ms a move with a big roster)."""

    def __init__(self, *children: DataTable[Any]) -> None:
        super().__init__(*children, id="ship-side")

    def width_given_back(self) -> int:
        """The width the crew side gains at the next layout: this side's, when it has been
        put aside and not laid out since (else 0)."""
        if self.has_class("-aside") and self.region.width:
            return self.outer_size.width + self.styles.margin.right
        return 0

    def set_aside(self, aside: bool) -> bool:
        """Put the list aside or back; whether that changed."""
        if aside == self.has_class("-aside"):
            return False
        self.set_class(aside, "-aside")
        return True
