"""What the GM can do now: the actions the Battle tab offers at this point of the round.

Each `ActionInfo` names the engine function to call (`action`), a label in the game's words,
and what it applies to (side, ship, character, and the choices to pick from: headings,
targets, tracks). Only actions the rules allow now are listed; `advance` is listed once the
current step's business is done, with a note when the step has nothing to do.
"""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.rules.battle.attacks import attack_options, fire_words
from gmtool.rules.battle.boarding import boarding_name, boarding_offer
from gmtool.rules.battle.engine import (
    DISENGAGED,
    HEADING_WORDS,
    HOLD,
    REPAIR_TASKS,
    advance_blocker,
    battle_over_reason,
    drift_words,
    drifting,
    fleet_beaten,
    movement_heading,
    ram_allowed,
    side_acceleration,
)
from gmtool.rules.battle.orders import self_destruct_allowed
from gmtool.rules.battle.plans import candidates, plan_edge, plan_roll, task_name
from gmtool.rules.battle.power import has_budget
from gmtool.rules.battle.state import (
    CREW,
    SIDES,
    BattleEvent,
    BattleShip,
    BattleState,
    other_side,
)
from gmtool.rules.battle.steps import where
from gmtool.rules.checks import Degree
from gmtool.rules.narrative import (
    arcs_for_heading,
    boarding_methods,
    heading_ids,
    hold_arc_choices,
    narrative_table,
    next_range,
    next_step,
    phase,
    phase_ids,
    range_name,
    round_sequence,
    sensor_step,
    task_effect,
)
from gmtool.rules.stations import station_board, station_table


@dataclass(frozen=True)
class ActionInfo:
    """One thing the GM can do now."""

    action: str  # the engine function: roll_edge, declare_heading, roll_attack, advance, ...
    label: str
    side: str | None = None
    ship_id: str | None = None
    character_id: str | None = None
    choices: tuple[str, ...] = ()  # headings, target ship ids, tracks or systems
    note: str = ""
    method: str | None = None  # the boarding method of a `board` action
    short: str = ""  # a shorter label for a narrow list (the note says the rest)
    refused: str = ""  # offered greyed: why it cannot be done now (the note says it too)


def current_step_label(state: BattleState) -> str:
    """Where the battle is, for the tab's header: 'Round 2: the Movement phase (...)'."""
    if state.finished:
        return f"{state.name}: over after round {state.round}"
    return f"Round {state.round}: {where(state)}"


# Steps that mark damage on the ships they name (an attack names its firer first).
HIT_ACTIONS = ("roll_attack", "apply_damage_manually", "ram", "self_destruct")


def _hit_ships(event: BattleEvent) -> tuple[str, ...]:
    if event.action not in HIT_ACTIONS:
        return ()
    if event.action == "roll_attack":
        hit = bool(event.rolls) and Degree(event.rolls[0].get("degree", "failure")).success
        return event.ships[1:] if hit else ()
    return event.ships


def likely_target(state: BattleState, acting_side: str | None = None) -> str | None:
    """The ship a GM most likely means when typing damage in: the ship just hit (the battle's
    newest step was a hit on it), else a ship of the side opposing `acting_side` (side A when
    no side acts): the one of them hit last, else the first still in the battle. None when
    every ship is destroyed."""
    alive = [s for s in state.ships if not s.destroyed]
    if not alive:
        return None
    steps = [e for e in state.events if e.action != "advance"]
    if steps and steps[-1].action == "roll_attack":
        just_hit = [s for s in _hit_ships(steps[-1]) if s in {a.id for a in alive}]
        if just_hit:
            return just_hit[0]
    enemies = [s for s in alive if s.side == other_side(acting_side or SIDES[0])]
    if not enemies:
        return alive[0].id
    ids = {s.id for s in enemies}
    for event in reversed(steps):
        for ship_id in _hit_ships(event):
            if ship_id in ids:
                return ship_id
    return next((s.id for s in enemies if s.in_battle), enemies[0].id)


def _step_name(phase_id: str, step_id: str | None) -> str:
    current = phase(phase_id)
    if step_id is None:
        return current.name
    return next(s.name for s in current.steps if s.id == step_id)


def _roll_still_to_come(state: BattleState, roll_id: str | None) -> bool:
    """Whether a team's roll is still ahead this round (a leader's bonus could help it)."""
    if roll_id is None:
        return False
    roll_phase = station_table().rolls[roll_id].phase
    order = phase_ids()
    if roll_phase not in order:  # rolled as needed, any time
        return True
    return order.index(roll_phase) >= order.index(state.phase)


