"""Boarding: who may board whom, how strong each side is, and the boarding action.

RULES.md section 3: transporters reach from moderate range in while no energy screen is up;
a conventional approach needs very close range and a target unable to maneuver. The methods'
conditions, the system a method needs and whether it needs someone to send are in
tables/narrative.yaml (special_orders.boarding); how boarding points are counted and what
outnumbering gives, the leader's choice and ties in tables/battle.yaml (boarding). A refusal
is a typed `BoardingRefusal`, so a screen greys the order and the action says why without
reading words back.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import msgspec
from msgspec.structs import replace

from gmtool.rules.battle.config import battle_table
from gmtool.rules.battle.orders import living_aboard, ship_for_order, with_order
from gmtool.rules.battle.plans import plan_roll, why_not
from gmtool.rules.battle.power import energy_screen_up, on_line
from gmtool.rules.battle.state import BattleShip, BattleState
from gmtool.rules.battle.steps import (
    Step,
    StepResult,
    crew_plan,
    done,
    enemy_ship,
    roll_planned,
)
from gmtool.rules.crew import crew_manifest
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import (
    BoardingMethod,
    StepModifier,
    is_nearer,
    narrative_table,
    range_name,
    task_effect,
)
from gmtool.rules.ships import ship_spec_table

LEADER_CHOICES = ("own", "enemy")
BOARDERS_STATION = "boarding_party"
DEFENDERS_STATION = "internal_security"

# Why a boarding order cannot be given, most basic first.
OUT_OF_REACH = "out_of_reach"
CAN_MANEUVER = "target_can_maneuver"
NO_SYSTEM = "no_transporter"
SYSTEM_DOWN = "transporter_down"
NO_BOARDERS = "no_boarders"
SCREEN_UP = "screen_up"
HELD = "already_held"
REFUSAL_KINDS = (OUT_OF_REACH, CAN_MANEUVER, NO_SYSTEM, SYSTEM_DOWN, NO_BOARDERS, SCREEN_UP, HELD)


def boarding_name(method: str) -> str:
    """A boarding method as the tab names it: 'transporter', 'conventional boarding'."""
    return battle_table().boarding_names.get(method, method)


def helpless(ship: BattleShip) -> bool:
    """Unable to maneuver in its own defense (tables/battle.yaml, helpless)."""
    table = battle_table()
    if ship.state in table.helpless_states or ship.abandoning or ship.destroyed:
        return True
    engines = [m for m in ship.mounts() if m.system.type in table.helpless_without_systems]
    return bool(engines) and all(m.key in ship.systems_out for m in engines)


def _method(method: str) -> BoardingMethod:
    methods = narrative_table().boarding
    if method not in methods:
        raise RulesError(f"unknown boarding method {method!r}: expected {', '.join(methods)}")
    return methods[method]


# -- boarding strength ----------------------------------------------------------------------


class BoardingStrength(msgspec.Struct, frozen=True):
    """One side's boarding points: troops fit to fight, characters at the station (not the
    leader), and the leader who rolls (or None)."""

    ship_id: str
    troops: int
    characters: tuple[str, ...]
    leader: str | None
    points: int

    def describe(self) -> str:
        parts = [f"{self.troops} troops"]
        if self.characters:
            parts.append(
                f"{len(self.characters)} character{'s' if len(self.characters) != 1 else ''}"
            )
        if self.leader is not None:
            parts.append("a leader")
        return f"{self.points} points ({', '.join(parts)})"


def fit_share(ship: BattleShip) -> Fraction:
    """The share of her complement still fit to fight: the crew aboard less the dead, the
    badly wounded and anyone who has got clear (tables/battle.yaml, boarding.strength)."""
    complement = crew_manifest(ship.spec).total_crew
    if complement <= 0:
        return Fraction(0)
    losses = ship.crew_losses
    fit = ship.crew_total - losses["dead"] - losses["badly_wounded"] - ship.evacuated
    return Fraction(max(0, fit), complement)


def troops_fit(ship: BattleShip, posts: tuple[str, ...]) -> int:
    """The ship's crew in these posts who are fit to fight (rounded down)."""
    manifest = crew_manifest(ship.spec)
    share = fit_share(ship)
    return sum(math.floor(manifest.count(post) * share) for post in posts)


