"""What the players may see: one model built from the campaign, the only data the players'
screen gets.

Hidden means hidden, so the view never reads the campaign itself: `player_model` copies out
what the characters would know and nothing else. Side a of a battle is the players' fleet
(`gmtool battle new --ship`). Their ships come with tracks, state and crew losses; an enemy
ship with its name, class, its condition in words and only the weapons it has shown (fired
this round, or hit with in this battle). Characters come without GM notes; the battle's log
is rebuilt from the events' typed facts (`public_log.py`), never quoted, since an event's
text names enemy scores and track numbers.
"""

from __future__ import annotations

import msgspec

from gmtool.actions.reads import battles as battle_reads
from gmtool.actions.reads.campaign import Campaign
from gmtool.actions.reads.party import campaign_ships, load_party_state
from gmtool.actions.reads.skirmish import load_game
from gmtool.player.public_log import PublicEntry, public_log
from gmtool.rules.battle import BattleState
from gmtool.rules.battle.state import BattleShip
from gmtool.rules.skirmish import GameState
from gmtool.rules.skirmish.outcome import Standing, standing
from gmtool.rules.stations import station_table

PLAYERS_SIDE = "a"


class OwnShip(msgspec.Struct, frozen=True):
    """One of the players' ships: what its bridge knows of it."""

    name: str
    ship_class: str
    points: dict[str, int]
    marked: dict[str, int]
    fate: str  # operational, shaken, ... destroyed; escaped, abandoning, abandoned
    crew_total: int
    crew_losses: dict[str, int]  # total, dead, badly and lightly wounded
    systems_out: tuple[str, ...]


class EnemyShip(msgspec.Struct, frozen=True):
    """An enemy ship as seen across the void: no numbers at all."""

    name: str
    ship_class: str
    condition: str  # undamaged, damaged, shaken, disabled, crippled, destroyed, escaped, ...
    weapons: tuple[str, ...]  # only those it has shown


class SideView(msgspec.Struct, frozen=True):
    name: str
    heading: str | None  # close, hold, open; None before it declares this round
    has_edge: bool
    ours: bool


class BattleView(msgspec.Struct, frozen=True):
    name: str
    round: int
    phase: str
    step: str | None
    range: str
    finished: bool
    sides: tuple[SideView, SideView]
    ships: tuple[OwnShip, ...]
    enemies: tuple[EnemyShip, ...]
    log: tuple[PublicEntry, ...]  # this round's


class PartyMember(msgspec.Struct, frozen=True):
    """A character of the party: where they are and how they are."""

    name: str
    player: str | None
    place: str | None  # station or off-station place name; None: not posted
    ship: str | None
    tracks: dict[str, int]
    damage: dict[str, int]
    state: str  # ok, knocked_out, dying, dead
    treated: bool


class SkirmishView(msgspec.Struct, frozen=True):
    """The Torga IV table: all of it lies open on the table anyway."""

    state: GameState
    standing: Standing


class PlayerModel(msgspec.Struct, frozen=True):
    campaign: str
    battle: BattleView | None
    party: tuple[PartyMember, ...]
    skirmish: SkirmishView | None
    # between battles: the players' recap (Markdown) of the newest game session
    recap: str | None = None


def player_model(campaign: Campaign) -> PlayerModel:
    """Everything the players' screen shows, read from the campaign (opened read-only)."""
    game = load_game(campaign)
    battle = _battle(campaign)
    return PlayerModel(
        campaign=campaign.name,
        battle=battle,
        party=_party(campaign),
        skirmish=None if game is None else SkirmishView(game.state, standing(game.state)),
        recap=None if battle is not None and not battle.finished else players_recap(campaign),
    )


