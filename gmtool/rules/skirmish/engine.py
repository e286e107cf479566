"""Playing the skirmish: activations by action-point tier, legal actions, and their results.

A turn runs in tiers. In tier 1 the sides alternate, one figure at a time, each spending its
first action point; a side with nobody left to act in the tier passes and the other side
finishes it. Tier 2 does the same with second action points, tier 3 with third. When no
figure can act any more the turn ends; the game ends when the scenario's victory turn
begins or a side is wiped out.

`apply_action(state, action, rng)` returns a new state and the events (every die and its
result, in words) and leaves its input untouched; `play_action` does the same work in place
for the simulation, where copying a state per action would cost more than the action.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.combat import hand_to_hand
from gmtool.rules.skirmish.fire import (
    MODIFIER_WORDS,
    fire_needed,
    measured,
    shot_at,
    shot_terms,
    shots,
)
from gmtool.rules.skirmish.geometry import EPS
from gmtool.rules.skirmish.scenario import Scenario
from gmtool.rules.skirmish.state import (
    FIRE_FIRST,
    MOVE_FIRST,
    DroppedWeapon,
    Figure,
    GameOptions,
    GameState,
)

MOVE = "move"
FIRE = "fire"
AIM = "aim"
HAND_TO_HAND = "hand_to_hand"
PICK_UP = "pick_up"
HOLD = "hold"
ACTION_KINDS = (MOVE, FIRE, AIM, HAND_TO_HAND, PICK_UP, HOLD)


class Action(NamedTuple):
    """What one figure does with one action point.

    `target` is the enemy figure for fire and hand-to-hand, the dropped weapon for pick_up;
    `x`, `y` the destination of a move (None in the move template `legal_actions` offers).
    A named tuple, not a frozen dataclass: the simulation makes one per action, and a
    tuple is made four times faster.
    """

    kind: str
    figure: str
    target: str | None = None
    x: float | None = None
    y: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "figure": self.figure,
            "target": self.target,
            "x": self.x,
            "y": self.y,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        return cls(
            str(data["kind"]),
            str(data["figure"]),
            None if data.get("target") is None else str(data["target"]),
            None if data.get("x") is None else float(data["x"]),
            None if data.get("y") is None else float(data["y"]),
        )


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in words, with the dice rolled for it."""

    kind: str
    text: str
    figure: str | None = None
    target: str | None = None
    rolls: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "figure": self.figure,
            "target": self.target,
            "rolls": list(self.rolls),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        return cls(
            str(data["kind"]),
            str(data["text"]),
            data.get("figure"),
            data.get("target"),
            tuple(int(r) for r in data.get("rolls", ())),
        )


@dataclass(frozen=True)
class MovePlan:
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


# -- small helpers ------------------------------------------------------------------------------


def _roll(rng: random.Random, sides: int) -> int:
    """One die. `random()` is several times faster than `randint` and as replayable."""
    return int(rng.random() * sides) + 1


def _fell(state: GameState, fig: Figure, events: list[Event] | None) -> None:
    fig.fallen = True
    fig.aimed = False
    state.dropped.append(DroppedWeapon(f"w{state.next_drop}", fig.weapon, fig.x, fig.y))
    state.next_drop += 1
    if events is not None:
        weapon = state.scenario.weapon(fig.weapon).name
        events.append(Event("fall", f"{fig.name} falls; the {weapon} drops.", fig.id))


def _wound(state: GameState, fig: Figure, wounds: int, events: list[Event] | None) -> None:
    """Mark wounds (no more than the figure has); it falls when they are used up."""
    fig.wounds = min(fig.wounds + wounds, fig.action_points)
    if fig.wounds >= fig.action_points:
        _fell(state, fig, events)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def move_allowance(state: GameState, fig: Figure) -> float:
    """Inches the figure may move with one action point."""
    scenario = state.scenario
    allowance = scenario.side(fig.side).move
    if fig.wounds and state.options.wound_effects:
        allowance += scenario.movement.wounded
    return max(0.0, allowance)


