"""Playing the skirmish: legal actions and their results (fire, hand-to-hand, moves).

Who acts when is `tiers.py` (activations by action-point tier, turns, victory); what a move
costs is `moves.py`; `Action` and `Event` are `action_kinds.py`. This module re-exports
their names, so callers keep importing them from here.

`apply_action(state, action, rng)` returns a new state and the events (every die and its
result, in words) and leaves its input untouched; `play_action` does the same work in place
for the simulation, where copying a state per action would cost more than the action.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish.action_kinds import (
    ACTION_KINDS,
    AIM,
    FIRE,
    HAND_TO_HAND,
    HOLD,
    MOVE,
    PICK_UP,
    Action,
    Event,
)
from gmtool.rules.skirmish.combat import hand_to_hand
from gmtool.rules.skirmish.fire import (
    MODIFIER_WORDS,
    fire_needed,
    shot_at,
    shot_terms,
    shots,
)
from gmtool.rules.skirmish.geometry import EPS
from gmtool.rules.skirmish.moves import (
    MovePlan,
    crowding,
    move_allowance,
    move_cost,
    move_problem,
    plan_move,
    table_problem,
)
from gmtool.rules.skirmish.scenario import Scenario
from gmtool.rules.skirmish.state import DroppedWeapon, Figure, GameOptions, GameState
from gmtool.rules.skirmish.tiers import (
    advance,
    begin_turn,
    check_wiped_out,
    is_ready,
    ready_figures,
    roll_die,
    roll_solo_order,
    standing_count,
)

__all__ = [
    "ACTION_KINDS",
    "AIM",
    "FIRE",
    "HAND_TO_HAND",
    "HOLD",
    "MOVE",
    "PICK_UP",
    "Action",
    "Event",
    "MovePlan",
    "aim_problem",
    "apply_action",
    "crowding",
    "deploy",
    "deployment_preview",
    "enemies_in_contact",
    "in_contact",
    "is_ready",
    "legal_actions",
    "move_allowance",
    "move_cost",
    "move_problem",
    "new_game",
    "plan_move",
    "play_action",
    "ready_figures",
    "roll_solo_order",
    "standing_count",
    "table_problem",
]

# -- small helpers ------------------------------------------------------------------------------


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
    roll = roll_die(rng, die)
    total = roll + mods
    hit = total <= hit_on
    wounds = state.options.weapon_wounds[weapon.id] if hit else 0
    if events is not None:
        shot = shot_at(state, shooter, target)
        assert shot is not None
        mod_text = "".join(f", {MODIFIER_WORDS[kind]} {value:+d}" for kind, value in shot.modifiers)
        result = f"hit, {_plural(wounds, 'wound')}" if hit else "miss"
        # said as the referee's preview says it: the weapon's number and its modifiers,
        # then the one number the die must show or less (shot.needed), and the die
        events.append(
            Event(
                FIRE,
                f"{shooter.name} fires the {weapon.name} at {target.name}: "
                f"{shot.range_inches:.1f} in ({shot.band_label}), number {hit_on}"
                f"{mod_text} → d{die} ≤ {shot.needed}; rolled {roll}: {result}.",
                shooter.id,
                target.id,
                (roll,),
            )
        )
    shooter.aimed = False
    if hit:
        _wound(state, target, wounds, events)
        if target.fallen:  # only a fall can leave a side with nobody standing
            check_wiped_out(state, events)


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
    attack_roll = roll_die(rng, rule.die)
    defend_roll = roll_die(rng, rule.die)
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
        check_wiped_out(state, events)


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
            names = {p.id: p.name for p in state.scenario.terrain}
            crossed = ", ".join(names.get(o, o) for o in plan.obstacles)
            over = f", over the {crossed}" if plan.obstacles else ""
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
        advance(state, rng, events)


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
    begin_turn(state, rng, events)
    return state
