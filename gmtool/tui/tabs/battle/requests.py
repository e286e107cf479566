"""What a Battle tab key or dialog asks for, as typed requests, and the one action of
`gmtool.actions` that carries each out, as the CLI calls it, so typed refusals such as
`BoardRefused` reach the status line."""

from __future__ import annotations

from typing import NamedTuple, assert_never

from gmtool.actions import battle_stations
from gmtool.actions import battles as battle_actions
from gmtool.actions.battles import StepDone
from gmtool.actions.reads.campaign import Campaign


class RollEdge(NamedTuple):
    pass


class SetPower(NamedTuple):
    ship_id: str
    by: str | None


class RollSensors(NamedTuple):
    ship_id: str


class ResolveMovement(NamedTuple):
    pass


class RollLeadership(NamedTuple):
    character_id: str


class Advance(NamedTuple):
    pass


class DeclareHeading(NamedTuple):
    side: str
    heading: str
    held_arc: str | None


class Fire(NamedTuple):
    ship_id: str
    weapon: str
    target: str
    roll_damage: bool
    weapon_words: str  # "CSS Meridian's Phaser bank": the note of damage typed in after


class ApplyDamage(NamedTuple):
    ship_id: str
    amount: int
    track: str
    note: str
    damage_type: str | None
    hit_place: str | None


class RollRepair(NamedTuple):
    ship_id: str
    by: str
    track: str | None
    system: str | None


class Ram(NamedTuple):
    ship_id: str
    target: str


class Board(NamedTuple):
    ship_id: str
    target: str
    method: str
    leader_choice: str
    defender_leader_choice: str


class SelfDestruct(NamedTuple):
    ship_id: str


class AbandonShip(NamedTuple):
    ship_id: str


class Withdraw(NamedTuple):
    side: str


class EndBattle(NamedTuple):
    pass


class SetAuto(NamedTuple):
    sides: tuple[str, ...]


class AssignGunner(NamedTuple):
    ship_id: str
    weapon: str
    character_id: str | None  # None: the crew


class KnockOut(NamedTuple):
    ship_id: str
    system: str


class SetCommander(NamedTuple):
    side: str
    character_id: str | None  # None: the flagship's command station


class MoveToStation(NamedTuple):
    character_id: str
    ship_id: str
    place: str


class TakeOver(NamedTuple):
    character_id: str
    occupant_id: str


class LeaveShip(NamedTuple):
    character_id: str


Request = (
    RollEdge
    | SetPower
    | RollSensors
    | ResolveMovement
    | RollLeadership
    | Advance
    | DeclareHeading
    | Fire
    | ApplyDamage
    | RollRepair
    | Ram
    | Board
    | SelfDestruct
    | AbandonShip
    | Withdraw
    | EndBattle
    | SetAuto
    | AssignGunner
    | KnockOut
    | SetCommander
    | MoveToStation
    | TakeOver
    | LeaveShip
)


def carry_out(campaign: Campaign, battle_id: str, request: Request) -> StepDone:
    """Do `request` on the battle with its one action; refusals raise."""
    match request:
        case RollEdge():
            return battle_actions.do_roll_edge(campaign, battle_id)
        case SetPower(ship_id, by):
            return battle_actions.do_set_power(campaign, battle_id, ship_id, by=by)
        case RollSensors(ship_id):
            return battle_actions.do_roll_sensors(campaign, battle_id, ship_id)
        case ResolveMovement():
            return battle_actions.do_resolve_movement(campaign, battle_id)
        case RollLeadership(character_id):
            return battle_actions.do_roll_leadership(campaign, battle_id, character_id)
        case Advance():
            return battle_actions.do_advance(campaign, battle_id)
        case DeclareHeading(side, heading, held_arc):
            return battle_actions.do_declare_heading(campaign, battle_id, side, heading, held_arc)
        case Fire(ship_id, weapon, target, roll_damage, _):
            return battle_actions.do_fire(
                campaign, battle_id, ship_id, weapon, target, roll_damage=roll_damage
            )
        case ApplyDamage(ship_id, amount, track, note, damage_type, hit_place):
            return battle_actions.do_apply_damage(
                campaign,
                battle_id,
                ship_id,
                amount,
                track,
                note,
                damage_type=damage_type,
                hit_place=hit_place,
            )
        case RollRepair(ship_id, by, track, system):
            return battle_actions.do_roll_repair(
                campaign, battle_id, ship_id, by=by, track=track, system=system
            )
        case Ram(ship_id, target):
            return battle_actions.do_ram(campaign, battle_id, ship_id, target)
        case Board(ship_id, target, method, leader_choice, defender_leader_choice):
            return battle_actions.do_board(
                campaign,
                battle_id,
                ship_id,
                target,
                method,
                leader_choice=leader_choice,
                defender_leader_choice=defender_leader_choice,
            )
        case SelfDestruct(ship_id):
            return battle_actions.do_self_destruct(
                campaign, battle_id, ship_id, characters_go_down=True
            )
        case AbandonShip(ship_id):
            return battle_actions.do_abandon_ship(campaign, battle_id, ship_id)
        case Withdraw(side):
            return battle_actions.do_withdraw(campaign, battle_id, side)
        case EndBattle():
            return battle_actions.do_end_battle(campaign, battle_id)
        case SetAuto(sides):
            return battle_actions.do_set_auto(campaign, battle_id, sides)
        case AssignGunner(ship_id, weapon, character_id):
            return battle_actions.do_assign_gunner(
                campaign, battle_id, ship_id, weapon, character_id
            )
        case KnockOut(ship_id, system):
            return battle_actions.do_knock_out_system(campaign, battle_id, ship_id, system)
        case SetCommander(side, character_id):
            return battle_actions.do_set_commander(campaign, battle_id, side, character_id)
        case MoveToStation(character_id, ship_id, place):
            return battle_stations.move_to_station(
                campaign, battle_id, character_id, ship_id, place
            )
        case TakeOver(character_id, occupant_id):
            return battle_stations.take_over(campaign, battle_id, character_id, occupant_id)
        case LeaveShip(character_id):
            return battle_stations.leave_ship(campaign, battle_id, character_id)
        case _:
            assert_never(request)
