"""Automatic players: the solo side by the book, and a simple holding player for the other.

Each player is a "choose action" function `(state) -> Action` for the side to act: it picks
the first ready figure in roster order and says what that figure does. Neither rolls dice
(the solo order is rolled by the engine at the start of each turn), so a choice depends on
the state alone and a game replays from its seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.engine import (
    FIRE,
    HAND_TO_HAND,
    HOLD,
    MOVE,
    Action,
    crowding,
    move_allowance,
    table_problem,
)
from gmtool.rules.skirmish.fire import UNSEEN, sight
from gmtool.rules.skirmish.geometry import EPS, OPEN
from gmtool.rules.skirmish.state import FIRE_FIRST, Figure, GameState

Player = Callable[[GameState], Action]

# Directions tried when the straight line toward the goal is blocked or slowed: turning
# away from it by these angles, nearest first, alternately left and right.
_DETOURS = tuple(
    (math.cos(math.radians(a)), math.sin(math.radians(a)))
    for a in (0, 20, -20, 40, -40, 60, -60, 80, -80, 100, -100)
)

# Cover the holding player looks for: within this many of the figure's moves, the nearest
# few places tried in turn (a figure may stand on one of them).
_COVER_MOVES = 3
_COVER_TRIES = 4
# Closing in, the holding player stops this far inside its weapon's longest range.
_CLOSE_IN_MARGIN = 1.0

# Directions tried when walking around a wall: every 22.5 degrees.
_AROUND = tuple((math.cos(i * math.pi / 8), math.sin(i * math.pi / 8)) for i in range(16))


def _acting_figure(state: GameState) -> Figure:
    side = state.side_to_act
    if side is None:
        raise RulesError("the game is over: nobody acts")
    tier = state.tier
    for fig in state.teams[side]:  # is_ready, inline: this runs before every automatic action
        if fig.spent == tier - 1 and fig.action_points >= tier and not fig.fallen:
            return fig
    raise RulesError("no figure is ready to act")  # the engine never leaves a side so


def best_target(state: GameState, shooter: Figure) -> Figure | None:
    """The enemy the shooter can take the most wounds off on average (nearest on a tie).

    A shot with no chance to hit is no target. (The shot's number is `fire.shot_terms`'s,
    worked out here with the shooter's own modifiers summed once, and the board's memory
    of each sight read here first: this runs for every automatic activation.)
    """
    scenario = state.scenario
    fire = scenario.fire
    own = fire.aimed if shooter.aimed else 0
    if shooter.wounds and state.options.wound_effects:
        own += fire.shooter_wounded
    weapon = shooter.weapon
    reach2 = scenario.weapon(weapon).reach_squared
    wounds = state.options.weapon_wounds[weapon]
    sights = scenario.board.sights
    sx = shooter.x
    sy = shooter.y
    best: Figure | None = None
    best_value = 0
    best_range2 = 0.0
    for target in state.teams[scenario.opponents[shooter.side]]:
        if target.fallen:
            continue
        tx = target.x
        ty = target.y
        if (tx - sx) * (tx - sx) + (ty - sy) * (ty - sy) >= reach2:
            continue  # out of range: no need to ask the board
        seen = sights.get((sx, sy, tx, ty, weapon), UNSEEN)
        if seen is UNSEEN:
            seen = sight(state, shooter, target)
        if seen is None:
            continue
        _weapon, range2, _band, hit_on, in_open = seen
        needed = hit_on - own - (fire.target_in_open if in_open else 0)
        if needed <= 0:
            continue
        # chance in the die's faces times the wounds the hit would take off
        value = min(needed, fire.die) * min(wounds, target.action_points - target.wounds)
        if value > best_value or (value == best_value and range2 < best_range2):
            best, best_value, best_range2 = target, value, range2
    return best


def nearest_enemy(state: GameState, fig: Figure) -> tuple[Figure | None, float]:
    """The nearest standing enemy (roster order on a tie) and its squared distance."""
    nearest: Figure | None = None
    nearest2 = math.inf
    x = fig.x
    y = fig.y
    for other in state.teams[state.scenario.opponents[fig.side]]:
        if other.fallen:
            continue
        dx = other.x - x
        dy = other.y - y
        d2 = dx * dx + dy * dy
        if d2 < nearest2:
            nearest, nearest2 = other, d2
    return nearest, nearest2


# A straight-line plan: for each detour in order, the distance its unshortened end leaves
# to the goal, and where it ends (None: the table refuses it) with the distance left and
# whether it is the straight, full, unobstructed move no detour can beat.
_Detour = tuple[float, float | None, float, float, bool]
# A move's plan: the moves round a wall, best first (None when no wall is in the way), or
# the straight line's detours, and whether they are all there: while the straight move is
# clear only it is planned (no detour can beat it), the rest when a figure stands in its way.
_Plan = tuple[tuple[tuple[float, float], ...] | None, tuple[_Detour, ...], bool]


def move_toward(
    state: GameState, fig: Figure, goal_x: float, goal_y: float, stop_at: float
) -> Action | None:
    """The legal straight move that ends nearest the goal, no nearer than `stop_at`.

    Straight at the goal first; when a wall, an obstacle or a figure spoils that line, the
    detours above, shortened to pay for any obstacle crossed. None when no move gets closer.

    What the table allows is planned once per place, goal and allowance and kept on the
    board (terrain never moves, and in a simulation the same places come up game after
    game); only the other figures' bases are checked each time.
    """
    allowance = move_allowance(state, fig)
    dx = goal_x - fig.x
    dy = goal_y - fig.y
    dist = math.hypot(dx, dy)
    want = dist - stop_at
    if want <= EPS or allowance <= EPS:
        return None
    board = state.scenario.board
    key = (fig.x, fig.y, goal_x, goal_y, stop_at, allowance)
    plan: _Plan | None = board.plans.get(key)
    if plan is None:
        if board.wall_between(fig.x, fig.y, goal_x, goal_y):
            plan = (_plan_around(state, fig, goal_x, goal_y, allowance), (), True)
        else:
            straight = _plan_detours(state, fig, goal_x, goal_y, allowance, want, 1)
            if straight[0][4]:
                plan = (None, straight, False)
            else:
                plan = (None, _plan_detours(state, fig, goal_x, goal_y, allowance, want), True)
        board.remember_plan(key, plan)
    around, detours, complete = plan
    if around is not None:
        for x, y in around:
            if crowding(state, fig, x, y) is None:
                return Action(MOVE, fig.id, None, x, y)
        return None
    best = _best_detour(state, fig, detours, dist)
    if best is None and not complete:  # a figure stands at the straight move's end
        detours = _plan_detours(state, fig, goal_x, goal_y, allowance, want)
        board.remember_plan(key, (None, detours, True))
        best = _best_detour(state, fig, detours, dist)
    return best


def _best_detour(
    state: GameState, fig: Figure, detours: tuple[_Detour, ...], dist: float
) -> Action | None:
    """The detour ending nearest the goal where no figure stands, if any gets closer."""
    best: Action | None = None
    best_left = dist - EPS
    for raw_left, end_x, end_y, left, clear in detours:
        if raw_left >= best_left - EPS or end_x is None:
            continue  # even unshortened this detour cannot beat the best so far
        if left >= best_left - EPS or crowding(state, fig, end_x, end_y) is not None:
            continue
        best = Action(MOVE, fig.id, None, end_x, end_y)
        best_left = left
        if clear:
            break  # straight, full length, nothing crossed: no detour can do better
    return best


def _plan_detours(
    state: GameState,
    fig: Figure,
    goal_x: float,
    goal_y: float,
    allowance: float,
    want: float,
    count: int = len(_DETOURS),
) -> tuple[_Detour, ...]:
    """The first `count` detours' ends as the table allows them (see `_Detour`)."""
    board = state.scenario.board
    dx = goal_x - fig.x
    dy = goal_y - fig.y
    dist = math.hypot(dx, dy)
    ux = dx / dist
    uy = dy / dist
    steps: list[_Detour] = []
    for cos_a, sin_a in _DETOURS[:count]:
        vx = ux * cos_a - uy * sin_a
        vy = ux * sin_a + uy * cos_a
        length = min(allowance, want)
        x = fig.x + vx * length
        y = fig.y + vy * length
        raw_left = math.hypot(goal_x - x, goal_y - y)
        cost = board.move_cost(fig.x, fig.y, x, y)
        if cost is not None and cost > allowance + EPS:
            length -= cost - allowance  # pay for the obstacles by moving less
            x = fig.x + vx * length
            y = fig.y + vy * length
            cost = None if length <= 0.5 else board.move_cost(fig.x, fig.y, x, y)
            if cost is not None and cost > allowance + EPS:
                cost = None
        if cost is None or table_problem(state, fig, x, y) is not None:
            steps.append((raw_left, None, 0.0, math.inf, False))
            continue
        left = math.hypot(goal_x - x, goal_y - y)
        steps.append((raw_left, x, y, left, cos_a == 1.0 and cost <= length + EPS))
    return tuple(steps)


