"""The players' screen: a small read-only Textual app that follows the GM's campaign.

One process per browser visitor (`gmtool serve` runs `gmtool player-view` for each), so the
app only reads: it opens the campaign read-only (no lock, no write), shows the
`PlayerModel` and nothing else, and its keys only switch tabs. Every `POLL_SECONDS` it lists
the campaign's folders (`reader.fingerprint`); when a save changed them it reads the model
again in a thread, and shows it only if the read was whole. Served, it runs on
`PlayerWebDriver`, which ends the process when the server is gone.
"""

from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text
from textual import constants, events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.driver import Driver
from textual.widgets import Footer, Static, TabbedContent, TabPane
from textual.worker import get_current_worker

from gmtool.actions.errors import StoreError
from gmtool.player import picture
from gmtool.player.model import PlayerModel
from gmtool.player.reader import Fingerprint, Reading, fingerprint, read_whole
from gmtool.player.text import log_text, party_table
from gmtool.player.web_driver import TEXTUAL_WEB_DRIVER, PlayerWebDriver
from gmtool.rules.errors import RulesError
from gmtool.tui.tabs.torga.map import MapView, SkirmishMap
from gmtool.tui.tabs.torga.standing import ending_text, standing_text

POLL_SECONDS = 0.2
# Narrower than this (a phone), the ladder goes above the ships instead of beside them, and
# the round's log after them instead of under the ladder.
SIDE_BY_SIDE_WIDTH = 100
LOG_LINES = 12  # the round's last entries shown
# How long the first read may keep meeting saves under way before the screen says so.
FIRST_READ_PATIENCE = 3.0
TAB_IDS = ("battle", "party", "torga")
# Each tab's scrolling pane, which has the keys.
SCROLL_IDS = {"battle": "battle-scroll", "party": "party-pane", "torga": "torga-pane"}


