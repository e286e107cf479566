"""The Battle tab's boarding and ramming dialogs: both show what the rules will count
before anything is rolled; the action the tab calls makes the rolls."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gmtool.rules.battle import BattleState, RamPreview
from gmtool.rules.battle.boarding import (
    BoardingOdds,
    BoardingStrength,
    boarding_name,
    boarding_odds,
)
from gmtool.tui.action_table import TabAction
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.battle.requests import Board, Ram

CHOICE_WORDS = {
    "own": "a bonus to the check of {own}",
    "enemy": "a penalty to the check of {enemy}",
}
OTHER_CHOICE = {"own": "enemy", "enemy": "own"}


def strength_text(state: BattleState, strength: BoardingStrength) -> str:
    """'17 points: 16 troops, the leader Lt Bram Adeyemi'."""
    parts = [f"{strength.troops} troops"]
    if strength.characters:
        names = ", ".join(state.character(c).name for c in strength.characters)
        parts.append(f"{names} (2 each)")
    if strength.leader is not None:
        parts.append(f"the leader {state.character(strength.leader).name}")
    return f"{strength.points} points: {', '.join(parts)}"


def odds_text(state: BattleState, odds: BoardingOdds) -> str:
    """One target's line: the defenders' points and the step the numbers give."""
    target = state.ship(odds.defenders.ship_id)
    if target.abandoned:
        return f"{target.name}: abandoned, nobody defends her; the boarders come aboard unopposed"
    text = f"{target.name}: defenders {strength_text(state, odds.defenders)}"
    if odds.boarders_step:
        text += f"; we outnumber them: {odds.boarders_step:+d} to our check"
    elif odds.defenders_step:
        text += f"; they outnumber us: {odds.defenders_step:+d} to theirs"
    else:
        text += "; neither side outnumbers the other"
    return text


class BoardScreen(GmDialog["Board | None"]):
    """Send a boarding party at the picked target; l switches our leader's choice, d the
    defending leader's: 'own' (a bonus to their side's check) or 'enemy' (a penalty to the
    other side's)."""

    DEFAULT_CSS = tab_css(__file__, "order_dialogs.tcss")
    AUTO_FOCUS = "OptionList"
    ACTIONS = (
        TabAction("enter", "board", "Board", "Send the boarding party", priority=True),
        TabAction("l", "switch('leader')", "Our leader's choice", "Switch our leader's choice"),
        TabAction("d", "switch('defender')", "Their leader's choice",
                  "Switch the defending leader's choice"),
    )  # fmt: skip

    def __init__(
        self, state: BattleState, ship_id: str, method: str, targets: tuple[str, ...]
    ) -> None:
        super().__init__()
        self.state = state
        self.ship_id = ship_id
        self.method = method
        self.odds = {t: boarding_odds(state, ship_id, t) for t in targets}
        self.choices = {"leader": "own", "defender": "own"}

    @property
    def target(self) -> str:
        """The target highlighted (the list is the targets' odds in order)."""
        return list(self.odds)[self.query_one(OptionList).highlighted or 0]

    def compose(self) -> ComposeResult:
        ship = self.state.ship(self.ship_id)
        first = next(iter(self.odds.values()))
        with Vertical(classes="dialog-box") as box:
            box.border_title = f"{ship.name} boards by {boarding_name(self.method)}"
            yield Static(
                f"Boarders: {strength_text(self.state, first.boarders)}.", id="board-boarders"
            )
            yield OptionList(
                *[Option(odds_text(self.state, o), id=t) for t, o in self.odds.items()]
            )
            yield Static("", id="board-leaders")
            yield Static(
                "enter boards: the leaders roll, then the boarders' check against the "
                "defenders'; l / d switch the leaders' choices; escape cancels",
                classes="dialog-hint",
            )
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show_leaders()

    def _leader_line(self, strength: BoardingStrength, key: str, own: str, enemy: str) -> str:
        if strength.leader is None:
            return f"{own}: no leader fit at the station, nobody rolls the leader's check."
        name = self.state.character(strength.leader).name
        choice = self.choices[key]
        words = CHOICE_WORDS[choice].format(own=own, enemy=enemy)
        return f"{name} ({key[0]}) chooses {words} (on a success)."

    @on(OptionList.OptionHighlighted)
    def _show_leaders(self) -> None:
        odds = self.odds[self.target]
        boarders = f"{self.state.ship(self.ship_id).name}'s boarders"
        defenders = f"{self.state.ship(odds.defenders.ship_id).name}'s defenders"
        lines = [
            self._leader_line(odds.boarders, "leader", boarders, defenders),
            self._leader_line(odds.defenders, "defender", defenders, boarders),
        ]
        self.query_one("#board-leaders", Static).update(Text("\n".join(lines)))

    def action_switch(self, key: str) -> None:
        self.choices[key] = OTHER_CHOICE[self.choices[key]]
        self._show_leaders()

    def action_board(self) -> None:
        choices = self.choices["leader"], self.choices["defender"]
        self.dismiss(Board(self.ship_id, self.target, self.method, *choices))


def ram_lines(state: BattleState, preview: RamPreview) -> list[str]:
    """What a ram will roll, in order, as the ram dialog shows it."""
    ship, target = state.ship(preview.ship_id), state.ship(preview.target_id)
    lines = [f"1. {ship.name} rams: {preview.ram.describe()}."]
    if preview.avoid is None:
        lines.append(f"2. {target.name} cannot act: she cannot try to avoid it.")
    else:
        lines.append(
            f"2. If it succeeds, {target.name} tries to avoid it: {preview.avoid.describe()}."
        )
    hits = []
    for victim_id, notation in preview.damage:
        victim = state.ship(victim_id)
        other = target if victim_id == ship.id else ship
        by = f"{other.spec.ship_class} hull"
        if notation is None:
            hits.append(f"{victim.name}: you type it in (no roll set for a {by})")
        else:
            hits.append(f"{victim.name} takes {notation} (a {by})")
    lines.append("3. If the ram lands, the damage is rolled: " + "; ".join(hits) + ".")
    return lines


class RamScreen(GmDialog["Ram | None"]):
    """A ram, confirmed: the checks and the damage it will roll; enter rams."""

    DEFAULT_CSS = tab_css(__file__, "order_dialogs.tcss")

    ACTIONS = (
        TabAction("enter", "ram", "Ram", "Ram the target", priority=True),
        TabAction("n", "cancel", "Cancel", "Do not ram", show=False),
    )

    def __init__(self, state: BattleState, preview: RamPreview) -> None:
        super().__init__()
        self.state = state
        self.preview = preview

    def compose(self) -> ComposeResult:
        ship = self.state.ship(self.preview.ship_id)
        target = self.state.ship(self.preview.target_id)
        with Vertical(classes="dialog-box") as box:
            box.border_title = f"{ship.name} rams {target.name}"
            yield Static(Text("\n".join(ram_lines(self.state, self.preview))), id="ram-plan")
            yield Static(
                "enter rams and rolls all of it (every roll goes to the log); escape cancels",
                classes="dialog-hint",
            )
        yield KeyFooter()

    def action_ram(self) -> None:
        self.dismiss(Ram(self.preview.ship_id, self.preview.target_id))
