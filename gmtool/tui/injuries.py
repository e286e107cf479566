"""Injuries tab: every character's stun, wound and mortal tracks, their state, and the injury
history (hazards, direct damage, treatment) with every die; hazard rolls by hand, treatment,
direct damage, undo, and the bail-out helper.

The history is `gmtool.store.injuries` (append-only: undo marks an entry undone and gives the
damage back); the characters' damage lives with the party. The Battle tab records its hazards
through the same store, and this tab shows them the next time it is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import DataTable, Label, Select, Static

from gmtool.rules.characters import Character, Party
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import assignment_of
from gmtool.store.battles import battle_names, list_battles
from gmtool.store.errors import StoreError
from gmtool.store.injuries import InjuryEntry, history, newest_first
from gmtool.store.party import campaign_ships, load_party_state
from gmtool.store.rolllog import RollEntry
from gmtool.store.ships import ShipRecord
from gmtool.tui.injuries_healing import HealingKeys
from gmtool.tui.injury_text import (
    HISTORY_COLUMNS,
    character_state_text,
    entry_cells,
    entry_detail,
    entry_name,
    fit_history_columns,
    track_bar,
    tracks,
)
from gmtool.tui.widgets.names import fit_names, untitled

ALL = "*"
SHOWN_ENTRIES = 500
WIDE_BAR = 8
NARROW_BAR = 5
NARROW_BELOW = 100  # terminal columns: below this, narrower bars and names
NARROW_NAME = 22
PARTY_ACTIONS = frozenset({"hazard", "treat", "heal", "rest", "damage", "bailout", "undo"})
"""Actions that read or change the saved party: off while it cannot be read."""
HISTORY_ROWS = 5  # the history keeps its header, three entries and its scrollbar on screen
DETAIL_ROWS = 3


def fill_table(
    table: DataTable[Any],
    columns: Sequence[tuple[str, str]],
    rows: Sequence[tuple[str, Sequence[Text | str]]],
) -> None:
    """Put `rows` (key, cells) in `table` under `columns` (label, key), every column as wide
    as its widest cell.

    The widths are given, not left to DataTable's auto width: that is measured only when the
    table is next idle, and lines drawn before then (a filter chosen, a resize) were kept in
    its line cache at the old widths, so the columns stayed crushed to their labels
    ("Chi", "1" for #17) until something else redrew the table.
    """
    widths = [cell_len(label) for label, _ in columns]
    for _, cells in rows:
        for index, cell in enumerate(cells):
            text = cell.plain if isinstance(cell, Text) else str(cell)
            widths[index] = max(widths[index], cell_len(text))
    table.clear(columns=True)
    for (label, key), width in zip(columns, widths, strict=True):
        table.add_column(label, key=key, width=width)
    for key, cells in rows:
        table.add_row(*cells, key=key)


HELP = """\
Every character of the party with their **stun**, **wound** and **mortal** tracks and their
state (ok, knocked out, dying, dead; "stable" once a dying character is stabilized), and the
injury history below, newest first: when (time, game session, battle and round), the ship and
what hit it, every die rolled, what was marked, the tracks before → after, and the state.
Undone entries stay in the history, dimmed and struck through: nothing is ever lost, and a
new battle never resets anyone.

Hazards from the Battle tab land here by themselves. For a battle resolved your own way,
**h** rolls a hazard by hand: choose the ship that was hit (everyone aboard is ticked, with the
posture of their station: **secure** strapped in, **vulnerable** moving about) or just a ship
class, the most severe track the hit marked, and who rolls. Each rolls d20 against Table 3-1;
the endangered make a Personality feat check (+d4) and take the Table 3-2 injury for their
posture, with secondary damage and overflow.

The filters show one character, one battle or one game session (F2 starts and ends sessions):
"what happened to Dax last session" is the character and the session.

| key | does |
|---|---|
| h | hazard roll by hand (in the dialog: space ticks, p posture, ctrl+r rolls and saves) |
| t | treatment: a doctor rolls Medical Science; the degree heals (tables/healing.yaml) |
| r | rest: days of natural healing for the highlighted character or the whole party |
| g | healing by your ruling: track, points, note, stabilize (nothing rolled) |
| d | direct damage to the highlighted character: a number or dice (`d6+1w`), kind, cause |
| b | bail-out: time rolled once, who gets clear each round (Survivors: crew less the dead) |
| enter | (on a character) show only their history; again shows everyone |
| f | go to the filters (escape comes back) |
| a | clear the filters: everyone, every battle, every session |
| ctrl+z | undo the last entry (damage given back, the entry kept, dimmed) or the last bail-out |
| tab | between the filters, the characters and the history |
"""


def unreadable_party_text(problem: str) -> str:
    """What the tab says in place of the characters when the saved party does not read."""
    return (
        "The party cannot be read: no hazards, treatment, damage, bail-out or undo here until "
        "it can (each reads or rewrites the party's tracks). The history below still shows."
        f"\n{problem[0].upper()}{problem[1:]}\n"
        "What to do: close gmtool (ctrl+q), then copy the good backup over the file if one is "
        "named above, or mend the file by hand; this tab reads it again each time it is shown."
    )


class HistoryTable(DataTable[Any]):
    """The injury history; its columns are fitted to its width again after a resize."""

    def on_resize(self) -> None:
        pane = next((a for a in self.ancestors if isinstance(a, InjuriesPane)), None)
        if pane is not None and pane.is_mounted:
            pane.history_resized()


class PartyProblem(Static, can_focus=True):
    """Why the party cannot be read, in place of the character table; it takes the focus."""


class InjuriesPane(HealingKeys):
    TAB_ID = "injuries"
    TITLE = "Injuries"
    HELP = HELP
    PALETTE = [
        ("Hazard roll", "Roll hazards by hand for a ship (or class) that was hit", "action_hazard"),
        ("Treatment", "The doctor rolls Medical Science for a character", "action_treat"),
        ("Rest", "Days of natural healing for a character or the party", "action_rest"),
        ("Heal by ruling", "Restore points, with a note, or stabilize", "action_heal"),
        ("Direct damage", "Damage a character by your own ruling", "action_damage"),
        ("Bail-out", "Abandon ship: time rolled once, survivors round by round", "action_bailout"),
        ("Filter injuries", "Show one character, battle or session", "action_filters"),
        ("Undo last injury", "Take back the newest injury entry or bail-out", "action_undo"),
    ]
    BINDINGS = [
        Binding("h", "hazard", "Hazard"),
        Binding("t", "treat", "Treat"),
        Binding("r", "rest", "Rest"),
        Binding("g", "heal", "Heal", show=False),
        Binding("d", "damage", "Damage"),
        Binding("b", "bailout", "Bail-out"),
        Binding("f", "filters", "Filters"),
        Binding("a", "clear_filters", "All", show=False),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("escape", "to_characters", "To characters", show=False),
    ]
    DEFAULT_CSS = """
    InjuriesPane #injury-filters { height: 1; margin-bottom: 1; }
    InjuriesPane #injury-filters .field-label { padding: 0 1 0 0; color: $text-muted; }
    InjuriesPane #filter-character { width: 1fr; margin-right: 2; }
    InjuriesPane #filter-battle { width: 1fr; margin-right: 2; }
    InjuriesPane #filter-session { width: 1fr; }
    InjuriesPane.-narrow #filter-battle { width: 16; }
    InjuriesPane.-narrow #filter-session { width: 17; }
    /* the lists open as wide as their longest name (the screen at most), never wrapping */
    InjuriesPane #injury-filters SelectOverlay {
        width: auto; min-width: 100%; max-width: 100vw;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    InjuriesPane #injury-characters { height: auto; max-height: 40%; }
    InjuriesPane #injury-party-problem {
        display: none; height: auto; max-height: 60%; padding: 0 1; border: round $error;
    }
    InjuriesPane #injury-status { height: auto; min-height: 1; margin: 0 0 0 0; }
    InjuriesPane #injury-status.error { color: $error; }
    InjuriesPane #injury-history { height: 1fr; min-height: 4; }
    InjuriesPane #injury-detail { height: auto; max-height: 3; color: $text-muted; }
    InjuriesPane.-narrow #injury-filters { margin-bottom: 0; }
    InjuriesPane.-narrow #injury-status { height: 1; }
    """

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
            self._status(
                "h rolls a hazard by hand; t treats, r rests, d damages the highlighted character."
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
        if self.is_mounted and self.query("#injury-characters"):
            self.reload()

    # -- focus ------------------------------------------------------------------------------
    def focus_default(self) -> None:
        if self.party_problem is not None:
            self.query_one("#injury-party-problem", PartyProblem).focus()
        else:
            self.query_one("#injury-characters", DataTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # While the party does not read, no key that reads or writes it is offered.
        return not (self.party_problem is not None and action in PARTY_ACTIONS)

    def _refused(self) -> bool:
        """True (and says so) while the party cannot be read: nothing may touch it."""
        if self.party_problem is None:
            return False
        self._status(
            "Not done: the party cannot be read (see above); nothing was saved.", error=True
        )
        return True

    def action_filters(self) -> None:
        self.query_one("#filter-character", Select).focus()

    def action_to_characters(self) -> None:
        self.focus_default()

    # -- loading ----------------------------------------------------------------------------
    def reload(self, new_entry: InjuryEntry | None = None, *, to_character: bool = True) -> None:
        """Read the party and the history again and redraw (keeps the cursor and filters).

        `new_entry`, just saved: the history's cursor goes to it, in view, and (with
        `to_character`) the characters' cursor to its character."""
        try:
            self.party = load_party_state(self.campaign)
        except (StoreError, RulesError) as exc:
            self._set_problem(str(exc))
        else:
            self._set_problem(None)
        try:
            everything = history(self.campaign)
        except (StoreError, RulesError) as exc:
            self._status(f"Cannot read the injuries: {exc}", error=True)
            return
        follow = new_entry is not None and to_character
        self._fill_characters(str(new_entry["character"]) if follow and new_entry else None)
        self._fill_filters(everything)
        self._fill_history(everything, None if new_entry is None else int(new_entry["id"]))

    def _set_problem(self, problem: str | None) -> None:
        """Show the characters (None) or, in their place, why the party cannot be read."""
        was = self.party_problem
        self.party_problem = problem
        if problem is not None:
            self.party = Party(())
            self.query_one("#injury-party-problem", PartyProblem).update(
                Text(unreadable_party_text(problem))
            )
            self._status(
                "The party cannot be read: h, t, r, g, d, b and ctrl+z are off.", error=True
            )
        self.query_one("#injury-characters").display = problem is None
        self.query_one("#injury-party-problem").display = problem is not None
        if (problem is None) != (was is None):
            if problem is None:
                self._status("The party reads again.")
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
        """The characters with their bars (narrower bars and names on a small screen); the
        cursor stays on the highlighted character, or goes to `select`."""
        table = self.query_one("#injury-characters", DataTable)
        highlighted = select or self.highlighted_character_id()
        columns = [("Character", "name"), ("State", "state")]
        columns += [(track.capitalize(), track) for track in tracks()]
        width = NARROW_BAR if self._narrow else WIDE_BAR
        rows: list[tuple[str, Sequence[Text | str]]] = []
        names = [c.name for c in self.party.characters]
        if self._narrow:  # one rule for every name, as on the Stations tab
            names = fit_names(names, NARROW_NAME)
        for character, name in zip(self.party.characters, names, strict=True):
            sizes = character.tracks
            bars = [track_bar(t, character.damage.get(t, 0), sizes[t], width) for t in tracks()]
            rows.append((character.id, [name, character_state_text(character), *bars]))
        fill_table(table, columns, rows)
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

    def _set_options(self, selector: str, options: list[tuple[str, Any]]) -> None:
        select = self.query_one(selector, Select)
        current = select.value
        if getattr(select, "_gm_options", None) == options:
            return
        select._gm_options = options  # type: ignore[attr-defined]
        with select.prevent(Select.Changed):
            select.set_options(options)
            values = [v for _, v in options]
            select.value = current if current in values else ALL

    def _fill_filters(self, everything: list[InjuryEntry]) -> None:
        people: dict[str, str] = {c.id: c.name for c in self.party.characters}
        for entry in everything:
            people.setdefault(str(entry["character"]), str(entry.get("character_name", "")))
        self._set_options(
            "#filter-character",
            [("everyone", ALL), *((name, cid) for cid, name in people.items())],
        )
        # battles set up on the Battle tab by name, newest first; then names typed by hand
        try:
            known = [(b.id, b.name) for b in list_battles(self.campaign)]
            names = battle_names(self.campaign)  # deleted battles keep their names here
        except (StoreError, RulesError):
            known, names = [], {}
        self.battle_names = names
        battles = [battle_id for battle_id, _ in reversed(known)]
        for entry in everything:
            battle = entry.get("battle")
            if battle is not None and str(battle) not in battles:
                battles.append(str(battle))
        self._set_options(
            "#filter-battle", [("every battle", ALL), *((names.get(b, b), b) for b in battles)]
        )
        sessions = [(f"{s['id']} · {s['title']}", s["id"]) for s in self.campaign.sessions()]
        self._set_options("#filter-session", [("every session", ALL), *reversed(sessions)])

    def filters(self) -> dict[str, Any]:
        """The filters as `history()` arguments (None: no filter)."""
        values = {}
        for name, selector in (
            ("character", "#filter-character"),
            ("battle", "#filter-battle"),
            ("session", "#filter-session"),
        ):
            value = self.query_one(selector, Select).value
            values[name] = None if value == ALL or value is Select.BLANK else value
        return values

    def _fill_history(
        self, everything: list[InjuryEntry] | None = None, select: int | None = None
    ) -> None:
        """The entries the filters let through, newest first; the cursor stays on the
        highlighted entry, or goes to entry `select` (scrolled into view)."""
        wanted = self.filters()
        # Without the whole history at hand, read newest first only as far as the table shows.
        entries = newest_first(self.campaign) if everything is None else iter(everything)
        matching = (
            e
            for e in entries
            if (wanted["character"] is None or e["character"] == wanted["character"])
            and (wanted["battle"] is None or e.get("battle") == wanted["battle"])
            and (wanted["session"] is None or e.get("session") == wanted["session"])
        )
        shown = list(islice(matching, SHOWN_ENTRIES))
        kept = self.highlighted_entry()
        self.entries = shown
        table = self.query_one("#injury-history", DataTable)
        keys = [key for _, key in HISTORY_COLUMNS]
        natural = [cell_len(label) for label, _ in HISTORY_COLUMNS]
        for entry in shown:
            cells = entry_cells(entry, self.battle_names)
            natural = [max(w, c.cell_len) for w, c in zip(natural, cells, strict=True)]
        widest = dict(zip(keys, natural, strict=True))
        room = self._history_room()
        widths = fit_history_columns(widest, room)
        names = [entry_name(e) for e in shown]
        if widths.get("who", widest["who"]) < widest["who"]:
            # names give way as on the Stations tab: all without their titles, then cut
            widest["who"] = max([cell_len("Who"), *(len(untitled(n)) for n in names)])
            widths = fit_history_columns(widest, room)
            names = fit_names(names, widths.get("who", widest["who"]))
        self._history_width = table.size.width
        rows = [
            (str(e["id"]), entry_cells(e, self.battle_names, widths, name))
            for e, name in zip(shown, names, strict=True)
        ]
        shown_columns = [(label, key) for label, key in HISTORY_COLUMNS if key in widths]
        index = [keys.index(key) for _, key in shown_columns]
        fill_table(table, shown_columns, [(key, [cells[i] for i in index]) for key, cells in rows])
        target = select if select is not None else (kept["id"] if kept is not None else None)
        if target is not None and any(e["id"] == target for e in shown):
            table.move_cursor(row=table.get_row_index(str(target)), animate=False)
        self._show_detail()

    def _history_room(self) -> int:
        """The cells the history's columns may take: its width less the scrollbar."""
        table = self.query_one("#injury-history", DataTable)
        width = table.size.width or self.size.width or self.app.size.width
        return width - table.styles.scrollbar_size_vertical

    def history_resized(self) -> None:
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

    def action_clear_filters(self) -> None:
        for selector in ("#filter-character", "#filter-battle", "#filter-session"):
            with self.query_one(selector, Select).prevent(Select.Changed):
                self.query_one(selector, Select).value = ALL
        self._fill_history()
        self._status("Showing everyone, every battle and every session.")

    @on(DataTable.RowSelected, "#injury-characters")
    def _character_chosen(self, event: DataTable.RowSelected) -> None:
        key = event.row_key.value
        select = self.query_one("#filter-character", Select)
        select.value = ALL if select.value == key else key

    @on(DataTable.RowHighlighted, "#injury-history")
    def _entry_highlighted(self) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        detail = self.query_one("#injury-detail", Static)
        entry = self.highlighted_entry()
        if entry is None:
            filtered = any(v is not None for v in self.filters().values())
            if filtered:
                detail.update("No injury matches the filters (a clears them).")
            elif self.party_problem is not None:
                detail.update("No injuries yet.")
            else:
                detail.update(
                    "No injuries yet: hazards from the Battle tab and h, t, d here land below."
                )
            return
        detail.update(entry_detail(entry, self.battle_names))

    # -- what is highlighted ----------------------------------------------------------------
    def highlighted_character_id(self) -> str | None:
        table = self.query_one("#injury-characters", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(key) if key is not None else None

    def highlighted_character(self) -> Character | None:
        character_id = self.highlighted_character_id()
        return next((c for c in self.party.characters if c.id == character_id), None)

    def highlighted_entry(self) -> InjuryEntry | None:
        table = self.query_one("#injury-history", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((e for e in self.entries if str(e["id"]) == key), None)

    def _status(self, text: str | Text, *, error: bool = False) -> None:
        status = self.query_one("#injury-status", Static)
        status.set_class(error, "error")
        status.update(text)

    def _ships(self) -> list[ShipRecord]:
        try:
            return campaign_ships(self.campaign)
        except (StoreError, RulesError) as exc:
            self._status(f"The ships do not read ({exc}); choose a class instead.", error=True)
            return []

    def _ship_of_highlighted(self, ships: list[ShipRecord]) -> str | None:
        """The ship of the highlighted character, else the first ship with anyone aboard."""
        ids = {s.id for s in ships}
        character_id = self.highlighted_character_id()
        if character_id is not None:
            assignment = assignment_of(self.party.assignments, character_id)
            if assignment is not None and assignment.ship_id in ids:
                return assignment.ship_id
        for assignment in self.party.assignments:
            if assignment.ship_id in ids:
                return assignment.ship_id
        return None

    def _saved(self, what: str, entry: InjuryEntry) -> str:
        """'Damage saved' and, first so a narrow status line shows it, when the filters hide
        the new entry: 'Damage saved as #21, hidden by the filters (a shows all)'."""
        if self.shows_entry(int(entry["id"])):
            return f"{what} saved"
        return f"{what} saved as #{entry['id']}, hidden by the filters (a shows all)"

    def _need_party(self, what: str) -> bool:
        if self._refused():  # the party stopped reading since the tab was drawn
            return False
        if self.party.characters:
            return True
        self._status(
            f"No {what}: the party has no characters yet (add them on the Stations tab).",
            error=True,
        )
        return False

    # -- actions ----------------------------------------------------------------------------
    def action_hazard(self) -> None:
        if self._refused():
            return
        from gmtool.actions.injuries import roll_hazard_by_hand
        from gmtool.tui.hazard_dialog import HazardDialog

        self.reload()
        if not self._need_party("hazard roll"):
            return
        ships = self._ships()

        def roll(request: Any) -> list[InjuryEntry]:
            self.battle = request.battle or ""
            self.round_text = "" if request.round is None else str(request.round)
            return roll_hazard_by_hand(self.campaign, request)

        def closed(entries: list[InjuryEntry] | None) -> None:
            newest = max(entries, key=lambda e: int(e["id"])) if entries else None
            self.reload(newest, to_character=False)  # several characters: stay where it was
            if entries and newest is not None:
                hurt = sum(1 for e in entries if any((e.get("marked") or {}).values()))
                self._status(
                    f"{self._saved('Hazards', newest)}: {len(entries)} "
                    f"roll{'s' if len(entries) != 1 else ''}, {hurt} hurt. ctrl+z takes back the "
                    "newest entry."
                )
            self.focus_default()

        self.app.push_screen(
            HazardDialog(
                ships,
                self.party,
                roll,
                ship_id=self._ship_of_highlighted(ships),
                battle=self.battle,
                round_text=self.round_text,
            ),
            closed,
        )

    def action_damage(self) -> None:
        if self._refused():
            return
        from gmtool.actions.injuries import DamageRequest, deal_damage
        from gmtool.tui.treatment_dialog import DamageDialog

        self.reload()
        if not self._need_party("one to hurt"):
            return

        def save(request: DamageRequest) -> InjuryEntry:
            self.battle = request.battle or ""
            self.round_text = "" if request.round is None else str(request.round)
            return deal_damage(self.campaign, request)

        def closed(entry: InjuryEntry | None) -> None:
            self.reload(entry)
            if entry is not None:
                self._status(
                    f"{self._saved('Damage', entry)}: {entry['character_name']}, "
                    f"{entry['summary']}."
                )
            self.focus_default()

        self.app.push_screen(
            DamageDialog(
                self.party,
                save,
                self.highlighted_character_id(),
                battle=self.battle,
                round_text=self.round_text,
            ),
            closed,
        )

    def action_bailout(self) -> None:
        if self._refused():
            return
        from gmtool.store.bailout import load_bailout
        from gmtool.tui.bailout import BailoutDialog

        try:
            last = load_bailout(self.campaign)
        except StoreError as exc:
            self._status(str(exc), error=True)
            last = None
        ships = self._ships()

        def closed(record: Any) -> None:
            if record is not None:
                self._status(f"Bail-out ordered: {record.where}, {record.bailout.rounds} rounds.")
            self.focus_default()

        self.app.push_screen(
            BailoutDialog(
                self.campaign,
                ships,
                self.party,
                ship_id=self._ship_of_highlighted(ships),
                last=last,
            ),
            closed,
        )

    def action_undo(self) -> None:
        """Take back the newest of: the last injury entry, the last bail-out order."""
        if self._refused():
            return
        from gmtool.actions.injuries import undo_newest

        try:
            undone = undo_newest(self.campaign)
        except (StoreError, RulesError) as exc:
            self._status(f"Not undone: {exc}", error=True)
            return
        finally:
            self.reload()
        if undone.bailout is not None:
            self._status(
                f"Undone: the order to abandon {undone.bailout.where} (its dice are marked "
                "undone in the log)."
            )
            return
        entry = undone.entry
        if entry is None:
            self._status("Nothing to undo: every injury entry is already undone.", error=True)
            return
        if len(undone.batch) > 1:
            self._status(
                f"Undone: {len(undone.batch)} entries of one {entry['kind']} "
                f"({entry.get('cause', '')}); they stay in the history, dimmed."
            )
            return
        self._status(
            f"Undone: #{entry['id']} {entry['kind']} of {entry['character_name']} "
            f"({entry.get('cause', '')}); the tracks are back to "
            f"{'/'.join(str(entry['before'].get(t, 0)) for t in tracks())}. "
            "It stays in the history, dimmed."
        )
