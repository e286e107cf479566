"""The Battle tab's orders about who is where (m, t, l, g, c, k), and the lines that say
what a battle's end or undo wrote back to the campaign.

Each order asks its choices by name and returns the typed request or None. m, t and l
change the campaign's stations too, so ctrl+z in the battle takes both back; the battle
follows the stations from its next roll.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App

from gmtool.actions.battles import StepDone, StepUndone
from gmtool.actions.errors import StoreError
from gmtool.actions.reads.campaign import Campaign
from gmtool.actions.reads.party import load_party_state
from gmtool.actions.reads.ships import list_ships
from gmtool.rules.battle import CREW, BattleState, line_gunner
from gmtool.rules.battle.live_stations import place_words
from gmtool.rules.stations import Assignment, station_table
from gmtool.tui.dialogs import ChoiceDialog
from gmtool.tui.tabs.battle import requests as rq

Say = Callable[[str], None]  # says why an order cannot be given, on the status line


def where_words(state: BattleState, assignment: Assignment) -> str:
    """'the Command of CSS Meridian', 'sickbay (CSS Meridian)'."""
    ship = state.ship(assignment.ship_id).name
    if assignment.station_id is None:
        return f"{place_words(assignment.place)} ({ship})"
    return f"{place_words(assignment.place)} of {ship}"


def _name(state: BattleState, character_id: str) -> str:
    return state.character(character_id).name


def _who_is_where(state: BattleState, aboard: list[Assignment]) -> list[tuple[str, str]]:
    """Characters to pick from, each with where aboard they are."""
    return [
        (a.character_id, f"{_name(state, a.character_id)}: {where_words(state, a)}") for a in aboard
    ]


async def move_order(
    app: App[Any], campaign: Campaign, state: BattleState, say: Say
) -> rq.Request | None:
    """m: a character of the party to a station of one of the battle's campaign ships."""
    try:
        party = load_party_state(campaign)
        campaign_ships = {r.id for r in list_ships(campaign)}
    except StoreError as exc:
        say(f"Not moved: {exc}")
        return None
    ships = [s for s in state.ships if s.id in campaign_ships]
    if not party.characters or not ships:
        say("Nobody to move: the party has no one, or no campaign ship fights.")
        return None
    here = {a.character_id: a for a in state.assignments}
    people = [
        (c.id, f"{c.name}: {where_words(state, here[c.id])}" if c.id in here else c.name)
        for c in party.characters
    ]
    who = await app.push_screen_wait(ChoiceDialog("Move whom?", people))
    if who is None:
        return None
    ship_id: str | None = ships[0].id
    if len(ships) > 1:
        ship_id = await app.push_screen_wait(
            ChoiceDialog("To which ship?", [(s.id, s.name) for s in ships])
        )
    if ship_id is None:
        return None
    table = station_table()
    places = [(s.id, s.name) for s in table.stations.values()]
    places += [(p.id, p.name) for p in table.off_station.values()]
    initial = here[who].place if who in here else None
    place = await app.push_screen_wait(
        ChoiceDialog(f"Where aboard {state.ship(ship_id).name}?", places, initial)
    )
    return None if place is None else rq.MoveToStation(who, ship_id, place)


async def take_over_order(app: App[Any], state: BattleState, say: Say) -> rq.Request | None:
    """t: pick the post (its holder), then who takes it over from aboard the same ship."""
    posts = [a for s in state.ships for a in state.aboard(s.id) if a.station_id is not None]
    if not posts:
        say("Nobody holds a post aboard the battle's ships.")
        return None
    occupant = await app.push_screen_wait(
        ChoiceDialog(
            "Take over whose post?",
            [
                (a.character_id, f"{where_words(state, a)}: {_name(state, a.character_id)}")
                for a in posts
            ],
        )
    )
    if occupant is None:
        return None
    ship_id = state.assignment(occupant).ship_id
    others = [a for a in state.aboard(ship_id) if a.character_id != occupant]
    if not others:
        say(f"Nobody else aboard {state.ship(ship_id).name} can take it over.")
        return None
    who = await app.push_screen_wait(
        ChoiceDialog(f"Who takes over from {_name(state, occupant)}?", _who_is_where(state, others))
    )
    return None if who is None else rq.TakeOver(who, occupant)


