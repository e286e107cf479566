"""Battle actions: set a battle up, play each step of it, undo, delete; each one commit.

Every step of the sequence of play, and every special order, is one function here that names
what it takes (ships, sides, characters, headings, weapons) in the game's words. Each runs the
rules' engine through `store.battles.run_step` inside one transaction, so the step's state,
events, rolls, injury entries and party damage are saved all or nothing, and returns a
`StepDone`: which ships were marked on which track and by how much, the rolls and injury
entries saved, where the battle now stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from gmtool.actions.battle_report import write_in_step
from gmtool.actions.battle_step import Engine as Engine  # re-exported: callers import them here
from gmtool.actions.battle_step import ShipMark as ShipMark
from gmtool.actions.battle_step import StepDone as StepDone
from gmtool.actions.battle_step import run as run
from gmtool.actions.errors import ActionRefused, NothingToUndo, RedoRefused, refusals
from gmtool.rules.armor import check_damage_type
from gmtool.rules.battle import (
    BattleState,
    abandon_ship,
    advance,
    apply_damage_manually,
    assign_gunner,
    board,
    declare_heading,
    end_battle,
    knock_out_system,
    ram,
    resolve_movement,
    roll_attack,
    roll_edge,
    roll_leadership,
    roll_repair,
    roll_sensors,
    self_destruct,
    set_auto,
    set_commander,
    set_power,
    withdraw,
)
from gmtool.rules.battle.boarding import BoardingRefusal, boarding_refusal
from gmtool.rules.battle.state import DEFAULT_AUTO
from gmtool.rules.hit_stations import check_place, on_station_rule
from gmtool.rules.limits import MAX_HULL_POINTS, checked_text, number_words
from gmtool.rules.narrative import round_sequence
from gmtool.rules.ships import ShipSpec, load_ship_spec
from gmtool.store import battles
from gmtool.store.campaign import Campaign
from gmtool.store.party import take_back_tagged
from gmtool.store.reports import report_path
from gmtool.store.undo_history import NotRedone

if TYPE_CHECKING:  # a battle's set-up and the campaign's ships load only to set one up
    from gmtool.rules.battle import FleetSetup

DEFAULT_SIDE_NAMES = ("Our fleet", "Enemy")


class StepUndone(msgspec.Struct, frozen=True):
    battle_id: str
    label: str
    roll_ids: tuple[int, ...]
    injury_ids: tuple[int, ...]
    state: BattleState
    ships_restored: bool = False  # the ending's write-back into the campaign ships taken back
    stations_restored: bool = False  # a station order's move in the party taken back


# -- setting up -------------------------------------------------------------------------------
def _side_ships(
    campaign: Campaign, wanted: Sequence[str]
) -> tuple[list[str], list[tuple[str, ShipSpec]]]:
    """Campaign ship ids as they are, anything else read as a ship spec file."""
    from gmtool.store.ships import list_ships

    ships = list_ships(campaign)
    known = {r.id for r in ships}
    ids: list[str] = []
    extra: list[tuple[str, ShipSpec]] = []
    for item in wanted:
        if item in known:
            ids.append(item)
        elif Path(item).is_file():
            spec = load_ship_spec(item)
            extra.append((spec.name, spec))
        else:
            raise ActionRefused(
                f"{item!r} is neither a ship of campaign {campaign.name} "
                f"({', '.join(f'{r.name} ({r.id})' for r in ships) or 'none yet'}) "
                "nor a ship spec file"
            )
    return ids, extra


def set_up(
    campaign: Campaign,
    name: str,
    side_a: FleetSetup,
    side_b: FleetSetup,
    starting_range: str,
    *,
    seed: int | None = None,
    auto: Sequence[str] = DEFAULT_AUTO,
) -> BattleState:
    """Save a new battle between two fleets as one commit; it is the open battle. `auto`:
    the sides gmtool plays (default side b)."""
    with refusals(), campaign.transaction():
        return battles.create_battle(
            campaign, name, side_a, side_b, starting_range, seed=seed, auto=auto
        )


def new_battle(
    campaign: Campaign,
    name: str,
    ships: Sequence[str],
    enemies: Sequence[str],
    starting_range: str,
    *,
    seed: int | None = None,
    side_names: tuple[str, str] = DEFAULT_SIDE_NAMES,
    commanders: tuple[str | None, str | None] = (None, None),
    flagships: tuple[str | None, str | None] = (None, None),
    auto: Sequence[str] = DEFAULT_AUTO,
) -> BattleState:
    """Set up a battle between the campaign's ships (ids) or ships from spec files; the
    characters aboard come from the party's stations. Each side's flagship (its first ship
    when None) is named by ship id, ship name or the spec file given; its commander (None:
    the flagship's command station) by character id; `auto` names the sides gmtool plays
    (default: side b, the enemy). The new battle is open and saved."""
    if not name.strip():
        raise ActionRefused("a battle needs a name")
    if not ships or not enemies:
        raise ActionRefused("a battle needs at least one ship on each side (--ship and --enemy)")
    with refusals():
        sides = []
        for fleet, wanted, commander, flagship in zip(
            side_names, (ships, enemies), commanders, flagships, strict=True
        ):
            ids, extra = _side_ships(campaign, wanted)
            side = battles.fleet_setup(campaign, fleet, ids, extra, commander)
            if flagship is not None:
                side = replace(side, flagship=_flagship_id(side, wanted, ids, flagship))
            sides.append(side)
    return set_up(campaign, name.strip(), sides[0], sides[1], starting_range, seed=seed, auto=auto)


def _flagship_id(side: FleetSetup, wanted: Sequence[str], ids: list[str], flagship: str) -> str:
    """The battle's id of the ship named as flagship: its id, its name, or the spec file as
    it was given (spec ships get their ids in order, after the campaign's)."""
    files = [item for item in wanted if item not in ids]
    names: dict[str, str] = {}
    for index, (ship_id, spec) in enumerate(side.ships):
        names[ship_id] = ship_id
        names.setdefault(spec.name.lower(), ship_id)
        if index >= len(ids):
            names.setdefault(files[index - len(ids)], ship_id)
    found = names.get(flagship, names.get(flagship.lower()))
    if found is None:
        ships = ", ".join(spec.name for _, spec in side.ships)
        raise ActionRefused(f"the flagship {flagship!r} is not a ship of {side.name} ({ships})")
    return found


def undo(campaign: Campaign, battle_id: str) -> StepUndone:
    """Take back the battle's last step (its rolls, its injuries) as one commit; undoing
    the ending also takes its write-back out of the campaign's ships."""
    with refusals(), campaign.transaction():
        current = battles.load_battle(campaign, battle_id)
        was_finished = current.finished
        undone = battles.undo_step(campaign, battle_id)
        restored = moved_back = False
        if undone is not None and was_finished and not undone.state.finished:
            from gmtool.store.ship_condition import take_back  # the ending's write-back

            restored = take_back(campaign, battle_id)
        if undone is not None:  # a station order's move (actions/battle_stations.py)
            tag = battles.station_tag(battle_id, len(current.events))
            moved_back = take_back_tagged(campaign, tag)
        if undone is not None and report_path(campaign, battle_id).exists():
            write_in_step(campaign, undone.state)  # a saved report follows the battle back
        if undone is not None:
            blocked = (
                NotRedone.ENDED_BATTLE
                if was_finished and not undone.state.finished
                else NotRedone.HURT_CHARACTERS
                if undone.injuries
                else NotRedone.MOVED_CHARACTERS
                if moved_back
                else None
            )
            battles.keep_undone(
                campaign, battle_id, current.events, len(undone.state.events), blocked
            )
    if undone is None:
        raise NothingToUndo("nothing to undo: only the battle's set-up is left")
    return StepUndone(
        battle_id,
        undone.label,
        tuple(undone.roll_ids),
        tuple(int(e["id"]) for e in undone.injuries),
        undone.state,
        restored,
        moved_back,
    )


class RoundUndone(msgspec.Struct, frozen=True):
    """A round taken back: `round` is the round whose steps were undone, `steps` each step
    as the single undo gave it back (newest first), `state` the battle at that round's start."""

    battle_id: str
    round: int
    steps: tuple[StepUndone, ...]
    state: BattleState


def _round_started(state: BattleState) -> bool:
    """No step taken in the state's round yet: just set up, or just gone on into it."""
    last = state.events[-1] if state.events else None
    if last is None or last.action == "new_battle":
        return True
    return last.action == "advance" and (state.phase, state.step) == round_sequence()[0]


def undo_round(campaign: Campaign, battle_id: str) -> RoundUndone:
    """Take back every step of the battle's current round, back to its start (a round with
    no step yet: the round before), as one commit made of single undos (`undo`: rolls,
    injuries, the ships' write-back and station moves taken back the same way). Refused as
    a whole when one of them is."""
    with refusals(), campaign.transaction():
        state = battles.load_battle(campaign, battle_id)
        if _round_started(state) and state.round > 1:
            target = state.round - 1
            undone = [undo(campaign, battle_id)]  # the step that went on into this round
        else:
            target, undone = state.round, []
        state = undone[-1].state if undone else state
        while not (state.round <= target and _round_started(state)):
            if not battles.can_undo(campaign, battle_id):
                break
            undone.append(undo(campaign, battle_id))
            state = undone[-1].state
    if not undone:
        raise NothingToUndo("nothing to undo: only the battle's set-up is left")
    return RoundUndone(battle_id, target, tuple(undone), state)


def delete(campaign: Campaign, battle_id: str) -> battles.BattleRecord:
    with refusals(), campaign.transaction():
        return battles.delete_battle(campaign, battle_id)


def open_battle(campaign: Campaign, battle_id: str) -> battles.BattleRecord:
    """Make `battle_id` the battle the Battle tab opens on (refused if it was deleted)."""
    with campaign.transaction():
        return battles.set_open_battle(campaign, battle_id)


class StepRedone(msgspec.Struct, frozen=True):
    battle_id: str
    label: str
    roll_ids: tuple[int, ...]  # the step's rolls, no longer marked undone (none rolled)
    state: BattleState


def redo(campaign: Campaign, battle_id: str) -> StepRedone:
    """Do the step the last undo took back again, as it was saved (state, events, rolls
    unmarked; nothing rolled), as one commit; a saved report follows the battle. Refused
    (`RedoRefused`, with why) when that step cannot be brought back whole."""
    with refusals(), campaign.transaction():
        why = battles.redo_check(campaign, battle_id)
        if why is not None:
            raise RedoRefused(why)
        redone = battles.redo_step(campaign, battle_id)
        if report_path(campaign, battle_id).exists():
            write_in_step(campaign, redone.state)
    return StepRedone(battle_id, redone.label, tuple(redone.roll_ids), redone.state)


# -- the steps, one function each ---------------------------------------------------------------
def do_roll_edge(
    campaign: Campaign, battle_id: str, *, by_a: str | None = None, by_b: str | None = None
) -> StepDone:
    return run(campaign, battle_id, roll_edge, by_a=by_a, by_b=by_b)


def do_set_commander(
    campaign: Campaign, battle_id: str, side: str, character_id: str | None
) -> StepDone:
    return run(campaign, battle_id, set_commander, side, character_id)


def do_set_auto(campaign: Campaign, battle_id: str, auto: Sequence[str]) -> StepDone:
    """Say which sides gmtool plays from now on (a step of the battle: logged, undone by
    undo); refused when nothing would change."""
    return run(campaign, battle_id, set_auto, tuple(auto))


def do_set_power(
    campaign: Campaign, battle_id: str, ship_id: str, *, by: str | None = None
) -> StepDone:
    return run(campaign, battle_id, set_power, ship_id, by=by)


def do_roll_sensors(
    campaign: Campaign, battle_id: str, ship_id: str, *, by: str | None = None
) -> StepDone:
    return run(campaign, battle_id, roll_sensors, ship_id, by=by)


def do_declare_heading(
    campaign: Campaign, battle_id: str, side: str, heading: str, held_arc: str | None = None
) -> StepDone:
    return run(campaign, battle_id, declare_heading, side, heading, held_arc)


def do_resolve_movement(campaign: Campaign, battle_id: str) -> StepDone:
    return run(campaign, battle_id, resolve_movement)


def do_fire(
    campaign: Campaign,
    battle_id: str,
    ship_id: str,
    weapon: str,
    target: str,
    *,
    roll_damage: bool = True,
) -> StepDone:
    """Fire one weapon mount at a target ship (the engine checks it may fire now)."""
    return run(campaign, battle_id, roll_attack, (ship_id, weapon), target, roll_damage=roll_damage)


def do_apply_damage(
    campaign: Campaign,
    battle_id: str,
    target: str,
    amount: int,
    track: str,
    note: str = "",
    *,
    damage_type: str | None = None,
    hit_place: str | None = None,
) -> StepDone:
    """Damage the GM types in; more than the largest hull a ship may have is refused (it
    would say nothing more, and a number of any size would be kept in the log).

    `damage_type` (low_impact, high_impact, energy; None: tables/armor.yaml's type for damage
    no weapon caused) is what the characters' armor protects against; `hit_place` is the
    station or place struck under the optional rule "characters on station" (None: rolled on
    tables/hit_stations.yaml). Both are checked before anything is rolled."""
    if not 0 <= amount <= MAX_HULL_POINTS:
        raise ActionRefused(
            f"damage is from 0 to {MAX_HULL_POINTS:,} points, not {number_words(amount)}"
        )
    with refusals():
        checked_text("the damage's note", note)
        if damage_type is not None:
            check_damage_type(damage_type)
        if hit_place is not None:
            if not on_station_rule():
                raise ActionRefused(
                    f"a place struck ({hit_place!r}) is named only under the optional rule "
                    "'characters on station' (tables/hit_stations.yaml enabled: true); it is "
                    "off, so every character aboard is endangered"
                )
            check_place(hit_place)
    return run(
        campaign,
        battle_id,
        apply_damage_manually,
        target,
        amount,
        track,
        note=note,
        damage_type=damage_type,
        hit_place=hit_place,
    )


def do_assign_gunner(
    campaign: Campaign, battle_id: str, ship_id: str, weapon: str, character_id: str | None
) -> StepDone:
    return run(campaign, battle_id, assign_gunner, ship_id, weapon, character_id)


def do_knock_out_system(campaign: Campaign, battle_id: str, ship_id: str, system: str) -> StepDone:
    return run(campaign, battle_id, knock_out_system, ship_id, system)


def do_roll_leadership(campaign: Campaign, battle_id: str, character_id: str) -> StepDone:
    return run(campaign, battle_id, roll_leadership, character_id)


def do_roll_repair(
    campaign: Campaign,
    battle_id: str,
    ship_id: str,
    *,
    by: str | None = None,
    track: str | None = "stun",
    system: str | None = None,
) -> StepDone:
    return run(campaign, battle_id, roll_repair, ship_id, by=by, track=track, system=system)


def do_ram(
    campaign: Campaign,
    battle_id: str,
    ship_id: str,
    target: str,
    *,
    by: str | None = None,
    avoid_by: str | None = None,
) -> StepDone:
    return run(campaign, battle_id, ram, ship_id, target, by=by, avoid_by=avoid_by)


class BoardRefused(ActionRefused):
    """A boarding order the rules refuse; `refusal` says why, typed (no transporter, nobody
    to send, the target's energy screen up, out of reach, ...)."""

    def __init__(self, refusal: BoardingRefusal) -> None:
        self.refusal = refusal
        super().__init__(refusal.text())


def do_board(
    campaign: Campaign,
    battle_id: str,
    ship_id: str,
    target: str,
    method: str,
    *,
    leader_choice: str = "own",
    defender_leader_choice: str = "own",
) -> StepDone:
    """Send a boarding party by `method` (transporter, conventional). `leader_choice`: the
    boarding party's leader adds their bonus to their own side's check ('own') or lays it as
    a penalty on the defenders' ('enemy'); `defender_leader_choice` the same for the target's
    internal security leader. Refused (`BoardRefused`) when the rules do not allow it."""
    with refusals():
        state = battles.live_battle(campaign, battle_id)
        if state.phase == "special_orders" and not state.finished:
            refusal = boarding_refusal(state, state.ship(ship_id), state.ship(target), method)
            if refusal is not None:
                raise BoardRefused(refusal)
    return run(
        campaign,
        battle_id,
        board,
        ship_id,
        target,
        method,
        leader_choice=leader_choice,
        defender_leader_choice=defender_leader_choice,
    )


def do_self_destruct(
    campaign: Campaign, battle_id: str, ship_id: str, *, characters_go_down: bool = False
) -> StepDone:
    return run(campaign, battle_id, self_destruct, ship_id, characters_go_down=characters_go_down)


def do_abandon_ship(
    campaign: Campaign, battle_id: str, ship_id: str, *, trapped_percent: int | None = None
) -> StepDone:
    return run(campaign, battle_id, abandon_ship, ship_id, trapped_percent=trapped_percent)


def do_leave_ship(campaign: Campaign, battle_id: str, character_id: str) -> StepDone:
    """Getting clear is a move in the campaign's stations, which the battle follows."""
    from gmtool.actions.battle_stations import leave_ship  # the party's stations load on use

    return leave_ship(campaign, battle_id, character_id)


def do_withdraw(campaign: Campaign, battle_id: str, side: str) -> StepDone:
    return run(campaign, battle_id, withdraw, side)


def do_advance(campaign: Campaign, battle_id: str) -> StepDone:
    return run(campaign, battle_id, advance)


def do_end_battle(campaign: Campaign, battle_id: str, note: str = "") -> StepDone:
    return run(campaign, battle_id, end_battle, note)