def _leaders(state: BattleState) -> list[ActionInfo]:
    found: list[ActionInfo] = []
    table = station_table()
    for ship in state.ships:
        if not ship.can_act:
            continue
        board = station_board(
            ship.id, ship.spec.crew_check_score, state.characters, state.aboard(ship.id)
        )
        for line in board.lines:
            leader = line.leader
            if leader is None or leader.character_id in state.acted:
                continue
            team = table.stations[line.station_id]
            if team.lead_effect != "leadership" or team.id in ship.leadership:
                continue
            if not _roll_still_to_come(state, team.roll):
                continue
            found.append(
                ActionInfo(
                    "roll_leadership",
                    f"{leader.name} leads {team.name} on {ship.name}",
                    side=ship.side,
                    ship_id=ship.id,
                    character_id=leader.character_id,
                    note="before the team's roll: a step bonus to its one roll this round",
                )
            )
    return found


def _edge(state: BattleState) -> list[ActionInfo]:
    if state.edge_winner is not None or battle_over_reason(state) is not None:
        return []
    beaten = [side for side in SIDES if fleet_beaten(state, side)]
    if len(beaten) == 2:
        return []
    if beaten:
        winner = state.side(other_side(beaten[0])).name
        return [ActionInfo("roll_edge", f"{winner} takes the edge uncontested")]
    rerolled = any(
        e.action == "roll_edge" and e.round == state.round and e.phase == "edge"
        for e in state.events
    )
    notes = []
    for side in SIDES:
        plan = plan_edge(state, side)
        notes.append(f"{state.side(side).name}: {plan.describe()}")
    label = "Re-roll the edge (a tie)" if rerolled else "Roll the edge"
    return [ActionInfo("roll_edge", label, note="; ".join(notes))]


def _power(state: BattleState) -> list[ActionInfo]:
    found: list[ActionInfo] = []
    for ship in state.ships:
        if not ship.can_act or ship.power_bonus is not None or not has_budget(ship.spec):
            continue
        for character_id in candidates(state, ship, "power_distribution"):
            name = state.character(character_id).name
            found.append(
                ActionInfo(
                    "set_power",
                    f"Power distribution on {ship.name} ({name})",
                    side=ship.side,
                    ship_id=ship.id,
                    character_id=character_id,
                )
            )
    return found


def _sensors(state: BattleState) -> list[ActionInfo]:
    step = sensor_step(state.range)
    if step is None:
        return []
    note = f"long-range sensors: {step:+d} step" if step else ""
    return [
        ActionInfo(
            "roll_sensors",
            f"Sensor check for {ship.name}",
            side=ship.side,
            ship_id=ship.id,
            note=note,
        )
        for ship in state.ships
        if ship.can_act and ship.sensor_degree is None
    ]


def _movement(state: BattleState) -> list[ActionInfo]:
    if state.step == "position_update":
        if state.moved:
            return []
        return [ActionInfo("resolve_movement", "Update the range (Table 3-4)")]
    side = _declaring_side(state)
    if side is None or drifting(state, side):
        return []
    fleet = state.side(side)
    order = "declares first" if state.step == "opposing_declaration" else "has the edge"
    label = f"Declare heading for {fleet.name} ({order})"
    if fleet.declared:
        label = f"Change the heading of {fleet.name} (declared {fleet.heading})"
    return [
        ActionInfo(
            "declare_heading",
            label,
            side=side,
            choices=heading_ids(),
            note=heading_note(state, side),
        )
    ]


def _declaring_side(state: BattleState) -> str | None:
    """The side whose heading the current movement step is for (None: not a declaration)."""
    if state.phase != "movement":
        return None
    if state.step == "opposing_declaration":
        return state.opposing_side
    if state.step == "edge_declaration":
        return state.edge_winner
    return None


VERBS = {"close": "closes", "hold": "holds", "open": "opens"}


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _range_words(state: BattleState, after: str) -> str:
    name = range_name(after).lower()
    return f"stays {name}" if after == state.range else name


def heading_outcomes(state: BattleState, side: str) -> dict[str, str]:
    """What each heading this side may declare does to the range (Table 3-4), in words:
    'very close' or 'stays close' when the other side's heading is known (declared, or
    drifting), else by the other side's heading: 'very close if Navy closes or holds,
    stays close if it opens'."""
    other = other_side(side)
    edge = state.edge_winner
    assert edge is not None  # headings are declared once the edge is rolled
    if not all(any(s.in_battle for s in state.ships_of(x)) for x in SIDES):
        # a fleet with no ship left to move: the range stays (resolve_movement)
        return dict.fromkeys(heading_ids(), _range_words(state, state.range))
    pace = {s: side_acceleration(state, s) for s in SIDES}
    other_fleet = state.side(other)
    known: str | None = None
    if drifting(state, other):
        known = movement_heading(state, other)
    elif other_fleet.declared and other_fleet.heading is not None:
        known = other_fleet.heading
    outcomes: dict[str, str] = {}
    for own in heading_ids():
        results: dict[str, list[str]] = {}
        for theirs in [known] if known is not None else list(heading_ids()):
            headings = {side: own, other: theirs}
            after = next_range(
                state.range,
                headings[other_side(edge)],
                headings[edge],
                pace[other_side(edge)],
                pace[edge],
            )
            results.setdefault(_range_words(state, after), []).append(VERBS[theirs])
        if known is not None:
            outcomes[own] = next(iter(results))
        elif len(results) == 1:
            outcomes[own] = f"{next(iter(results))} whatever {other_fleet.name} does"
        else:
            outcomes[own] = ", ".join(
                f"{words} if {other_fleet.name if i == 0 else 'it'} {_or_list(verbs)}"
                for i, (words, verbs) in enumerate(results.items())
            )
    return outcomes


