"""Crew tab: the ships list on the left; on the right, the selected ship's summary and its
manifest or named roster. A key asks for its order (asking.py); the pane carries it out with
one action and says the result or refusal on the status line (orders.py)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partialmethod
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import ContentSwitcher, DataTable, Input, Static, Tree

from gmtool.actions import history
from gmtool.actions import ship_condition as cond
from gmtool.actions import ships as ship_actions
from gmtool.actions.errors import ActionRefused, StoreError
from gmtool.actions.reads import ships as ship_reads
from gmtool.rules.crew import Manifest
from gmtool.rules.errors import RulesError
from gmtool.rules.roster import CrewMember
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.crew import asking, dialogs, orders
from gmtool.tui.tabs.crew import condition as cond_view
from gmtool.tui.tabs.crew import roster as crew_roster
from gmtool.tui.tabs.crew.keys import ACTIONS, HELP
from gmtool.tui.tabs.crew.manifest_view import crew_summary, fill_manifest_tree
from gmtool.tui.tabs.crew.offered import CrewNow, offered, why_not
from gmtool.tui.tabs.crew.reading import ShipRead, read_ship, read_ships
from gmtool.tui.tabs.crew.roster_table import RosterTable
from gmtool.tui.tabs.crew.rules_card import readings_card
from gmtool.tui.tabs.crew.views import COLUMNS, CrewViews, ShipList, ShipSide, ship_row

NARROW = 100
NO_SHIPS = "No ships yet: press n for a new ship, or i to import a spec file."
ROSTER_PAGE = 40
"""Roster rows shown at first (more on a taller screen); the last row brings as many more.
Filling a table measures every cell: 100 rows of a 5,000-crew roster took ~90 ms more."""
FORM_AHEAD_AFTER = 0.25
"""Seconds from the cursor's first landing in the tab to building the blank ship form."""