class PlayerApp(App[None]):
    """The players' view of one campaign."""

    TITLE = "gmtool: the players' screen"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { overflow: hidden; }
    #tabs { height: 1fr; }
    #tabs TabPane { height: 1fr; padding: 0; }
    #status { height: 1; background: $panel; color: $text; padding: 0 1; }
    #status.trouble { background: $error 40%; }
    #party-table, #torga-standing { height: auto; padding: 0 1; }
    #battle-headline { height: auto; padding: 0 1; margin-bottom: 1; }
    #battle-top { height: auto; }
    #battle-left { width: 50; height: auto; padding: 0 1; }
    #battle-edge { height: auto; margin-bottom: 1; }
    #battle-ladder { height: auto; margin-bottom: 1; }
    #battle-fleets { width: 1fr; height: auto; padding: 0 1; }
    .narrow #battle-top { layout: vertical; }
    .narrow #battle-left { width: 1fr; }
    .log-title { height: 1; text-style: bold underline; }
    #battle-log-lines { height: auto; }
    #battle-log-below { height: auto; padding: 0 1; }
    #battle-recap { height: auto; padding: 0 1; }
    #battle-scroll > .log-title { margin-top: 1; padding: 0 1; }
    #battle-scroll .narrow-only { display: none; }
    #battle-scroll.narrow .narrow-only { display: block; }
    #battle-scroll.narrow .wide-only { display: none; }
    #torga-pane { align-horizontal: center; }
    """
    BINDINGS = [
        Binding("1", "show_tab('battle')", "Battle"),
        Binding("2", "show_tab('party')", "Party"),
        Binding("3", "show_tab('torga')", "Torga IV"),
    ]

    def __init__(self, folder: Path, *, poll: bool = True) -> None:
        super().__init__()
        self.folder = folder
        self.poll = poll
        self.model: PlayerModel | None = None
        self.shown: Fingerprint | None = None
        self.reads = 0  # whole reads shown, for tests and the status line
        self.theme = "textual-dark"

    def get_driver_class(self) -> type[Driver]:
        """Under textual-serve, the web driver that ends the process when its server is gone."""
        if constants.DRIVER == TEXTUAL_WEB_DRIVER:
            return PlayerWebDriver
        return super().get_driver_class()

    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with TabbedContent(id="tabs"):
            with TabPane("Battle", id="battle"), VerticalScroll(id="battle-scroll"):
                yield Static(id="battle-headline")
                with Horizontal(id="battle-top"):
                    with Vertical(id="battle-left"):
                        yield Static(id="battle-edge")
                        yield Static(id="battle-ladder")
                        yield Static("This round", classes="log-title wide-only")
                        yield Static(id="battle-log-lines", classes="wide-only")
                    yield Static(id="battle-fleets")
                yield Static("This round", classes="log-title narrow-only")
                yield Static(id="battle-log-below", classes="narrow-only")
                yield Static(id="battle-recap")
            with TabPane("Party", id="party"), VerticalScroll(id="party-pane"):
                yield Static(id="party-table")
            with TabPane("Torga IV", id="torga"), VerticalScroll(id="torga-pane"):
                yield SkirmishMap(reserve=(4, 10), id="torga-map")
                yield Static(id="torga-standing")
        yield Footer()

    def on_mount(self) -> None:
        deadline = time.monotonic() + FIRST_READ_PATIENCE
        reading, failed = self._try_read()
        while reading is None and not failed and time.monotonic() < deadline:
            time.sleep(0.05)  # a save under way: it takes milliseconds
            reading, failed = self._try_read()
        if reading is not None:
            self.show_reading(reading)
        elif not failed:
            self.show_status("waiting for the GM's save to finish…", trouble=True)
        if self.poll:
            self.set_interval(POLL_SECONDS, self._poll)

    def action_show_tab(self, tab: str) -> None:
        if tab in TAB_IDS:
            self.query_one(TabbedContent).active = tab

    @on(TabbedContent.TabActivated)
    def _scroll_keys_to_the_tab(self, event: TabbedContent.TabActivated) -> None:
        """Up, Down, Page Up/Down, Home and End scroll the tab shown: on a small screen the
        ships and their crew losses lie below the range ladder."""
        tab = event.pane.id
        if tab in SCROLL_IDS:
            self.query_one(f"#{SCROLL_IDS[tab]}", VerticalScroll).focus()

    # -- following the campaign -------------------------------------------------------------
    def _try_read(self) -> tuple[Reading | None, bool]:
        """A whole reading (None: a save was under way), and whether the read failed."""
        try:
            return read_whole(self.folder), False
        except (StoreError, RulesError, OSError) as exc:
            self.show_status(f"cannot read the campaign: {exc}", trouble=True)
            return None, True

    def _poll(self) -> None:
        try:
            now = fingerprint(self.folder)
        except OSError:
            return
        if now != self.shown:
            self.run_worker(self._read_in_thread, thread=True, exclusive=True, group="read")

    def _read_in_thread(self) -> None:
        worker = get_current_worker()
        try:
            reading = read_whole(self.folder)
        except (StoreError, RulesError, OSError) as exc:
            message = f"cannot read the campaign: {exc}"
            self.call_from_thread(self.show_status, message, True)
            return
        if reading is not None and not worker.is_cancelled:
            self.call_from_thread(self.show_reading, reading)

    # -- showing ----------------------------------------------------------------------------
    def show_status(self, message: str, trouble: bool = False) -> None:
        status = self.query_one("#status", Static)
        status.update(message)
        status.set_class(trouble, "trouble")

    def show_reading(self, reading: Reading) -> None:
        self.shown = reading.fingerprint
        try:
            self.show(reading.model)
        except (RulesError, StoreError) as exc:  # a campaign with bad data: say so, stay up
            self.show_status(f"cannot show the campaign: {exc}", trouble=True)
            return
        self.reads += 1

    def show(self, model: PlayerModel) -> None:
        """Put the model on screen (the only way anything reaches it)."""
        self.model = model
        self.show_status(f"{model.campaign} · the players' screen (follows the GM's saves)")
        self._show_battle(model)
        party = self.query_one("#party-table", Static)
        if model.party:
            party.update(party_table(model.party))
        else:
            party.update(Text("No characters yet.", style="dim"))
        self._show_skirmish(model)

    def on_resize(self, event: events.Resize) -> None:
        if self.model is not None:  # the new width (self.size may not have caught up yet)
            self._show_battle(self.model, event.size.width)

    def _show_battle(self, model: PlayerModel, width: int | None = None) -> None:
        """The battle as a picture, laid out for the screen's width (TV or phone)."""
        battle = model.battle
        width = max(self.size.width if width is None else width, 20)
        narrow = width < SIDE_BY_SIDE_WIDTH
        self.query_one("#battle-scroll").set_class(narrow, "narrow")
        headline = self.query_one("#battle-headline", Static)
        lines = self.query_one("#battle-log-lines", Static)
        below = self.query_one("#battle-log-below", Static)
        edge = self.query_one("#battle-edge", Static)
        ladder = self.query_one("#battle-ladder", Static)
        ships = self.query_one("#battle-fleets", Static)
        recap = self.query_one("#battle-recap", Static)
        recap.display = bool(model.recap)
        recap.update(Text("\n" + model.recap) if model.recap else "")
        if battle is None:
            headline.update(Text("No battle yet.", style="dim"))
            for part in (edge, ladder, ships, lines, below):
                part.update("")
            return
        headline.update(picture.headline(battle, width - 2))
        edge.update(picture.edge_and_headings(battle))
        ladder.update(picture.range_ladder(battle, width - 4 if narrow else 48))
        ships.update(picture.fleets(battle, width - 4 if narrow else width - 54))
        # both places get the log; the CSS shows one (wide-only, narrow-only)
        log = log_text(battle.log[-LOG_LINES:])
        lines.update(log)
        below.update(log)

    def _show_skirmish(self, model: PlayerModel) -> None:
        chart = self.query_one("#torga-map", SkirmishMap)
        standing = self.query_one("#torga-standing", Static)
        game = model.skirmish
        chart.display = game is not None
        if game is None:
            standing.update(Text("No Torga IV game yet.", style="dim"))
            return
        chart.show(MapView(game.state, selected=None))
        scenario = game.state.scenario
        width = max(self.size.width - 4, 40)
        if game.standing.ending is not None:
            winner = scenario.side(game.standing.ending.winner).name
            text = Text(f"Game over: {winner} win", style="bold reverse")
            text.append("\n")
            text.append(ending_text(game.standing.ending, scenario, width), style="bold")
            standing.update(text)
        else:
            automatic = set(game.state.options.automatic)
            players = {s.id: "app" if s.id in automatic else "GM" for s in scenario.sides}
            standing.update(standing_text(game.standing, scenario, players, width))


def make_player_app(folder: Path | str, *, poll: bool = True) -> PlayerApp:
    """The players' app on this campaign folder (the CLI and the tests share it)."""
    return PlayerApp(Path(folder), poll=poll)