def in_contact(state: GameState, a: Figure, b: Figure) -> bool:
    """Base contact: centres at most the scenario's base_contact apart."""
    reach = state.scenario.base_contact + EPS
    dx = a.x - b.x
    dy = a.y - b.y
    return dx * dx + dy * dy <= reach * reach


def enemies_in_contact(state: GameState, fig: Figure) -> list[Figure]:
    return [
        other
        for other in state.figures
        if other.side != fig.side and not other.fallen and in_contact(state, fig, other)
    ]


def standing_count(state: GameState, side: str) -> int:
    return sum(1 for f in state.teams[side] if not f.fallen)


# -- who acts -----------------------------------------------------------------------------------


def is_ready(state: GameState, fig: Figure) -> bool:
    """Can this figure spend an action point in the current tier?"""
    tier = state.tier
    return not fig.fallen and fig.spent == tier - 1 and fig.action_points >= tier


def _side_ready(state: GameState, side: str, tier: int) -> bool:
    before = tier - 1
    for f in state.teams[side]:  # a plain loop: this runs after every action of a simulation
        if f.spent == before and f.action_points >= tier and not f.fallen:
            return True
    return False


def ready_figures(state: GameState) -> list[Figure]:
    """Figures of the side to act that may act now, in roster order."""
    side = state.side_to_act
    if side is None:
        return []
    return [f for f in state.figures if f.side == side and is_ready(state, f)]


def _advance(state: GameState, rng: random.Random, events: list[Event] | None) -> None:
    """After an activation: the other side if it can act in this tier, else this side,
    else the next tier (first side first), else the end of the turn."""
    scenario = state.scenario
    side = state.side_to_act
    assert side is not None
    other = scenario.opponents[side]
    tier = state.tier
    if _side_ready(state, other, tier):
        state.side_to_act = other
        return
    if _side_ready(state, side, tier):
        return
    top = scenario.most_action_points  # a tier past every standing figure's finds nobody
    first = state.options.first_in_tier
    second = scenario.other_side(first)
    for next_tier in range(tier + 1, top + 1):
        for candidate in (first, second):
            if _side_ready(state, candidate, next_tier):
                state.tier = next_tier
                state.side_to_act = candidate
                return
    _end_turn(state, rng, events)


def _begin_turn(state: GameState, rng: random.Random, events: list[Event] | None) -> None:
    scenario = state.scenario
    for fig in state.figures:
        fig.spent = 0
        fig.aimed = False
    if events is not None:
        events.append(Event("turn", f"Turn {state.turn} begins."))
    state.solo_order = None
    roll_solo_order(state, rng, events)
    state.tier = 1
    first = state.options.first_in_tier
    if _side_ready(state, first, 1):
        state.side_to_act = first
    else:
        state.side_to_act = scenario.other_side(first)


def roll_solo_order(state: GameState, rng: random.Random, events: list[Event] | None) -> None:
    """Roll the solo side's order for this turn, when the app plays that side (at the start
    of each turn, or when a game's settings hand the side to the app mid-turn)."""
    scenario = state.scenario
    solo = scenario.solo
    if solo is None or solo.side not in state.options.automatic:
        return
    roll = _roll(rng, solo.die)
    state.solo_order = MOVE_FIRST if roll <= solo.move_first_up_to else FIRE_FIRST
    if events is not None:
        order = (
            "move first, fire second"
            if state.solo_order == MOVE_FIRST
            else "fire first, move second"
        )
        events.append(
            Event(
                "solo_order",
                f"{scenario.side(solo.side).name} order: d{solo.die} {roll}: {order}.",
                rolls=(roll,),
            )
        )


def _end_turn(state: GameState, rng: random.Random, events: list[Event] | None) -> None:
    state.turn += 1
    if state.turn >= state.scenario.victory.turn:
        _judge(state, events, f"Turn {state.turn} begins: the time is up.")
        return
    _begin_turn(state, rng, events)


