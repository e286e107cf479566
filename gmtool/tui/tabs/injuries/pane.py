"""Injuries tab: every character's tracks and state, and the injury history (hazards, direct
damage, treatment) with every die; hazard rolls by hand, treatment, damage, undo, bail-out.

Each key opens its dialog (imported on first use, so the tab opens without building them);
the dialog hands back a request, carried out with one `actions.injuries` or
`actions.healing` call, and the typed result is said on the status line (status_words.py).
"""

from __future__ import annotations

from functools import partial
from itertools import islice
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import DataTable, Select, Static

from gmtool.actions import healing
from gmtool.actions import history as steps
from gmtool.actions import injuries as injury_actions
from gmtool.actions.bailout import order_bailout
from gmtool.actions.errors import StoreError
from gmtool.actions.reads.injuries import BailoutRecord, InjuryEntry, load_bailout, newest_first
from gmtool.actions.reads.party import campaign_ships
from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.characters import Party
from gmtool.rules.errors import RulesError
from gmtool.tui.dialogs import build_ahead, kept_dialog
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.injuries import history_view as history
from gmtool.tui.tabs.injuries import status_words as words
from gmtool.tui.tabs.injuries.form_fields import BailoutOrder, ship_of
from gmtool.tui.tabs.injuries.history_view import ALL, FilterBar, HistoryTable, fill_table
from gmtool.tui.tabs.injuries.injury_text import character_columns, character_rows
from gmtool.tui.tabs.injuries.keys import ACTIONS, HELP
from gmtool.tui.tabs.injuries.reading import read_injuries

