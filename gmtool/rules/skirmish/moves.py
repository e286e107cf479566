"""Moving a skirmish figure: its allowance, what a straight move costs, and why not.

The table's part of a move (edges, terrain, walls, cost against the allowance) is kept
apart from the other figures' part (`crowding`), so the automatic players can ask each
once.
"""

from __future__ import annotations

import math

import msgspec

from gmtool.rules.skirmish.fire import measured
from gmtool.rules.skirmish.geometry import EPS
from gmtool.rules.skirmish.state import Figure, GameState
from gmtool.rules.skirmish.tiers import is_ready


class MovePlan(msgspec.Struct, frozen=True):
    """What a proposed straight move would cost, and whether it is allowed."""

    figure: str
    x: float
    y: float
    distance: float
    obstacles: tuple[str, ...]  # ids of obstacles the line crosses
    cost: float  # distance plus obstacle costs
    allowance: float
    legal: bool
    reason: str  # why not, when not legal


def move_allowance(state: GameState, fig: Figure) -> float:
    """Inches the figure may move with one action point."""
    scenario = state.scenario
    allowance = scenario.side(fig.side).move
    if fig.wounds and state.options.wound_effects:
        allowance += scenario.movement.wounded
    return max(0.0, allowance)


def move_cost(state: GameState, fig: Figure, x: float, y: float) -> float:
    """Inches a straight move costs: its length as measured (one decimal) plus each
    obstacle crossed. Walls are not judged here."""
    board = state.scenario.board
    crossed = len(board.obstacles_crossed(fig.x, fig.y, x, y))
    return measured(math.hypot(x - fig.x, y - fig.y)) + crossed * board.obstacle_cost


def move_problem(state: GameState, fig: Figure, x: float, y: float) -> str | None:
    """Why the figure may not move straight to (x, y) now, or None if it may."""
    problem = table_problem(state, fig, x, y)
    if problem is not None:
        return problem
    crowded = crowding(state, fig, x, y)
    return None if crowded is None else f"it would stand on {crowded.name}'s base"


def table_problem(state: GameState, fig: Figure, x: float, y: float) -> str | None:
    """What the table says against the move: off it, into terrain, through a wall, too far
    for the figure's allowance. Depends on the figure's place and allowance alone."""
    scenario = state.scenario
    board = scenario.board
    if not board.on_table(x, y):
        return "that is off the table"
    dx = x - fig.x
    dy = y - fig.y
    if dx * dx + dy * dy <= EPS * EPS:
        return "a move must go somewhere"
    piece = board.piece_at(x, y)
    if piece is not None:
        return f"it would end inside the {piece.name}"
    if board.wall_between(fig.x, fig.y, x, y):
        wall = board.walls_crossed(fig.x, fig.y, x, y)[0]
        return f"the {wall.name} is in the way"
    cost = move_cost(state, fig, x, y)
    allowance = move_allowance(state, fig)
    if cost > allowance + EPS:
        return f"it costs {cost:.1f} in and the figure has {allowance:g} in"
    return None


def crowding(state: GameState, fig: Figure, x: float, y: float) -> Figure | None:
    """The standing figure whose base a figure at (x, y) would overlap, if any. The only
    part of `move_problem` that depends on other figures rather than the table."""
    spacing2 = state.scenario.board.spacing2
    for other in state.figures:
        ox = other.x - x
        if ox * ox >= spacing2:
            continue  # too far east or west to touch: most figures, so tested first
        oy = other.y - y
        if ox * ox + oy * oy < spacing2 and other is not fig and not other.fallen:
            return other
    return None


def plan_move(state: GameState, figure_id: str, x: float, y: float) -> MovePlan:
    """Distance, obstacles and cost of a straight move, and whether it is allowed now."""
    fig = state.figure(figure_id)
    board = state.scenario.board
    crossed = board.obstacles_crossed(fig.x, fig.y, x, y)
    length = measured(math.hypot(x - fig.x, y - fig.y))
    problem = move_problem(state, fig, x, y)
    if problem is None and not is_ready(state, fig):
        problem = f"{fig.name} cannot act now"
    return MovePlan(
        figure=fig.id,
        x=x,
        y=y,
        distance=length,
        obstacles=tuple(p.id for p in crossed),
        cost=move_cost(state, fig, x, y),
        allowance=move_allowance(state, fig),
        legal=problem is None,
        reason=problem or "",
    )