def _judge(state: GameState, events: list[Event] | None, why: str) -> None:
    """Decide the game by the victory rule: enough of the victory side standing?"""
    scenario = state.scenario
    rule = scenario.victory
    count = standing_count(state, rule.side)
    state.winner = rule.side if count >= rule.standing else scenario.other_side(rule.side)
    state.side_to_act = None
    if events is not None:
        side_name = scenario.side(rule.side).name
        winner = scenario.side(state.winner).name
        events.append(
            Event(
                "victory",
                f"{why} {side_name}: {count} standing (needs {rule.standing}). {winner} win.",
            )
        )


def _check_wiped_out(state: GameState, events: list[Event] | None) -> None:
    scenario = state.scenario
    for side in scenario.sides:
        if standing_count(state, side.id) == 0:
            if side.id == scenario.victory.side:
                state.winner = scenario.other_side(side.id)
                state.side_to_act = None
                if events is not None:
                    winner = scenario.side(state.winner).name
                    events.append(Event("victory", f"{side.name} wiped out. {winner} win."))
            else:
                _judge(state, events, f"{side.name} wiped out.")
            return


# -- fire ---------------------------------------------------------------------------------------


def _fire(
    state: GameState,
    shooter: Figure,
    target: Figure,
    rng: random.Random,
    events: list[Event] | None,
) -> None:
    terms = shot_terms(state, shooter, target)
    if terms is None:
        raise RulesError(f"{shooter.name} has no shot at {target.name}")
    weapon, _range2, _band, hit_on, mods = terms
    die = state.scenario.fire.die
    roll = _roll(rng, die)
    total = roll + mods
    hit = total <= hit_on
    wounds = state.options.weapon_wounds[weapon.id] if hit else 0
    if events is not None:
        shot = shot_at(state, shooter, target)
        assert shot is not None
        mod_text = "".join(f", {MODIFIER_WORDS[kind]} {value:+d}" for kind, value in shot.modifiers)
        result = f"hit, {_plural(wounds, 'wound')}" if hit else "miss"
        events.append(
            Event(
                FIRE,
                f"{shooter.name} fires the {weapon.name} at {target.name}: "
                f"{shot.range_inches:.1f} in ({shot.band_label}) needs {hit_on} or less"
                f"{mod_text}; d{die} {roll}{mods:+d} = {total}: {result}.",
                shooter.id,
                target.id,
                (roll,),
            )
        )
    shooter.aimed = False
    if hit:
        _wound(state, target, wounds, events)
        if target.fallen:  # only a fall can leave a side with nobody standing
            _check_wiped_out(state, events)


# -- hand-to-hand -------------------------------------------------------------------------------


def _melee(
    state: GameState,
    attacker: Figure,
    defender: Figure,
    rng: random.Random,
    events: list[Event] | None,
) -> None:
    rule = state.scenario.hand_to_hand
    effects = state.options.wound_effects
    attack_roll = _roll(rng, rule.die)
    defend_roll = _roll(rng, rule.die)
    attack_mod = attacker.hand_to_hand + (rule.wounded if effects and attacker.wounds else 0)
    defend_mod = defender.hand_to_hand + (rule.wounded if effects and defender.wounds else 0)
    attack_total = attack_roll + attack_mod
    defend_total = defend_roll + defend_mod
    to_defender, to_attacker = hand_to_hand(attack_total, defend_total, rule)
    if events is not None:
        if to_defender:
            result = f"{defender.name} takes {_plural(to_defender, 'wound')}"
        elif to_attacker:
            result = f"{attacker.name} takes {_plural(to_attacker, 'wound')}"
        else:
            result = "a draw"
        events.append(
            Event(
                HAND_TO_HAND,
                f"{attacker.name} attacks {defender.name} hand-to-hand: "
                f"d{rule.die} {attack_roll}{attack_mod:+d} = {attack_total} against "
                f"d{rule.die} {defend_roll}{defend_mod:+d} = {defend_total}: {result}.",
                attacker.id,
                defender.id,
                (attack_roll, defend_roll),
            )
        )
    if to_defender:
        _wound(state, defender, to_defender, events)
    if to_attacker:
        _wound(state, attacker, to_attacker, events)
    if defender.fallen or attacker.fallen:
        _check_wiped_out(state, events)


