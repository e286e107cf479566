"""The Crew tab's orders: what a key asked for (a form's spec, a file, a yes), as a typed
request the pane carries out with one action, and the words for its result.

Changing ships goes through `actions.ships`, mending them through `actions.ship_condition`;
an order the GM typed in a form is refused back to the form (it stays open with the
reason), any other on the status line."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple, assert_never

from gmtool.actions import ship_condition as cond
from gmtool.actions import ships as ship_actions
from gmtool.actions.reads.campaign import Campaign
from gmtool.rules.ships import ShipSpec
from gmtool.tui.tabs.crew import changes
from gmtool.tui.tabs.crew.condition import changed_words


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
    name: str
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
CONDITION_DOING = {
    RepairShip: "repaired",
    ReplaceCrew: "crewed",
    RestoreShip: "restored",
    ScrapShip: "scrapped",
}


def refused_words(order: ShipOrder, why: str) -> str:
    """The order refused, and why."""
    not_done = REFUSED[type(order)]
    return f"{not_done}: {why}" if not_done else why


def done_words(order: ShipOrder, done: Done) -> str:
    """The status line after the order was carried out."""
    if isinstance(done, cond.ConditionChanged):
        return changed_words(done, CONDITION_DOING[type(order)])
    if isinstance(done, ship_actions.ShipDeleted):
        return changes.deleted_words(done.name, done)
    if isinstance(order, ImportShip):
        return changes.imported_words(done, order.path)
    if isinstance(order, EditShip):
        return changes.edited_words(done)
    if isinstance(order, RegenerateCrew):
        return changes.regenerated_words(done)
    return changes.added_words(done)


def act(campaign: Campaign, order: ShipOrder) -> Done:
    """The one action that carries `order` out; refusals raise (RulesError, StoreError)."""
    match order:
        case AddShip(spec):
            return ship_actions.add_ship(campaign, spec)
        case EditShip(ship_id, spec):
            return ship_actions.edit_ship(campaign, ship_id, spec)
        case ImportShip(path, side):
            return ship_actions.import_ship(campaign, path, side)
        case DeleteShip(ship_id, _, take_off_stations, leave_battles):
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