NARROW_BELOW = 100  # terminal columns: below this, narrower bars and names
PARTY_ACTIONS = frozenset({"hazard", "treat", "heal", "rest", "damage", "bailout", "undo", "redo"})
"""Actions that read or change the saved party: off while it cannot be read."""
HISTORY_ROWS = 5  # the history keeps its header, three entries and its scrollbar on screen
DETAIL_ROWS = 3
HAZARD_FORM = "injuries-hazard-form"  # the name the hazard form is kept under
DEFAULT_FOCUS = ("injury-characters", "injury-party-problem")
"""Where the cursor starts (focus_default): Escape (Back) is offered everywhere else."""


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
        # the last battle and round typed in a dialog, offered again in the next one
        self.battle = ""
        self.round_text = ""
        self.battle_names: dict[str, str] = {}  # battle id -> name, deleted battles too
        self.party_problem: str | None = None  # why the saved party does not read
        self._history_width = 0  # the history's width its columns were fitted to
        self.can_undo = False
        self.can_redo = False

    def compose(self) -> ComposeResult:
        yield FilterBar(id="injury-filters")
        yield DataTable(id="injury-characters", cursor_type="row")
        yield history.PartyProblem(id="injury-party-problem")
        yield Static(id="injury-status")
        yield HistoryTable(id="injury-history", cursor_type="row", zebra_stripes=True)
        yield Static(id="injury-detail")

    def on_mount(self) -> None:
        self.campaign.on_record(lambda _entries: self.post_message(self.RollsSaved()))
        self.set_class(self.app.size.width < NARROW_BELOW, "-narrow")
        self.reload()
        if self.party_problem is None:
            self.show_status(
                "h rolls a hazard; t treats, r rests, d damages the highlighted character."
            )
        self.focus_default()
        self.call_after_refresh(self._build_hazard_form_ahead)

    def _build_hazard_form_ahead(self) -> None:
        """h's form built while the GM reads the tab: h then only makes it new and shows it."""
        from gmtool.tui.tabs.injuries.hazard_dialog import HazardDialog, HazardFormStart

        if self.party.characters:
            start = HazardFormStart((), self.party, self.roll_hazard)
            build_ahead(self.app, HAZARD_FORM, lambda: HazardDialog(start))

    def on_injuries_pane_rolls_saved(self, _message: RollsSaved) -> None:
        if not self._reload_pending:
            self._reload_pending = True
            self.call_after_refresh(self._pending_reload)

    def _pending_reload(self) -> None:
        self._reload_pending = False
        self.reload()

    def on_show(self) -> None:
        # Another tab (Battle, Stations) may have changed the party or the history since;
        # read again only then: reading the history slows the tab and its dialogs.
        if self.is_mounted and self.query("#injury-characters") and self.saved_since_read():
            self.reload()

    # -- focus and the keys on offer --------------------------------------------------------
    def focus_default(self) -> None:
        shown = "#injury-characters" if self.party_problem is None else "#injury-party-problem"
        self.query_one(shown).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys offered only where they apply, so the footer stays within two rows."""
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
        """Whether there is a party to act on, read again if saved since (else says why not)."""
        if self._refused():
            return False
        if self.saved_since_read():
            self.reload()
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
        """Read the party and the history again and redraw, keeping cursors and filters;
        the cursors go to `new_entry` (just saved) and, with `to_character`, its character."""
        self.note_read()
        read = read_injuries(self.campaign)
        self.party = read.party
        self._set_problem(read.party_problem)
        if read.party_problem is not None:
            self.forget_read()  # read again when shown: the GM may mend the file meanwhile
        if read.everything is None:
            self.show_status(str(read.history_problem), error=True)
            self.forget_read()
            return
        self._fill_characters(str(new_entry["character"]) if new_entry and to_character else None)
        self.battle_names = read.battle_names
        filters = self.query_one(FilterBar)
        filters.set_choices("character", history.people_options(self.party, read.everything))
        choices = history.battle_options(read.battles, read.battle_names, read.everything)
        filters.set_choices("battle", choices)
        filters.set_choices("session", history.session_options(read.sessions))
        self._fill_history(read.everything, None if new_entry is None else int(new_entry["id"]))
        if (read.can_undo, read.can_redo) != (self.can_undo, self.can_redo):
            self.can_undo, self.can_redo = read.can_undo, read.can_redo
            self.refresh_bindings()

    def _set_problem(self, problem: str | None) -> None:
        """Show the characters (None) or, in their place, why the party cannot be read."""
        was = self.party_problem
        self.party_problem = problem
        if problem is not None:  # the party read as no one (read_injuries)
            self.query_one("#injury-party-problem", history.PartyProblem).update(
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
        if narrow != self.has_class("-narrow"):
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
        rows = character_rows(self.party, narrow=self.has_class("-narrow"))
        fill_table(table, character_columns(), rows)
        self._fit_characters()
        if highlighted is not None and highlighted in self.party.ids:
            table.move_cursor(row=table.get_row_index(highlighted), animate=False)

    def _fit_characters(self) -> None:
        """Room for every character when the screen has it; the history keeps its header
        and three entries, and the table scrolls (cursor in view) when the party is bigger."""
        height = self.size.height
        if not height:
            return
        filters = self.query_one(FilterBar).outer_size.height or 1
        status = max(self.query_one("#injury-status").outer_size.height, 1)
        room = height - filters - status - DETAIL_ROWS - HISTORY_ROWS
        rows = min(len(self.party.characters) + 1, max(room, height // 2))
        self.query_one("#injury-characters", DataTable).styles.max_height = max(4, rows)

    # -- the history and its filters ---------------------------------------------------------
    def filtered(self) -> bool:
        return any(value is not None for value in self.query_one(FilterBar).values().values())

    def _fill_history(
        self, everything: list[InjuryEntry] | None = None, select: int | None = None
    ) -> None:
        """The entries the filters let through, newest first; the cursor stays on the
        highlighted entry, or goes to entry `select` (scrolled into view)."""
        wanted = self.query_one(FilterBar).values()
        # Without the whole history at hand, read newest first only as far as the table shows.
        entries = newest_first(self.campaign) if everything is None else iter(everything)
        matching = (e for e in entries if history.matches(e, wanted))
        shown = list(islice(matching, history.SHOWN_ENTRIES))
        kept = self.highlighted_entry()
        self.entries = shown
        table = self.query_one("#injury-history", DataTable)
        width = table.size.width or self.size.width or self.app.size.width
        room = width - table.styles.scrollbar_size_vertical
        self._history_width = table.size.width
        fill_table(table, *history.history_layout(shown, self.battle_names, room))
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
        return any(e["id"] == entry_id for e in self.entries)

    @on(Select.Changed, "#injury-filters Select")
    def _filter_changed(self) -> None:
        self._fill_history()
        self.refresh_bindings()

    def action_clear_filters(self) -> None:
        self.query_one(FilterBar).clear()
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
        detail = history.detail_text(
            self.highlighted_entry(),
            self.battle_names,
            self.filtered(),
            readable=self.party_problem is None,
        )
        self.query_one("#injury-detail", Static).update(detail)

    # -- what is highlighted ----------------------------------------------------------------
    def highlighted_entry(self) -> InjuryEntry | None:
        key = history.highlighted_key(self.query_one(HistoryTable))
        return next((e for e in self.entries if str(e["id"]) == key), None)

    def entry_in_view(self, entry_id: int) -> str | None:
        """Why the GM cannot see this entry now ("hidden by the filters", "scrolled out of
        view"), or None when its row is on screen."""
        if not self.shows_entry(entry_id):
            return "hidden by the filters"
        in_view = self.query_one(HistoryTable).shows_row(str(entry_id))
        return None if in_view else "scrolled out of view"

    def highlighted_character_id(self) -> str | None:
        return history.highlighted_key(self.query_one("#injury-characters", DataTable))

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
        return ship_of(self.party, self.highlighted_character_id(), {s.id for s in ships})

    def _typed_battle(self, battle: str | None, round_number: int | None) -> None:
        """Offer the battle and round just typed again in the next dialog."""
        self.battle = battle or ""
        self.round_text = "" if round_number is None else str(round_number)

    def action_hazard(self) -> None:
        """The hazard form, kept between openings: building it is most of h's time."""
        if not self._need_party("hazard roll"):
            return
        from gmtool.tui.tabs.injuries.hazard_dialog import HazardDialog, HazardFormStart

        ships = self._ships()
        start = HazardFormStart(
            ships, self.party, self.roll_hazard, ship_id=self._ship_of_highlighted(ships),
            battle=self.battle, round_text=self.round_text,
        )  # fmt: skip
        make = partial(HazardDialog, start)
        dialog = kept_dialog(self.app, HAZARD_FORM, HazardDialog, make, lambda d: d.renew(start))
        self.app.push_screen(dialog, self._hazards_rolled)

    def roll_hazard(self, request: injury_actions.HazardRequest) -> list[InjuryEntry]:
        """The hazard form's rolls, saved (a refusal raises: the form says why)."""
        self._typed_battle(request.battle, request.round)
        return injury_actions.roll_hazard_by_hand(self.campaign, request)

    def _hazards_rolled(self, entries: list[InjuryEntry] | None) -> None:
        newest = max(entries, key=lambda e: int(e["id"])) if entries else None
        self.reload(newest, to_character=False)  # several characters: stay where it was
        if entries and newest is not None:
            self.show_status(words.hazards_words(self._saved("Hazards", newest), entries))
        self.focus_default()

    def action_damage(self) -> None:
        if self._need_party("one to hurt"):
            from gmtool.tui.tabs.injuries.treatment_dialog import DamageDialog

            dialog = DamageDialog(
                self.party, self.deal_damage, self.highlighted_character_id(),
                battle=self.battle, round_text=self.round_text,
            )  # fmt: skip
            self.app.push_screen(dialog, partial(self._entry_saved, "Damage"))

    def deal_damage(self, request: injury_actions.DamageRequest) -> InjuryEntry:
        self._typed_battle(request.battle, request.round)
        return injury_actions.deal_damage(self.campaign, request)

    def _entry_saved(self, what: str, entry: InjuryEntry | None) -> None:
        """A dialog that saves one entry closed: show it (None: nothing was saved)."""
        self.reload(entry)
        if entry is not None:
            self.show_status(words.one_entry_words(self._saved(what, entry), entry))
        self.focus_default()

    def action_bailout(self) -> None:
        if self._refused():
            return
        try:
            last = load_bailout(self.campaign)
        except StoreError as exc:
            self.show_status(str(exc), error=True)
            last = None
        from gmtool.tui.tabs.injuries.bailout_dialog import BailoutDialog

        ships = self._ships()
        ship_id = self._ship_of_highlighted(ships)
        dialog = BailoutDialog(
            self.campaign, ships, self.party, self.order_bailout, ship_id=ship_id, last=last
        )
        self.app.push_screen(dialog, self._bailout_ordered)

    def order_bailout(self, o: BailoutOrder) -> BailoutRecord:
        return order_bailout(self.campaign, o.ship_class, o.survivors, ship_id=o.ship_id,
                             ship_name=o.ship_name, trapped_percent=o.trapped_percent)  # fmt: skip

    def _bailout_ordered(self, record: BailoutRecord | None) -> None:
        if record is not None:
            self.show_status(words.bailout_words(record))
        self.focus_default()

    # -- healing: t, r, g -------------------------------------------------------------------
    def action_treat(self) -> None:
        """The doctor's roll: Medical Science for the procedure chosen."""
        if self._need_party("one to treat"):
            from gmtool.tui.tabs.injuries.medical_dialog import MedicalTreatmentDialog

            save = partial(healing.treat_by_roll, self.campaign)
            dialog = MedicalTreatmentDialog(self.party, save, self.highlighted_character_id())
            self.app.push_screen(dialog, partial(self._entry_saved, "Treatment"))

    def action_heal(self) -> None:
        """Healing by the GM's ruling: typed points, nothing rolled."""
        if self._need_party("one to heal"):
            from gmtool.tui.tabs.injuries.treatment_dialog import TreatmentDialog

            save = partial(injury_actions.treat, self.campaign)
            dialog = TreatmentDialog(self.party, save, self.highlighted_character_id())
            self.app.push_screen(dialog, partial(self._entry_saved, "Treatment"))

    def action_rest(self) -> None:
        if self._need_party("one to rest"):
            from gmtool.tui.tabs.injuries.medical_dialog import RestDialog

            save = partial(healing.rest_days, self.campaign)
            dialog = RestDialog(self.party, save, self.highlighted_character_id())
            self.app.push_screen(dialog, self._rested)

    def _rested(self, rested: healing.Rested | None) -> None:
        newest = max(rested.entries, key=lambda e: int(e["id"])) if rested else None
        self.reload(newest, to_character=len(rested.entries) == 1 if rested else False)
        if rested is not None:
            names = {c.id: c.name for c in self.party.characters}
            self.show_status(words.rest_words(rested, names))
        self.focus_default()

    # -- undo and redo ----------------------------------------------------------------------
    def action_undo(self) -> None:
        """Take back the newest of: the last injury entry (its batch whole), the last
        bail-out order."""
        if self._refused():
            return
        try:
            coming = injury_actions.newest_to_undo(self.campaign)
            unseen = None if coming.entry is None else self.entry_in_view(int(coming.entry["id"]))
            undone = steps.done(steps.undo(self.campaign, steps.INJURIES)).detail
            assert isinstance(undone, injury_actions.Undone)
        except (StoreError, RulesError) as exc:
            said = f"Not undone: {exc}", True
        else:
            said = words.undone_text(undone, unseen)
        self.reload()
        self.show_status(*said)

    def action_redo(self) -> None:
        """Do the last undo again (nothing is rolled again)."""
        if self._refused():
            return
        try:
            redone = steps.done(steps.redo(self.campaign, steps.INJURIES)).detail
            assert isinstance(redone, injury_actions.Redone)
        except (StoreError, RulesError) as exc:
            self.reload()
            self.show_status(f"Not redone: {exc}", error=True)
            return
        newest = max(redone.entries, key=lambda e: int(e["id"])) if redone.entries else None
        self.reload(newest, to_character=len(redone.entries) == 1)
        self.show_status(*words.redone_text(redone))
