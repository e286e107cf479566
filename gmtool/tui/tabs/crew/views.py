"""The Crew tab's two sides: on the left the ships list (one row a ship, its crew count marked
when today's crew rules give another crew than the one saved); on the right the ship's
summary, the status line, and the manifest or the roster under their two view tabs (m and R
switch them). The pane reads the ships and fills both."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import ContentSwitcher, DataTable, Input, Static, Tab, Tabs

from gmtool.actions.reads.ships import ManifestCheck, ShipRecord
from gmtool.tui.tabs.crew.dialogs import CHANGED_MARK
from gmtool.tui.tabs.crew.manifest_view import ManifestTree
from gmtool.tui.tabs.crew.roster_table import RosterTable
from gmtool.tui.tabs.crew.short_words import class_short
from gmtool.tui.widgets.steady import place_underline

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
    side = SIDE_LABEL.get(record.side, record.side)
    return name, side, crew_total, class_short(record.spec.ship_class)


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


SEARCH_HINT = "search by name, rank, post or department (/)"


class CrewViews(Vertical):
    """The ship's summary and status line, and its manifest or roster. A view tab clicked
    posts `Switched` so the pane fills what came into view; `show_view` is the keys' way."""

    class Switched(Message):
        """The manifest or the roster came into view."""

    def compose(self) -> ComposeResult:
        yield Static("", id="ship-summary")
        yield Static("", id="crew-status")
        views = Tabs(
            Tab("Manifest (m)", id="view-manifest"), Tab("Roster (R)", id="view-roster"),
            id="crew-views",
        )  # fmt: skip
        views.can_focus = False  # m and R switch the views: Tab passes it by
        yield views
        tree = ManifestTree("Crew", id="manifest-tree")
        tree.show_root = False
        roster = RosterTable(id="roster-table", cursor_type="row", zebra_stripes=True)
        search = Input(placeholder=SEARCH_HINT, id="roster-search", compact=True)
        roster_view = Vertical(search, Static("", id="roster-count"), roster, id="roster-view")
        yield ContentSwitcher(tree, roster_view, initial="manifest-tree", id="crew-switcher")

    @property
    def roster_shown(self) -> bool:
        return self.query_one(ContentSwitcher).current == "roster-view"

    def show_view(self, roster: bool) -> None:
        """Put the roster (or the manifest) in view, its tab underlined at once."""
        views = self.query_one(Tabs)
        views.active = "view-roster" if roster else "view-manifest"
        place_underline(views)
        self.query_one(ContentSwitcher).current = "roster-view" if roster else "manifest-tree"

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        roster = event.tab.id == "view-roster"
        self.query_one(ContentSwitcher).current = "roster-view" if roster else "manifest-tree"
        self.post_message(self.Switched())
