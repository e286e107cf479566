"""The check a station's row stands for, and rolling it from the Stations tab.

The board shows one check on each row that makes one (a character's own roll, a leader's
Leadership check, or the crew check where the crew rolls or where the battle would take the
crew's better score); `row_check` says which, and the board's Score cell and Enter's roll both
read it, so the check rolled is the check shown. The roll goes to the campaign's log with
what it was for and is one undo step of the party (ctrl+z marks it undone, ctrl+y restores
it), so the tab's undo takes it back like any other change made there.
"""

from __future__ import annotations

import msgspec

from gmtool.actions.errors import ActionRefused, refusals
from gmtool.rules.characters import skill_label
from gmtool.rules.checks import CheckResult, roll_check
from gmtool.rules.stations import StationBoard, station_board, station_table
from gmtool.store import party as party_store
from gmtool.store.campaign import Campaign
from gmtool.store.ships import list_ships

# The `source` the Stations tab saves its rolls under.
STATIONS_TAB = "stations"


class StationCheck(msgspec.Struct, frozen=True):
    """One check the board shows: who rolls it, on which skill, at which score and step."""

    station_id: str
    roll: str  # the roll's id in tables/stations.yaml (attack, maneuver, ...), or "leadership"
    character_id: str | None  # None: the ship's crew rolls
    skill: str | None  # the skill rolled; None for the crew check
    crew_check: bool  # the crew check score is rolled (by the crew, or as the better score)
    score: int
    step: int
    own_score: int | None = None  # the character's own score when the crew check is better


class StationCheckRolled(msgspec.Struct, frozen=True):
    """A station's check, rolled and saved in the log."""

    check: StationCheck
    result: CheckResult
    roll_id: int
    purpose: str  # what the log says the roll was for
    label: str  # what ctrl+z will say it undoes


def row_check(
    board: StationBoard, station_id: str, character_id: str | None
) -> StationCheck | None:
    """The check of a character's row at a station (`character_id` None: the crew's row);
    None when that row rolls nothing this round (standing by, out of action, no roll)."""
    # imported here: the battle rules load when a board is drawn, not at start-up
    from gmtool.rules.battle.scores import board_choice

    line = board.line(station_id)
    if character_id is None:
        crew = next((r for r in line.rolls if r.roller is None), None)
        if crew is None:
            return None
        return StationCheck(station_id, crew.roll, None, None, True, crew.score, crew.step)
    occupant = next((o for o in line.occupants if o.character_id == character_id), None)
    if occupant is None or occupant.score is None or occupant.step is None:
        return None
    own = next((r for r in line.rolls if r.roller == character_id), None)
    roll = own.roll if own is not None else "leadership"
    check = StationCheck(
        station_id, roll, character_id, occupant.skill, False, occupant.score, occupant.step
    )
    for any_line in board.lines:  # the battle takes the better of skill and crew check
        for station_roll in any_line.rolls:
            if station_roll.roller == character_id and station_roll.skill is not None:
                choice = board_choice(
                    station_roll.roll,
                    station_roll.skill,
                    station_roll.score,
                    station_roll.step,
                    board.crew_score,
                )
                if choice is not None and choice.crew_better:
                    return StationCheck(
                        station_id,
                        roll,
                        character_id,
                        occupant.skill,
                        True,
                        choice.crew_score,
                        choice.crew_step,
                        own_score=choice.skill_score,
                    )
    return check


def check_purpose(check: StationCheck, who: str, ship: str) -> str:
    """What the log says a station's roll was for: 'Sensors (sensor check), CSS Meridian:
    Rhea Vos, System Operation—sensors'."""
    table = station_table()
    station = table.stations[check.station_id].name
    roll = table.rolls[check.roll].name.lower() if check.roll in table.rolls else "leadership"
    if check.skill is None:
        rolled = "the crew check"
    elif check.crew_check:
        rolled = f"the crew check (better than {skill_label(check.skill)} {check.own_score})"
    else:
        rolled = skill_label(check.skill)
    return f"{station} ({roll}), {ship}: {who}, {rolled}"


def roll_station_check(
    campaign: Campaign, ship_id: str, station_id: str, character_id: str | None
) -> StationCheckRolled:
    """Roll the check the board shows for a row of a ship's station and save it with what it
    was for (one undo step of the party). Refused when the row rolls nothing."""
    with refusals(), campaign.transaction():
        party = party_store.load_party_state(campaign)
        ship = next((s for s in list_ships(campaign) if s.id == ship_id), None)
        if ship is None:
            raise ActionRefused(f"no ship {ship_id!r} in the campaign")
        board = station_board(
            ship.id, ship.spec.crew_check_score, party.characters, party.assignments
        )
        check = row_check(board, station_id, character_id)
        station = station_table().station(station_id).name
        who = "the crew" if character_id is None else party.character(character_id).name
        if check is None:
            raise ActionRefused(f"{who} at {station} ({ship.name}) rolls nothing this round")
        result = roll_check(check.score, check.step, campaign.rng())
        purpose = check_purpose(check, who, ship.name)
        saved = campaign.record([campaign.check_entry(result, purpose, source=STATIONS_TAB)])
        label = f"roll {station} for {who} ({ship.name})"
        party_store.save_party(campaign, party, label, rolls=saved)
    return StationCheckRolled(check, result, int(saved[0]["id"]), purpose, label)