def leader_at(state: BattleState, ship: BattleShip, station: str) -> str | None:
    """The character at this station who can roll the boarding party leader's check."""
    for assignment in state.aboard(ship.id):
        if assignment.place != station:
            continue
        if why_not(state, ship, "boarding_party_leader", assignment.character_id) is None:
            return assignment.character_id
    return None


def boarding_strength(state: BattleState, ship: BattleShip, defending: bool) -> BoardingStrength:
    """A side's boarding points (tables/battle.yaml, boarding.strength)."""
    rules = battle_table().boarding_strength
    station = DEFENDERS_STATION if defending else BOARDERS_STATION
    troops = troops_fit(ship, rules.defender_posts if defending else rules.boarder_posts)
    leader = leader_at(state, ship, station)
    fit = [
        a.character_id
        for a in state.aboard(ship.id)
        if a.place == station
        and a.character_id != leader
        and state.character(a.character_id).state == "ok"
    ]
    points = troops * rules.trooper_points + len(fit) * rules.character_points
    if leader is not None:
        points += rules.leader_points
    return BoardingStrength(ship.id, troops, tuple(fit), leader, points)


def outnumbering_step(stronger: int, weaker: int) -> int:
    """The step bonus (negative) the side with `stronger` points gets over `weaker`."""
    steps = battle_table().boarding_strength.outnumbered_steps
    if stronger <= weaker or not steps:
        return 0
    if weaker <= 0:
        return min(steps.values())
    times = Fraction(stronger, weaker)
    earned = [step for at_least, step in steps.items() if times >= at_least]
    return min(earned) if earned else 0


class BoardingOdds(msgspec.Struct, frozen=True):
    """Both sides' boarding points and the step each side's check gets for them."""

    boarders: BoardingStrength
    defenders: BoardingStrength
    boarders_step: int
    defenders_step: int


def boarding_odds(state: BattleState, ship_id: str, target_id: str) -> BoardingOdds:
    """What the boarding check will count (the board dialog shows it before it is made)."""
    boarders = boarding_strength(state, state.ship(ship_id), defending=False)
    defenders = boarding_strength(state, state.ship(target_id), defending=True)
    return BoardingOdds(
        boarders,
        defenders,
        outnumbering_step(boarders.points, defenders.points),
        outnumbering_step(defenders.points, boarders.points),
    )


# -- may it board? --------------------------------------------------------------------------


class BoardingRefusal(msgspec.Struct, frozen=True):
    """Why a boarding order cannot be given, as data: `kind` is one of REFUSAL_KINDS; the
    rest names who and what, for the words."""

    kind: str
    ship: str
    target: str
    method: str
    range: str
    system: str = ""  # the system that is missing, down or up (transporter, screen)

    def text(self) -> str:
        how = boarding_name(self.method)
        head = f"{self.ship} cannot board {self.target} by {how}"
        rule = narrative_table().boarding[self.method]
        reasons = {
            OUT_OF_REACH: f"{range_name(self.range).lower()} range is beyond "
            f"{range_name(rule.farthest_range).lower()} range",
            CAN_MANEUVER: f"{self.target} can still maneuver (a conventional approach needs "
            "her crippled, her engines out or abandoned)",
            NO_SYSTEM: f"{self.ship} has no {self.system}",
            SYSTEM_DOWN: f"{self.ship}'s {self.system} is knocked out or without power",
            NO_BOARDERS: f"{self.ship} has no troops fit to fight and nobody fit at the "
            "boarding party station",
            SCREEN_UP: f"{self.target}'s energy screen ({self.system}) is up: knock it out or "
            "drain its power first",
            HELD: f"{self.ship}'s boarders already hold {self.target}",
        }
        return f"{head}: {reasons[self.kind]}"


class BoardingRefused(RulesError):
    """The rules refuse a boarding order; `refusal` says why, typed."""

    def __init__(self, refusal: BoardingRefusal) -> None:
        super().__init__(refusal.text())
        self.refusal = refusal


