"""How gmtool plays a side of a narrative battle, from the battle's state alone.

The GM hands a side to gmtool at set-up (`auto`) or later; `battle next` and play-on take
these choices for gmtool's sides, and offer the same ones to the GM's side as the likeliest
(the cursor's) and as the defaults of "play on to the end of the round". Pure: no dice, no
files; the numbers are in tables/autopilot.yaml.

The choices (`AUTOPILOT_HELP` says them in the GM's words, for the help screens):

- **Standing.** The strength a side keeps is the hull points of its ships still in the
  fight, each weighed by its durability state, as a share of all its ships' hull points
  (1 at the start). A side none of whose fighting ships is better than crippled is
  *crippled*; one that keeps `winning_margin` more than the other is *winning*, and the
  other side *losing*; else both are *even* (as every battle starts).
- **Rolls.** It rolls whatever the phase asks: the edge, sensors, the attacks, the repair
  parties' roll (stun and wound damage first, else a system back on line), and goes on.
- **Heading.** Winning: close (at very close range, hold). Even: hold, turning the arc with
  the most weapon mounts toward the enemy. Losing or crippled: open, turning away (at
  disengaged the battle is over). Closing or opening only where Table 3-4 says it moves
  the range, against the other side's heading (declared, else the one its standing asks
  for): against an equally fast fleet that closes, opening keeps the range and only turns
  the guns away, so it holds and fights.
- **Targets.** Every weapon that bears fires at the enemy ship most hurt already (the worse
  durability state, then the more boxes marked), else at the enemy flagship, else the
  first enemy in the fight.
- **Special orders** (gmtool's own sides only; the GM's side is never given one): a ship of
  a losing or crippled side that is crippled or worse, with people aboard and not
  abandoning yet, is abandoned. gmtool never rams, boards or self-destructs.
- **Getting clear.** The characters aboard a ship of gmtool's side that is being abandoned
  or is lost get clear of her (an escape pod: off the ship, in the campaign's stations too)
  before anything else is played.
- **Withdrawing.** At disengaged range a losing or crippled side withdraws.
- It never types damage in, leads, distributes power or moves characters between
  stations: those are the GM's.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from gmtool.rules.battle.actions import ActionInfo, available_actions
from gmtool.rules.battle.attacks import attack_options
from gmtool.rules.battle.autopilot_help import AUTOPILOT_HELP as AUTOPILOT_HELP
from gmtool.rules.battle.engine.movement import drifting, movement_heading, side_acceleration
from gmtool.rules.battle.orders import nobody_aboard
from gmtool.rules.battle.state import CREW, SIDES, BattleShip, BattleState, other_side
from gmtool.rules.battle.steps import HOLD, OPEN
from gmtool.rules.narrative import arcs_for_heading, hold_arc_choices, next_range, range_ids
from gmtool.rules.ship_damage import can_act, state_ids
from gmtool.rules.tables import cached_table, load_table

CLOSE = "close"
Standing = Literal["winning", "even", "losing", "crippled"]
TURNS_AWAY: tuple[Standing, ...] = ("losing", "crippled")


class AutopilotTable(msgspec.Struct, frozen=True):
    state_weight: dict[str, float]
    winning_margin: float
    abandon_from: str


@cached_table
def autopilot_table() -> AutopilotTable:
    root = load_table("autopilot")
    root.only_keys({"state_weight", "winning_margin", "abandon_from"}, what="autopilot table")
    states = state_ids()
    weights: dict[str, float] = {}
    for key, node in root["state_weight"].items():
        if key not in states:
            raise node.error(f"a ship state ({', '.join(states)})", key)
        weight = node.number(minimum=0)
        if weight > 1:
            raise node.error("a weight from 0 to 1", weight)
        weights[str(key)] = float(weight)
    margin = root["winning_margin"].number(minimum=0)
    if margin > 1:
        raise root["winning_margin"].error("a share from 0 to 1", margin)
    abandon_from = root["abandon_from"].choice(list(states))
    return AutopilotTable(weights, float(margin), abandon_from)


# -- how a side stands ----------------------------------------------------------------------
def _rank(ship_state: str) -> int:
    return state_ids().index(ship_state)


def _crippled_rank() -> int:
    """The most severe state in which a ship still acts (the rules' crippled)."""
    return max(_rank(s) for s in state_ids() if can_act(s))


def strength_kept(state: BattleState, side: str) -> float:
    """The share of its strength the side keeps, from 1 (every ship whole) to 0."""
    weights = autopilot_table().state_weight
    ships = state.ships_of(side)
    total = sum(s.spec.hull_points for s in ships)
    kept = sum(s.spec.hull_points * weights.get(s.state, 0.0) for s in ships if s.in_fight)
    return kept / total if total else 0.0


def standing(state: BattleState, side: str) -> Standing:
    """How the side stands against the other (see the module's docstring)."""
    fighting = [s for s in state.ships_of(side) if s.in_fight]
    if not fighting or all(_rank(s.state) >= _crippled_rank() for s in fighting):
        return "crippled"
    lead = strength_kept(state, side) - strength_kept(state, other_side(side))
    margin = autopilot_table().winning_margin
    if lead >= margin:
        return "winning"
    if lead <= -margin:
        return "losing"
    return "even"


# -- headings -------------------------------------------------------------------------------
def held_arc(state: BattleState, side: str) -> str:
    """The arc with the most weapon mounts of the side's ships (ties: the table's order)."""
    choices = hold_arc_choices()

    def mounts(arc: str) -> int:
        bearing = arcs_for_heading(HOLD, arc)
        return sum(
            system.count
            for ship in state.ships_of(side)
            for system in ship.spec.systems
            if system.arc is not None and system.arc in bearing
        )

    return max(choices, key=lambda arc: (mounts(arc), -choices.index(arc)))


def wanted_heading(state: BattleState, side: str) -> str:
    """The heading the side's standing asks for, before looking at where it leads."""
    how = standing(state, side)
    if how in TURNS_AWAY:
        return OPEN
    if how == "winning" and state.range != range_ids()[-1]:
        return CLOSE
    return HOLD


def _their_heading(state: BattleState, side: str) -> str:
    """The other side's heading as far as this side can tell: declared, drifting, else the
    one its standing asks for."""
    other = state.side(other_side(side))
    if drifting(state, other.id) or (other.declared and other.heading is not None):
        return movement_heading(state, other.id)
    return wanted_heading(state, other.id)


def _range_after(state: BattleState, side: str, own: str) -> int:
    """Table 3-4's range after `own` heading, as a rung (0 the farthest); with a side that
    has no ship left to move the range stays (resolve_movement)."""
    edge = state.edge_winner
    assert edge is not None
    if not all(any(s.in_battle for s in state.ships_of(x)) for x in SIDES):
        return range_ids().index(state.range)
    headings = {side: own, other_side(side): _their_heading(state, side)}
    opposing = other_side(edge)
    after = next_range(
        state.range,
        headings[opposing],
        headings[edge],
        side_acceleration(state, opposing),
        side_acceleration(state, edge),
    )
    return range_ids().index(after)


def choose_heading(state: BattleState, side: str) -> tuple[str, str | None]:
    """(heading, held arc or None) for the side: the one its standing asks for when it gets
    it somewhere (opening: the range grows; closing: it shrinks, by Table 3-4 against the
    other side's heading, declared or expected), else hold with the best arc: turning away
    from a fleet as fast as this one only turns its guns away."""
    want = wanted_heading(state, side)
    if want == HOLD:
        return HOLD, held_arc(state, side)
    if state.edge_winner is None:  # headings are declared once the edge is rolled
        return want, None
    now = range_ids().index(state.range)
    after = _range_after(state, side, want)
    if (want == OPEN and after < now) or (want == CLOSE and after > now):
        return want, None
    return HOLD, held_arc(state, side)


# -- targets --------------------------------------------------------------------------------
def _marked_share(ship: BattleShip) -> float:
    total = sum(ship.damage.points.values())
    return sum(ship.damage.marked.values()) / total if total else 0.0


def choose_target(state: BattleState, side: str, choices: tuple[str, ...]) -> str:
    """Of the target ship ids offered, the enemy most hurt already, else the flagship."""
    flagship = state.side(other_side(side)).flagship

    def key(item: tuple[int, str]) -> tuple[int, float, bool, int]:
        index, ship_id = item
        ship = state.ship(ship_id)
        return (-_rank(ship.state), -_marked_share(ship), ship_id != flagship, index)

    return min(enumerate(choices), key=key)[1]


# -- special orders -------------------------------------------------------------------------
def ship_to_abandon(state: BattleState, side: str) -> str | None:
    """A ship of the side to abandon now (special orders phase), or None."""
    if state.phase != "special_orders" or standing(state, side) not in TURNS_AWAY:
        return None
    worst = _rank(autopilot_table().abandon_from)
    for ship in state.ships_of(side):
        if (
            ship.can_act
            and not ship.abandoning
            and ship.order_given is None
            and _rank(ship.state) >= worst
            and not nobody_aboard(state, ship)
        ):
            return ship.id
    return None


# -- the next step --------------------------------------------------------------------------
class Move(msgspec.Struct, frozen=True):
    """The step `next` plays: the engine action and what it is given. `side` is whose
    choice it is (a heading, a target, an order), None for rolls and going on."""

    action: str
    side: str | None = None
    ship_id: str | None = None
    target: str | None = None
    weapon: str | None = None
    heading: str | None = None
    held_arc: str | None = None
    track: str | None = None
    system: str | None = None
    character_id: str | None = None


# The phase business `next` plays, first listed first.
PLAYED = (
    "roll_edge",
    "declare_heading",
    "resolve_movement",
    "roll_sensors",
    "roll_attack",
    "roll_repair",
    "advance",
    "end_battle",
)


def _from_info(state: BattleState, info: ActionInfo) -> Move:
    if info.action == "declare_heading":
        assert info.side is not None
        heading, arc = choose_heading(state, info.side)
        return Move(info.action, info.side, heading=heading, held_arc=arc)
    if info.action == "roll_attack":  # the first attack listed is the first option
        option = attack_options(state)[0]
        side = state.ship(option.ship_id).side
        target = choose_target(state, side, tuple(t.ship_id for t in option.targets))
        return Move(info.action, side, option.ship_id, target, weapon=option.weapon)
    if info.action == "roll_repair":
        assert info.ship_id is not None
        choice = info.choices[0]
        if choice in state.ship(info.ship_id).systems_out:
            return Move(info.action, ship_id=info.ship_id, system=choice)
        return Move(info.action, ship_id=info.ship_id, track=choice)
    return Move(info.action, ship_id=info.ship_id)


def next_move(state: BattleState) -> Move | None:
    """The step to play next with gmtool's choices (special orders and withdrawing for the
    sides gmtool plays only); None when there is nothing `next` can play."""
    found = available_actions(state)
    if not found:
        return None
    for info in found:  # gmtool's people get clear of its ships abandoned or lost first
        if info.action == "leave_ship" and info.side in state.auto:
            return Move("leave_ship", info.side, info.ship_id, character_id=info.character_id)
    if found[0].action == "end_battle":  # the battle is over: no new round
        return Move("end_battle")
    for info in found:
        side = info.side
        if info.action != "withdraw" or side is None or side not in state.auto:
            continue
        if standing(state, side) in TURNS_AWAY:
            return Move("withdraw", side)
    for side in SIDES:
        if side in state.auto:
            ship_id = ship_to_abandon(state, side)
            if ship_id is not None:
                return Move("abandon_ship", side, ship_id)
    for action in PLAYED:
        for info in found:
            if info.action != action:
                continue
            if action == "roll_repair" and info.character_id != CREW:
                continue
            if action == "declare_heading" and info.side and state.side(info.side).declared:
                continue  # declared: only a change of mind is offered
            return _from_info(state, info)
    return None
