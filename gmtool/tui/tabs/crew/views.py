"""The right side of the Crew tab: the ship's summary, the status line, and the manifest or
the roster under their two view tabs (m and R switch them; the pane fills them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import ContentSwitcher, Input, Static, Tab, Tabs

from gmtool.tui.tabs.crew.manifest_view import ManifestTree
from gmtool.tui.tabs.crew.roster_table import RosterTable
from gmtool.tui.widgets.steady import place_underline

SEARCH_HINT = "search by name, rank, post or department (/)"


class CrewViews(Vertical):
    """The ship's summary and status line, and its manifest or roster. A view tab clicked
    posts `Switched` so the pane fills what came into view; `show_view` is the keys' way."""

    class Switched(Message):
        """The manifest or the roster came into view."""

    def __init__(self, show_all: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._show_all = show_all

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
        roster.show_all = self._show_all
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