def ship_refusal(state: BattleState, ship: BattleShip, method: str) -> BoardingRefusal | None:
    """What keeps this ship from boarding by `method` whatever the target: the system the
    method needs (missing, or knocked out or unpowered), nobody to send."""
    rule = _method(method)

    def refused(kind: str, system: str = "") -> BoardingRefusal:
        return BoardingRefusal(kind, ship.name, "", method, state.range, system)

    if rule.needs_system is not None:
        mounts = [m for m in ship.mounts() if m.system.type == rule.needs_system]
        what = ship_spec_table().system_types.get(rule.needs_system, rule.needs_system)
        if not mounts:
            return refused(NO_SYSTEM, what)
        if not any(on_line(ship, m.key) for m in mounts):
            return refused(SYSTEM_DOWN, mounts[0].name)
    if rule.needs_boarders and boarding_strength(state, ship, defending=False).points <= 0:
        return refused(NO_BOARDERS)
    return None


def in_reach(state: BattleState, target: BattleShip, method: str) -> bool:
    """The range and the target's way allow the method (the order's basic conditions)."""
    rule = _method(method)
    if is_nearer(rule.farthest_range, state.range):
        return False
    return not (rule.needs_target_helpless and not helpless(target))


def boarding_refusal(
    state: BattleState, ship: BattleShip, target: BattleShip, method: str
) -> BoardingRefusal | None:
    """Why `ship` cannot board `target` by `method` now (None: it can)."""
    rule = _method(method)

    def refused(kind: str, system: str = "") -> BoardingRefusal:
        return BoardingRefusal(kind, ship.name, target.name, method, state.range, system)

    if is_nearer(rule.farthest_range, state.range):
        return refused(OUT_OF_REACH)
    if rule.needs_target_helpless and not helpless(target):
        return refused(CAN_MANEUVER)
    own = ship_refusal(state, ship, method)
    if own is not None:
        return replace(own, target=target.name)
    screen = energy_screen_up(target) if rule.needs_screen_down else None
    if screen is not None:
        return refused(SCREEN_UP, screen.name)
    if target.abandoned and ship.id in target.boarders:
        return refused(HELD)
    return None


def board_allowed(state: BattleState, ship: BattleShip, target: BattleShip, method: str) -> bool:
    return boarding_refusal(state, ship, target, method) is None


class BoardingOffer(msgspec.Struct, frozen=True):
    """The boarding order by one method as the GM is offered it: the targets it can board
    now, and the refusals of the ones in reach it cannot (all of them refused, or the ship's
    own refusal: the order is shown greyed with the first)."""

    ship_id: str
    method: str
    targets: tuple[str, ...]
    refusals: tuple[BoardingRefusal, ...]

    def note(self, state: BattleState) -> str:
        """When the method can be used (tables/narrative.yaml), what an abandoned target
        means (no defenders), and why any target in reach is barred."""
        rule = narrative_table().boarding[self.method]
        parts = [f"from {range_name(rule.farthest_range).lower()} range in"]
        if rule.needs_screen_down:
            parts.append("only with the target's energy screen down")
        if rule.needs_target_helpless:
            parts.append("alongside a ship that cannot maneuver (crippled, engines out, abandoned)")
        hulks = [state.ship(t).name for t in self.targets if state.ship(t).abandoned]
        if hulks:
            parts.append(f"{' or '.join(hulks)}: abandoned, no defenders, no roll")
        return "; ".join(parts + [r.text() for r in self.refusals])


def held(ship: BattleShip, target: BattleShip) -> bool:
    """An abandoned ship this ship's boarders already hold: nothing more to board."""
    return target.abandoned and ship.id in target.boarders


def boarding_offer(state: BattleState, ship: BattleShip, method: str) -> BoardingOffer | None:
    """The order by `method` as listed now; None (not listed) when no enemy is in reach, or
    the method needs a system the ship does not carry at all."""
    enemies = [s for s in state.ships if s.side != ship.side and s.in_battle]
    reachable = [t for t in enemies if in_reach(state, t, method) and not held(ship, t)]
    if not reachable:
        return None
    own = ship_refusal(state, ship, method)
    if own is not None and own.kind == NO_SYSTEM:
        return None
    refusals = {t.id: boarding_refusal(state, ship, t, method) for t in reachable}
    targets = tuple(t for t, why in refusals.items() if why is None)
    barred = tuple(why for why in refusals.values() if why is not None)
    return BoardingOffer(ship.id, method, targets, barred)


# -- the boarding action --------------------------------------------------------------------


