"""Journal tab: the game sessions, newest first, and the chosen one's timeline or the chart of
the campaign's condition. Notes are edited and recaps shown and saved here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import ContentSwitcher, DataTable, OptionList, Static
from textual.widgets.option_list import Option

from gmtool.actions import journal
from gmtool.actions.errors import ActionRefused
from gmtool.rules.session_facts import Fact, NoteFact, SessionFacts
from gmtool.rules.session_recap import clock, fact_kind, fact_text
from gmtool.tui.pane import GmPane
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.journal.keys import ACTIONS, HELP

# The views `c` turns through: the timeline, then the chart's two pages.
VIEWS = ("timeline", "party", "ships")
NEEDS_NOTE = frozenset({"edit_note", "delete_note"})
NEEDS_SESSION = frozenset({"view_recap", "save_recap", "undo", "redo"})


class JournalPane(GmPane):
    TAB_ID = "journal"
    TITLE = "Journal"
    HELP = HELP
    ACTIONS = ACTIONS
    STATUS_LINE = "journal-status"
    DEFAULT_CSS = tab_css(__file__, "journal.tcss")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.session_id: int | None = None
        self._rows: dict[str, Fact] = {}  # the timeline's rows by key
        self.view = VIEWS[0]

    def compose(self) -> ComposeResult:
        with Horizontal(id="journal-body"):
            yield OptionList(id="journal-sessions")
            with Vertical(id="journal-right"):
                yield Static("", id="journal-heading")
                with ContentSwitcher(initial="journal-timeline", id="journal-views"):
                    yield DataTable(id="journal-timeline", cursor_type="row", zebra_stripes=True)
                    yield Vertical(id="journal-chart")
        yield Static("", id="journal-status")

    def on_mount(self) -> None:
        table = self.query_one("#journal-timeline", DataTable)
        table.add_columns("time", "what", "")
        self.read_sessions()

    def on_show(self) -> None:
        if self.saved_since_read():
            self.read_sessions()

    def focus_default(self) -> None:
        self.query_one("#journal-sessions", OptionList).focus()

    # -- reading ----------------------------------------------------------------------------
    def read_sessions(self) -> None:
        """The sessions list, newest first, keeping the chosen session where it can."""
        self.note_read()
        sessions = journal.sessions(self.campaign)
        listing = self.query_one("#journal-sessions", OptionList)
        listing.clear_options()
        for session in sessions:
            mark = "" if session.ended else " (open)"
            listing.add_option(Option(f"{session.id} {session.title}{mark}", id=str(session.id)))
        if not sessions:
            self.session_id = None
            self._show_facts(None)
            self.show_status("No game session yet: F2 starts one.")
            return
        ids = [s.id for s in sessions]
        chosen = self.session_id if self.session_id in ids else ids[0]
        listing.highlighted = ids.index(chosen)
        self.choose(chosen)

    def choose(self, session_id: int) -> None:
        self.session_id = session_id
        self._show_facts(journal.session_facts(self.campaign, session_id))

    @on(OptionList.OptionHighlighted, "#journal-sessions")
    def _session_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None and int(event.option.id) != self.session_id:
            self.choose(int(event.option.id))

    @on(OptionList.OptionSelected, "#journal-sessions")
    def _session_selected(self) -> None:
        self.query_one("#journal-timeline", DataTable).focus()

    def _show_facts(self, facts: SessionFacts | None) -> None:
        table = self.query_one("#journal-timeline", DataTable)
        table.clear()
        self._rows = {}
        heading = self.query_one("#journal-heading", Static)
        if facts is None:
            heading.update("")
            return
        info = facts.session
        ended = f"ended {clock(info.ended)}" if info.ended else "open"
        rolls = f"{facts.rolls_made} roll" + ("" if facts.rolls_made == 1 else "s")
        heading.update(f"{info.title}: {info.started[:16].replace('T', ' ')}, {ended}; {rolls}")
        for number, fact in enumerate(facts.timeline()):
            key = str(number)
            self._rows[key] = fact
            table.add_row(clock(fact.time), fact_kind(fact), fact_text(fact), key=key)
        if not self._rows:
            table.add_row("", "", "Nothing recorded in this session yet.", key="none")
        self.refresh_bindings()

    def note_under_cursor(self) -> NoteFact | None:
        table = self.query_one("#journal-timeline", DataTable)
        if not table.row_count or not table.has_focus:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        fact = self._rows.get(str(key))
        return fact if isinstance(fact, NoteFact) else None

    @on(DataTable.RowHighlighted, "#journal-timeline")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The row under the cursor written out whole: long lines are cut at 80 columns."""
        fact = self._rows.get(str(event.row_key.value))
        if fact is not None and event.data_table.has_focus:
            self.show_status(f"{clock(fact.time)}  {fact_kind(fact)}  {fact_text(fact)}")
        self.refresh_bindings()

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    # -- what is offered --------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in NEEDS_NOTE:
            return self.note_under_cursor() is not None
        if action in NEEDS_SESSION and self.session_id is None:
            return False
        if action == "undo" and self.session_id is not None:
            return journal.can_undo_notes(self.campaign, self.session_id)
        if action == "redo" and self.session_id is not None:
            return journal.can_redo_notes(self.campaign, self.session_id)
        return True

    def why_not(self, action: str) -> str | None:
        if action in NEEDS_NOTE:
            return "Put the cursor on a note in the timeline first (ctrl+j adds one)."
        if self.session_id is None:
            return "No game session yet: F2 starts one."
        if action in ("undo", "redo"):
            return f"No note change of this session to {action}."
        return None

    # -- notes ------------------------------------------------------------------------------
    def action_edit_note(self) -> None:
        from gmtool.tui.tabs.journal.dialogs import NoteDialog

        note = self.note_under_cursor()
        if note is None or self.session_id is None:
            return
        session_id = self.session_id

        def typed(text: str | None) -> None:
            if text is not None:
                self._note_change(journal.edit_note, session_id, note.id, text)

        self.app.push_screen(
            NoteDialog(f"Note {note.id} (Enter saves, Esc cancels):", note.text), typed
        )

    def action_delete_note(self) -> None:
        note = self.note_under_cursor()
        if note is None or self.session_id is None:
            return
        self._note_change(journal.delete_note, self.session_id, note.id)

    def action_undo(self) -> None:
        if self.session_id is not None:
            self._note_change(journal.undo_note, self.session_id)

    def action_redo(self) -> None:
        if self.session_id is not None:
            self._note_change(journal.redo_note, self.session_id)

    def _note_change(self, change: Callable[..., journal.NoteChanged], *args: Any) -> None:
        """One note change through its action, said on the status line (or its refusal)."""
        try:
            done = change(self.campaign, *args)
        except ActionRefused as exc:
            self.show_status(f"Not done: {exc}", error=True)
            return
        self.read_sessions()
        self.show_status(change_words(done))

    # -- the recap and the chart ------------------------------------------------------------
    def action_view_recap(self, players: bool = False) -> None:
        from gmtool.tui.tabs.journal.dialogs import RecapDialog

        if self.session_id is None:
            return
        text = journal.recap(self.campaign, self.session_id, players=players)
        title = "The players' recap" if players else "The recap"
        self.app.push_screen(RecapDialog(f"{title} (Escape closes)", text))

    def action_save_recap(self) -> None:
        if self.session_id is None:
            return
        saved = journal.save_recap(self.campaign, self.session_id)
        folder = self.campaign.folder
        self.show_status(
            f"Saved {saved.path.relative_to(folder)} and {saved.players_path.relative_to(folder)}."
        )

    def action_chart(self) -> None:
        self.view = VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)]
        switcher = self.query_one("#journal-views", ContentSwitcher)
        if self.view == "timeline":
            switcher.current = "journal-timeline"
            return
        from gmtool.tui.tabs.journal.chart import PAGE_WORDS, ConditionChart

        holder = self.query_one("#journal-chart", Vertical)
        charts = holder.query(ConditionChart)
        chart = charts.first() if charts else ConditionChart(id="journal-plot")
        if not charts:
            holder.mount(chart)
        switcher.current = "journal-chart"
        chart.show(journal.condition_history(self.campaign), self.view)
        then = "the ships' chart" if self.view == "party" else "the timeline"
        self.show_status(f"{PAGE_WORDS[self.view]}. c: {then}.")


def change_words(done: journal.NoteChanged) -> str:
    """The status line's words for a note change, undone or redone."""
    what = f"note {done.note.id} ({done.note.text[:40]})"
    if done.undone:
        return f"Undone: {what} {done.change} is taken back (ctrl+y does it again)."
    if done.redone:
        return f"Redone: {what} {done.change} again."
    return f"Note {done.note.id} {done.change} (ctrl+z takes it back)."
