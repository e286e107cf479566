"""Crew tab: the campaign's ships, each with its crew manifest and named roster.

The ships list is on the left; on the right, the selected ship's summary and either its
manifest (a tree of sections and departments with totals) or its named roster (a searchable
table). Every change goes through `gmtool.store.ships` at once and ctrl+z steps it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import ContentSwitcher, DataTable, Input, Static, Tab, Tabs, Tree
from textual.widgets.data_table import ColumnKey

from gmtool.actions import ships as ship_actions
from gmtool.actions.errors import ActionRefused
from gmtool.rules.crew import SECTIONS, Manifest
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.roster import CrewMember
from gmtool.rules.ships import ShipSpec
from gmtool.store import ships as ship_store
from gmtool.store.errors import StoreError
from gmtool.tui import ship_condition as condition_keys
from gmtool.tui.crew_dialogs import (
    CHANGED_MARK,
    ExportDialog,
    ExportRequest,
    ImportDialog,
    changed_text,
    regenerate_question,
)
from gmtool.tui.crew_roster import CREW_FILTERS, RosterConditions
from gmtool.tui.crew_roster import HELP as roster_help
from gmtool.tui.dialogs import ConfirmDialog
from gmtool.tui.pane import GmPane
from gmtool.tui.ship_condition import ConditionKeys
from gmtool.tui.ship_form import ShipFormScreen

NARROW = 100
POST_WIDTH = 24
# Rows of the roster table: filling a table is slow (about 0.2 ms a row), so a 5,000-crew
# roster shows its first rows and the search narrows it.
ROSTER_SHOWN = 500
SIDE_LABEL = {"campaign": "ours", "enemy": "enemy"}
RANK_LABEL = {"officer": "officer", "petty_officer": "petty officer", "enlisted": "enlisted"}

HELP = """\
The campaign's ships with their crews. Pick a ship on the left; the right shows its class,
hull points, crew quality and crew totals (basic, support, total), and either the **crew
manifest** (every department and post, with totals) or the **named roster** (every crew
member with a rank and a post). Names come from `tables/names.yaml`, drawn from a seed made
from the campaign and the ship, so they are the same in every session until you regenerate
them.

