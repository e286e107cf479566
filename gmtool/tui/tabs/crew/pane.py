"""Crew tab: the campaign's ships, each with its crew manifest and named roster.

The ships list is on the left; on the right, the selected ship's summary and either its
manifest (a tree of sections and departments with totals) or its named roster (a searchable
table). Every change goes through `gmtool.actions.ships` at once (changes.py); ctrl+z steps
it back and ctrl+y does it again. The keys are in keys.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import ContentSwitcher, DataTable, Input, Static, Tab, Tabs, Tree
from textual.widgets.data_table import ColumnKey

from gmtool.actions import ships as ship_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.reads import ships as ship_reads
from gmtool.rules.crew import Manifest
from gmtool.rules.errors import RulesError
from gmtool.rules.roster import CrewMember
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.crew.changes import ShipChanges
from gmtool.tui.tabs.crew.condition import ConditionKeys
from gmtool.tui.tabs.crew.dialogs import CHANGED_MARK, changed_text
from gmtool.tui.tabs.crew.keys import ACTIONS, HELP, LIST_KEYS, SHIP_KEYS
from gmtool.tui.tabs.crew.manifest_view import (
    ManifestTree,
    crew_summary,
    fill_manifest_tree,
)
from gmtool.tui.tabs.crew.roster import CREW_FILTERS, RosterConditions
from gmtool.tui.tabs.crew.roster_table import RosterTable
from gmtool.tui.tabs.crew.rules_card import readings_card
from gmtool.tui.tabs.crew.short_words import class_short, post_cell
from gmtool.tui.widgets.steady import place_underline

NARROW = 100
POST_WIDTH = 24
# Rows of the roster table: filling a table is slow (about 0.2 ms a row), so a 5,000-crew
# roster shows its first rows and the search narrows it.
ROSTER_PAGE = 40
"""Roster rows shown at first (more on a screen taller than that); the cursor on the last row
brings the next as many. Filling a table measures every cell: 500 rows of a 5,000-crew
roster took half a second, 100 rows ~90 ms more than 40 on opening it."""
SIDE_LABEL = {"campaign": "ours", "enemy": "enemy"}
# Keys that need a selected ship.
NEEDS_SHIP = frozenset({"edit_ship", "delete_ship", "regenerate", "export"})


class CrewPane(GmPane, ShipChanges, ConditionKeys, RosterConditions):
    TAB_ID = "crew"
    TITLE = "Crew"
    HELP = HELP
    ACTIONS = ACTIONS
    DEFAULT_CSS = tab_css(__file__, "crew.tcss")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ship_id: str | None = None
        self.crew: ship_reads.ShipCrew | None = None
        self._roster_shown_for: tuple[object, ...] | None = None
        self._roster_members: list[CrewMember] = []  # the roster's rows, matching the search
        self._roster_check_waits = False  # the post column is checked once laid out
        # the roster's column widths worked out last: (for these rows, these standings,
        # (the longest post, the other columns))
        self._widths_known: tuple[Sequence[CrewMember], object, tuple[int, int]] | None = None
        self._tree_shown_for: tuple[Manifest, bool] | None = None  # the manifest, with ranks
        self.crew_filter = CREW_FILTERS[0]
        self._changed_shown = False  # the status line says the crew rules changed
        self._undo_label: str | None = None  # what ctrl+z would take back (None: nothing)
        self._redo_label: str | None = None

    def help_text(self) -> str:
        """The prose and keys, then the rules card: the crew readings of the tables in use."""
        return f"{super().help_text()}\n\n{readings_card()}"

    def compose(self) -> ComposeResult:
        with Horizontal(id="crew-body"):
            with Vertical(id="ship-side"):
                yield DataTable(id="ship-list", cursor_type="row", zebra_stripes=True)
            with Vertical(id="crew-side"):
                yield Static("", id="ship-summary")
                yield Static("", id="crew-status")
                views = Tabs(
                    Tab("Manifest (m)", id="view-manifest"),
                    Tab("Roster (R)", id="view-roster"),
                    id="crew-views",
                )
                views.can_focus = False  # m and R switch the views: Tab passes it by
                yield views
                with ContentSwitcher(initial="manifest-tree", id="crew-switcher"):
                    tree = ManifestTree("Crew", id="manifest-tree")
                    tree.show_root = False
                    yield tree
                    with Vertical(id="roster-view"):
                        yield Input(
                            placeholder="search by name, rank, post or department (/)",
                            id="roster-search",
                            compact=True,
                        )
                        yield Static("", id="roster-count")
                        roster = RosterTable(
                            id="roster-table", cursor_type="row", zebra_stripes=True
                        )
                        roster.show_all = self._show_whole_roster
                        yield roster

    def on_mount(self) -> None:
        self.query_one("#ship-list", DataTable).add_columns("Ship", "Side", "Crew", "Cls")
        roster = self.query_one("#roster-table", DataTable)
        roster.add_column("Rank")
        roster.add_column("Name")
        roster.add_column("Condition")
        roster.add_column("Post", width=POST_WIDTH, key="post")  # sized to fit: _fit_posts
        roster.add_column("Department")
        self.reload()

    def on_resize(self) -> None:
        # Below 100 columns the ships list keeps to name, side and crew, the manifest to counts.
        narrow = self.size.width < NARROW
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            self._set_list_aside(narrow and self._in_list())
            if self.crew is not None:
                self._fill_tree(self.crew.manifest)
        # laid out again: the post column fits the new width, the rows fill a taller table
        # (a change of height alone, the footer taking a line less, refills nothing)
        self.call_after_refresh(self._check_post_width)

    def _fill_tree(self, manifest: Manifest | None) -> None:
        """The manifest in the tree (None: empty). The same manifest again (a new crew, a
        ship with the same spec) keeps the tree as it is, the cursor where it was."""
        shown = None if manifest is None else (manifest, not self.has_class("-narrow"))
        if shown == self._tree_shown_for:
            return
        self._tree_shown_for = shown
        tree = self.query_one("#manifest-tree", Tree)
        if shown is None:
            tree.clear()
        else:
            fill_manifest_tree(tree, *shown)

    def focus_default(self) -> None:
        self.query_one("#ship-list", DataTable).focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # Below 100 columns the list with the cursor takes the whole width: the ships list,
        # or the manifest or roster (Escape goes back), so no column is cut and the roster
        # shows many rows.
        in_list = self.has_class("-narrow") and any(
            node.id == "crew-side" for node in event.widget.ancestors_with_self
        )
        if self._set_list_aside(in_list):
            # the post column fits the width, once laid out
            self.call_after_refresh(self.call_after_refresh, self._check_post_width)

    def _set_list_aside(self, aside: bool) -> bool:
        """Put the ships list aside (narrow, the cursor in the manifest or roster) or back;
        whether that changed. The class is the list's own: set on the tab, it restyled every
        widget of the tab, 10-20 ms a move of the cursor with a big roster shown."""
        ship_side = self.query_one("#ship-side")
        if aside == ship_side.has_class("-aside"):
            return False
        ship_side.set_class(aside, "-aside")
        return True

    def _in_list(self) -> bool:
        """Whether the cursor is in the manifest or the roster (else on the ships list)."""
        focused = self.screen.focused if self.is_attached else None
        return focused is not None and any(
            node.id == "crew-side" for node in focused.ancestors_with_self
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in SHIP_KEYS and self._in_list():
            return False
        if action in LIST_KEYS and not self._in_list():
            return False
        if action in self.CONDITION_ACTIONS:
            return self.condition_key_applies(action)
        if action in NEEDS_SHIP:
            return self.crew is not None
        if action in ("roster", "manifest"):  # the view not shown
            return self._roster_visible() == (action == "manifest")
        if action == "filter_crew":  # once someone aboard is hurt
            return self._roster_visible() and (
                self.crew_filter != "all" or self._counts_text() != ""
            )
        if action == "undo":
            return self._undo_label is not None
        if action == "redo":
            return self._redo_label is not None
        return True

    def why_not(self, action: str) -> str | None:
        if action == "filter_crew" and self._roster_visible():
            return "Everyone aboard is fit: f filters the roster once someone is hurt."
        if action in NEEDS_SHIP and self.crew is None:
            return "No ship selected: pick one in the list (n adds one)."
        return None

    # -- showing --------------------------------------------------------------------------------
    def show_status(self, text: str | Text, error: bool = False) -> None:
        status = self.query_one("#crew-status", Static)
        status.set_class(error, "error")
        status.update(text)

    def reload(self, select: str | None = None, crew: ship_reads.ShipCrew | None = None) -> None:
        """Read the ships again and show `select` (or the ship shown before, or the first);
        `crew`, the ship's crew as an action just saved it, is shown without reading it back
        (5,000 crew take a while)."""
        table = self.query_one("#ship-list", DataTable)
        try:
            records = ship_reads.list_ships(self.campaign)
        except (StoreError, RulesError) as exc:
            self.show_status(f"The ships do not read: {exc}", error=True)
            records = []
        wanted = select or self.ship_id
        try:
            self._undo_label = ship_actions.next_undo(self.campaign)
            self._redo_label = ship_actions.next_redo(self.campaign)
        except StoreError:
            self._undo_label = self._redo_label = None
        self.refresh_bindings()
        table.clear()
        for record in records:
            crew_total = Text("")
            try:
                check = ship_reads.check_manifest(self.campaign, record.id)
                crew_total = Text(str(check.saved.total_crew))
                if check.changed:
                    crew_total.append(CHANGED_MARK, style="bold yellow")
            except (StoreError, RulesError):
                crew_total = Text("?")
            name = Text(record.name, style="red" if record.side == "enemy" else "")
            table.add_row(
                name,
                SIDE_LABEL.get(record.side, record.side),
                crew_total,
                class_short(record.spec.ship_class),
                key=record.id,
            )
        ids = [r.id for r in records]
        if not ids:
            self.ship_id = None
            self.show_ship(None)
            return
        index = ids.index(wanted) if wanted in ids else 0
        table.move_cursor(row=index)
        self.show_ship(ids[index], crew)

    def show_ship(self, ship_id: str | None, crew: ship_reads.ShipCrew | None = None) -> None:
        """Show a ship's summary, manifest and roster: `crew` when it is that ship's, else
        the crew read from the campaign."""
        summary = self.query_one("#ship-summary", Static)
        self.ship_id = ship_id
        self.crew = None
        self.set_standing(None)
        if ship_id is None:
            self.read_condition(None)
            summary.update(
                Text("No ships yet: press n for a new ship, or i to import a spec file.")
            )
            self._fill_tree(None)
            self._fill_roster()
            return
        try:
            if crew is None or crew.record.id != ship_id:
                crew = ship_actions.crew_of(self.campaign, ship_id)
        except (StoreError, RulesError) as exc:
            summary.update("")
            self._fill_tree(None)
            self.show_status(f"The crew of {ship_id} does not read: {exc}", error=True)
            self._fill_roster()
            return
        self.crew = crew
        try:
            self.set_standing(ship_actions.standings_of(self.campaign, crew))
        except (StoreError, RulesError) as exc:
            self.show_status(f"The battles do not read: {exc}", error=True)
        condition = self.read_condition(ship_id)
        summary.update(
            crew_summary(crew.record.spec, crew.manifest, crew.record.side) + "\n" + condition
        )
        self._fill_tree(crew.manifest)
        if crew.rebuilt:
            self.show_status(
                f"The saved roster of {crew.record.name} was gone; the crew was named again "
                "from its seed.",
                error=True,
            )
        else:
            check = ship_reads.compare_manifest(crew)
            if check.changed or self._changed_shown:
                self.show_status(changed_text(check) if check.changed else "")
            self._changed_shown = check.changed
        self._fill_roster()

    def _roster_visible(self) -> bool:
        return self.query_one("#crew-switcher", ContentSwitcher).current == "roster-view"

    def _post_width(self, members: Sequence[CrewMember]) -> int:
        """How wide the Post column can be so rank, name and department are never cut: what
        they leave of the table's width (a post longer than that ends in "…"). Below 12
        (80 columns) the post keeps 18 and the department is off to the right: the table
        scrolls sideways, and the manifest shows departments anyway."""
        table = self.query_one("#roster-table", DataTable)
        room = table.scrollable_content_region.width or self._expected_room(len(members))
        return self._post_width_in(members, room)

    def _post_width_in(self, members: Sequence[CrewMember], room: int) -> int:
        table = self.query_one("#roster-table", DataTable)
        longest, others = self._column_widths(members)
        if not room:
            return min(longest, POST_WIDTH)
        left = room - others - 2 * table.cell_padding
        return min(longest, left) if left >= 12 else min(longest, 18)

    def _column_widths(self, members: Sequence[CrewMember]) -> tuple[int, int]:
        """The longest post, and the width the other columns take with their padding: the
        same for the same rows, whatever room the table is given (5,000 crew take a while,
        and a table just shown is measured again once laid out)."""
        known = self._widths_known
        if known is not None and known[0] is members and known[1] is self.standing:
            return known[2]
        pad = 2 * self.query_one("#roster-table", DataTable).cell_padding
        columns: tuple[tuple[str, Iterable[str]], ...] = (
            ("Rank", (m.rank_title for m in members)),
            ("Name", (m.name for m in members)),
            ("Department", (m.department_name for m in members)),
            ("Condition", self._condition_cells(members)),
        )
        others = sum(max(len(heading), *map(len, cells), 0) + pad for heading, cells in columns)
        longest = max((len(m.post_name) for m in members), default=len("Post"))
        self._widths_known = (members, self.standing, (longest, others))
        return longest, others

    def _expected_room(self, rows: int) -> int:
        """The roster table's width for cells before it is laid out (just shown): the view
        it fills (the switcher, laid out with the manifest) less its edges, and less a
        scroll bar when its rows will not fit. _check_post_width checks it once laid out."""
        table = self.query_one("#roster-table", DataTable)
        width = self.query_one("#crew-switcher", ContentSwitcher).content_region.width
        if rows > self._roster_height():
            width -= table.styles.scrollbar_size_vertical
        return max(width - table.styles.gutter.width, 0)

    def _roster_height(self) -> int:
        """The roster table's height for rows: as laid out, or (just shown) as it will be."""
        table = self.query_one("#roster-table", DataTable)
        if table.size.height:
            return table.size.height
        height = self.query_one("#crew-switcher", ContentSwitcher).content_region.height
        lines_above = 2  # the search field and the count (crew.tcss)
        return max(height - lines_above - table.styles.gutter.height - table.header_height, 0)

    def _add_roster_page(self, table: DataTable[Any]) -> None:
        """The next page of the roster's matching members below the rows shown."""
        width = table.columns[ColumnKey("post")].width
        start = table.row_count
        # Text cells, not str: a name is never read as markup.
        table.add_rows(
            (
                Text(m.rank_title),
                Text(m.name),
                Text(self._condition_cell(m.id), style=self._condition_style(m.id)),
                Text(post_cell(m.post_name, width)),
                Text(m.department_name),
            )
            for m in self._roster_members[start : start + max(ROSTER_PAGE, self._roster_height())]
        )

    @on(DataTable.RowHighlighted, "#roster-table")
    def _roster_end(self, event: DataTable.RowHighlighted) -> None:
        """The cursor on the last row shown: the next page comes in below it."""
        table = event.data_table
        if event.cursor_row >= table.row_count - 1 < len(self._roster_members) - 1:
            self._add_roster_page(table)
            self._show_roster_count(table)

    def _show_whole_roster(self) -> None:
        """Every page of the matching members (End goes to the last of them)."""
        table = self.query_one("#roster-table", DataTable)
        while table.row_count < len(self._roster_members):
            self._add_roster_page(table)
        self._show_roster_count(table)

    def _check_post_width(self) -> None:
        """The roster laid out: fill it again if its post column should be another width."""
        self._roster_check_waits = False
        if not self._roster_visible():
            return
        table = self.query_one("#roster-table", DataTable)
        width = self._post_width(self._roster_members)
        if width != table.columns[ColumnKey("post")].width or table.row_count < min(
            len(self._roster_members), table.size.height
        ):
            self._fill_roster(True)

    def _fill_roster(self, force: bool = False) -> None:
        """Fill the roster table (only while it is shown: a big crew takes a moment)."""
        if not self._roster_visible():
            return
        needle = self.query_one("#roster-search", Input).value
        shown = None
        if self.crew is not None:
            shown = (
                self.crew.record.id,
                self.crew.record.roster_rev,
                needle,
                self.crew_filter,
                self.crew.record.condition.casualties,
            )
        if shown == self._roster_shown_for and not force:
            return
        self._roster_shown_for = shown
        table = self.query_one("#roster-table", DataTable)
        table.clear()
        if self.crew is None:
            return
        members = self._filtered(self.crew.roster.search(needle))
        self._roster_members = members
        width = self._post_width(members)
        if not table.scrollable_content_region.width and not self._roster_check_waits:
            # just shown: filled to the width layout is expected to give it; checked once
            # laid out (filled again only if layout gave another width)
            self._roster_check_waits = True
            self.call_after_refresh(self._check_post_width)
        post_column = table.columns[ColumnKey("post")]
        if post_column.width != width:
            post_column.width = width
        self._add_roster_page(table)
        self._show_roster_count(table)

    def _show_roster_count(self, table: DataTable[Any]) -> None:
        """The line above the roster: how many, and how many are shown so far."""
        if self.crew is None:
            return
        needle = self.query_one("#roster-search", Input).value
        total = len(self.crew.roster.members)
        count = len(self._roster_members)
        which = "" if self.crew_filter == "all" else f" {self.crew_filter}"
        if count > table.row_count and not (needle.strip() or which):
            text = f"{total} crew{self._counts_text()} ({table.row_count} shown, more below)."
        elif needle.strip():
            text = (
                f"{count} of {total} crew match {needle.strip()!r}{which and ' and are' + which}."
            )
        elif which:
            text = f"{count} of {total} crew are{which} (f: {self._next_filter()} next)."
        else:
            text = f"{total} crew{self._counts_text()}."
        self.query_one("#roster-count", Static).update(text)

    def action_filter_crew(self) -> None:
        """Step the roster's filter: all, fit, wounded, dead."""
        self.crew_filter = self._next_filter()
        self._show_view(roster=True)
        self.query_one("#roster-table", DataTable).focus()

    @on(DataTable.RowHighlighted, "#ship-list")
    def _ship_highlighted(self, event: DataTable.RowHighlighted) -> None:
        table = self.query_one("#ship-list", DataTable)
        if not table.row_count or event.cursor_row != table.cursor_row:
            return  # a stale event from refilling the list: the cursor has moved on
        key = event.row_key.value
        if key is not None and key != self.ship_id:
            self.show_status("")
            self.show_ship(str(key))

    @on(DataTable.RowSelected, "#ship-list")
    def _ship_selected(self) -> None:
        """Enter on a ship: go to its manifest or roster."""
        if self._roster_visible():
            self.query_one("#roster-table", DataTable).focus()
        else:
            self.query_one("#manifest-tree", Tree).focus()

    @on(Input.Changed, "#roster-search")
    def _search_changed(self) -> None:
        self._fill_roster()

    @on(Input.Submitted, "#roster-search")
    def _search_submitted(self) -> None:
        self.query_one("#roster-table", DataTable).focus()

    @on(Tabs.TabActivated, "#crew-views")
    def _view_tab(self, event: Tabs.TabActivated) -> None:
        view = "roster-view" if event.tab.id == "view-roster" else "manifest-tree"
        self.query_one("#crew-switcher", ContentSwitcher).current = view
        self._fill_roster()
        self.refresh_bindings()

    def _show_view(self, roster: bool) -> None:
        views = self.query_one("#crew-views", Tabs)
        views.active = "view-roster" if roster else "view-manifest"
        place_underline(views)
        self.query_one("#crew-switcher", ContentSwitcher).current = (
            "roster-view" if roster else "manifest-tree"
        )
        self._fill_roster()
        self.refresh_bindings()

    # -- view actions ---------------------------------------------------------------------------
    def action_manifest(self) -> None:
        self._show_view(roster=False)
        self.query_one("#manifest-tree", Tree).focus()

    def action_roster(self) -> None:
        self._show_view(roster=True)
        self.query_one("#roster-table", DataTable).focus()

    def action_search(self) -> None:
        self._show_view(roster=True)
        self.query_one("#roster-search", Input).focus()

    def action_leave_list(self) -> None:
        """Escape: from the search field to the roster, from a list back to the ships."""
        if self.query_one("#roster-search", Input).has_focus:
            self.query_one("#roster-table", DataTable).focus()
        else:
            self.focus_default()