# -- moves --------------------------------------------------------------------------------------


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


# -- legal actions ------------------------------------------------------------------------------


def _dropped_in_reach(state: GameState, fig: Figure) -> list[DroppedWeapon]:
    reach = state.scenario.base_contact + EPS
    return [
        item
        for item in state.dropped
        if (item.x - fig.x) ** 2 + (item.y - fig.y) ** 2 <= reach * reach
    ]


def aim_problem(fig: Figure) -> str | None:
    """Why the figure may not aim now: an aim is for a later shot this turn, so it needs an
    action point left after this one (an aim not used by the end of the turn is lost)."""
    if fig.aimed:
        return "it has already aimed"
    if fig.action_points_left < 2:
        return "no action point would be left to fire the aimed shot this turn"
    return None


def legal_actions(state: GameState, figure_id: str | None = None) -> list[Action]:
    """The actions open now: for one ready figure, or for every ready figure of the side.

    A move appears once as a template (no destination); check a destination with
    `plan_move`. Hold (spend the action point doing nothing) is always open.
    """
    if state.over:
        return []
    if figure_id is None:
        figures = ready_figures(state)
    else:
        fig = state.figure(figure_id)
        figures = [fig] if fig.side == state.side_to_act and is_ready(state, fig) else []
    actions: list[Action] = []
    for fig in figures:
        if move_allowance(state, fig) > 0:
            actions.append(Action(MOVE, fig.id))
        actions.extend(Action(FIRE, fig.id, shot.target) for shot in shots(state, fig.id))
        if aim_problem(fig) is None:
            actions.append(Action(AIM, fig.id))
        actions.extend(
            Action(HAND_TO_HAND, fig.id, enemy.id) for enemy in enemies_in_contact(state, fig)
        )
        actions.extend(Action(PICK_UP, fig.id, item.id) for item in _dropped_in_reach(state, fig))
        actions.append(Action(HOLD, fig.id))
    return actions


def _check(state: GameState, fig: Figure, action: Action) -> None:
    """Refuse an action the rules do not allow now, saying why."""
    if state.over:
        raise RulesError("the game is over")
    if fig.side != state.side_to_act:
        raise RulesError(f"it is not {state.scenario.side(fig.side).name}'s activation")
    if not is_ready(state, fig):
        raise RulesError(f"{fig.name} cannot act in action-point tier {state.tier}")
    kind = action.kind
    if kind not in ACTION_KINDS:
        raise RulesError(f"unknown action {kind!r}: expected one of {', '.join(ACTION_KINDS)}")
    if kind == MOVE:
        if action.x is None or action.y is None:
            raise RulesError("a move needs a destination")
        problem = move_problem(state, fig, action.x, action.y)
        if problem is not None:
            raise RulesError(f"{fig.name} cannot move there: {problem}")
    elif kind in (FIRE, HAND_TO_HAND):
        if action.target is None:
            raise RulesError(f"{kind.replace('_', '-')} needs a target")
        target = state.figure(action.target)
        if target.side == fig.side or target.fallen:
            raise RulesError(f"{target.name} is not a standing enemy")
        if kind == FIRE and fire_needed(state, fig, target) is None:
            raise RulesError(f"{fig.name} has no shot at {target.name}")
        if kind == HAND_TO_HAND and not in_contact(state, fig, target):
            raise RulesError(f"{fig.name} is not in base contact with {target.name}")
    elif kind == PICK_UP:
        if not any(item.id == action.target for item in _dropped_in_reach(state, fig)):
            raise RulesError(f"{fig.name} has no dropped weapon {action.target!r} within reach")
    elif kind == AIM:
        problem = aim_problem(fig)
        if problem is not None:
            raise RulesError(f"{fig.name} cannot aim: {problem}")


# -- applying -----------------------------------------------------------------------------------


