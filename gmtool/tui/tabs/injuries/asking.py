"""How the Injuries tab asks for each thing a key does: the dialog it opens, on the party as
saved and the character under the cursor.

A dialog hands its request to `save` (the pane, which carries it out with one action; a
refusal raises and the dialog shows it and stays open) and, once closed, what was saved to
`closed` (None: nothing). The dialogs are imported as they are first asked for, so the tab
opens without building them. These functions take values and callables, never the pane."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.app import App

from gmtool.actions import healing
from gmtool.actions.healing import Rested, RestRequest
from gmtool.actions.injuries import DamageRequest, HazardRequest, TreatmentRequest
from gmtool.actions.reads.campaign import Campaign
from gmtool.actions.reads.injuries import BailoutRecord, InjuryEntry
from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.characters import Party
from gmtool.tui.dialogs import kept_dialog
from gmtool.tui.tabs.injuries.form_fields import BailoutOrder

# The name the hazard form is kept under between openings.
HAZARD_FORM = "injuries-hazard-form"
Closed = Callable[[Any], None]


def ask_hazard(
    app: App[Any],
    ships: Sequence[ShipRecord],
    party: Party,
    save: Callable[[HazardRequest], list[InjuryEntry]],
    closed: Closed,
    *,
    ship_id: str | None,
    battle: str,
    round_text: str,
) -> None:
    """The hazard form (kept between openings, made new each time): the ship hit, who
    rolls, the battle and round last typed."""
    from gmtool.tui.tabs.injuries.hazard_dialog import HazardDialog, HazardFormStart

    start = HazardFormStart(
        ships, party, save, ship_id=ship_id, battle=battle, round_text=round_text
    )
    dialog = kept_dialog(
        app, HAZARD_FORM, HazardDialog, lambda: HazardDialog(start), lambda kept: kept.renew(start)
    )
    app.push_screen(dialog, closed)


def ask_damage(
    app: App[Any],
    party: Party,
    save: Callable[[DamageRequest], InjuryEntry],
    closed: Closed,
    character_id: str | None,
    *,
    battle: str,
    round_text: str,
) -> None:
    from gmtool.tui.tabs.injuries.treatment_dialog import DamageDialog

    dialog = DamageDialog(party, save, character_id, battle=battle, round_text=round_text)
    app.push_screen(dialog, closed)


def ask_medical_treatment(
    app: App[Any],
    party: Party,
    save: Callable[[healing.TreatmentRequest], InjuryEntry],
    closed: Closed,
    character_id: str | None,
) -> None:
    """The doctor's roll: Medical Science for the procedure chosen."""
    from gmtool.tui.tabs.injuries.medical_dialog import MedicalTreatmentDialog

    app.push_screen(MedicalTreatmentDialog(party, save, character_id), closed)


def ask_healing(
    app: App[Any],
    party: Party,
    save: Callable[[TreatmentRequest], InjuryEntry],
    closed: Closed,
    character_id: str | None,
) -> None:
    """Healing by the GM's ruling: points, a note, or stabilize; nothing rolled."""
    from gmtool.tui.tabs.injuries.treatment_dialog import TreatmentDialog

    app.push_screen(TreatmentDialog(party, save, character_id), closed)


def ask_rest(
    app: App[Any],
    party: Party,
    save: Callable[[RestRequest], Rested],
    closed: Closed,
    character_id: str | None,
) -> None:
    from gmtool.tui.tabs.injuries.medical_dialog import RestDialog

    app.push_screen(RestDialog(party, save, character_id), closed)


def ask_bailout(
    app: App[Any],
    campaign: Campaign,
    ships: Sequence[ShipRecord],
    party: Party,
    order: Callable[[BailoutOrder], BailoutRecord],
    closed: Callable[[BailoutRecord | None], None],
    *,
    ship_id: str | None,
    last: BailoutRecord | None,
) -> None:
    """The bail-out helper: each order (rolled once) goes to `order` while it stays open;
    the campaign is for reading who is aboard."""
    from gmtool.tui.tabs.injuries.bailout_dialog import BailoutDialog

    dialog = BailoutDialog(campaign, ships, party, order, ship_id=ship_id, last=last)
    app.push_screen(dialog, closed)
