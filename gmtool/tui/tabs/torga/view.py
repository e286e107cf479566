"""What the Torga IV tab shows, as plain functions of the game and of what the GM is doing
(`Play`); the pane draws what these return."""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec
from rich.text import Text

from gmtool.actions.reads.skirmish import Played, SkirmishGame
from gmtool.rules.skirmish import (
    ACTION_KINDS,
    GameState,
    Scenario,
    SimulationSummary,
    legal_actions,
    plan_move,
    ready_figures,
    torga_iv,
)
from gmtool.rules.skirmish.engine import FIRE
from gmtool.rules.skirmish.outcome import standing
from gmtool.rules.skirmish.turn_modes import AUTOMATIC, MANUAL, SOLO, solo_side
from gmtool.tui.tabs.torga.log import log_text
from gmtool.tui.tabs.torga.map import MapView
from gmtool.tui.tabs.torga.panel import Choice, figure_line, move_line, pick_text
from gmtool.tui.tabs.torga.rules_card import rules_card
from gmtool.tui.tabs.torga.standing import standing_text
from gmtool.tui.tabs.torga.sweep import SweepResult

# What the keys do right now: looking at the table, placing a move, or picking a target.
BROWSE = "browse"
MOVING = "move"
PICKING = "pick"

MODE_SHORT = {SOLO: "solo", MANUAL: "two players", AUTOMATIC: "both automatic"}


class Play(msgspec.Struct, frozen=True):
    """What the GM is doing: the mode, the figure selected, a move's destination, a pick's
    choices and the one highlighted."""

    mode: str = BROWSE
    selected: str | None = None
    cursor: tuple[float, float] = (0.0, 0.0)
    pick_kind: str = ""
    options: Sequence[Choice] = ()
    index: int = 0


def parse_point(text: str) -> tuple[float, float] | None:
    """`x,y` (or `x y`) in inches, or None when the text is not two numbers."""
    parts = [p for p in re.split(r"[,\s;]+", text.strip()) if p]
    if len(parts) != 2:
        return None
    try:
        return float(parts[0]), float(parts[1])
    except ValueError:
        return None


def ready_ids(state: GameState | None) -> list[str]:
    """The figures that may act now (none with no game, or once it is over)."""
    if state is None or state.over:
        return []
    return [f.id for f in ready_figures(state)]


def kind_list(state: GameState | None, play: Play) -> list[str]:
    """The kinds of the selected figure's legal actions, one per action (none while moving
    or picking, or when nobody can act)."""
    if state is None or state.over or play.selected is None or play.mode != BROWSE:
        return []
    return [a.kind for a in legal_actions(state, play.selected)]


def players(game: SkirmishGame) -> dict[str, str]:
    """Who plays each side: the app or the GM."""
    return {s.id: "app" if game.is_automatic(s.id) else "GM" for s in game.scenario.sides}


def map_view(state: GameState, ready: frozenset[str], has_game: bool, play: Play) -> MapView:
    """The map: the selected figure and those `ready`, a move's destination, or a pick's
    target among the others."""
    if play.mode == MOVING and play.selected and has_game:
        plan = plan_move(state, play.selected, *play.cursor)
        return MapView(state, play.selected, ready, play.cursor, plan.legal)
    if play.mode == PICKING and play.options:
        target = play.options[play.index][0].target
        others = frozenset(a.target for a, _s, _d in play.options if a.target)
        fire = play.pick_kind == FIRE and target is not None
        return MapView(state, play.selected, target=target, targets=others, fire_line=fire)
    return MapView(state, play.selected, ready)


def action_text(game: SkirmishGame | None, play: Play, kinds: list[str], width: int) -> str | Text:
    """The action panel: a move's cost, a pick's choices, or the selected figure's line."""
    if game is None or game.state.over:
        return ""
    state = game.state
    if play.mode == MOVING and play.selected is not None:
        return move_line(state, play.selected, play.cursor)
    if play.mode == PICKING and play.options:
        return pick_text(play.pick_kind, list(play.options), play.index)
    return figure_line(state, game, play.selected, kinds, width)


def roster_row(state: GameState, selected: str | None) -> int | None:
    """The roster's row of the selected figure (each side's row above its figures)."""
    rows: list[str | None] = []
    for side in state.scenario.sides:
        rows += [None, *(fig.id for fig in state.teams[side.id])]
    return rows.index(selected) if selected is not None and selected in rows else None


def played_words(played: Played, mode: str) -> str:
    """What an action did, in the log's words; in solo play, how many activations the app
    answered with."""
    own = [line.text for line in played.lines if not line.auto and line.kind != "turn"]
    replies = sum(1 for line in played.lines if line.auto and line.kind in ACTION_KINDS)
    message = " ".join(own) or played.label
    if mode == SOLO and replies and any(not line.auto for line in played.lines):
        steps = "activation" if replies == 1 else "activations"
        message += f" The app answered: {replies} {steps} (in the log)."
    return message


def simulation_words(result: SimulationSummary | SweepResult, chart_shown: bool) -> str:
    """A finished simulation (or sweep) in one line: the first side's win rates."""
    if isinstance(result, SweepResult):
        first = result.summaries[0].side_names[0]
        rates = ", ".join(
            f"{value} {summary.win_rate(0):.0%}"
            for value, summary in zip(result.values, result.summaries, strict=True)
        )
        text = f"Sweep done: {first} wins by {result.key}: {rates}."
    else:
        first, second = result.side_names
        text = (
            f"Simulation done: {first} {result.win_rate(0):.0%}, "
            f"{second} {result.win_rate(1):.0%} of {result.games} games."
        )
    return text if chart_shown else f"{text} Press v to see the chart."


def new_game_words(scenario: Scenario, mode: str) -> str:
    """A new game started: the scenario, how it is played and the side the app plays."""
    who = ""
    if mode == SOLO:
        who = f" The app plays the {scenario.side(solo_side(scenario)).name} side."
    return f"New game: {scenario.name} ({MODE_SHORT[mode]}).{who}"


def history_words(label: str, dice: int, undone: bool) -> str:
    """An undo (or redo) done: what it took back (or did again) and its `dice`."""
    if undone:
        marked = f" ({dice} dice marked undone)" if dice else ""
        return f"Undone: {label}{marked}. ctrl+y does it again."
    marked = f" ({dice} dice as rolled before)" if dice else ""
    return f"Redone: {label}{marked}."


def standing_line(game: SkirmishGame | None, width: int) -> str | Text:
    """The line under the map: the standing of the game in play, or what the map shows."""
    if game is None:
        return "No game: the map shows the Torga IV deployment."
    state = game.state
    return standing_text(standing(state), state.scenario, players(game), width)


def log_lines(game: SkirmishGame | None) -> list[Text]:
    """The game's log, or what it will hold."""
    if game is None:
        return [Text("The game log shows every action and die here.", "#808080")]
    return [log_text(line) for line in game.log]


def loaded_words(game: SkirmishGame | None) -> str:
    """What the tab says on reading the saved game."""
    if game is None:
        return "No game yet: press n to start one."
    if game.state.over:
        return "The game is over: n starts a new one, ctrl+z takes back the end."
    return "Game resumed where it was left."


def rules_for(state: GameState | None) -> str:
    """The rules card of the scenario in play (Torga IV when none), for the F1 help."""
    return rules_card(torga_iv()) if state is None else rules_card(state.scenario, state.options)
