"""The Torga IV tab's new-game dialog: who plays which side, and which scenario (the Torga
IV table or a GM's own file, checked before the game starts)."""

from __future__ import annotations

from typing import NamedTuple

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import Scenario, load_scenario
from gmtool.rules.skirmish.turn_modes import AUTOMATIC, MANUAL, SOLO
from gmtool.tui.dialogs import GmDialog, write_line
from gmtool.tui.styles import tab_css

# The name the dialog is kept under between games.
NEW_GAME_FORM = "torga-new-game"

MODE_TEXT = {
    SOLO: "Solo: the app plays the solo side (the Jem'Hadar in Torga IV)",
    MANUAL: "Two players: both sides played by hand",
    AUTOMATIC: "Both automatic: the app plays both; g for each activation",
}


class NewGameChoice(NamedTuple):
    scenario: Scenario
    mode: str


class NewGameScreen(GmDialog[NewGameChoice | None]):
    """Who plays which side, and which scenario. Escape asks first only once the GM chose
    another mode or typed a file."""

    DEFAULT_CSS = tab_css(__file__, "new_game.tcss")

    def compose(self) -> ComposeResult:
        with Vertical(id="ng-box", classes="dialog-box"):
            yield Static(
                "[b]New skirmish game[/b] (replaces the game in play; ctrl+z brings it back)"
            )
            yield OptionList(
                *[Option(text, id=mode) for mode, text in MODE_TEXT.items()], id="ng-modes"
            )
            yield Label("Scenario file (leave empty for Torga IV)")
            yield Input(
                placeholder="e.g. my_torga.yaml, a copy of tables/scenarios/torga_iv.yaml",
                id="ng-file",
                compact=True,
            )
            yield Static("", id="ng-error", classes="dialog-error")
            yield Static(
                "↑↓ who plays · enter start · tab scenario file · esc cancel",
                id="ng-hint",
                classes="dialog-hint",
            )

    def on_mount(self) -> None:
        self.renew()

    def renew(self) -> None:
        """As first drawn: the first mode highlighted, no file, no error (the dialog is
        kept between games: closing it then lays the tab out only once)."""
        self.restore_fields()
        write_line(self.query_one("#ng-error", Static), "")
        modes = self.query_one("#ng-modes", OptionList)
        modes.highlighted = 0
        modes.focus()

    def unsaved_changes(self) -> bool:
        """The file typed, or a mode other than the first highlighted."""
        moved = (self.query_one("#ng-modes", OptionList).highlighted or 0) != 0
        return moved or super().unsaved_changes()

    @on(OptionList.OptionSelected, "#ng-modes")
    @on(Input.Submitted, "#ng-file")
    def start(self) -> None:
        mode = list(MODE_TEXT)[self.query_one("#ng-modes", OptionList).highlighted or 0]
        path = self.query_one("#ng-file", Input).value.strip()
        try:
            scenario = load_scenario(path or None)
        except RulesError as exc:
            self.query_one("#ng-error", Static).update(f"Not started: {exc}")
            self.query_one("#ng-file", Input).focus()
            return
        self.dismiss(NewGameChoice(scenario, mode))
