"""What a Battle tab key or dialog asks for, as typed requests, and the one action of
`gmtool.actions` that carries each out, as the CLI calls it, so typed refusals such as
`BoardRefused` reach the status line."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

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


class ApplyDamage(NamedTuple):
    target: str
    amount: int
    track: str
    note: str
    damage_type: str | None  # what the characters' armor protects against (tables/armor.yaml)
    hit_place: str | None  # the place struck ("characters on station"); None: rolled


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
    characters_go_down: bool = True  # the tab asks first, naming who goes down with her


class AbandonShip(NamedTuple):
    ship_id: str


class Withdraw(NamedTuple):
    side: str


class EndBattle(NamedTuple):
    pass


class SetAuto(NamedTuple):
    auto: tuple[str, ...]  # the sides gmtool plays


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


# The one action of each request, called with the request's fields by name as the CLI
# calls it (tests/tui/test_battle_requests.py binds every request to its action's signature).
STEP_ACTIONS: dict[type[Request], Callable[..., StepDone]] = {
    RollEdge: battle_actions.do_roll_edge,
    SetPower: battle_actions.do_set_power,
    RollSensors: battle_actions.do_roll_sensors,
    ResolveMovement: battle_actions.do_resolve_movement,
    RollLeadership: battle_actions.do_roll_leadership,
    Advance: battle_actions.do_advance,
    DeclareHeading: battle_actions.do_declare_heading,
    Fire: battle_actions.do_fire,
    ApplyDamage: battle_actions.do_apply_damage,
    RollRepair: battle_actions.do_roll_repair,
    Ram: battle_actions.do_ram,
    Board: battle_actions.do_board,
    SelfDestruct: battle_actions.do_self_destruct,
    AbandonShip: battle_actions.do_abandon_ship,
    Withdraw: battle_actions.do_withdraw,
    EndBattle: battle_actions.do_end_battle,
    SetAuto: battle_actions.do_set_auto,
    AssignGunner: battle_actions.do_assign_gunner,
    KnockOut: battle_actions.do_knock_out_system,
    SetCommander: battle_actions.do_set_commander,
    MoveToStation: battle_stations.move_to_station,
    TakeOver: battle_stations.take_over,
    LeaveShip: battle_stations.leave_ship,
}


def carry_out(campaign: Campaign, battle_id: str, request: Request) -> StepDone:
    """Do `request` on the battle with its one action; refusals raise."""
    return STEP_ACTIONS[type(request)](campaign, battle_id, **request._asdict())
