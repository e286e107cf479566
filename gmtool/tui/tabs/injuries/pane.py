"""Injuries tab: every character's stun, wound and mortal tracks, their state, and the injury
history (hazards, direct damage, treatment) with every die; hazard rolls by hand, treatment,
direct damage, undo, and the bail-out helper.

The history is read through `actions.reads.injuries` (append-only: undo marks an entry
undone and gives the damage back); the characters' damage lives with the party. The Battle
tab records its hazards in the same history, and this tab shows them the next time it is
drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import DataTable, Label, Select, Static

from gmtool.actions.errors import StoreError
from gmtool.actions.reads.injuries import InjuryEntry, history
from gmtool.actions.reads.party import load_party_state
from gmtool.actions.reads.rolls import RollEntry
from gmtool.rules.characters import Character, Party
from gmtool.rules.errors import RulesError
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.injuries.healing_keys import HealingKeys
from gmtool.tui.tabs.injuries.history_view import ALL, HistoryTable, HistoryView, fill_table
from gmtool.tui.tabs.injuries.hurt_keys import HurtKeys
from gmtool.tui.tabs.injuries.injury_text import character_state_text, track_bar, tracks
from gmtool.tui.tabs.injuries.keys import ACTIONS
from gmtool.tui.tabs.injuries.undo_keys import UndoKeys
from gmtool.tui.widgets.names import fit_names

WIDE_BAR = 8
NARROW_BAR = 5
NARROW_BELOW = 100  # terminal columns: below this, narrower bars and names
NARROW_NAME = 22
PARTY_ACTIONS = frozenset({"hazard", "treat", "heal", "rest", "damage", "bailout", "undo", "redo"})
"""Actions that read or change the saved party: off while it cannot be read."""
HISTORY_ROWS = 5  # the history keeps its header, three entries and its scrollbar on screen
DETAIL_ROWS = 3
DEFAULT_FOCUS = ("injury-characters", "injury-party-problem")
"""Where the cursor starts (focus_default): Escape (Back) is offered everywhere else."""


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
posture, with secondary damage and overflow. In the dialog space ticks a character, p
switches their posture and ctrl+r rolls and saves (again for another hit). **b** orders a
bail-out: its time is rolled once, and the table counts who gets clear each round (the
survivors start from the crew less the dead of the newest battle).

The filters show one character, one battle or one game session (F2 starts and ends sessions):
"what happened to Dax last session" is the character and the session.

**Enter** on a character shows only their history (again shows everyone); **tab** moves
between the filters, the characters and the history. **ctrl+z** takes back the newest entry
(a party's rest or a hazard roll whole: damage given back, the entries kept, dimmed) or the
last bail-out order, and says what it took back (whose and what, when it is not on screen);
**ctrl+y** does it again, with the same dice, until something new is saved.
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


class PartyProblem(Static, can_focus=True):
    """Why the party cannot be read, in place of the character table; it takes the focus."""


class InjuriesPane(HurtKeys, HealingKeys, UndoKeys, HistoryView):
    TAB_ID = "injuries"
    TITLE = "Injuries"
    HELP = HELP
    ACTIONS = ACTIONS
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

    # -- focus ------------------------------------------------------------------------------
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

    def action_filters(self) -> None:
        self.query_one("#filter-character", Select).focus()

    def action_to_characters(self) -> None:
        self.focus_default()

    # -- loading ----------------------------------------------------------------------------
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
                Text(unreadable_party_text(problem))
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

    # -- what is highlighted ----------------------------------------------------------------
    def highlighted_character_id(self) -> str | None:
        table = self.query_one("#injury-characters", DataTable)
        if table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(key) if key is not None else None

    def highlighted_character(self) -> Character | None:
        character_id = self.highlighted_character_id()
        return self.party.find(character_id)

    def show_status(self, text: str | Text, error: bool = False) -> None:
        status = self.query_one("#injury-status", Static)
        status.set_class(error, "error")
        status.update(text)

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
        self.show_status(
            f"No {what}: the party has no characters yet (add them on the Stations tab).",
            error=True,
        )
        return False