def play_action(
    state: GameState,
    action: Action,
    rng: random.Random,
    events: list[Event] | None = None,
    *,
    check: bool = True,
) -> None:
    """Apply an action to `state` in place, appending events when a list is given.

    `check=False` skips the legality checks: only for callers whose actions are legal by
    construction (the automatic players in the simulation).
    """
    if check:
        fig = state.figure(action.figure)
        _check(state, fig, action)
    else:
        fig = state.figures[state.scenario.roster_index[action.figure]]
    kind = action.kind
    if kind == MOVE:
        assert action.x is not None and action.y is not None
        if events is not None:
            plan = plan_move(state, fig.id, action.x, action.y)
            over = f", over {', '.join(plan.obstacles)}" if plan.obstacles else ""
            events.append(
                Event(
                    MOVE,
                    f"{fig.name} moves {plan.distance:.1f} in{over} "
                    f"(costs {plan.cost:.1f} of {plan.allowance:g} in).",
                    fig.id,
                )
            )
        fig.x = action.x
        fig.y = action.y
        fig.aimed = False
    elif kind == FIRE:
        assert action.target is not None
        _fire(state, fig, state.figure(action.target), rng, events)
    elif kind == AIM:
        fig.aimed = True
        if events is not None:
            events.append(Event(AIM, f"{fig.name} takes aim.", fig.id))
    elif kind == HAND_TO_HAND:
        assert action.target is not None
        _melee(state, fig, state.figure(action.target), rng, events)
    elif kind == PICK_UP:
        _pick_up(state, fig, action.target, events)
    elif kind == HOLD and events is not None:
        events.append(Event(HOLD, f"{fig.name} holds.", fig.id))
    fig.spent += 1
    if state.winner is None:
        _advance(state, rng, events)


def _pick_up(
    state: GameState, fig: Figure, item_id: str | None, events: list[Event] | None
) -> None:
    """Take a dropped weapon; the one carried is left where it lay."""
    item = next(i for i in state.dropped if i.id == item_id)
    state.dropped.remove(item)
    state.dropped.append(DroppedWeapon(f"w{state.next_drop}", fig.weapon, item.x, item.y))
    state.next_drop += 1
    if events is not None:
        scenario = state.scenario
        events.append(
            Event(
                PICK_UP,
                f"{fig.name} picks up the {scenario.weapon(item.weapon).name} and leaves the "
                f"{scenario.weapon(fig.weapon).name}.",
                fig.id,
                item.id,
            )
        )
    fig.weapon = item.weapon


def apply_action(
    state: GameState, action: Action, rng: random.Random
) -> tuple[GameState, list[Event]]:
    """Check and apply one action: a new state and what happened, the input unchanged."""
    new = state.copy()
    events: list[Event] = []
    play_action(new, action, rng, events)
    return new, events


def new_game(
    scenario: Scenario, rng: random.Random, options: GameOptions | None = None
) -> tuple[GameState, list[Event]]:
    """Deploy the scenario's forces and begin turn 1 (rolling the solo order if needed)."""
    options = options or GameOptions.from_scenario(scenario)
    options.check(scenario)
    events: list[Event] = []
    return deploy(scenario, rng, options, events), events


def deployment_preview(scenario: Scenario) -> GameState:
    """The forces where they start, for a table with no game yet: deployed with options
    under which nobody acts automatically, so no die is rolled (the seed only fills the
    signature) and the preview never touches the campaign's dice."""
    options = replace(GameOptions.from_scenario(scenario), automatic=())
    return new_game(scenario, random.Random(0), options)[0]


def deploy(
    scenario: Scenario, rng: random.Random, options: GameOptions, events: list[Event] | None
) -> GameState:
    """`new_game` without checking the options (the simulation checks them once a run)."""
    figures = [
        Figure(
            spec.id,
            spec.name,
            spec.side,
            spec.action_points,
            spec.hand_to_hand,
            spec.weapon,
            spec.start[0],
            spec.start[1],
        )
        for spec in scenario.forces
    ]
    state = GameState(scenario, options, figures, [])
    _begin_turn(state, rng, events)
    return state
