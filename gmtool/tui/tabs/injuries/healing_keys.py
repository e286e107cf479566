"""The Injuries tab's healing keys: t (the doctor's treatment roll), r (rest days) and g
(healing by the GM's ruling). A mixin of `InjuriesPane`, which supplies the party, the
status line and the reload it calls."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from textual.screen import Screen

from gmtool.actions.reads.injuries import InjuryEntry
from gmtool.rules.characters import Party
from gmtool.tui.tabs.injuries.keys_base import InjuryKeys

if TYPE_CHECKING:
    from gmtool.actions.reads.campaign import Campaign

Request = TypeVar("Request")


class HealingKeys(InjuryKeys):
    """t, r and g; the pane below it in the class list gives what is declared here."""

    def action_treat(self) -> None:
        """The doctor's roll (medical_dialog.py)."""
        from gmtool.actions.healing import treat_by_roll
        from gmtool.tui.tabs.injuries.medical_dialog import MedicalTreatmentDialog

        self._treatment(MedicalTreatmentDialog, treat_by_roll, "one to treat")

    def action_rest(self) -> None:
        if self._refused():
            return
        from gmtool.actions.healing import Rested, RestRequest, rest_days
        from gmtool.tui.tabs.injuries.medical_dialog import RestDialog

        self.read_again_if_saved()
        if not self._need_party("one to rest"):
            return

        def save(request: RestRequest) -> Rested:
            return rest_days(self.campaign, request)

        def closed(rested: Rested | None) -> None:
            newest = max(rested.entries, key=lambda e: int(e["id"])) if rested else None
            self.reload(newest, to_character=len(rested.entries) == 1 if rested else False)
            if rested is not None:
                names = {c.id: c.name for c in self.party.characters}
                skipped = ", ".join(names.get(i, i) for i, _ in rested.skipped)
                text = f"Rest saved: {len(rested.entries)} rested"
                text += f"; not resting: {skipped}" if skipped else ""
                self.show_status(f"{text}. ctrl+z takes the whole rest back.")
            self.focus_default()

        self.app.push_screen(RestDialog(self.party, save, self.highlighted_character_id()), closed)

    def action_heal(self) -> None:
        """Healing by the GM's ruling: typed points, nothing rolled."""
        from gmtool.actions.injuries import treat
        from gmtool.tui.tabs.injuries.treatment_dialog import TreatmentDialog

        self._treatment(TreatmentDialog, treat, "one to heal")

    def _treatment(
        self,
        dialog: Callable[[Party, Callable[[Request], InjuryEntry], str | None], Screen[Any]],
        action: Callable[[Campaign, Request], InjuryEntry],
        needs: str,
    ) -> None:
        """Open a treatment dialog (the doctor's roll, or healing by ruling) on the
        highlighted character; the saved entry is shown and selected."""
        if self._refused():
            return
        self.read_again_if_saved()
        if not self._need_party(needs):
            return

        def save(request: Request) -> InjuryEntry:
            return action(self.campaign, request)

        def closed(entry: InjuryEntry | None) -> None:
            self.reload(entry)
            if entry is not None:
                self.show_status(
                    f"{self._saved('Treatment', entry)}: {entry['character_name']}, "
                    f"{entry['summary']}."
                )
            self.focus_default()

        self.app.push_screen(dialog(self.party, save, self.highlighted_character_id()), closed)