def players_recap(campaign: Campaign) -> str | None:
    """The players' cut of the newest session's recap (no enemy numbers, no GM notes, of the
    rolls only those the GM marked in front of them); None before the first session."""
    from gmtool.actions.journal import session_facts
    from gmtool.rules.session_recap import recap_markdown

    sessions = campaign.sessions()
    if not sessions:
        return None
    return recap_markdown(session_facts(campaign, sessions[-1]["id"]), players=True)


def shown_battle_id(campaign: Campaign) -> str | None:
    """The newest battle still being fought; else the newest one (its end stays up)."""
    records = battle_reads.list_battles(campaign)
    active = [r for r in records if r.status == battle_reads.ACTIVE]
    chosen = (active or records)[-1:]
    return chosen[0].id if chosen else None


def _battle(campaign: Campaign) -> BattleView | None:
    battle_id = shown_battle_id(campaign)
    if battle_id is None:
        return None
    return battle_view(battle_reads.load_battle(campaign, battle_id))


def battle_view(state: BattleState) -> BattleView:
    """The battle as the players' fleet sees it."""
    sides = tuple(
        SideView(
            name=side.name,
            heading=side.heading if side.declared else None,
            has_edge=side.id == state.edge_winner,
            ours=side.id == PLAYERS_SIDE,
        )
        for side in state.sides
    )
    return BattleView(
        name=state.name,
        round=state.round,
        phase=state.phase,
        step=state.step,
        range=state.range,
        finished=state.finished,
        sides=(sides[0], sides[1]),
        ships=tuple(_own_ship(s) for s in state.ships if s.side == PLAYERS_SIDE),
        enemies=tuple(_enemy_ship(state, s) for s in state.ships if s.side != PLAYERS_SIDE),
        log=public_log(state, PLAYERS_SIDE),
    )


def _own_ship(ship: BattleShip) -> OwnShip:
    return OwnShip(
        name=ship.name,
        ship_class=ship.spec.ship_class,
        points=dict(ship.damage.points),
        marked={t: ship.damage.marked.get(t, 0) for t in ship.damage.points},
        fate=ship.fate,
        crew_total=ship.crew_total,
        crew_losses=dict(ship.crew_losses),
        systems_out=tuple(ship.mount(key).name for key in ship.systems_out),
    )


def enemy_condition(ship: BattleShip) -> str:
    """The durability state, with an operational ship told apart as damaged or not."""
    fate = ship.fate
    if fate == "operational":
        return "damaged" if any(ship.damage.marked.values()) else "undamaged"
    return fate


def revealed_weapons(state: BattleState, ship: BattleShip) -> tuple[str, ...]:
    """The weapons a ship has shown: fired this round, or hit with in this battle."""
    keys = set(ship.fired)
    keys |= {
        hit.weapon
        for event in state.events
        for hit in event.hits
        if hit.by_ship == ship.id and hit.weapon is not None
    }
    return tuple(m.name for m in ship.weapons() if m.key in keys)


def _enemy_ship(state: BattleState, ship: BattleShip) -> EnemyShip:
    return EnemyShip(
        name=ship.name,
        ship_class=ship.spec.ship_class,
        condition=enemy_condition(ship),
        weapons=revealed_weapons(state, ship),
    )


def _party(campaign: Campaign) -> tuple[PartyMember, ...]:
    party = load_party_state(campaign)
    ships = {ship.id: ship.name for ship in campaign_ships(campaign)}
    table = station_table()
    places = {k: v.name for k, v in table.stations.items()}
    places |= {k: v.name for k, v in table.off_station.items()}
    where = {a.character_id: a for a in party.assignments}
    members = []
    for character in party.characters:
        posted = where.get(character.id)
        members.append(
            PartyMember(
                name=character.name,
                player=character.player,
                place=None if posted is None else places.get(posted.place, posted.place),
                ship=None if posted is None else ships.get(posted.ship_id, posted.ship_id),
                tracks=dict(character.tracks),
                damage={t: character.damage.get(t, 0) for t in character.tracks},
                state=character.state,
                treated=character.stabilized,
            )
        )
    return tuple(members)
