"""The Crew tab's orders: what a key asked for, as a typed request carried out with one action
(`actions.ships` or `actions.ship_condition`), and the words for its result and for ctrl+z
and ctrl+y. An order typed in a form is refused back to the form, any other on the status
line."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple, assert_never

from gmtool.actions import ship_condition as cond
from gmtool.actions import ships as ship_actions
from gmtool.actions.reads.campaign import Campaign
from gmtool.rules.ships import ShipSpec


class AddShip(NamedTuple):
    spec: ShipSpec


class EditShip(NamedTuple):
    ship_id: str
    spec: ShipSpec


class ImportShip(NamedTuple):
    path: Path
    side: str


class DeleteShip(NamedTuple):
    ship_id: str
    take_off_stations: bool  # characters stand aboard: they leave their stations with it
    leave_battles: bool  # it is in an open battle: it leaves it


class RegenerateCrew(NamedTuple):
    ship_id: str


class RepairShip(NamedTuple):
    ship_id: str
    days: int
    where: str


class ReplaceCrew(NamedTuple):
    ship_id: str


class RestoreShip(NamedTuple):
    ship_id: str


class ScrapShip(NamedTuple):
    ship_id: str


ShipOrder = (
    AddShip
    | EditShip
    | ImportShip
    | DeleteShip
    | RegenerateCrew
    | RepairShip
    | ReplaceCrew
    | RestoreShip
    | ScrapShip
)
Done = ship_actions.ShipSaved | ship_actions.ShipDeleted | cond.ConditionChanged

# Orders typed in a form: refused back to it, not on the status line.
IN_A_FORM = (AddShip, EditShip, ImportShip)
REFUSED = {
    AddShip: "Not added",
    EditShip: "Not saved",
    ImportShip: "",  # the import dialog says the file, ship, key and line
    DeleteShip: "Not deleted",
    RegenerateCrew: "Not regenerated",
    RepairShip: "Not repaired",
    ReplaceCrew: "Not crewed",
    RestoreShip: "Not restored",
    ScrapShip: "Not scrapped",
}
CONDITION_DONE = {
    RepairShip: "repaired",
    ReplaceCrew: "crewed",
    RestoreShip: "restored",
    ScrapShip: "scrapped",
}


def refused_words(order: ShipOrder, why: str) -> str:
    not_done = REFUSED[type(order)]
    return f"{not_done}: {why}" if not_done else why


def done_words(order: ShipOrder, done: Done) -> str:
    """The status line after the order was carried out."""
    if isinstance(done, cond.ConditionChanged):
        done_word = CONDITION_DONE[type(order)]
        return f"{done.view.name} {done_word} (its last line above); ctrl+z undoes it."
    if isinstance(done, ship_actions.ShipDeleted):
        off = ""
        if done.unassigned:
            off = f" {', '.join(done.unassigned)} left their stations with it."
        if done.left_battles:
            off += f" It left the battle {', '.join(done.left_battles)}."
        return f"Deleted {done.name}.{off} ctrl+z brings it back with its crew."
    crew = done.total_crew
    if isinstance(order, ImportShip):
        return f"Imported {done.name} from {order.path} as {done.ship_id}: {crew} crew."
    if isinstance(order, EditShip):
        return (
            f"Saved {done.name}: {crew} crew; {done.kept_names} kept their names, "
            f"{done.new_names} newly named."
        )
    if isinstance(order, RegenerateCrew):
        return f"Named a new crew for {done.name} ({crew}); ctrl+z brings the old names back."
    return f"Added {done.name}: {crew} crew, all named."


def refusal_words(why: str) -> str:
    """An undo or redo refused (nothing left, or a battle's end): its reason as a sentence."""
    return f"{why[:1].upper()}{why[1:]}."


def undone_text(undone: ship_actions.ShipsUndone, redo: bool = False) -> str:
    """The status line after ctrl+z or ctrl+y: the change by name, and the stations it
    touched."""
    text = f"{'Redone' if redo else 'Undone'}: {undone.label}."
    if undone.stations:
        where = "off their stations again" if redo else "back at their stations"
        text += (
            f" {', '.join(undone.stations)} {'is' if len(undone.stations) == 1 else 'are'} {where}."
        )
    if undone.stations_kept:
        text += (
            f" The stations changed since, so {', '.join(undone.stations_kept)} stay off "
            "them: place them on the Stations tab."
        )
    if not redo:
        text += " ctrl+y redoes it."
    return text


def act(campaign: Campaign, order: ShipOrder) -> Done:
    """The one action that carries `order` out; refusals raise (RulesError, StoreError)."""
    match order:
        case AddShip(spec):
            return ship_actions.add_ship(campaign, spec)
        case EditShip(ship_id, spec):
            return ship_actions.edit_ship(campaign, ship_id, spec)
        case ImportShip(path, side):
            return ship_actions.import_ship(campaign, path, side)
        case DeleteShip(ship_id, take_off_stations, leave_battles):
            return ship_actions.delete_ship(
                campaign, ship_id, take_off_stations, leave_battles=leave_battles
            )
        case RegenerateCrew(ship_id):
            return ship_actions.regenerate_crew(campaign, ship_id)
        case RepairShip(ship_id, days, where):
            return cond.repair(campaign, ship_id, days, where)
        case ReplaceCrew(ship_id):
            return cond.replace_crew(campaign, ship_id)
        case RestoreShip(ship_id):
            return cond.restore(campaign, ship_id)
        case ScrapShip(ship_id):
            return cond.scrap(campaign, ship_id)
    assert_never(order)