def heading_arcs_words(heading: str) -> str:
    """The arc a heading brings to bear: 'forward arc', or for holding the commander's pick
    ('neither closes nor opens; you pick the arc (forward, aft, port or starboard)')."""
    if heading == HOLD:
        return f"neither closes nor opens; you pick the arc ({_or_list(list(hold_arc_choices()))})"
    arcs = sorted(arcs_for_heading(heading) - set(narrative_table().always_bearing_arcs))
    return f"{_or_list(arcs)} arc"


def heading_note(state: BattleState, side: str) -> str:
    """The panel's note for a heading declaration: for each heading the arc it brings to
    bear and the range it leads to (RULES.md section 3: closing fires the forward arc,
    opening the aft, holding the commander's pick; Table 3-4 moves the range by both
    headings; a holding fleet keeps its own distance, so the range moves only by the other
    side's heading)."""
    other = state.side(other_side(side))
    if drifting(state, other.id):
        heading = HEADING_WORDS[movement_heading(state, other.id)]
        known = f"{other.name} drifts (nobody aboard can steer) and counts as {heading}"
    elif other.declared and other.heading is not None:
        known = f"{other.name} is {HEADING_WORDS.get(other.heading, other.heading)}"
    else:
        known = f"{other.name} declares after"
    lines = [f"From {range_name(state.range).lower()} range; {known}:"]
    for own, outcome in heading_outcomes(state, side).items():
        words = HEADING_WORDS.get(own, own)
        lines.append(f"{words}: {heading_arcs_words(own)}; {outcome}")
    return "\n".join(lines)


def _attacks(state: BattleState) -> list[ActionInfo]:
    return [
        ActionInfo(
            "roll_attack",
            f"Fire {option.ship_name}'s {option.weapon_name} "
            f"(class {option.weapon_class}, {fire_words(option.mode)})",
            side=state.ship(option.ship_id).side,
            ship_id=option.ship_id,
            character_id=option.roller.character_id,
            choices=tuple(t.ship_id for t in option.targets),
            note=f"{option.roller.name} rolls {option.score}; "
            + "; ".join(f"{t.name}: {t.steps.describe()}" for t in option.targets),
            short=f"Fire {option.ship_name}'s {option.weapon_name}",
        )
        for option in attack_options(state)
    ]


def _repair_choices(ship: BattleShip, task_id: str) -> tuple[str, ...]:
    rules = task_effect(task_id, Degree.AMAZING)
    tracks = tuple(t for t in rules.repair_tracks if ship.damage.marked[t] > 0)
    systems = ship.systems_out if rules.system_online else ()
    return tracks + systems


def _crew_repair_note(state: BattleState, ship: BattleShip, task_id: str) -> str:
    """What the repair parties' roll will be: 'CSS Meridian crew rolls 12 at +0; the repair
    parties make one roll a round (stun or wound damage, or a system back on line)'."""
    rules = task_effect(task_id, Degree.AMAZING)
    what = " or ".join(rules.repair_tracks) + " damage"
    if rules.system_online:
        what += ", or a system back on line"
    plan = plan_roll(state, ship, task_id, CREW)
    return f"{plan.describe()}; the repair parties make one roll a round ({what})"


def _repairs(state: BattleState) -> list[ActionInfo]:
    found: list[ActionInfo] = []
    for ship in state.ships:
        if not ship.can_act:
            continue
        for task_id in REPAIR_TASKS:
            choices = _repair_choices(ship, task_id)
            if not choices:
                continue
            for character_id in candidates(state, ship, task_id):
                name = state.character(character_id).name
                found.append(
                    ActionInfo(
                        "roll_repair",
                        f"{task_name(task_id)}: {name} repairs {ship.name}",
                        side=ship.side,
                        ship_id=ship.id,
                        character_id=character_id,
                        choices=choices,
                    )
                )
        crew_task = REPAIR_TASKS[0]
        choices = _repair_choices(ship, crew_task)
        if choices and crew_task not in ship.crew_rolled:
            found.append(
                ActionInfo(
                    "roll_repair",
                    f"{ship.name}'s repair parties repair",
                    side=ship.side,
                    ship_id=ship.id,
                    character_id=CREW,
                    choices=choices,
                    note=_crew_repair_note(state, ship, crew_task),
                )
            )
    return found


