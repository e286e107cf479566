"""The gmtool App and its one factory, `make_app`, shared by the CLI and the tests."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Header, TabbedContent, TabPane, Tabs

from gmtool.actions.errors import StoreError
from gmtool.actions.reads.campaign import Campaign, Clock, open_campaign
from gmtool.actions.view_state import last_tab, remember_tab
from gmtool.rules.errors import RulesError
from gmtool.tui.action_table import TabAction, bindings, keys_markdown, palette_entries
from gmtool.tui.footer import KeyFooter
from gmtool.tui.key_hold import HoldsKeys
from gmtool.tui.table_notes import TableNotes
from gmtool.tui.tabs import TAB_CLASSES, TabSpec
from gmtool.tui.widgets.steady import RepaintsFocusOnly, ReportsCrashes, place_underline


class MainScreen(RepaintsFocusOnly, Screen[None]):
    """The screen of the tabs. Its footer hides under a dialog: showing through, dimmed,
    above the dialog's shorter footer, it reads as the dialog's keys."""

    def on_screen_suspend(self) -> None:
        for footer in self.query(KeyFooter):
            footer.visible = False  # hidden, its room kept: the tabs do not lay out again

    def on_screen_resume(self) -> None:
        for footer in self.query(KeyFooter):
            footer.visible = True


# The keys of every tab, from one table as a tab's are: the footer, the palette and F1's
# help come from it.
APP_ACTIONS = (
    TabAction("ctrl+q", "quit", "Quit",
              "Quit: everything is already saved; a dialog being typed in asks first",
              palette=False, priority=True),
    TabAction("f1", "help", "Help", "What this tab does and its keys (? too, outside a field)",
              priority=True),
    TabAction("f2", "session", "Session", "Start a game session, or end the open one"),
    TabAction("ctrl+j", "note", "Note", "A timed note in the open session's journal"),
    # right after a note from any tab (nothing saved since), ctrl+z takes it back first
    TabAction("ctrl+z", "undo_note", "Undo note", "Right after a note: take it back",
              palette=False, priority=True),
)  # fmt: skip

# Refreshes to wait for a newly built tab's widgets before focusing one.
FOCUS_TRIES = 20
# Seconds without a key after which the GM is reading, not pressing keys (idle_hooks).
IDLE_AFTER = 2.0


class GmApp(ReportsCrashes, HoldsKeys, App[None]):
    CSS_PATH = "gmtool.tcss"
    TITLE = "gmtool"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        *bindings(APP_ACTIONS),
        # ? as well as F1, but not over a field's typing (F1 takes priority)
        Binding("question_mark", "help", "Help", show=False),
        *[Binding(str(n), f"show_tab_number({n})", show=False) for n in range(1, 10)],
    ]

    def __init__(self, campaign: Campaign, *, owns_campaign: bool = True) -> None:
        super().__init__()
        self.campaign = campaign
        self._owns_campaign = owns_campaign
        self.tabs: list[TabSpec] = list(TAB_CLASSES)
        # run once the app has drawn its first frame (the CLI resumes garbage collection)
        self.first_frame_hooks: list[Callable[[], None]] = []
        # run when a new tab is drawn and after IDLE_AFTER seconds without a key (the CLI
        # collects garbage then, out of the GM's way: collector.py)
        self.tab_built_hooks: list[Callable[[], None]] = []
        self.idle_hooks: list[Callable[[], None]] = []
        self._idle_timer: Timer | None = None
        self._cursor_wanted = False  # a tab is being given the cursor (_focus_when_built)
        self.theme = "textual-dark"
        self.crash_report: Path | None = None  # where an unexpected error was written
        self._data_errors_said: dict[str, float] = {}  # message -> when it was notified
        self.table_notes = TableNotes(self, self)

    # -- errors -----------------------------------------------------------------------------
    def show_data_error(self, error: StoreError | RulesError) -> None:
        """A damaged file or a refused rule no tab caught: said once however many handlers
        met it, and the app goes on."""
        message = str(error)
        now = time.monotonic()
        if now - self._data_errors_said.get(message, -60.0) < 20:  # still on screen
            return
        self._data_errors_said[message] = now
        self.notify(message, title="Not done", severity="error", timeout=20)

    def report_crash(self, error: Exception) -> Path | None:
        """An error no handler caught is a bug: its report goes to the campaign folder
        (once), and the app exits with code 1 (`ReportsCrashes`); the CLI names the report."""
        if self.crash_report is None:
            from gmtool.actions.campaign_files import write_crash_report

            with suppress(OSError):
                self.crash_report = write_crash_report(self.campaign.folder, error)
        return self.crash_report

    def get_default_screen(self) -> Screen[Any]:
        return MainScreen()

    def compose(self) -> ComposeResult:
        # read before the first tab is shown, which would be remembered over it
        self._left_on = last_tab(self.campaign)
        self._remembering = False
        yield Header(show_clock=False, icon="⚔")
        with TabbedContent(id="tabs"):
            for index, tab in enumerate(self.tabs):
                # the tab's key before its name: 1-6 switch tabs from anywhere but a field
                with TabPane(f"{index + 1} {tab.TITLE}", id=f"tab-{tab.TAB_ID}"):
                    # the others are built when first shown: start-up stays the same
                    # however many tabs there are
                    if index == 0:
                        yield tab.load()(id=tab.TAB_ID)
        yield KeyFooter()

    def built_tab(self, tab_id: str) -> Any:
        """The tab's GmPane, or None while it was never shown."""
        found = self.query(f"#{tab_id}")
        return found.first() if found else None

    def ensure_tab_built(self, tab_id: str) -> Any:
        """The tab's widget, building it now if it was never shown."""
        if (built := self.built_tab(tab_id)) is not None:
            return built
        tab = next(t for t in self.tabs if t.TAB_ID == tab_id)
        widget = tab.load()(id=tab_id)
        self.query_one(f"#tab-{tab_id}", TabPane).mount(widget)
        for hook in self.tab_built_hooks:  # once built and drawn
            self.call_after_refresh(self.call_after_refresh, hook)
        return widget

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id is not None:
            tab_id = event.pane.id.removeprefix("tab-")
            self.ensure_tab_built(tab_id)
            if self._remembering:
                remember_tab(self.campaign, tab_id)  # the campaign reopens where it was left
            else:  # the first tab, shown as the app starts: now go where the GM left off
                self._remembering = True
                if self._left_on in {t.TAB_ID for t in self.tabs[1:]}:
                    self.call_later(self.show_tab, self._left_on)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and self.idle_hooks:
            if self._idle_timer is not None:  # the idle hooks wait for IDLE_AFTER without a key
                self._idle_timer.stop()
            self._idle_timer = self.set_timer(IDLE_AFTER, self._idle)
        await super().on_event(event)

    def _idle(self) -> None:
        self._idle_timer = None
        for hook in self.idle_hooks:
            hook()

    def on_mount(self) -> None:
        self.campaign.changed_elsewhere.append(self._changed_elsewhere)
        self.show_campaign_title()
        self.call_after_refresh(self.report_damaged_files)
        # keys wait for the first tab's cursor: handled sooner, the tab bar's own start-up
        # showed the first tab again over the one a key chose
        self.hold_keys_for_cursor()
        first = self.ensure_tab_built(self.tabs[0].TAB_ID)
        self.call_after_refresh(self._focus_when_built, first, FOCUS_TRIES)
        for hook in self.first_frame_hooks:
            self.call_after_refresh(hook)

    def report_damaged_files(self) -> None:
        """One alert naming every damaged file and its newest good backup, just after the
        first frame: the GM hears of it at once, not on the tab that reads it."""
        try:
            damaged = self.campaign.damaged_files()
        except StoreError as exc:
            self.notify(str(exc), title="Campaign files", severity="error", timeout=30)
            return
        if not damaged:
            return
        lines = []
        for problem in damaged:
            backup = f" Good backup: {problem.backup}" if problem.backup else " No good backup."
            lines.append(f"{problem.file}: {problem.reason}.{backup}")
        self.notify(
            "\n".join(lines)
            + "\nThey are left unchanged. To restore one, quit gmtool and copy its backup "
            "over it; the tabs that read it say so until then.",
            title=f"{len(damaged)} damaged campaign file{'s' if len(damaged) > 1 else ''}",
            severity="error",
            timeout=60,
        )

    def show_campaign_title(self) -> None:
        from gmtool.actions.sessions import current_session

        session = current_session(self.campaign)
        where = f" · {session.title} (session {session.id})" if session else ""
        self.sub_title = f"campaign: {self.campaign.name}{where}"

    # -- game sessions ----------------------------------------------------------------------
    def action_session(self) -> None:
        """F2: start a game session, or end the one that is open."""
        from gmtool.actions import sessions
        from gmtool.tui.dialogs.session import SessionDialog

        current = sessions.current_session(self.campaign)
        if current is not None:

            def end(sure: bool | None = True) -> None:
                if not sure:
                    return
                try:
                    ended = sessions.end_session(self.campaign)
                except (RulesError, StoreError) as exc:
                    self.notify(str(exc), severity="error")
                    return
                self.notify(f"{ended.title} ended. F2 starts the next session.")
                self.show_campaign_title()
                self.table_notes.journal_saved()

            battle = sessions.unfinished_battle(self.campaign)
            if battle is None:
                end()
                return
            from gmtool.tui.dialogs import ConfirmDialog

            question = (
                f"{battle} is not over. End {current.title} anyway? The battle stays open "
                "and goes on in the next session."
            )
            self.push_screen(ConfirmDialog(question), end)
            return
        number = len(self.campaign.sessions()) + 1

        def started(title: str | None) -> None:
            if title is None:
                return
            try:
                session = sessions.start_session(self.campaign, title)
            except (RulesError, StoreError) as exc:
                self.notify(str(exc), severity="error")
                return
            self.notify(f"{session.title} started: rolls and injuries now record it.")
            self.show_campaign_title()
            self.table_notes.journal_saved()
            self.table_notes.show_previously()

        self.push_screen(SessionDialog(number), started)

    # -- notes from any tab (tui/table_notes.py) ----------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.table_notes.offers(action)

    def action_note(self) -> None:
        """ctrl+j from any tab: a timestamped note in the open session."""
        self.table_notes.ask()

    def action_undo_note(self) -> None:
        """ctrl+z just after a note (nothing saved since): the note is taken back."""
        self.table_notes.undo()

    # -- quitting ---------------------------------------------------------------------------
    async def action_quit(self) -> None:
        """Everything is saved as it happens except a dialog's typed fields: ask first if
        there are any."""
        from textual.widgets import Input

        from gmtool.tui.dialogs import ConfirmDialog, GmDialog

        screen = self.screen
        if isinstance(screen, GmDialog):
            typing = screen.unsaved_changes()
        else:  # Textual's own modal screens (the command palette's search field)
            typing = isinstance(screen, ModalScreen) and bool(screen.query(Input))
        if not typing:
            self.exit()
            return

        def answered(quit_now: bool | None) -> None:
            if quit_now:
                self.exit()

        self.push_screen(
            ConfirmDialog(
                "Quit gmtool? What is typed in this dialog is not saved yet and will be lost. "
                "Everything else is saved."
            ),
            answered,
        )

    # -- navigation -------------------------------------------------------------------------
    def show_tab(self, tab_id: str) -> None:
        self.hold_keys_for_cursor()
        # Take the cursor out of the tab being hidden: left there, Textual moves it to a
        # neighbour once hidden (showing that tab again, or onto the tab bar), maybe after
        # the shown tab took it.
        tabs = self.query_one(TabbedContent)
        if tabs.active != f"tab-{tab_id}" and not isinstance(self.screen, ModalScreen):
            self.screen.set_focus(None)
        tabs.active = f"tab-{tab_id}"
        with suppress(NoMatches):
            place_underline(self.query_one("TabbedContent > ContentTabs", Tabs))
        # now: a tab built before has the cursor in the frame that shows it
        self._focus_when_built(self.ensure_tab_built(tab_id), FOCUS_TRIES)

    def hold_keys_for_cursor(self) -> None:
        """Hold the keys until the tab shown has the cursor (`_focus_when_built`): they are
        its keys (key_hold.py); the hold's safety wait lets none through to the tab bar
        meanwhile, however long a busy machine takes."""
        self.hold_keys()
        self._cursor_wanted = True

    def _focus_when_built(self, pane: Any, tries: int) -> None:
        """Put the cursor on the tab's starting widget, again after each refresh until it is
        in the tab: on a busy machine a new tab may lack its widgets or layout for a while.
        The held keys are handled then (or when the tries run out)."""
        if tries > 0 and self._tab_still_wants_cursor(pane):
            with suppress(NoMatches):  # its widgets are not there yet
                pane.focus_default()
            self.call_after_refresh(self._focus_when_built, pane, tries - 1)
        else:
            self._cursor_wanted = False
            self.release_keys()

    def keys_awaited(self) -> bool:
        return self._cursor_wanted

    def _tab_still_wants_cursor(self, pane: Any) -> bool:
        if self.screen is not self.screen_stack[0] or not pane.is_attached:
            return False  # a dialog opened meanwhile (the held keys are its), or closing
        if self.query_one(TabbedContent).active != f"tab-{pane.id}":
            return False  # the GM went on to another tab
        focused = self.screen.focused
        return focused is None or pane not in focused.ancestors_with_self

    def action_show_tab_number(self, number: int) -> None:
        if isinstance(self.screen, ModalScreen):
            return  # a dialog is open: digits belong to it, not to the tab bar
        if 1 <= number <= len(self.tabs):
            self.show_tab(self.tabs[number - 1].TAB_ID)

    def _changed_elsewhere(self) -> None:
        """Another process saved since (a save here was refused): the tab on screen reads
        again once the refusal has been shown."""
        pane = self.built_tab(self.current_tab().TAB_ID)
        if pane is not None:
            self.call_later(pane.read_again)

    def current_tab(self) -> Any:
        active = self.query_one(TabbedContent).active.removeprefix("tab-")
        return next(t for t in self.tabs if active == t.TAB_ID)

    def action_help(self) -> None:
        from gmtool.tui.dialogs.help import HelpScreen  # Markdown is slow to import; wait for F1

        if isinstance(self.screen, HelpScreen):
            return
        spec = self.current_tab()
        tab = spec.load()
        built = self.built_tab(spec.TAB_ID)
        # a tab still being built has only its HELP and keys
        text = built.help_text() if isinstance(built, tab) else tab.HELP
        everywhere = keys_markdown(APP_ACTIONS)
        self.push_screen(HelpScreen(tab.TITLE, text, [t.title for t in self.tabs], everywhere))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for number, tab in enumerate(self.tabs, start=1):
            yield SystemCommand(
                f"Go to {tab.TITLE}",
                f"Open the {tab.TITLE} tab (key {number})",
                lambda tab_id=tab.TAB_ID: self.show_tab(tab_id),
            )
        for entry in palette_entries(APP_ACTIONS):
            yield SystemCommand(
                entry.name, entry.description, partial(self.run_action, entry.action)
            )
        for spec in self.tabs:
            tab = spec.load()
            for title, help_text, action in tab.palette_commands():
                yield SystemCommand(
                    f"{tab.TITLE}: {title}",
                    help_text,
                    lambda tab_id=tab.TAB_ID, action=action: self._run_tab_command(tab_id, action),
                )

    def _run_tab_command(self, tab_id: str, action: str) -> None:
        """Show the tab and run one of its palette entries (an action of its table)."""
        self.show_tab(tab_id)
        pane = self.ensure_tab_built(tab_id)
        self.call_after_refresh(pane.run_action, action)

    def on_unmount(self) -> None:
        with suppress(ValueError):
            self.campaign.changed_elsewhere.remove(self._changed_elsewhere)
        if self._owns_campaign:
            self.campaign.close()


def make_app(
    campaign_path: str | Path | None = None,
    *,
    seed: int | None = None,
    clock: Clock | None = None,
    campaign: Campaign | None = None,
) -> GmApp:
    """Build the app on a campaign (the demo campaign without a path).

    The campaign opens before the TUI starts, so a locked or damaged one is one clear
    message, not a half-drawn screen.
    """
    if campaign is not None:
        return GmApp(campaign, owns_campaign=False)
    from gmtool.actions.campaign_files import demo_campaign_path, ensure_demo_campaign

    if campaign_path is None:
        campaign_path = demo_campaign_path()
        ensure_demo_campaign(campaign_path, seed=seed)
    kwargs: dict[str, Any] = {"seed": seed, "purpose": "the gmtool app"}
    if clock is not None:
        kwargs["clock"] = clock
    return GmApp(open_campaign(campaign_path, **kwargs))
