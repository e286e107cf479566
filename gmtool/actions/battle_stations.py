"""Station orders from the Battle tab: move a character to a station, take over a post, leave
the ship.

The campaign's party says who is where, and a battle follows it before every step
(rules/battle/live_stations.py), so each order changes the party and saves a battle step that
logs it ("Tessa Ruiz takes over the Bridge of CSS Wren from Ines Calloway"), as one commit.
The party's undo step is tagged with the battle step (`store.battles.station_tag`): ctrl+z in
the battle takes both back (`actions.battles.undo`). A move made on the Stations tab instead
is logged by the battle's next step.
"""

from __future__ import annotations

from collections.abc import Callable

from gmtool.actions.battle_step import StepDone, run
from gmtool.actions.errors import ActionRefused, refusals
from gmtool.rules.battle import BattleState
from gmtool.rules.battle.live_stations import place_words, station_change
from gmtool.rules.characters import Party
from gmtool.rules.stations import Assignment, move, station_table
from gmtool.store.battles import live_battle, station_tag
from gmtool.store.campaign import Campaign
from gmtool.store.party import load_party_state, save_assignments
from gmtool.store.ships import list_ships

Change = Callable[[BattleState, Party, list[str]], tuple[Assignment, ...]]


def _order(campaign: Campaign, battle_id: str, who: str, change: Change) -> StepDone:
    """Work out the party's new assignments, save the battle step that follows them, then
    the party (tagged with that step), all in one commit."""
    with refusals(), campaign.transaction():
        state = live_battle(campaign, battle_id)
        if state.finished:
            raise ActionRefused(
                f"{state.name} is over (it ended in round {state.round}): move people on the "
                "Stations tab"
            )
        party = load_party_state(campaign)
        ships = [r.id for r in list_ships(campaign)]
        assignments = change(state, party, ships)
        done = run(campaign, battle_id, station_change, assignments, party.characters, first=who)
        tag = station_tag(battle_id, len(done.state.events))
        save_assignments(campaign, assignments, done.label, tag=tag)
    return done


def _aboard(state: BattleState, character_id: str) -> Assignment:
    """The character's assignment aboard one of the battle's ships (refused otherwise)."""
    name = state.character(character_id).name
    assignment = state.assignment(character_id)
    if not assignment.aboard:
        raise ActionRefused(f"{name} is not aboard {state.ship(assignment.ship_id).name}")
    return assignment


def move_to_station(
    campaign: Campaign,
    battle_id: str,
    character_id: str,
    ship_id: str,
    place: str,
    posture: str | None = None,
) -> StepDone:
    """Put a character at a station (or off station) of one of the battle's ships; they
    roll from there at the next roll. `posture` None is the place's usual one."""

    def change(state: BattleState, party: Party, ships: list[str]) -> tuple[Assignment, ...]:
        ship = state.ship(ship_id)
        if ship_id not in ships:
            raise ActionRefused(
                f"{ship.name} fights in this battle only: only the campaign's ships have "
                "stations for the party"
            )
        return move(
            party.assignments,
            character_id,
            ship_id,
            place,
            posture,
            characters=party.ids,
            ships=ships,
        )

    return _order(campaign, battle_id, character_id, change)


def take_over(campaign: Campaign, battle_id: str, character_id: str, occupant_id: str) -> StepDone:
    """A character takes over the post of another aboard the same ship, who goes to the
    place the character left (the two trade places)."""

    def change(state: BattleState, party: Party, ships: list[str]) -> tuple[Assignment, ...]:
        if character_id == occupant_id:
            raise ActionRefused(f"{state.character(character_id).name} holds that post already")
        post = _aboard(state, occupant_id)
        occupant = state.character(occupant_id).name
        name = party.character(character_id).name  # perhaps not in the battle yet
        ship = state.ship(post.ship_id).name
        if post.station_id is None:
            raise ActionRefused(
                f"{occupant} is not at a post on {ship} ({place_words(post.place)})"
            )
        mine = next((a for a in party.assignments if a.character_id == character_id), None)
        if mine is None or mine.ship_id != post.ship_id or not mine.aboard:
            raise ActionRefused(f"{name} is not aboard {ship}: move them aboard first")
        people = party.ids
        swapped = move(
            party.assignments,
            character_id,
            post.ship_id,
            post.place,
            characters=people,
            ships=ships,
        )
        return move(swapped, occupant_id, mine.ship_id, mine.place, characters=people, ships=ships)

    return _order(campaign, battle_id, character_id, change)


def leave_ship(campaign: Campaign, battle_id: str, character_id: str) -> StepDone:
    """A character gets off their ship (escape pod, airlock, shuttle): away from it from
    now on, still assigned to it in the campaign."""

    def change(state: BattleState, party: Party, ships: list[str]) -> tuple[Assignment, ...]:
        here = _aboard(state, character_id)
        away = next(p for p in station_table().off_station.values() if not p.aboard)
        return move(
            party.assignments,
            character_id,
            here.ship_id,
            away.id,
            characters=party.ids,
            ships=ships,
        )

    return _order(campaign, battle_id, character_id, change)


__all__ = ["leave_ship", "move_to_station", "take_over"]