Editing a ship works its manifest out again at once; crew whose posts still exist keep their
names, and only new places get new names. A saved crew never changes by itself when the crew
rules change (a new gmtool, or a house rule in `tables/crew.yaml`): the ships list marks its
crew count with `*` and the status line says what today's rules give; r regenerates it.
Everything is saved the moment it happens, and ctrl+z steps back one change at a time (the
demo campaign's own set-up is kept).

A spec file is YAML: `name`, `class`, `hull_points`, and optionally crew quality, flags,
counts and `systems` (see `gmtool crew --help`). A bad file is not imported: the message names
the file, the ship, the key with its line, and what was expected.

| key | does |
|---|---|
| n | new ship (the ship form) |
| e | edit the selected ship in the form |
| i | import a ship spec file (asks for the path and the side) |
| x | delete the selected ship (asks first; ctrl+z brings it back) |
| r | regenerate: work the manifest out again and name a new crew (asks first) |
| m | show the manifest |
| R | show the named roster |
| / | search the roster by name, rank, post or department |
| f | filter the roster: all, the fit, the wounded, the dead |
| ctrl+e | export the manifest or the roster as Markdown or CSV |
| ctrl+z | undo the last add, edit, import, deletion or regeneration |
| escape | from the search field back to the roster |

**In the ship form**: ctrl+s saves, Escape cancels, Tab moves between fields. In its systems
list: a adds a system, e or Enter edits the selected one, x removes it. A blank optional field
means the default (acceleration and target size from the class, durability from hull points).
"""


def crew_summary(spec: ShipSpec, manifest: Manifest, side: str) -> Text:
    """Two lines: what the ship is, then its crew totals at a glance."""
    quality = spec.crew_quality
    quality_text = (
        f"crew score {quality}"
        if isinstance(quality, int)
        else f"{quality} crew (score {spec.crew_check_score})"
    )
    return Text.assemble(
        (spec.name, "bold"),
        f"  {spec.ship_class}, {spec.hull_points} hull points, {quality_text}",
        ("  enemy" if side == "enemy" else "", "bold red"),
        "\n",
        ("Basic ", "dim"),
        (str(manifest.basic_crew), "bold"),
        (f" ({manifest.basic_officers} officers)", "dim"),
        ("  Support ", "dim"),
        (str(manifest.support_crew), "bold"),
        ("  Total ", "dim"),
        (str(manifest.total_crew), "bold"),
    )


def fill_manifest_tree(tree: Tree[str], manifest: Manifest, ranks: bool = True) -> None:
    """Sections, their departments, and each post with its count (and rank); totals on each
    level. Counts come before ranks, which a narrow screen leaves out."""
    tree.clear()
    posts = [p for d in manifest.departments for p in d.posts]
    width = max([len(p.name) for p in posts] + [len(d.name) for d in manifest.departments] + [12])
    count_width = max(4, len(str(manifest.total_crew)))
    totals = {"basic": manifest.basic_crew, "support": manifest.support_crew}

    def line(name: str, count: int, indent: int, style: str = "bold") -> Text:
        # A shallower level of the tree pads its name further so that the counts line up.
        return Text.assemble(
            (f"{name:<{width + indent}}  ", style), (f"{count:>{count_width}}", style)
        )

    for section in SECTIONS:
        section_node = tree.root.add(
            line(f"{section.capitalize()} crew", totals[section], 6), data=section, expand=True
        )
        for department in (d for d in manifest.departments if d.section == section):
            department_node = section_node.add(
                line(department.name, department.total, 2), data=department.id, expand=True
            )
            for post in department.posts:
                label = line(post.name, post.count, 0, style="")
                if ranks:
                    label.append(f"  {RANK_LABEL.get(post.rank, post.rank)}", style="dim")
                department_node.add_leaf(label, data=post.id)
    tree.root.add_leaf(line("Total crew", manifest.total_crew, 8), data="total")


class CrewPane(GmPane, ConditionKeys, RosterConditions):
    TAB_ID = "crew"
    TITLE = "Crew"
    HELP = HELP + condition_keys.HELP + roster_help
    PALETTE = [
        ("New ship", "Add a ship in the ship form", "action_new_ship"),
        ("Edit ship", "Edit the selected ship in the ship form", "action_edit_ship"),
        ("Import a ship spec file", "Read a ship's YAML spec into the campaign", "action_import"),
        ("Delete ship", "Take the selected ship off the list (undoable)", "action_delete_ship"),
        ("Regenerate crew", "Work the manifest out again and name a new crew", "action_regenerate"),
        ("Show manifest", "The selected ship's crew manifest by department", "action_manifest"),
        ("Show roster", "The selected ship's named crew", "action_roster"),
        ("Search the roster", "Find crew by name, rank, post or department", "action_search"),
        ("Filter the roster", "Show all, the fit, the wounded or the dead", "action_filter_crew"),
        ("Export crew", "Write the manifest or roster as Markdown or CSV", "action_export"),
        ("Undo ship change", "Step back the last change to the ships", "action_undo"),
        *condition_keys.PALETTE,
    ]
    BINDINGS = [
        Binding("n", "new_ship", "New"),
        Binding("e", "edit_ship", "Edit"),
        Binding("i", "import", "Import"),
        Binding("x", "delete_ship", "Delete"),
        Binding("r", "regenerate", "Regen"),
        *condition_keys.BINDINGS,
        Binding("m", "manifest", "Manifest"),
        Binding("R", "roster", "Roster"),
        Binding("slash", "search", "Search"),
        Binding("f", "filter_crew", "Filter"),
        Binding("ctrl+e", "export", "Export"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("escape", "leave_search", "To roster", show=False),
    ]

    DEFAULT_CSS = """
    CrewPane #crew-body {
        height: 1fr;
    }
    CrewPane #ship-side {
        width: 38%;
        min-width: 29;
        max-width: 43;
        margin-right: 1;
    }
    CrewPane.-narrow #ship-side {
        width: 29;
        min-width: 29;
    }
    CrewPane #ship-list {
        height: 1fr;
    }
    CrewPane #crew-side {
        width: 1fr;
    }
    CrewPane #ship-summary {
        height: auto;
        max-height: 8;
    }
    CrewPane #crew-status {
        height: auto;
        min-height: 1;
        color: $text-muted;
    }
    CrewPane #crew-status.error {
        color: $error;
    }
    CrewPane #crew-views {
        height: 2;
    }
    CrewPane #crew-switcher {
        height: 1fr;
    }
    CrewPane #manifest-tree, CrewPane #roster-view, CrewPane #roster-table {
        height: 1fr;
    }
    CrewPane #roster-count {
        color: $text-muted;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ship_id: str | None = None
        self.crew: ship_store.ShipCrew | None = None
        self._roster_shown_for: tuple[object, ...] | None = None
        self.crew_filter = CREW_FILTERS[0]
        self._changed_shown = False  # the status line says the crew rules changed

    def compose(self) -> ComposeResult:
        with Horizontal(id="crew-body"):
            with Vertical(id="ship-side"):
                yield DataTable(id="ship-list", cursor_type="row", zebra_stripes=True)
            with Vertical(id="crew-side"):
                yield Static("", id="ship-summary")
                yield Static("", id="crew-status")
                yield Tabs(
                    Tab("Manifest (m)", id="view-manifest"),
                    Tab("Roster (R)", id="view-roster"),
                    id="crew-views",
                )
                with ContentSwitcher(initial="manifest-tree", id="crew-switcher"):
                    tree: Tree[str] = Tree("Crew", id="manifest-tree")
                    tree.show_root = False
                    yield tree
                    with Vertical(id="roster-view"):
                        yield Input(
                            placeholder="search by name, rank, post or department (/)",
                            id="roster-search",
                            compact=True,
                        )
                        yield Static("", id="roster-count")
                        yield DataTable(id="roster-table", cursor_type="row", zebra_stripes=True)

    def on_mount(self) -> None:
        self.query_one("#ship-list", DataTable).add_columns("Ship", "Side", "Crew", "Class")
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
            if self.crew is not None:
                self._fill_tree(self.crew.manifest)
        self.call_after_refresh(self._fill_roster, True)  # the post column fits the new width

    def _fill_tree(self, manifest: Manifest) -> None:
        tree = self.query_one("#manifest-tree", Tree)
        fill_manifest_tree(tree, manifest, ranks=not self.has_class("-narrow"))

    def focus_default(self) -> None:
        self.query_one("#ship-list", DataTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.CONDITION_ACTIONS:
            return self.condition_key_applies(action)
        if action == "filter_crew":  # shown once someone aboard is hurt
            return self.crew_filter != "all" or self._counts_text() != ""
        return True

    # -- showing --------------------------------------------------------------------------------
    def _status(self, text: str | Text, error: bool = False) -> None:
        status = self.query_one("#crew-status", Static)
        status.set_class(error, "error")
        status.update(text)

    def reload(self, select: str | None = None) -> None:
        """Read the ships again and show `select` (or the ship shown before, or the first)."""
        table = self.query_one("#ship-list", DataTable)
        try:
            records = ship_store.list_ships(self.campaign)
        except (StoreError, RulesError) as exc:
            self._status(f"The ships do not read: {exc}", error=True)
            records = []
        wanted = select or self.ship_id
        table.clear()
        for record in records:
            crew_total = Text("")
            try:
                check = ship_store.check_manifest(self.campaign, record.id)
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
                record.spec.ship_class,
                key=record.id,
            )
        ids = [r.id for r in records]
        if not ids:
            self.ship_id = None
            self.show_ship(None)
            return
        index = ids.index(wanted) if wanted in ids else 0
        table.move_cursor(row=index)
        self.show_ship(ids[index])

    def show_ship(self, ship_id: str | None) -> None:
        summary = self.query_one("#ship-summary", Static)
        tree = self.query_one("#manifest-tree", Tree)
        self.ship_id = ship_id
        self.crew = None
        self.set_standing(None)
        if ship_id is None:
            self.read_condition(None)
            summary.update(
                Text("No ships yet: press n for a new ship, or i to import a spec file.")
            )
            tree.clear()
            self._fill_roster()
            return
        try:
            crew = ship_actions.crew_of(self.campaign, ship_id)
        except (StoreError, RulesError) as exc:
            summary.update("")
            tree.clear()
            self._status(f"The crew of {ship_id} does not read: {exc}", error=True)
            self._fill_roster()
            return
        self.crew = crew
        try:
            self.set_standing(ship_actions.standings_of(self.campaign, crew))
        except (StoreError, RulesError) as exc:
            self._status(f"The battles do not read: {exc}", error=True)
        condition = self.read_condition(ship_id)
        summary.update(
            crew_summary(crew.record.spec, crew.manifest, crew.record.side) + "\n" + condition
        )
        self._fill_tree(crew.manifest)
        if crew.rebuilt:
            self._status(
                f"The saved roster of {crew.record.name} was gone; the crew was named again "
                "from its seed.",
                error=True,
            )
        else:
            check = ship_store.compare_manifest(crew)
            if check.changed or self._changed_shown:
                self._status(changed_text(check) if check.changed else "")
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
        room = table.scrollable_content_region.width
        longest = max((len(m.post_name) for m in members), default=len("Post"))
        if not room:  # not laid out yet: fill again once it is
            self.call_after_refresh(self._fill_roster, True)
            return min(longest, POST_WIDTH)
        pad = 2 * table.cell_padding
        others = sum(
            max([len(heading), *(len(str(getattr(m, field))) for m in members)]) + pad
            for heading, field in (
                ("Rank", "rank_title"),
                ("Name", "name"),
                ("Department", "department_name"),
            )
        )
        others += sum(
            max([len(heading), *(len(cell) for cell in cells)]) + pad
            for heading, cells in (("Condition", [self._condition_cell(m.id) for m in members]),)
        )
        left = room - others - pad
        return min(longest, left) if left >= 12 else min(longest, 18)

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
        shown_members = members[:ROSTER_SHOWN]
        width = self._post_width(shown_members)
        post_column = table.columns[ColumnKey("post")]
        if post_column.width != width:
            post_column.width = width
        # Text cells, not str: a name is never read as markup.
        table.add_rows(
            (
                Text(m.rank_title),
                Text(m.name),
                Text(self._condition_cell(m.id), style=self._condition_style(m.id)),
                Text(m.post_name if len(m.post_name) <= width else m.post_name[: width - 1] + "…"),
                Text(m.department_name),
            )
            for m in shown_members
        )
        total = len(self.crew.roster.members)
        count = len(members)
        which = "" if self.crew_filter == "all" else f" {self.crew_filter}"
        if count > ROSTER_SHOWN:
            what = (
                f"{count} of {total}{which} crew match"
                if needle.strip() or which
                else f"{total} crew"
            )
            text = (
                f"{what}; the first {ROSTER_SHOWN} are shown. Search (/) to narrow, "
                "or export (ctrl+e) the whole roster."
            )
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
            self._status("")
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

    def _show_view(self, roster: bool) -> None:
        self.query_one("#crew-views", Tabs).active = "view-roster" if roster else "view-manifest"
        self.query_one("#crew-switcher", ContentSwitcher).current = (
            "roster-view" if roster else "manifest-tree"
        )
        self._fill_roster()

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

    def action_leave_search(self) -> None:
        if self.query_one("#roster-search", Input).has_focus:
            self.query_one("#roster-table", DataTable).focus()
        else:
            self.focus_default()

    # -- changes --------------------------------------------------------------------------------
    def _selected(self, doing: str) -> ship_store.ShipRecord | None:
        if self.crew is None:
            self._status(f"Nothing to {doing}: no ship is selected (n adds one).", error=True)
            return None
        return self.crew.record

    def _saved(self, saved: ship_actions.ShipSaved, message: str) -> None:
        self.reload(select=saved.ship_id)
        self._roster_shown_for = None
        self._fill_roster()
        self._status(message)

    def action_new_ship(self) -> None:
        def done(spec: ShipSpec | None) -> None:
            if spec is None:
                self._status("No ship added.")
                return
            try:
                added = ship_actions.add_ship(self.campaign, spec)
            except (StoreError, RulesError) as exc:
                self._status(f"Not added: {exc}", error=True)
                return
            self._saved(added, f"Added {added.name}: {added.total_crew} crew, all named.")

        self.app.push_screen(ShipFormScreen(None), done)

    def action_edit_ship(self) -> None:
        record = self._selected("edit")
        if record is None:
            return

        def done(spec: ShipSpec | None) -> None:
            if spec is None or spec == record.spec:
                self._status(f"{record.name} is unchanged.")
                return
            try:
                saved = ship_actions.edit_ship(self.campaign, record.id, spec)
            except (StoreError, RulesError) as exc:
                self._status(f"Not saved: {exc}", error=True)
                return
            self._saved(
                saved,
                f"Saved {saved.name}: {saved.total_crew} crew; {saved.kept_names} kept their "
                f"names, {saved.new_names} newly named.",
            )

        self.app.push_screen(ShipFormScreen(record.spec), done)

    def action_import(self) -> None:
        def attempt(path: Path, side: str) -> str | None:
            try:
                imported = ship_actions.import_ship(self.campaign, path, side)
            except (TableError, StoreError, RulesError) as exc:
                return str(exc)
            self._saved(
                imported,
                f"Imported {imported.name} from {path} as {imported.ship_id}: "
                f"{imported.total_crew} crew.",
            )
            return None

        def done(imported: bool | None) -> None:
            if not imported:
                self._status("Nothing imported.")
            self.focus_default()

        self.app.push_screen(ImportDialog(attempt), done)

    def action_delete_ship(self) -> None:
        record = self._selected("delete")
        if record is None:
            return

        def done(yes: bool | None) -> None:
            if not yes:
                self._status(f"{record.name} is kept.")
                return
            try:
                ship_actions.delete_ship(self.campaign, record.id)
            except (StoreError, RulesError) as exc:
                self._status(f"Not deleted: {exc}", error=True)
                return
            self.ship_id = None
            self.reload()
            self._status(f"Deleted {record.name}. ctrl+z brings it back with its crew.")

        self.app.push_screen(
            ConfirmDialog(
                f"Delete {record.name} and its crew?",
                detail="y deletes, n or Escape keeps it. ctrl+z undoes a deletion.",
                danger=True,
            ),
            done,
        )

    def action_regenerate(self) -> None:
        crew = self.crew
        record = self._selected("regenerate")
        if record is None or crew is None:
            return

        def done(yes: bool | None) -> None:
            if yes:
                self._regenerate(record)
            else:
                self._status(f"The crew of {record.name} is kept.")

        self.app.push_screen(regenerate_question(ship_store.compare_manifest(crew)), done)

    def _regenerate(self, record: ship_store.ShipRecord) -> None:
        try:
            named = ship_actions.regenerate_crew(self.campaign, record.id)
        except (StoreError, RulesError) as exc:
            self._status(f"Not regenerated: {exc}", error=True)
            return
        self._saved(
            named,
            f"Named a new crew for {named.name} ({named.total_crew}); "
            "ctrl+z brings the old names back.",
        )

    def action_undo(self) -> None:
        try:
            undone = ship_actions.undo(self.campaign)
        except ActionRefused as exc:
            why = str(exc)  # nothing left, or a battle's end (undone in the Battle tab)
            self._status(f"{why[:1].upper()}{why[1:]}.", error=True)
            return
        except StoreError as exc:
            self._status(f"Not undone: {exc}", error=True)
            return
        self._roster_shown_for = None
        self.reload()
        self._status(f"Undone: {undone.label}.")

    # -- export ---------------------------------------------------------------------------------
    def action_export(self) -> None:
        record = self._selected("export")
        if record is None:
            return
        what = "roster" if self._roster_visible() else "manifest"

        def done(request: ExportRequest | None) -> None:
            if request is not None:
                self._status(f"Exported the {request.what} of {record.name} to {request.path}.")

        self.app.push_screen(ExportDialog(record.id, record.name, what, self.export), done)

    def export(self, request: ExportRequest) -> None:
        """Write the selected ship's manifest or roster, atomically (a refusal or a file that
        cannot be written raises: the export dialog says why and stays open)."""
        if self.ship_id is None:
            raise ActionRefused("no ship is selected to export")
        ship_actions.export_crew(
            self.campaign, self.ship_id, request.what, request.format, request.path
        )
