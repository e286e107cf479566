"""The Battle tab's orders about who is where (m, t, l, g, c, k).

Each order asks its choices by name and returns the typed request. m, t and l
change the campaign's stations too, so ctrl+z in the battle takes both back; the battle
follows the stations from its next roll.
"""

from __future__ import annotations

from gmtool.actions.errors import StoreError
from gmtool.actions.reads.party import load_party_state
from gmtool.actions.reads.ships import list_ships
from gmtool.rules.battle import CREW, BattleState, line_gunner
from gmtool.rules.battle.live_stations import place_words
from gmtool.rules.stations import Assignment, station_table
from gmtool.tui.tabs.battle import requests as rq
from gmtool.tui.tabs.battle.orders import Asker, NotGiven


def where_words(state: BattleState, assignment: Assignment) -> str:
    """'the Command of CSS Meridian', 'sickbay (CSS Meridian)'."""
    ship = state.ship(assignment.ship_id).name
    if assignment.station_id is None:
        return f"{place_words(assignment.place)} ({ship})"
    return f"{place_words(assignment.place)} of {ship}"


def _who_is_where(state: BattleState, aboard: list[Assignment]) -> list[tuple[str, str]]:
    """Characters to pick from, each with where aboard they are."""
    return [
        (a.character_id, f"{state.character(a.character_id).name}: {where_words(state, a)}")
        for a in aboard
    ]


async def move_order(ask: Asker, state: BattleState) -> rq.Request:
    """m: a character of the party to a station of one of the battle's campaign ships."""
    try:
        party = load_party_state(ask.campaign)
        campaign_ships = {r.id for r in list_ships(ask.campaign)}
    except StoreError as exc:
        raise NotGiven(f"Not moved: {exc}") from exc
    ships = [s for s in state.ships if s.id in campaign_ships]
    if not party.characters or not ships:
        raise NotGiven("Nobody to move: the party has no one, or no campaign ship fights.")
    here = {a.character_id: a for a in state.assignments}
    people = [
        (c.id, f"{c.name}: {where_words(state, here[c.id])}" if c.id in here else c.name)
        for c in party.characters
    ]
    who = await ask.choose("Move whom?", people)
    ship_id = await ask.pick("To which ship?", [(s.id, s.name) for s in ships])
    table = station_table()
    places = [(s.id, s.name) for s in table.stations.values()]
    places += [(p.id, p.name) for p in table.off_station.values()]
    initial = here[who].place if who in here else None
    where = f"Where aboard {state.ship(ship_id).name}?"
    place = await ask.choose(where, places, initial)
    return rq.MoveToStation(who, ship_id, place)


async def take_over_order(ask: Asker, state: BattleState) -> rq.Request:
    """t: pick the post (its holder), then who takes it over from aboard the same ship."""
    posts = [a for s in state.ships for a in state.aboard(s.id) if a.station_id is not None]
    if not posts:
        raise NotGiven("Nobody holds a post aboard the battle's ships.")
    holders = [
        (a.character_id, f"{where_words(state, a)}: {state.character(a.character_id).name}")
        for a in posts
    ]
    occupant = await ask.choose("Take over whose post?", holders)
    ship_id = state.assignment(occupant).ship_id
    others = [a for a in state.aboard(ship_id) if a.character_id != occupant]
    if not others:
        raise NotGiven(f"Nobody else aboard {state.ship(ship_id).name} can take it over.")
    title = f"Who takes over from {state.character(occupant).name}?"
    who = await ask.choose(title, _who_is_where(state, others))
    return rq.TakeOver(who, occupant)


async def leave_order(ask: Asker, state: BattleState) -> rq.Request:
    """l: a character aboard one of the battle's ships gets off it."""
    aboard = [a for s in state.ships for a in state.aboard(s.id)]
    if not aboard:
        raise NotGiven("Nobody is aboard the battle's ships.")
    who = await ask.choose("Who leaves the ship?", _who_is_where(state, aboard))
    return rq.LeaveShip(who)


async def gunner_order(ask: Asker, state: BattleState, ship_id: str | None) -> rq.Request:
    """g: a weapon of the ship under the table's cursor, then who fires it."""
    if ship_id is None:
        raise NotGiven("No ship in the table: move the cursor onto one.")
    ship = state.ship(ship_id)
    weapons = ship.weapons()
    if not weapons:
        raise NotGiven(f"{ship.name} has no weapon (move the cursor in the ship table).")
    names = {c.id: c.name for c in state.characters}
    choices = [
        (m.key, f"{m.name}: {names.get(line_gunner(ship, m) or '', 'the crew')}") for m in weapons
    ]
    weapon = await ask.choose(f"Which weapon of {ship.name}?", choices)
    people = [(CREW, "the crew")]
    people += [(a.character_id, names[a.character_id]) for a in state.aboard(ship.id)]
    who = await ask.choose("Who fires it?", people)
    return rq.AssignGunner(ship.id, weapon, None if who == CREW else who)


async def knock_out_order(ask: Asker, state: BattleState, ship_id: str | None) -> rq.Request:
    """k: a system of the ship d and k act on, knocked out."""
    if ship_id is None:
        raise NotGiven("No ship left to knock a system out on.")
    ship = state.ship(ship_id)
    systems = [(m.key, m.name) for m in ship.mounts() if m.key not in ship.systems_out]
    system = await ask.choose(f"Knock out which system of {ship.name}?", systems)
    return rq.KnockOut(ship.id, system)


async def commander_order(ask: Asker, state: BattleState) -> rq.Request:
    """c: the side, then who commands it (nobody: the flagship's command station)."""
    sides = [(s.id, f"{s.id.upper()} {s.name}") for s in state.sides]
    side = await ask.choose("Set the commander of which side?", sides)
    fleet = state.side(side)
    people = [(CREW, "nobody: the flagship's command station, else her crew")] + [
        (a.character_id, state.character(a.character_id).name)
        for a in state.assignments
        if a.ship_id in fleet.ship_ids and a.aboard
    ]
    who = await ask.choose(f"Who commands {fleet.name}?", people, fleet.commander)
    return rq.SetCommander(side, None if who == CREW else who)