def _plan_around(
    state: GameState, fig: Figure, goal_x: float, goal_y: float, allowance: float
) -> tuple[tuple[float, float], ...]:
    """With a wall in the way: the moves the table allows, best first, judged by where the
    walk to the goal is shortest on the board's walking-distance grid."""
    board = state.scenario.board
    field = board.walking_field(goal_x, goal_y)
    here = field[board.cell(fig.x, fig.y)]
    candidates: list[tuple[float, float, float, float]] = []
    for cos_a, sin_a in _AROUND:
        for length in (allowance, allowance - board.obstacle_cost):
            if length <= 0.5:
                continue
            x = fig.x + cos_a * length
            y = fig.y + sin_a * length
            if not board.on_table(x, y):
                continue
            score = field[board.cell(x, y)]
            if score < here:
                left = math.hypot(goal_x - x, goal_y - y)
                candidates.append((score, left, x, y))
    candidates.sort()
    return tuple(
        (x, y) for _score, _left, x, y in candidates if table_problem(state, fig, x, y) is None
    )


def _solo_step(state: GameState) -> str:
    """MOVE or FIRE: the solo side's step for this action-point tier, from the turn's d6."""
    first, second = (FIRE, MOVE) if state.solo_order == FIRE_FIRST else (MOVE, FIRE)
    return first if state.tier % 2 == 1 else second