def _orders(state: BattleState) -> list[ActionInfo]:
    found: list[ActionInfo] = []
    for ship in state.ships:
        if not ship.in_battle or ship.order_given is not None:
            continue
        enemies = [s for s in state.ships_of(other_side(ship.side)) if s.in_battle]
        if ship.can_act:
            rammable = tuple(t.id for t in enemies if ram_allowed(state, ship, t))
            if rammable:
                found.append(
                    ActionInfo("ram", f"{ship.name} rams", ship.side, ship.id, choices=rammable)
                )
            for method in boarding_methods():
                found += _boarding(state, ship, method)
        if self_destruct_allowed(state, ship):
            found.append(
                ActionInfo("self_destruct", f"{ship.name} self-destructs", ship.side, ship.id)
            )
        if not ship.abandoning:
            found.append(ActionInfo("abandon_ship", f"Abandon {ship.name}", ship.side, ship.id))
    return found


def _boarding(state: BattleState, ship: BattleShip, method: str) -> list[ActionInfo]:
    """The boarding order by one method, greyed with the reason when it cannot be given
    (`boarding_offer` says when it is listed at all)."""
    offer = boarding_offer(state, ship, method)
    if offer is None:
        return []
    label = f"{ship.name} boards by {boarding_name(method)}"
    if not offer.targets:
        why = offer.refusals[0].text()
        short = f"{label} (not now)"
        return [
            ActionInfo(
                "board",
                label,
                ship.side,
                ship.id,
                note=why,
                method=method,
                short=short,
                refused=why,
            )
        ]
    return [
        ActionInfo(
            "board",
            label,
            ship.side,
            ship.id,
            choices=offer.targets,
            note=offer.note(state),
            method=method,
        )
    ]


_BY_PHASE = {
    "edge": _edge,
    "power": _power,
    "sensor": _sensors,
    "movement": _movement,
    "attack": _attacks,
    "repair": _repairs,
    "special_orders": _orders,
}


def _leavers(state: BattleState) -> list[ActionInfo]:
    """Characters getting off a ship that is being abandoned (or is lost), any time."""
    found: list[ActionInfo] = []
    if state.finished:
        return found
    for ship in state.ships:
        if not (ship.abandoning or ship.destroyed):
            continue
        for assignment in state.aboard(ship.id):
            character = state.character(assignment.character_id)
            if character.state == "dead":
                continue
            found.append(
                ActionInfo(
                    "leave_ship",
                    f"{character.name} gets clear of {ship.name}",
                    ship.side,
                    ship.id,
                    character.id,
                    note="an escape pod, an airlock or a shuttle: off the ship from now on",
                )
            )
    return found


def available_actions(state: BattleState) -> list[ActionInfo]:
    """Everything the GM can do at this point of the battle, the phase's business first."""
    if state.finished:
        return []
    over = battle_over_reason(state) if state.phase == "edge" else None
    beaten = [state.side(s).name for s in SIDES if fleet_beaten(state, s)]
    note = f"{' and '.join(beaten)} can fight no more" if beaten else ""
    end = ActionInfo("end_battle", "End the battle", note=f"{over}: no new round" if over else note)
    found = [end] if over else []
    found += list(_BY_PHASE.get(state.phase, lambda _s: [])(state))
    found += _leaders(state)
    if advance_blocker(state) is None:
        phase_id, step_id = next_step(state.phase, state.step)
        label = f"Go on to {_step_name(phase_id, step_id)}"
        if (state.phase, state.step) == round_sequence()[-1]:
            label = f"End round {state.round}: go on to round {state.round + 1}"
        note = "" if found else "nothing to do in this step: pass"
        if state.phase == "attack" and not attack_options(state):
            note = "no weapon can fire in this sub-phase: pass"
        declaring = _declaring_side(state)
        if declaring is not None and drifting(state, declaring):
            heading = HEADING_WORDS[movement_heading(state, declaring)]
            note = (
                f"{drift_words(state, declaring)}; it declares no heading and counts as "
                f"{heading} for Table 3-4: pass"
            )
        found.append(ActionInfo("advance", label, note=note))
    if state.range == DISENGAGED:
        for side in SIDES:
            if any(s.can_act for s in state.ships_of(side)):
                fleet = state.side(side).name
                found.append(ActionInfo("withdraw", f"{fleet} withdraws", side=side))
    found.append(ActionInfo("apply_damage_manually", "Type in damage to a ship", note="any time"))
    found += _leavers(state)
    if not over:
        found.append(end)
    return found