def board(
    state: BattleState,
    ship_id: str,
    target_id: str,
    method: str,
    rng: random.Random,
    *,
    leader_choice: str = "own",
    defender_leader_choice: str = "own",
) -> tuple[BattleState, StepResult]:
    """Send a boarding party. Each side's leader may roll to help their own check or hinder
    the enemy's; the side with more boarding points gets a step bonus by how far it
    outnumbers the other; then the boarders' crew check against the defenders'."""
    ship = ship_for_order(state, ship_id, "boarding")
    target = enemy_ship(state, ship, target_id)
    for choice in (leader_choice, defender_leader_choice):
        if choice not in LEADER_CHOICES:
            raise RulesError(
                f"a boarding leader helps 'own' side or hinders the 'enemy', not {choice!r}"
            )
    refusal = boarding_refusal(state, ship, target, method)
    if refusal is not None:
        raise BoardingRefused(refusal)
    step = Step("board")
    state = with_order(state, ship_id, "boarding")
    if target.abandoned:
        return _board_hulk(state, ship, target, step)
    odds = boarding_odds(state, ship_id, target_id)
    boarders, defenders = odds.boarders, odds.defenders
    step.lines.append(
        f"Boarding strength: {ship.name} {boarders.describe()}; "
        f"{target.name} {defenders.describe()}."
    )
    steps: dict[str, list[StepModifier]] = {ship_id: [], target_id: []}
    for side, other, bonus in (
        (boarders, defenders, odds.boarders_step),
        (defenders, boarders, odds.defenders_step),
    ):
        if bonus:
            words = f"outnumbering {side.points} to {other.points}"
            steps[side.ship_id].append(StepModifier("strength", words, bonus))
    sides = (
        (boarders, BOARDERS_STATION, leader_choice, target_id),
        (defenders, DEFENDERS_STATION, defender_leader_choice, ship_id),
    )
    for strength, station, choice, enemy_id in sides:
        if strength.leader is None:
            continue
        leader = strength.leader
        plan = plan_roll(state, state.ship(strength.ship_id), "boarding_party_leader", leader)
        purpose = f"{state.character(leader).name} leads the {station.replace('_', ' ')}"
        state, check = roll_planned(state, plan, rng, purpose, step)
        effect = task_effect("boarding_party_leader", check.degree)
        if not effect.success:
            continue
        if choice == "own":
            steps[strength.ship_id].append(StepModifier("leader", "boarding leader", effect.amount))
        else:
            steps[enemy_id].append(
                StepModifier("enemy_leader", "enemy boarding leader", effect.enemy_step)
            )
    attack = crew_plan(state.ship(ship_id), "boarding", steps[ship_id])
    state, attack_check = roll_planned(state, attack, rng, f"{ship.name}'s boarders", step)
    defend = crew_plan(state.ship(target_id), "repel_boarders", steps[target_id])
    state, defend_check = roll_planned(state, defend, rng, f"{target.name}'s defenders", step)
    if attack_check.degree.rank != defend_check.degree.rank:
        boarders_win = attack_check.degree.rank < defend_check.degree.rank
    else:
        boarders_win = battle_table().boarding_ties == "attacker"
    boarders_win = boarders_win and attack_check.degree.success
    if boarders_win:
        victim = state.ship(target_id)
        state = state.with_ship(replace(victim, boarders=(*victim.boarders, ship_id)))
        step.lines.append(f"{ship.name}'s boarders win a foothold aboard {target.name}.")
    else:
        step.lines.append(f"{target.name}'s defenders throw the boarders back.")
    return done(state, step)


def _board_hulk(
    state: BattleState, ship: BattleShip, target: BattleShip, step: Step
) -> tuple[BattleState, StepResult]:
    """Boarding an abandoned ship: nobody defends her, so nobody rolls; the boarders come
    aboard unopposed and hold her (tables/battle.yaml, drift_heading)."""
    step.ship(ship.id)
    step.ship(target.id)
    victim = state.ship(target.id)
    state = state.with_ship(replace(victim, boarders=(*victim.boarders, ship.id)))
    trapped = target.bailout.trapped if target.bailout is not None else 0
    step.lines.append(
        f"{target.name} is abandoned: nobody defends her. {ship.name}'s boarders come aboard "
        f"unopposed and hold her."
    )
    if trapped:
        step.lines.append(
            f"{trapped} of her crew who could not get out are trapped aboard: theirs to rescue "
            "or take prisoner."
        )
    for character in living_aboard(state, target.id):
        step.who(character.id)
        step.lines.append(f"{character.name} is still aboard {target.name}: play the meeting out.")
    return done(state, step)
