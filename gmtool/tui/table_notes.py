"""Notes at the table: ctrl+j from any tab adds a timestamped note to the open session, and
ctrl+z right after (nothing saved since) takes it back; F2 opening a session shows
"Previously". The app owns one `TableNotes` and its bindings call it."""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import App
from textual.screen import ModalScreen

from gmtool.actions.reads.campaign import Campaign
from gmtool.rules.errors import RulesError


class NotesApp(Protocol):
    """What the notes need of the app, named here so this module does not import it."""

    campaign: Campaign

    def current_tab(self) -> Any: ...

    def built_tab(self, tab_id: str) -> Any: ...


class TableNotes:
    """What the app's note keys need: the note ctrl+z may still take back."""

    def __init__(self, app: App[Any], host: NotesApp) -> None:
        self.app = app
        self.host = host
        self._undoable: tuple[int, int] | None = None  # (session, change count) after a note

    def offers(self, action: str) -> bool:
        """Whether the app's `action` is offered now (ctrl+z only right after a note)."""
        dialog_open = isinstance(self.app.screen, ModalScreen)
        if action == "note":
            return not dialog_open
        if action == "undo_note":
            return (
                self._undoable is not None
                and self._undoable[1] == self.host.campaign.change_count
                and not dialog_open
            )
        return True

    def ask(self) -> None:
        from gmtool.actions import journal
        from gmtool.actions.sessions import current_session
        from gmtool.tui.tabs.journal.dialogs import NoteDialog

        app = self.app
        session = current_session(self.host.campaign)
        if session is None:
            app.notify("No game session is open: F2 starts one.", severity="error")
            return

        def typed(text: str | None) -> None:
            if text is None:
                return
            try:
                added = journal.add_note(self.host.campaign, text)
            except RulesError as exc:
                app.notify(f"Not saved: {exc}", severity="error")
                return
            self._undoable = (added.session_id, self.host.campaign.change_count)
            app.refresh_bindings()
            self.journal_saved()
            app.notify(f"Note {added.note.id} added to {session.title} (ctrl+z takes it back).")

        question = f"A note for {session.title} (Enter saves, Escape cancels):"
        app.push_screen(NoteDialog(question), typed)

    def undo(self) -> None:
        from gmtool.actions import journal

        if self._undoable is None:
            return
        session_id = self._undoable[0]
        self._undoable = None
        try:
            undone = journal.undo_note(self.host.campaign, session_id)
        except RulesError as exc:
            self.app.notify(f"Not undone: {exc}", severity="error")
            return
        self.app.refresh_bindings()
        self.journal_saved()
        self.app.notify(f"Undone: note {undone.note.id} is taken back.")

    def show_previously(self) -> None:
        """As a session starts: "Previously", the last ended session's short recap."""
        from gmtool.actions import journal
        from gmtool.tui.tabs.journal.dialogs import RecapDialog

        previous = journal.previous_session(self.host.campaign)
        if previous is not None:
            text = journal.recap(self.host.campaign, previous.id, short=True)
            self.app.push_screen(RecapDialog("Previously (Escape closes)", text))

    def journal_saved(self) -> None:
        """A session or note saved by the app's keys shows at once in the Journal tab if it
        is on screen (shown later, it reads what changed then)."""
        pane = self.host.built_tab("journal")
        if pane is not None and self.host.current_tab().TAB_ID == "journal":
            pane.read_again()