async def leave_order(app: App[Any], state: BattleState, say: Say) -> rq.Request | None:
    """l: a character aboard one of the battle's ships gets off it."""
    aboard = [a for s in state.ships for a in state.aboard(s.id)]
    if not aboard:
        say("Nobody is aboard the battle's ships.")
        return None
    who = await app.push_screen_wait(
        ChoiceDialog("Who leaves the ship?", _who_is_where(state, aboard))
    )
    return None if who is None else rq.LeaveShip(who)


async def gunner_order(
    app: App[Any], state: BattleState, ship_id: str, say: Say
) -> rq.Request | None:
    """g: a weapon of the ship under the table's cursor, then who fires it."""
    ship = state.ship(ship_id)
    weapons = ship.weapons()
    if not weapons:
        say(f"{ship.name} has no weapon (move the cursor in the ship table).")
        return None
    names = {c.id: c.name for c in state.characters}
    weapon = await app.push_screen_wait(
        ChoiceDialog(
            f"Which weapon of {ship.name}?",
            [
                (m.key, f"{m.name}: {names.get(line_gunner(ship, m) or '', 'the crew')}")
                for m in weapons
            ],
        )
    )
    if weapon is None:
        return None
    people = [(CREW, "the crew")] + [
        (a.character_id, names[a.character_id]) for a in state.aboard(ship.id)
    ]
    who = await app.push_screen_wait(ChoiceDialog("Who fires it?", people))
    return None if who is None else rq.AssignGunner(ship.id, weapon, None if who == CREW else who)


async def knock_out_order(app: App[Any], state: BattleState, ship_id: str) -> rq.Request | None:
    """k: a system of the ship d and k act on, knocked out."""
    ship = state.ship(ship_id)
    systems = [(m.key, m.name) for m in ship.mounts() if m.key not in ship.systems_out]
    system = await app.push_screen_wait(
        ChoiceDialog(f"Knock out which system of {ship.name}?", systems)
    )
    return None if system is None else rq.KnockOut(ship.id, system)


async def commander_order(app: App[Any], state: BattleState) -> rq.Request | None:
    """c: the side, then who commands it (nobody: the flagship's command station)."""
    side = await app.push_screen_wait(
        ChoiceDialog(
            "Set the commander of which side?",
            [(s.id, f"{s.id.upper()} {s.name}") for s in state.sides],
        )
    )
    if side is None:
        return None
    fleet = state.side(side)
    people = [(CREW, "nobody: the flagship's command station, else her crew")] + [
        (a.character_id, state.character(a.character_id).name)
        for a in state.assignments
        if a.ship_id in fleet.ship_ids and a.aboard
    ]
    who = await app.push_screen_wait(
        ChoiceDialog(f"Who commands {fleet.name}?", people, fleet.commander)
    )
    return None if who is None else rq.SetCommander(side, None if who == CREW else who)


# -- what the battle's end did to the campaign ------------------------------------------------


def written_back_text(done: StepDone) -> str:
    """'End state written to the campaign's ships: CSS Meridian crippled, 41 crew lost.'"""
    if not done.written_back:
        return ""
    parts = []
    for ship_id in done.written_back:
        ship = done.state.ship(ship_id)
        lost = ship.crew_losses["dead"] + ship.crew_losses["badly_wounded"]
        parts.append(f"{ship.name} {ship.fate}, {lost} crew lost")
    return f"End state written to the campaign's ships (Crew tab): {'; '.join(parts)}."


def undone_text(undone: StepUndone) -> str:
    """What an undo gave back outside the battle, in words ('' when nothing)."""
    lines = []
    if undone.ships_restored:
        lines.append("The campaign's ships are back as they were before the battle ended.")
    if undone.stations_restored:
        lines.append("The stations are back as they were (Stations tab).")
    return " ".join(lines)
