"""Injuries tab: every character's stun, wound and mortal tracks, their state, and the injury
history (hazards, direct damage, treatment) with every die; hazard rolls by hand, treatment,
direct damage, undo, and the bail-out helper.

The history is read through `actions.reads.injuries` (append-only: undo marks an entry
undone and gives the damage back); the characters' damage lives with the party. The Battle
tab records its hazards in the same history, and this tab shows them the next time it is
drawn. Each key's dialog hands back a request; the pane carries it out with one call of
`actions.injuries` or `actions.healing` and says the typed result on the status line
(status_words.py). The keys and help are in keys.py.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Label, Select, Static

from gmtool.actions.errors import StoreError
from gmtool.actions.reads.battles import battle_names, list_battles
from gmtool.actions.reads.injuries import InjuryEntry, history, newest_first
from gmtool.actions.reads.party import campaign_ships, load_party_state
from gmtool.actions.reads.rolls import RollEntry
from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.characters import Character, Party
from gmtool.rules.errors import RulesError
from gmtool.tui.dialogs import kept_dialog
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.injuries import status_words as words
from gmtool.tui.tabs.injuries.characters_view import character_columns, character_rows, ship_of
from gmtool.tui.tabs.injuries.history_view import (
    ALL,
    SHOWN_ENTRIES,
    HistoryTable,
    battle_options,
    detail_text,
    fill_table,
    history_layout,
    matches,
    people_options,
    session_options,
)
from gmtool.tui.tabs.injuries.keys import ACTIONS, HELP

if TYPE_CHECKING:
    from gmtool.actions.reads.campaign import Campaign

NARROW_BELOW = 100  # terminal columns: below this, narrower bars and names
PARTY_ACTIONS = frozenset({"hazard", "treat", "heal", "rest", "damage", "bailout", "undo", "redo"})
"""Actions that read or change the saved party: off while it cannot be read."""
HISTORY_ROWS = 5  # the history keeps its header, three entries and its scrollbar on screen
DETAIL_ROWS = 3
DEFAULT_FOCUS = ("injury-characters", "injury-party-problem")
"""Where the cursor starts (focus_default): Escape (Back) is offered everywhere else."""
FILTERS = (
    ("character", "#filter-character"),
    ("battle", "#filter-battle"),
    ("session", "#filter-session"),
)
# The name the hazard form is kept under between openings.
HAZARD_FORM = "injuries-hazard-form"
Request = TypeVar("Request")


class PartyProblem(Static, can_focus=True):
    """Why the party cannot be read, in place of the character table; it takes the focus."""


class InjuriesPane(GmPane):
    TAB_ID = "injuries"
    TITLE = "Injuries"
    HELP = HELP
    ACTIONS = ACTIONS
    STATUS_LINE = "injury-status"
    DEFAULT_CSS = tab_css(__file__, "injuries.tcss")

    class RollsSaved(Message):
        """Rolls were saved somewhere in the app: the history may have grown."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.party = Party(())
        self.entries: list[InjuryEntry] = []
        self._reload_pending = False
        self._narrow = False
        # the last battle and round typed in a dialog, offered again in the next one
        self.battle = ""
        self.round_text = ""
        self.battle_names: dict[str, str] = {}  # battle id -> name, deleted battles too
        self.party_problem: str | None = None  # why the saved party does not read
        self._history_width = 0  # the history's width its columns were fitted to
        self._options: dict[str, list[tuple[str, Any]]] = {}  # each filter's choices
        self.can_undo = False
        self.can_redo = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="injury-filters"):
            for label, everything, filter_id in (
                ("Who", "everyone", "filter-character"),
                ("Battle", "every battle", "filter-battle"),
                ("Session", "every session", "filter-session"),
            ):
                yield Label(label, classes="field-label")
                yield Select(
                    [(everything, ALL)], value=ALL, allow_blank=False, id=filter_id, compact=True
                )
        yield DataTable(id="injury-characters", cursor_type="row")
        yield PartyProblem(id="injury-party-problem")
        yield Static(id="injury-status")
        yield HistoryTable(id="injury-history", cursor_type="row", zebra_stripes=True)
        yield Static(id="injury-detail")

    def on_mount(self) -> None:
        self.campaign.on_record(lambda _entries: self._rolls_saved(_entries))
        self._narrow = self.app.size.width < NARROW_BELOW
        self.set_class(self._narrow, "-narrow")
        self.reload()
        if self.party_problem is None:
            self.show_status(
                "h rolls a hazard; t treats, r rests, d damages the highlighted character."
            )
        self.focus_default()

    def _rolls_saved(self, _entries: list[RollEntry]) -> None:
        self.post_message(self.RollsSaved())

    def on_injuries_pane_rolls_saved(self, _message: RollsSaved) -> None:
        if not self._reload_pending:
            self._reload_pending = True
            self.call_after_refresh(self._pending_reload)

    def _pending_reload(self) -> None:
        self._reload_pending = False
        self.reload()

    def on_show(self) -> None:
        # Another tab (the Battle tab, Stations) may have changed the party or the history.
        # (nothing saved since the last read: the tab is as it was)
        if self.is_mounted and self.query("#injury-characters"):
            self.read_again_if_saved()

    def read_again_if_saved(self) -> None:
        """As the tab is shown or a dialog opens on the party: read the campaign again if
        anything was saved since the tab read it (another tab may have hurt or moved
        someone). Otherwise the tab as drawn is the campaign, and reading it again, history
        and all, only made the tab and its dialogs slower to open."""
        if self.saved_since_read():
            self.reload()

    # -- focus and the keys on offer --------------------------------------------------------
    def focus_default(self) -> None:
        if self.party_problem is not None:
            self.query_one("#injury-party-problem", PartyProblem).focus()
        else:
            self.query_one("#injury-characters", DataTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys offered only when they apply, so the footer stays short: none that reads or
        writes the party while it does not read, undo and redo only when there is something
        to take back or do again, All only while a filter is set, Back only away from the
        characters."""
        if self.party_problem is not None and action in PARTY_ACTIONS:
            return False
        if action == "undo":
            return self.can_undo
        if action == "redo":
            return self.can_redo
        if action == "clear_filters":
            return self.is_mounted and self.filtered()
        if action == "to_characters":
            focused = self.screen.focused if self.is_mounted else None
            return focused is not None and focused.id not in DEFAULT_FOCUS
        return True

    def _refused(self) -> bool:
        """True (and says so) while the party cannot be read: nothing may touch it."""
        if self.party_problem is None:
            return False
        self.show_status(
            "Not done: the party cannot be read (see above); nothing was saved.", error=True
        )
        return True

    def _need_party(self, what: str) -> bool:
        """Whether there is a party to act on, read again if anything was saved meanwhile
        (else the status line says why not)."""
        if self._refused():
            return False
        self.read_again_if_saved()
        if self._refused():  # the party stopped reading since the tab was drawn
            return False
        if self.party.characters:
            return True
        self.show_status(
            f"No {what}: the party has no characters yet (add them on the Stations tab).",
            error=True,
        )
        return False

    def action_filters(self) -> None:
        self.query_one("#filter-character", Select).focus()

    def action_to_characters(self) -> None:
        self.focus_default()

    # -- reading ----------------------------------------------------------------------------
    def reload(self, new_entry: InjuryEntry | None = None, *, to_character: bool = True) -> None:
        """Read the party and the history again and redraw (keeps the cursor and filters).

        `new_entry`, just saved: the history's cursor goes to it, in view, and (with
        `to_character`) the characters' cursor to its character."""
        self.note_read()
        try:
            self.party = load_party_state(self.campaign)
        except (StoreError, RulesError) as exc:
            self._set_problem(str(exc))
            self.forget_read()  # read again when shown: the GM may mend the file meanwhile
        else:
            self._set_problem(None)
        try:
            everything = history(self.campaign)
        except (StoreError, RulesError) as exc:
            self.show_status(f"Cannot read the injuries: {exc}", error=True)
            self.forget_read()
            return
        follow = new_entry is not None and to_character
        self._fill_characters(str(new_entry["character"]) if follow and new_entry else None)
        self._fill_filters(everything)
        self._fill_history(everything, None if new_entry is None else int(new_entry["id"]))
        self._read_undo(everything)

    def _read_undo(self, everything: list[InjuryEntry]) -> None:
        """Whether ctrl+z and ctrl+y have something to do (their keys show only then)."""
        from gmtool.actions.injuries import can_redo
        from gmtool.actions.reads.injuries import load_bailout

        try:
            can_undo = any(not e.get("undone") for e in everything)
            can_undo = can_undo or load_bailout(self.campaign) is not None
            redo = can_redo(self.campaign)
        except (StoreError, RulesError):
            can_undo, redo = True, False  # ctrl+z then says what does not read
        if (can_undo, redo) != (self.can_undo, self.can_redo):
            self.can_undo, self.can_redo = can_undo, redo
            self.refresh_bindings()

    def _set_problem(self, problem: str | None) -> None:
        """Show the characters (None) or, in their place, why the party cannot be read."""
        was = self.party_problem
        self.party_problem = problem
        if problem is not None:
            self.party = Party(())
            self.query_one("#injury-party-problem", PartyProblem).update(
                Text(words.unreadable_party_text(problem))
            )
            self.show_status(
                "The party cannot be read: h, t, r, g, d, b and ctrl+z are off.", error=True
            )
        self.query_one("#injury-characters").display = problem is None
        self.query_one("#injury-party-problem").display = problem is not None
        if (problem is None) != (was is None):
            if problem is None:
                self.show_status("The party reads again.")
            self.refresh_bindings()
            focused = self.screen.focused
            if focused is not None and self in focused.ancestors:
                self.focus_default()

    def on_resize(self) -> None:
        if not self.query("#injury-characters"):
            return
        narrow = self.app.size.width < NARROW_BELOW
        if narrow != self._narrow:
            self._narrow = narrow
            self.set_class(narrow, "-narrow")
            self._fill_characters()
            self._fill_history()
        else:
            self._fit_characters()

    def _fill_characters(self, select: str | None = None) -> None:
        """The characters with their bars; the cursor stays on the highlighted character,
        or goes to `select`."""
        table = self.query_one("#injury-characters", DataTable)
        highlighted = select or self.highlighted_character_id()
        fill_table(table, character_columns(), character_rows(self.party, self._narrow))
        self._fit_characters()
        if highlighted is not None and highlighted in self.party.ids:
            table.move_cursor(row=table.get_row_index(highlighted), animate=False)

    def _fit_characters(self) -> None:
        """Room for every character when the screen has it; the history keeps its header
        and three entries, and the table scrolls (cursor in view) when the party is bigger."""
        height = self.size.height
        if not height:
            return
        table = self.query_one("#injury-characters", DataTable)
        filters = self.query_one("#injury-filters").outer_size.height or 1
        status = max(self.query_one("#injury-status").outer_size.height, 1)
        room = height - filters - status - DETAIL_ROWS - HISTORY_ROWS
        wanted = len(self.party.characters) + 1
        table.styles.max_height = max(4, min(wanted, max(room, height // 2)))

    # -- the history and its filters ---------------------------------------------------------
    def _set_options(self, selector: str, options: list[tuple[str, Any]]) -> None:
        if self._options.get(selector) == options:
            return
        self._options[selector] = options
        select = self.query_one(selector, Select)
        current = select.value
        with select.prevent(Select.Changed):
            select.set_options(options)
            select.value = current if current in [v for _, v in options] else ALL

    def _fill_filters(self, everything: list[InjuryEntry]) -> None:
        self._set_options("#filter-character", people_options(self.party, everything))
        try:
            known = [(b.id, b.name) for b in list_battles(self.campaign)]
            names = battle_names(self.campaign)  # deleted battles keep their names here
        except (StoreError, RulesError):
            known, names = [], {}
        self.battle_names = names
        self._set_options("#filter-battle", battle_options(known, names, everything))
        sessions = [(s["id"], s["title"]) for s in self.campaign.sessions()]
        self._set_options("#filter-session", session_options(sessions))

    def filters(self) -> dict[str, Any]:
        """The filters as `history()` arguments (None: no filter)."""
        values = {}
        for name, selector in FILTERS:
            value = self.query_one(selector, Select).value
            values[name] = None if value == ALL or value is Select.BLANK else value
        return values

    def filtered(self) -> bool:
        """Whether a filter is set (a clears them)."""
        return any(value is not None for value in self.filters().values())

    def _fill_history(
        self, everything: list[InjuryEntry] | None = None, select: int | None = None
    ) -> None:
        """The entries the filters let through, newest first; the cursor stays on the
        highlighted entry, or goes to entry `select` (scrolled into view)."""
        wanted = self.filters()
        # Without the whole history at hand, read newest first only as far as the table shows.
        entries = newest_first(self.campaign) if everything is None else iter(everything)
        shown = list(islice((e for e in entries if matches(e, wanted)), SHOWN_ENTRIES))
        kept = self.highlighted_entry()
        self.entries = shown
        table = self.query_one("#injury-history", DataTable)
        room = (table.size.width or self.size.width or self.app.size.width) - (
            table.styles.scrollbar_size_vertical
        )
        self._history_width = table.size.width
        fill_table(table, *history_layout(shown, self.battle_names, room))
        target = select if select is not None else (kept["id"] if kept is not None else None)
        if target is not None and self.shows_entry(target):
            table.move_cursor(row=table.get_row_index(str(target)), animate=False)
        self._show_detail()

    def on_history_table_resized(self) -> None:
        """Fit the columns again when the history's width changed (a resize)."""
        width = self.query_one("#injury-history", DataTable).size.width
        if width and width != self._history_width:
            self._fill_history()

    def shows_entry(self, entry_id: int) -> bool:
        """Whether the history (as filtered) lists this entry."""
        return any(e["id"] == entry_id for e in self.entries)

    @on(Select.Changed, "#injury-filters Select")
    def _filter_changed(self) -> None:
        self._fill_history()
        self.refresh_bindings()

    def action_clear_filters(self) -> None:
        for _, selector in FILTERS:
            with self.query_one(selector, Select).prevent(Select.Changed):
                self.query_one(selector, Select).value = ALL
        self._fill_history()
        self.refresh_bindings()
        self.show_status("Showing everyone, every battle and every session.")

    @on(DataTable.RowSelected, "#injury-characters")
    def _character_chosen(self, event: DataTable.RowSelected) -> None:
        key = event.row_key.value
        select = self.query_one("#filter-character", Select)
        select.value = ALL if select.value == key else key

    @on(DataTable.RowHighlighted, "#injury-history")
    def _show_detail(self) -> None:
        detail = detail_text(
            self.highlighted_entry(),
            self.battle_names,
            self.filtered(),
            readable=self.party_problem is None,
        )
        self.query_one("#injury-detail", Static).update(detail)

    # -- what is highlighted ----------------------------------------------------------------
    def highlighted_entry(self) -> InjuryEntry | None:
        table = self.query_one("#injury-history", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((e for e in self.entries if str(e["id"]) == key), None)

    def entry_in_view(self, entry_id: int) -> str | None:
        """Why the GM cannot see this entry now ("hidden by the filters", "scrolled out of
        view"), or None when its row is on screen."""
        if not self.shows_entry(entry_id):
            return "hidden by the filters"
        table = self.query_one("#injury-history", DataTable)
        row = table.get_row_index(str(entry_id))
        top = round(table.scroll_y)
        rows = table.size.height - (table.header_height if table.show_header else 0)
        rows -= table.styles.scrollbar_size_horizontal if table.show_horizontal_scrollbar else 0
        return None if top <= row < top + max(rows, 0) else "scrolled out of view"

    def highlighted_character_id(self) -> str | None:
        table = self.query_one("#injury-characters", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(key) if key is not None else None

    def highlighted_character(self) -> Character | None:
        return self.party.find(self.highlighted_character_id())

    def _saved(self, what: str, entry: InjuryEntry) -> str:
        return words.saved_words(what, entry, self.shows_entry(int(entry["id"])))

    # -- hurting: h, d, b -------------------------------------------------------------------
    def _ships(self) -> list[ShipRecord]:
        try:
            return campaign_ships(self.campaign)
        except (StoreError, RulesError) as exc:
            self.show_status(f"The ships do not read ({exc}); choose a class instead.", error=True)
            return []

    def _ship_of_highlighted(self, ships: list[ShipRecord]) -> str | None:
        """The ship of the highlighted character, else the first ship with anyone aboard."""
        return ship_of(self.party, self.highlighted_character_id(), {s.id for s in ships})

    def _typed_battle(self, battle: str | None, round_number: int | None) -> None:
        """Offer the battle and round just typed again in the next dialog."""
        self.battle = battle or ""
        self.round_text = "" if round_number is None else str(round_number)

    def action_hazard(self) -> None:
        from gmtool.actions.injuries import HazardRequest, roll_hazard_by_hand
        from gmtool.tui.tabs.injuries.hazard_dialog import HazardDialog, HazardFormStart

        if not self._need_party("hazard roll"):
            return
        ships = self._ships()

        def roll(request: HazardRequest) -> list[InjuryEntry]:
            self._typed_battle(request.battle, request.round)
            return roll_hazard_by_hand(self.campaign, request)

        def closed(entries: list[InjuryEntry] | None) -> None:
            newest = max(entries, key=lambda e: int(e["id"])) if entries else None
            self.reload(newest, to_character=False)  # several characters: stay where it was
            if entries and newest is not None:
                self.show_status(words.hazards_words(self._saved("Hazards", newest), entries))
            self.focus_default()

        start = HazardFormStart(
            ships,
            self.party,
            roll,
            ship_id=self._ship_of_highlighted(ships),
            battle=self.battle,
            round_text=self.round_text,
        )
        dialog = kept_dialog(
            self.app,
            HAZARD_FORM,
            HazardDialog,
            lambda: HazardDialog(start),
            lambda kept: kept.renew(start),
        )
        self.app.push_screen(dialog, closed)

    def action_damage(self) -> None:
        from gmtool.actions.injuries import DamageRequest, deal_damage
        from gmtool.tui.tabs.injuries.treatment_dialog import DamageDialog

        if not self._need_party("one to hurt"):
            return

        def save(request: DamageRequest) -> InjuryEntry:
            self._typed_battle(request.battle, request.round)
            return deal_damage(self.campaign, request)

        dialog = DamageDialog(
            self.party,
            save,
            self.highlighted_character_id(),
            battle=self.battle,
            round_text=self.round_text,
        )
        self.app.push_screen(dialog, lambda entry: self._entry_saved("Damage", entry))

    def _entry_saved(self, what: str, entry: InjuryEntry | None) -> None:
        """A dialog that saves one entry closed: show it (None: nothing was saved)."""
        self.reload(entry)
        if entry is not None:
            self.show_status(words.one_entry_words(self._saved(what, entry), entry))
        self.focus_default()

    def action_bailout(self) -> None:
        if self._refused():
            return
        from gmtool.actions.reads.injuries import BailoutRecord, load_bailout
        from gmtool.tui.tabs.injuries.bailout_dialog import BailoutDialog

        try:
            last = load_bailout(self.campaign)
        except StoreError as exc:
            self.show_status(str(exc), error=True)
            last = None
        ships = self._ships()

        def closed(record: BailoutRecord | None) -> None:
            if record is not None:
                self.show_status(words.bailout_words(record))
            self.focus_default()

        ship_id = self._ship_of_highlighted(ships)
        dialog = BailoutDialog(self.campaign, ships, self.party, ship_id=ship_id, last=last)
        self.app.push_screen(dialog, closed)

    # -- healing: t, r, g -------------------------------------------------------------------
    def action_treat(self) -> None:
        """The doctor's roll (medical_dialog.py)."""
        from gmtool.actions.healing import treat_by_roll
        from gmtool.tui.tabs.injuries.medical_dialog import MedicalTreatmentDialog

        self._treatment(MedicalTreatmentDialog, treat_by_roll, "one to treat")

    def action_heal(self) -> None:
        """Healing by the GM's ruling: typed points, nothing rolled."""
        from gmtool.actions.injuries import treat
        from gmtool.tui.tabs.injuries.treatment_dialog import TreatmentDialog

        self._treatment(TreatmentDialog, treat, "one to heal")

    def _treatment(
        self,
        dialog: Callable[[Party, Callable[[Request], InjuryEntry], str | None], Screen[Any]],
        action: Callable[[Campaign, Request], InjuryEntry],
        needs: str,
    ) -> None:
        """Open a treatment dialog (the doctor's roll, or healing by ruling) on the
        highlighted character; the saved entry is shown and selected."""
        if not self._need_party(needs):
            return

        def save(request: Request) -> InjuryEntry:
            return action(self.campaign, request)

        screen = dialog(self.party, save, self.highlighted_character_id())
        self.app.push_screen(screen, lambda entry: self._entry_saved("Treatment", entry))

    def action_rest(self) -> None:
        from gmtool.actions.healing import Rested, RestRequest, rest_days
        from gmtool.tui.tabs.injuries.medical_dialog import RestDialog

        if not self._need_party("one to rest"):
            return

        def save(request: RestRequest) -> Rested:
            return rest_days(self.campaign, request)

        def closed(rested: Rested | None) -> None:
            newest = max(rested.entries, key=lambda e: int(e["id"])) if rested else None
            self.reload(newest, to_character=len(rested.entries) == 1 if rested else False)
            if rested is not None:
                names = {c.id: c.name for c in self.party.characters}
                self.show_status(words.rest_words(rested, names))
            self.focus_default()

        self.app.push_screen(RestDialog(self.party, save, self.highlighted_character_id()), closed)

    # -- undo and redo ----------------------------------------------------------------------
    def action_undo(self) -> None:
        """Take back the newest of: the last injury entry (its batch whole), the last
        bail-out order."""
        self._undo()

    def _undo(self) -> None:
        if self._refused():
            return
        from gmtool.actions.injuries import newest_to_undo, undo_newest

        try:
            coming = newest_to_undo(self.campaign)
            unseen = None if coming.entry is None else self.entry_in_view(int(coming.entry["id"]))
            undone = undo_newest(self.campaign)
        except (StoreError, RulesError) as exc:
            self.reload()
            self.show_status(f"Not undone: {exc}", error=True)
            return
        self.reload()
        text, refused = words.undone_text(undone, unseen)
        self.show_status(text, error=refused)

    def action_redo(self) -> None:
        """Do the last undo again (nothing is rolled again)."""
        self._redo()

    def _redo(self) -> None:
        if self._refused():
            return
        from gmtool.actions.injuries import redo

        try:
            redone = redo(self.campaign)
        except (StoreError, RulesError) as exc:
            self.reload()
            self.show_status(f"Not redone: {exc}", error=True)
            return
        newest = max(redone.entries, key=lambda e: int(e["id"])) if redone.entries else None
        self.reload(newest, to_character=len(redone.entries) == 1)
        text, refused = words.redone_text(redone)
        self.show_status(text, error=refused)
