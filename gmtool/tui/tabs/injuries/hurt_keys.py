"""The Injuries tab's keys that hurt or clear a ship: h (a hazard roll by hand), d (direct
damage) and b (the bail-out). A mixin of `InjuriesPane`, which supplies the party, the
status line and the reload it calls."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.actions.errors import StoreError
from gmtool.actions.reads.injuries import InjuryEntry
from gmtool.actions.reads.party import campaign_ships
from gmtool.actions.reads.ships import ShipRecord
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import assignment_of
from gmtool.tui.dialogs import kept_dialog
from gmtool.tui.tabs.injuries.keys_base import InjuryKeys

# The name the hazard form is kept under between openings.
HAZARD_FORM = "injuries-hazard-form"


class HurtKeys(InjuryKeys):
    """h, d and b; the pane below it in the class list gives what is declared here."""

    if TYPE_CHECKING:
        battle: str
        round_text: str

    def _ships(self) -> list[ShipRecord]:
        try:
            return campaign_ships(self.campaign)
        except (StoreError, RulesError) as exc:
            self.show_status(f"The ships do not read ({exc}); choose a class instead.", error=True)
            return []

    def _ship_of_highlighted(self, ships: list[ShipRecord]) -> str | None:
        """The ship of the highlighted character, else the first ship with anyone aboard."""
        ids = {s.id for s in ships}
        character_id = self.highlighted_character_id()
        if character_id is not None:
            assignment = assignment_of(self.party.assignments, character_id)
            if assignment is not None and assignment.ship_id in ids:
                return assignment.ship_id
        for assignment in self.party.assignments:
            if assignment.ship_id in ids:
                return assignment.ship_id
        return None

    def action_hazard(self) -> None:
        if self._refused():
            return
        from gmtool.actions.injuries import roll_hazard_by_hand
        from gmtool.tui.tabs.injuries.hazard_dialog import HazardDialog, HazardFormStart

        self.read_again_if_saved()
        if not self._need_party("hazard roll"):
            return
        ships = self._ships()

        def roll(request: Any) -> list[InjuryEntry]:
            self.battle = request.battle or ""
            self.round_text = "" if request.round is None else str(request.round)
            return roll_hazard_by_hand(self.campaign, request)

        def closed(entries: list[InjuryEntry] | None) -> None:
            newest = max(entries, key=lambda e: int(e["id"])) if entries else None
            self.reload(newest, to_character=False)  # several characters: stay where it was
            if entries and newest is not None:
                hurt = sum(1 for e in entries if any((e.get("marked") or {}).values()))
                self.show_status(
                    f"{self._saved('Hazards', newest)}: {len(entries)} "
                    f"roll{'s' if len(entries) != 1 else ''}, {hurt} hurt. ctrl+z takes back the "
                    "newest entry."
                )
            self.focus_default()

        party = self.party
        ship_id = self._ship_of_highlighted(ships)
        battle, round_text = self.battle, self.round_text
        start = HazardFormStart(
            ships, party, roll, ship_id=ship_id, battle=battle, round_text=round_text
        )
        dialog = kept_dialog(
            self.app,
            HAZARD_FORM,
            HazardDialog,
            lambda: HazardDialog(start),
            lambda kept: kept.renew(start),
        )
        self.app.push_screen(dialog, closed)

    def action_damage(self) -> None:
        if self._refused():
            return
        from gmtool.actions.injuries import DamageRequest, deal_damage
        from gmtool.tui.tabs.injuries.treatment_dialog import DamageDialog

        self.read_again_if_saved()
        if not self._need_party("one to hurt"):
            return

        def save(request: DamageRequest) -> InjuryEntry:
            self.battle = request.battle or ""
            self.round_text = "" if request.round is None else str(request.round)
            return deal_damage(self.campaign, request)

        def closed(entry: InjuryEntry | None) -> None:
            self.reload(entry)
            if entry is not None:
                self.show_status(
                    f"{self._saved('Damage', entry)}: {entry['character_name']}, "
                    f"{entry['summary']}."
                )
            self.focus_default()

        self.app.push_screen(
            DamageDialog(
                self.party,
                save,
                self.highlighted_character_id(),
                battle=self.battle,
                round_text=self.round_text,
            ),
            closed,
        )

    def action_bailout(self) -> None:
        if self._refused():
            return
        from gmtool.actions.reads.injuries import load_bailout
        from gmtool.tui.tabs.injuries.bailout_dialog import BailoutDialog

        try:
            last = load_bailout(self.campaign)
        except StoreError as exc:
            self.show_status(str(exc), error=True)
            last = None
        ships = self._ships()

        def closed(record: Any) -> None:
            if record is not None:
                self.show_status(
                    f"Bail-out ordered: {record.where}, {record.bailout.rounds} rounds."
                )
            self.focus_default()

        self.app.push_screen(
            BailoutDialog(
                self.campaign,
                ships,
                self.party,
                ship_id=self._ship_of_highlighted(ships),
                last=last,
            ),
            closed,
        )
