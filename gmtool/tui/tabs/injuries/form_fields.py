"""Form pieces shared by the Injuries tab's dialogs, so they look and check the same: a row
of labelled fields, the bail-out request, the ship-and-class row and the ship a form
starts on."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import msgspec
from textual.containers import Horizontal
from textual.widgets import Select

from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.characters import Party
from gmtool.rules.classes import class_ids
from gmtool.rules.stations import assignment_of
from gmtool.tui.widgets.compact import choice, form_row


class BailoutOrder(msgspec.Struct, frozen=True):
    """The bail-out helper's request: the class (a ship's own, when one is chosen), the
    survivors aboard, and the share who cannot get out (None: rolled)."""

    ship_class: str
    survivors: int
    ship_id: str | None
    ship_name: str | None
    trapped_percent: int | None


NO_SHIP = "-"
"""The ship Select's value for "no ship: choose a class"."""


def ship_class_row(
    ships: Mapping[str, ShipRecord], ship_id: str | None, start_class: str, id_prefix: str
) -> Horizontal:
    """The Ship (`#<prefix>-ship`) and Class (`#<prefix>-class`) Selects; the class can be
    chosen only while no ship is, as a ship brings its own."""
    ship = choice(ship_options(ships), ship_id or NO_SHIP, f"{id_prefix}-ship")
    classes = [(c, c) for c in class_ids()]
    ship_class = choice(classes, start_class, f"{id_prefix}-class", disabled=ship_id is not None)
    return form_row("Ship", ship, "Class", ship_class)


def ship_options(ships: Mapping[str, ShipRecord]) -> list[tuple[str, str]]:
    """The Ship Select's choices: no ship (a class instead), then each ship with its class
    and, for a ship not the campaign's, its side."""
    options = [("no ship: choose a class", NO_SHIP)]
    for ship in ships.values():
        side = "" if ship.side == "campaign" else f", {ship.side}"
        options.append((f"{ship.spec.name} ({ship.spec.ship_class}{side})", ship.id))
    return options


def ship_chosen(
    value: object, ships: Mapping[str, ShipRecord], class_select: Select[Any]
) -> str | None:
    """The ship id a Ship Select's new `value` names (None: no ship); the Class Select takes
    that ship's class, and can be chosen only while no ship is."""
    ship_id = value if isinstance(value, str) and value != NO_SHIP else None
    class_select.disabled = ship_id is not None
    if ship_id is not None:
        class_select.value = ships[ship_id].spec.ship_class
    return ship_id


def ship_of(party: Party, character_id: str | None, ship_ids: Collection[str]) -> str | None:
    """The ship a hazard roll starts on: the highlighted character's, else the first ship
    with anyone aboard (None: no ship of `ship_ids` has)."""
    if character_id is not None:
        assignment = assignment_of(party.assignments, character_id)
        if assignment is not None and assignment.ship_id in ship_ids:
            return assignment.ship_id
    return next((a.ship_id for a in party.assignments if a.ship_id in ship_ids), None)
