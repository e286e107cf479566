"""What the Torga IV tab writes beside and under the map: the roster, the acting figure's
line, a move's cost and a pick's choices. Pure text."""

from __future__ import annotations

from rich.console import RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from gmtool.actions.reads.skirmish import SkirmishGame
from gmtool.rules.skirmish import Action, GameState, move_allowance, plan_move
from gmtool.rules.skirmish.engine import AIM, FIRE, HAND_TO_HAND, PICK_UP
from gmtool.tui.tabs.torga.map import (
    WOUND_STYLE,
    figure_symbols,
    short_name,
    side_style,
    wound_marker,
)

PICK_VERBS = {FIRE: "Fire at", HAND_TO_HAND: "Attack", PICK_UP: "Pick up"}

# A pick's choices: the engine action, its short text, its details.
Choice = tuple[Action, str, str]


def roster_table(
    state: GameState, game: SkirmishGame | None, selected: str | None, ready: set[str]
) -> RenderableType:
    """Each side's figures with their action points, wounds and weapon (the map's legend)."""
    scenario = state.scenario
    symbols = figure_symbols(scenario)
    # no header: each side's row names the columns, one row less at 80x24
    table = Table.grid(padding=(0, 1, 0, 0), expand=True)
    table.add_column("  Figure", ratio=1, no_wrap=True, overflow="ellipsis")
    table.add_column("AP", width=3, no_wrap=True)
    table.add_column("Wnd", width=3, no_wrap=True)
    table.add_column("Weapon", no_wrap=True, overflow="ellipsis")
    for side in scenario.sides:
        colour = side_style(scenario, side.id)
        standing = len(state.standing(side.id))
        who = "" if game is None else (" · app" if game.is_automatic(side.id) else " · GM")
        table.add_row(
            Text(f"  {side.name}", style=colour),
            Text("AP", style="bold"),
            Text("Wnd", style="bold"),
            f"{standing} up{who}",
        )
        for fig in state.teams[side.id]:
            row_style = Style()
            if fig.fallen:
                row_style = Style(dim=True, strike=True)
            elif fig.id == selected:
                row_style = Style(reverse=True)
            elif fig.id in ready:
                row_style = Style(bold=True)
            weapon = scenario.weapon(fig.weapon).name
            if fig.aimed:
                weapon += " +aim"
            wounds = Text(f"{fig.wounds}/{fig.action_points}")
            if fig.wounds and not fig.fallen:
                wounds.stylize("#ffaf00")
            table.add_row(
                Text.assemble(
                    (symbols[fig.id], colour),
                    (wound_marker(fig.wounds).ljust(1), WOUND_STYLE),
                    short_name(fig.name),
                ),
                "—" if fig.fallen else f"{fig.action_points_left}/{fig.action_points}",
                wounds,
                "fallen" if fig.fallen else weapon,
                style=row_style,
            )
    return table


def figure_line(
    state: GameState, game: SkirmishGame, selected: str | None, kinds: list[str], width: int
) -> Text:
    """One line on the selected figure: who, what it carries, what it can do now (`kinds`,
    the keys being in the footer). Long names and details give way at 80 columns."""
    if selected is None:
        return Text("Nobody can act.")
    fig = state.figure(selected)
    symbol = figure_symbols(state.scenario)[fig.id]
    weapon = state.scenario.weapon(fig.weapon).name
    if fig.aimed:
        weapon += ", aimed"
    if fig.wounds:
        weapon += f", {fig.wounds} wound{'s' if fig.wounds != 1 else ''}"
    if game.is_automatic(fig.side):
        facts = ["the app plays this side: g"]
    else:
        shots_open = kinds.count(FIRE)
        facts = [
            f"{shots_open} in range" if shots_open else "nobody in range",
            f"moves {move_allowance(state, fig):g} in",
        ]
        if AIM in kinds:
            facts.append("may aim")
        if HAND_TO_HAND in kinds:
            facts.append(f"{kinds.count(HAND_TO_HAND)} in contact")
        if PICK_UP in kinds:
            count = kinds.count(PICK_UP)
            facts.append(f"{count} weapon{'s' if count != 1 else ''} in reach")
    left = fig.action_points_left
    place = f"at ({fig.x:.1f}, {fig.y:.1f})"
    variants: tuple[tuple[str, str, list[str]], ...] = (
        (fig.name, f"{left} of {fig.action_points} AP left", [place]),
        (short_name(fig.name), f"{left} of {fig.action_points} AP left", [place]),
        (short_name(fig.name), f"{left}/{fig.action_points} AP", [place]),
        (short_name(fig.name), f"{left}/{fig.action_points} AP", []),
    )
    for name, points, where in variants:
        about = " · ".join([points, weapon, *where, *facts])
        if len(symbol) + 1 + len(name) + 3 + len(about) <= width:
            break
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{symbol} {name}", side_style(state.scenario, fig.side))
    text.append(" · " + about)
    return text


def move_line(state: GameState, selected: str, cursor: tuple[float, float]) -> Text:
    """A move's distance, the obstacles it crosses and its cost against the allowance."""
    x, y = cursor
    plan = plan_move(state, selected, x, y)
    names = {p.id: p.name for p in state.scenario.terrain}
    cost = state.scenario.movement.obstacle_cost
    text = Text()
    text.append(f"Move {short_name(state.figure(selected).name)} to ({x:.1f}, {y:.1f}): ")
    text.append(f"{plan.distance:.1f} in")
    for obstacle in plan.obstacles:
        text.append(f" + {names.get(obstacle, obstacle)} {cost:g}")
    text.append(f" = {plan.cost:.1f} of {plan.allowance:g} in · ")
    if plan.legal:
        text.append("allowed", "bold #5fd75f")
    else:
        text.append(f"not allowed: {plan.reason}", "bold #ff5f5f")
    return text


def pick_text(kind: str, options: list[Choice], index: int) -> Text:
    """The choices on the first line, the picked one's details on the second (a two-line
    detail, hand-to-hand's, puts its first after the choices)."""
    text = Text()
    verb = PICK_VERBS.get(kind, "Pick")
    text.append(f"{verb}: ", "bold")
    for number, (_action, short, _details) in enumerate(options):
        if number:
            text.append(" ")
        style = "reverse bold" if number == index else ""
        text.append(f" {short} ", style)
    details = options[index][2]
    if "\n" in details:
        first, details = details.split("\n", 1)
        text.append(f" · {first}")
    text.append("\n")
    text.append(details)
    return text
