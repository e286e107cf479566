"""What each phase of the round offers: leadership, the edge, power, sensors, headings,
attacks and repairs.
"""

from __future__ import annotations

from gmtool.rules.battle.actions.headings import declaring_side, heading_note
from gmtool.rules.battle.actions.info import ActionInfo, roll_still_to_come
from gmtool.rules.battle.attacks import attack_options, fire_words
from gmtool.rules.battle.engine import REPAIR_TASKS, battle_over_reason, drifting, fleet_beaten
from gmtool.rules.battle.plans import candidates, plan_edge, plan_roll, task_name
from gmtool.rules.battle.power import has_budget
from gmtool.rules.battle.state import CREW, SIDES, BattleShip, BattleState, other_side
from gmtool.rules.checks import Degree
from gmtool.rules.narrative import heading_ids, sensor_step, task_effect
from gmtool.rules.stations import station_board, station_table


def leader_offers(state: BattleState) -> list[ActionInfo]:
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
            if not roll_still_to_come(state, team.roll):
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


def edge_offers(state: BattleState) -> list[ActionInfo]:
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


def power_offers(state: BattleState) -> list[ActionInfo]:
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


def sensor_offers(state: BattleState) -> list[ActionInfo]:
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


def movement_offers(state: BattleState) -> list[ActionInfo]:
    if state.step == "position_update":
        if state.moved:
            return []
        return [ActionInfo("resolve_movement", "Update the range (Table 3-4)")]
    side = declaring_side(state)
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


def attack_offers(state: BattleState) -> list[ActionInfo]:
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


def repair_offers(state: BattleState) -> list[ActionInfo]:
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