class CrewPane(GmPane):
    TAB_ID = "crew"
    TITLE = "Crew"
    HELP = HELP
    ACTIONS = ACTIONS
    STATUS_LINE = "crew-status"
    DEFAULT_CSS = tab_css(__file__, "crew.tcss")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ship_id: str | None = None
        self.crew: ship_reads.ShipCrew | None = None
        self._roster_shown_for: tuple[object, ...] | None = None
        self._roster_members: list[CrewMember] = []  # the roster's rows, matching the search
        self._roster_check_waits = False  # the post column is checked once laid out
        # the roster's widths worked out last: (rows, standings, (longest post, the others))
        self._widths_known: tuple[Sequence[CrewMember], object, tuple[int, int, int]] | None = None
        self._tree_shown_for: tuple[Manifest, bool] | None = None  # the manifest, with ranks
        self.crew_filter = crew_roster.CREW_FILTERS[0]
        self.standings = crew_roster.RosterStandings()  # each roster member's condition
        self.condition: cond.ConditionView | None = None  # the shown ship's condition
        self._changed_shown = False  # the status line says the crew rules changed
        self._undo_label: str | None = None  # what ctrl+z would take back (None: nothing)
        self._redo_label: str | None = None
        self._form_ahead = False  # the blank ship form is (being) built ahead

    def help_text(self) -> str:
        """The prose and keys, then the rules card: the crew readings of the tables in use."""
        return f"{super().help_text()}\n\n{readings_card()}"

    def compose(self) -> ComposeResult:
        with Horizontal(id="crew-body"):
            yield ShipSide(
                ShipList(id="ship-list", cursor_type="row", zebra_stripes=True), id="ship-side"
            )
            yield CrewViews(id="crew-side")

    def on_mount(self) -> None:
        self.query_one("#ship-list", DataTable).add_columns(*COLUMNS)
        self.query_one(RosterTable).add_roster_columns(crew_roster.POST_WIDTH)
        self.query_one(RosterTable).show_all = self._show_whole_roster
        self.reload()

    def on_resize(self) -> None:
        narrow = self.size.width < NARROW
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            self.query_one(ShipSide).set_aside(narrow and self._in_list())
            if self.crew is not None:
                self._fill_tree(self.crew.manifest)
        # once laid out again: the post column fits the new width, more rows a taller table
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
        if not self._form_ahead:
            # a moment after the cursor first lands in the tab, once the tab is drawn: built
            # sooner, the form held back the first open's last frames (n before then
            # builds the form itself)
            self._form_ahead = True
            self.set_timer(FORM_AHEAD_AFTER, lambda: asking.build_new_ship_form_ahead(self.app))
        # Below 100 columns the list with the cursor takes the whole width (Escape goes back
        # to the ships), so no column is cut and the roster shows many rows.
        if self.query_one(ShipSide).set_aside(
            self.has_class("-narrow") and self._in_list(event.widget)
        ):
            # the post column fits the width, once laid out
            self.call_after_refresh(self.call_after_refresh, self._check_post_width)

    def _in_list(self, focused: Widget | None = None) -> bool:
        """Whether the cursor (on `focused`) is in the manifest or the roster (else on the
        ships list)."""
        focused = focused or (self.screen.focused if self.is_attached else None)
        return focused is not None and any(
            node.id == "crew-side" for node in focused.ancestors_with_self
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        roster_shown = self._roster_visible()
        now = CrewNow(
            in_list=self._in_list(),
            has_ship=self.crew is not None,
            roster_shown=roster_shown,
            filtering=roster_shown
            and (self.crew_filter != "all" or self.standings.counts_text != ""),
            condition=self.condition,
            can_undo=self._undo_label is not None,
            can_redo=self._redo_label is not None,
        )
        return offered(action, now)

    def why_not(self, action: str) -> str | None:
        return why_not(action, self._roster_visible(), self.crew is not None)

    def reload(self, select: str | None = None, crew: ship_reads.ShipCrew | None = None) -> None:
        """Read the ships again and show `select` (else the ship shown, else the first); `crew`,
        as an action just saved it, is shown without reading it back."""
        read = read_ships(self.campaign)
        if read.problem is not None:
            self.show_status(read.problem, error=True)
        self._undo_label, self._redo_label = read.undo, read.redo
        self.refresh_bindings()
        rows = [(record.id, ship_row(record, read.checks[record.id])) for record in read.records]
        self.show_ship(self.query_one(ShipList).show(rows, select or self.ship_id), crew)

    def show_ship(self, ship_id: str | None, crew: ship_reads.ShipCrew | None = None) -> None:
        """Show a ship's summary, manifest and roster: `crew` when it is that ship's, else
        the crew read from the campaign."""
        read = ShipRead(None) if ship_id is None else read_ship(self.campaign, ship_id, crew)
        if read.problem is not None:
            self.show_status(read.problem, error=True)
        self.ship_id, self.crew, self.condition = ship_id, read.crew, read.condition
        self.standings = crew_roster.RosterStandings.of(read.standing)
        self.refresh_bindings()
        self._fill_tree(None if read.crew is None else read.crew.manifest)
        summary = self.query_one("#ship-summary", Static)
        if read.crew is None:
            summary.update(Text(NO_SHIPS) if ship_id is None else "")
            self._fill_roster()
            return
        crew = read.crew
        condition = Text(read.condition_problem or "", style="red")
        if read.condition is not None:
            condition = cond_view.condition_text(read.condition)
        summary.update(
            crew_summary(crew.record.spec, crew.manifest, crew.record.side) + "\n" + condition
        )
        if crew.rebuilt:
            self.show_status(
                f"The saved roster of {crew.record.name} was gone; the crew was named again "
                "from its seed.",
                error=True,
            )
        else:
            check = ship_reads.compare_manifest(crew)
            if check.changed or self._changed_shown:
                self.show_status(dialogs.changed_text(check) if check.changed else "")
            self._changed_shown = check.changed
        self._fill_roster()

    def _roster_visible(self) -> bool:
        return self.query_one(CrewViews).roster_shown

    def _post_width(self, members: Sequence[CrewMember]) -> tuple[int, int]:
        """The Post and Department columns' widths: rank, name and condition never cut."""
        table = self.query_one("#roster-table", DataTable)
        room = table.scrollable_content_region.width or self._expected_room(len(members))
        post, widths = self._post_width_in(members, room), self._column_widths(members)
        return post, crew_roster.department_width(widths, post, room, table.cell_padding)

    def _post_width_in(self, members: Sequence[CrewMember], room: int) -> int:
        longest, others, _department = self._column_widths(members)
        padding = self.query_one("#roster-table", DataTable).cell_padding
        return crew_roster.post_width(longest, others, room, padding)

    def _condition_cells(self, members: Sequence[CrewMember]) -> set[str]:
        return self.standings.cells(members)

    def _column_widths(self, members: Sequence[CrewMember]) -> tuple[int, int, int]:
        """The longest post and the other columns' width: measured once for the same rows
        whatever room the table is given (5,000 crew take a while)."""
        known = self._widths_known
        if known is not None and known[0] == members and known[1] is self.standings:
            return known[2]
        pad = 2 * self.query_one("#roster-table", DataTable).cell_padding
        widths = crew_roster.column_widths(members, self._condition_cells(members), pad)
        self._widths_known = (members, self.standings, widths)
        return widths

    def _expected_room(self, rows: int) -> int:
        """The roster's width for cells before it is laid out (just shown), as the view it
        fills leaves it; _check_post_width checks it once laid out."""
        view = self.query_one("#crew-switcher", ContentSwitcher).content_region
        width = view.width + self.query_one(ShipSide).width_given_back()
        return self.query_one(RosterTable).cells_room(width, view.height, rows)

    def _add_roster_page(self, table: DataTable[Any]) -> None:
        """The next page of the roster's matching members below the rows shown."""
        roster = self.query_one(RosterTable)
        # as many rows as the roster has room for: as laid out, or (just shown) as it will be
        room = roster.rows_room(
            self.query_one("#crew-switcher", ContentSwitcher).content_region.height
        )
        start = table.row_count
        page = self._roster_members[start : start + max(ROSTER_PAGE, room)]
        widths = roster.fitted_widths()
        # Text cells, not str: a name is never read as markup.
        table.add_rows(
            [
                Text(text, style=style)
                for text, style in crew_roster.roster_cells(m, self.standings, widths)
            ]
            for m in page
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

    @on(RosterTable.Resized)
    def _check_post_width(self) -> None:
        """The roster laid out (or resized): fill it again if its post column should be
        another width, or if it has room for more rows than it was filled with."""
        self._roster_check_waits = False
        if not self._roster_visible():
            return
        roster, members = self.query_one(RosterTable), self._roster_members
        rows = min(len(members), roster.size.height)
        if self._post_width(members) != roster.fitted_widths() or roster.row_count < rows:
            self._fill_roster(True)

    def _fill_roster(self, force: bool = False) -> None:
        """Fill the roster table (only while it is shown: a big crew takes a moment)."""
        if not self._roster_visible():
            return
        needle = self.query_one("#roster-search", Input).value
        shown = None
        if self.crew is not None:
            ship = self.crew.record
            shown = (ship.id, ship.roster_rev, needle, self.crew_filter, ship.condition.casualties)
        if shown == self._roster_shown_for and not force:
            return
        self._roster_shown_for = shown
        table = self.query_one("#roster-table", DataTable)
        table.clear()
        if self.crew is None:
            return
        members = self.standings.filtered(self.crew.roster.search(needle), self.crew_filter)
        self._roster_members = members
        widths = self._post_width(members)
        if not table.scrollable_content_region.width and not self._roster_check_waits:
            # just shown: filled to the width layout is expected to give it; checked once
            # laid out (filled again only if layout gave another width)
            self._roster_check_waits = True
            self.call_after_refresh(self._check_post_width)
        self.query_one(RosterTable).fit_columns(widths)
        self._add_roster_page(table)
        self._show_roster_count(table)

    def _show_roster_count(self, table: DataTable[Any]) -> None:
        """The line above the roster: how many, and how many are shown so far."""
        if self.crew is None:
            return
        total, matching = len(self.crew.roster.members), len(self._roster_members)
        needle = self.query_one("#roster-search", Input).value
        text = crew_roster.roster_count_text(
            total, matching, table.row_count, needle, self.crew_filter, self.standings.counts_text
        )
        self.query_one("#roster-count", Static).update(text)

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
        self.query_one("#roster-table" if self._roster_visible() else "#manifest-tree").focus()

    @on(Input.Changed, "#roster-search")
    def _search_changed(self) -> None:
        self._fill_roster()

    @on(Input.Submitted, "#roster-search")
    def _search_submitted(self) -> None:
        self.query_one("#roster-table", DataTable).focus()

    def on_crew_views_switched(self) -> None:
        self._fill_roster()
        self.refresh_bindings()

    def _show_view(self, roster: bool, focus: str) -> None:
        """The manifest or the roster in view, the cursor on `focus` there."""
        self.query_one(ShipSide).set_aside(self.has_class("-narrow"))  # the cursor goes to the view
        self.query_one(CrewViews).show_view(roster)
        self.on_crew_views_switched()
        self.query_one(focus).focus()

    action_manifest = partialmethod(_show_view, False, "#manifest-tree")
    action_roster = partialmethod(_show_view, True, "#roster-table")
    action_search = partialmethod(_show_view, True, "#roster-search")

    def action_filter_crew(self) -> None:
        self.crew_filter = crew_roster.next_filter(self.crew_filter)
        self._show_view(True, "#roster-table")

    def action_leave_list(self) -> None:
        """Escape: from the search field to the roster, from a list back to the ships."""
        if self.query_one("#roster-search", Input).has_focus:
            self.query_one("#roster-table").focus()
        else:
            self.focus_default()

    # -- changing ships -------------------------------------------------------------------------
    def carry_out(self, order: orders.ShipOrder) -> str | None:
        """Carry out one order with its one action; say what it did, or why not, on the status
        line (a ship form or the import dialog says why not itself). The refusal is returned."""
        try:
            done = orders.act(self.campaign, order)
        except (StoreError, RulesError) as exc:  # a bad spec file is a RulesError too
            if isinstance(order, orders.IN_A_FORM):
                return orders.refused_words(order, str(exc))
            self.show_status(orders.refused_words(order, str(exc)), error=True)
            return str(exc)
        if isinstance(done, ship_actions.ShipSaved):
            self.reload(select=done.ship_id, crew=done.crew)
            self._roster_shown_for = None
            self._fill_roster()
        elif isinstance(done, ship_actions.ShipDeleted):
            self.ship_id = None
            self.reload()
        else:
            self.reload(select=done.view.ship_id)
        self.show_status(orders.done_words(order, done))
        return None

    @property
    def asker(self) -> asking.Asker:
        return asking.Asker(self.app, self.carry_out, self.show_status)

    def action_new_ship(self) -> None:
        asking.ask_new_ship(self.asker)

    # a ship's keys are offered only while a ship is shown (offered.py)
    def action_edit_ship(self) -> None:
        if self.crew is not None:
            asking.ask_edit(self.asker, self.crew.record)

    def action_import(self) -> None:
        asking.ask_import(self.asker, self.focus_default)

    def action_delete_ship(self) -> None:
        if (crew := self.crew) is not None:
            aboard = ship_actions.aboard(self.campaign, crew.record.id)
            battles = tuple(ship_actions.open_battles_of(self.campaign, crew.record.id).values())
            asking.ask_delete(self.asker, crew.record, aboard, battles)

    def action_regenerate(self) -> None:
        if self.crew is not None:
            asking.ask_regenerate(self.asker, self.crew)

    def _undo_or_redo(self, redo: bool) -> None:
        step = history.redo if redo else history.undo
        try:  # refused: nothing left, or a battle's end (undone with the battle)
            undone = history.done(step(self.campaign, history.SHIPS)).detail
            assert isinstance(undone, ship_actions.ShipsUndone)
        except ActionRefused as exc:
            self.show_status(orders.refusal_words(str(exc)), error=True)
            return
        except StoreError as exc:
            self.show_status(f"Not {'redone' if redo else 'undone'}: {exc}", error=True)
            return
        self._roster_shown_for = None
        self.reload(select=undone.ship_id)  # the ship it changed, where it still is
        self.show_status(orders.undone_text(undone, redo))

    action_undo = partialmethod(_undo_or_redo, False)
    action_redo = partialmethod(_undo_or_redo, True)

    def action_export(self) -> None:
        if self.crew is not None:
            what = "roster" if self._roster_visible() else "manifest"
            asking.ask_export(self.asker, self.crew.record, what, self.export)

    def export(self, request: dialogs.ExportRequest) -> None:
        """Write the selected ship's manifest or roster, atomically (a refusal or a file that
        cannot be written raises: the export dialog says why and stays open)."""
        if self.ship_id is None:
            raise ActionRefused("no ship is selected to export")
        ship_actions.export_crew(
            self.campaign, self.ship_id, request.what, request.format, request.path
        )

    # -- the ship's condition -------------------------------------------------------------------
    def _mend(self, action: str) -> None:
        if self.condition is not None:
            asking.ask_condition(self.asker, action, self.condition)

    action_repair_ship = partialmethod(_mend, "repair_ship")
    action_replace_crew = partialmethod(_mend, "replace_crew")
    action_restore_ship = partialmethod(_mend, "restore_ship")
    action_scrap_ship = partialmethod(_mend, "scrap_ship")