def jemhadar_player(state: GameState) -> Action:
    """The solo rules: move toward the nearest enemy or fire, in the order the turn's die
    gave; fire with nothing in range becomes a move, base contact means hand-to-hand, and a
    figure that cannot get any closer fires if it can."""
    fig = _acting_figure(state)
    nearest, nearest2 = nearest_enemy(state, fig)
    if nearest is None:
        return Action(HOLD, fig.id)
    reach = state.scenario.base_contact + EPS
    if nearest2 <= reach * reach:
        return Action(HAND_TO_HAND, fig.id, nearest.id)
    step = _solo_step(state)
    if step == FIRE:
        target = best_target(state, fig)
        if target is not None:
            return Action(FIRE, fig.id, target.id)
    move = move_toward(state, fig, nearest.x, nearest.y, state.scenario.base_contact)
    if move is not None:
        return move
    if step == MOVE:
        target = best_target(state, fig)
        if target is not None:
            return Action(FIRE, fig.id, target.id)
    return Action(HOLD, fig.id)


def federation_player(state: GameState) -> Action:
    """Hold the ground: fire at the best target. With nothing in range, a figure in the open
    takes cover from the nearest enemy (walks to the nearest free place behind an
    obstacle), or closes in until that enemy is in range when no cover lies within a few moves; a
    figure already in cover, or hidden behind a wall, holds there."""
    fig = _acting_figure(state)
    target = best_target(state, fig)
    if target is not None:
        return Action(FIRE, fig.id, target.id)
    move = _cover_or_close_in(state, fig)
    if move is not None:
        return move
    return Action(HOLD, fig.id)


def _cover_or_close_in(state: GameState, fig: Figure) -> Action | None:
    """The move toward cover from the nearest enemy, else toward that enemy's range; None
    when the figure is out of its sight already or no move helps."""
    enemy, _ = nearest_enemy(state, fig)
    if enemy is None:
        return None
    board = state.scenario.board
    if board.line_of_fire(enemy.x, enemy.y, fig.x, fig.y) != OPEN:
        return None
    reach2 = (_COVER_MOVES * move_allowance(state, fig)) ** 2
    spots = sorted(
        ((x - fig.x) ** 2 + (y - fig.y) ** 2, x, y)
        for x, y in board.cover_spots(enemy.x, enemy.y)
        if (x - fig.x) ** 2 + (y - fig.y) ** 2 <= reach2
        and not board.wall_between(fig.x, fig.y, x, y)
        and crowding(state, fig, x, y) is None
    )
    for _d2, x, y in spots[:_COVER_TRIES]:
        move = move_toward(state, fig, x, y, 0.0)
        if move is not None:
            return move
    in_range = state.scenario.weapon(fig.weapon).max_range - _CLOSE_IN_MARGIN
    stop_at = max(in_range, state.scenario.base_contact)
    return move_toward(state, fig, enemy.x, enemy.y, stop_at)


def automatic_player(state: GameState) -> Action:
    """The solo rules for the scenario's solo side, the holding player for the other."""
    solo = state.scenario.solo
    if solo is not None and state.side_to_act == solo.side:
        return jemhadar_player(state)
    return federation_player(state)
