"""The Torga IV tab's settings dialog: the options of the game in play. The tab saves the
choice with the game as one undoable step."""

from __future__ import annotations

from msgspec.structs import replace
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gmtool.rules.skirmish.scenario import Scenario
from gmtool.rules.skirmish.state import GameOptions
from gmtool.tui.action_table import TabAction
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css

WOUNDS = "wound_effects"
FIRST = "first_in_tier"
PLAYERS = "automatic"
SETTINGS = (WOUNDS, FIRST, PLAYERS)


def players_text(scenario: Scenario, automatic: tuple[str, ...]) -> str:
    if not automatic:
        return "nobody: the GM (or two players) play both sides"
    if len(automatic) == len(scenario.sides):
        return "both sides (g plays each activation)"
    side = scenario.side(automatic[0]).name
    return f"the {side} (solo play: you play the other side)"


def setting_text(scenario: Scenario, options: GameOptions, setting: str) -> str:
    if setting == WOUNDS:
        state = "on" if options.wound_effects else "off"
        return f"Wound effects: {state} (a wounded figure moves and fights worse)"
    if setting == FIRST:
        return f"Acts first in each action point: the {scenario.side(options.first_in_tier).name}"
    return f"The app plays: {players_text(scenario, options.automatic)}"


def stepped(scenario: Scenario, options: GameOptions, setting: str) -> GameOptions:
    """The options with one setting moved on to its next value."""
    if setting == WOUNDS:
        return replace(options, wound_effects=not options.wound_effects)
    if setting == FIRST:
        return replace(options, first_in_tier=scenario.other_side(options.first_in_tier))
    first, second = (side.id for side in scenario.sides)
    choices: list[tuple[str, ...]] = [(), (second,), (first,), (first, second)]  # enter's order
    current = tuple(s.id for s in scenario.sides if s.id in options.automatic)
    index = choices.index(current) if current in choices else 0
    return replace(options, automatic=choices[(index + 1) % len(choices)])


class SettingsScreen(GmDialog[GameOptions | None]):
    """Enter changes the highlighted setting; ctrl+s keeps them all."""

    DEFAULT_CSS = tab_css(__file__, "settings.tcss")
    ACTIONS = (
        TabAction("enter", "step", "Change", "Change the highlighted setting"),
        TabAction("ctrl+s", "keep", "Keep settings", "Keep the settings for this game"),
    )

    def __init__(self, scenario: Scenario, options: GameOptions) -> None:
        super().__init__()
        self.scenario = scenario
        self.options = options
        self.given = options  # as the game has them

    def compose(self) -> ComposeResult:
        with Vertical(id="set-box", classes="dialog-box"):
            yield Static(f"[b]Settings of this game[/b] ({self.scenario.name})")
            yield OptionList(*self._options(), id="set-list")
            yield Static(
                "enter changes the highlighted setting. Kept with the game as one step: "
                "ctrl+z in the tab takes it back. Who acts first counts from the next "
                "action point.",
                id="set-note",
                classes="dialog-hint",
            )
        yield KeyFooter()

    def _options(self) -> list[Option]:
        return [
            Option(setting_text(self.scenario, self.options, setting), id=setting)
            for setting in SETTINGS
        ]

    def on_mount(self) -> None:
        choices = self.query_one("#set-list", OptionList)
        choices.highlighted = 0
        choices.focus()

    def unsaved_changes(self) -> bool:
        return self.options != self.given

    @on(OptionList.OptionSelected, "#set-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_step()

    def action_step(self) -> None:
        choices = self.query_one("#set-list", OptionList)
        index = choices.highlighted or 0
        self.options = stepped(self.scenario, self.options, SETTINGS[index])
        choices.set_options(self._options())
        choices.highlighted = index

    def action_keep(self) -> None:
        self.dismiss(self.options)
