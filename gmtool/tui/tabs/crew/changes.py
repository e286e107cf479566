"""The Crew tab's keys that change ships: new, edit, import, delete, regenerate, undo, redo
and export. Each asks the action layer (`actions.ships`) and says what it did on the
status line.

`ShipChanges` is mixed into `CrewPane`, which provides the rest (the selected ship, the
status line, reloading the list).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text

from gmtool.actions import history
from gmtool.actions import ships as ship_actions
from gmtool.actions.errors import ActionRefused, StoreError
from gmtool.actions.reads import ships as ship_reads
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.ships import ShipSpec
from gmtool.tui.dialogs import kept_dialog
from gmtool.tui.tabs.crew.dialogs import (
    DELETE_AND_UNASSIGN,
    ExportDialog,
    ExportRequest,
    ImportDialog,
    delete_question,
    regenerate_question,
)
from gmtool.tui.tabs.crew.ship_form import ShipFormScreen

# The name the blank ship form is kept under between openings.
NEW_SHIP_FORM = "crew-new-ship-form"


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


class ShipChanges:
    """The ship-changing keys of the Crew tab (mixed into CrewPane)."""

    ship_id: str | None
    crew: ship_reads.ShipCrew | None
    app: Any
    campaign: Any
    _roster_shown_for: tuple[object, ...] | None

    if TYPE_CHECKING:  # provided by CrewPane

        def show_status(self, text: str | Text, error: bool = False) -> None: ...

        def reload(
            self, select: str | None = None, crew: ship_reads.ShipCrew | None = None
        ) -> None: ...

        def refresh_bindings(self) -> None: ...

        def focus_default(self) -> None: ...

        def _fill_roster(self, force: bool = False) -> None: ...

        def _roster_visible(self) -> bool: ...

    def _selected(self, doing: str) -> ship_reads.ShipRecord | None:
        if self.crew is None:
            self.show_status(f"Nothing to {doing}: no ship is selected (n adds one).", error=True)
            return None
        return self.crew.record

    def _saved(self, saved: ship_actions.ShipSaved, message: str) -> None:
        self.reload(select=saved.ship_id, crew=saved.crew)
        self._roster_shown_for = None
        self._fill_roster()
        self.show_status(message)

    def action_new_ship(self) -> None:
        def save(spec: ShipSpec) -> str | None:
            try:
                added = ship_actions.add_ship(self.campaign, spec)
            except (StoreError, RulesError) as exc:
                return f"Not added: {exc}"
            self._saved(added, f"Added {added.name}: {added.total_crew} crew, all named.")
            return None

        def done(spec: ShipSpec | None) -> None:
            if spec is None:
                self.show_status("No ship added.")

        self.app.push_screen(self._new_ship_form(save), done)

    def _new_ship_form(self, save: Callable[[ShipSpec], str | None]) -> ShipFormScreen:
        """The blank ship form: built the first time, then kept and made blank again."""
        return kept_dialog(
            self.app,
            NEW_SHIP_FORM,
            ShipFormScreen,
            lambda: ShipFormScreen(None, save),
            lambda form: form.renew(save),
        )

    def action_edit_ship(self) -> None:
        record = self._selected("edit")
        if record is None:
            return

        def save(spec: ShipSpec) -> str | None:
            if spec == record.spec:
                self.show_status(f"{record.name} is unchanged.")
                return None
            try:
                saved = ship_actions.edit_ship(self.campaign, record.id, spec)
            except (StoreError, RulesError) as exc:
                return f"Not saved: {exc}"
            self._saved(
                saved,
                f"Saved {saved.name}: {saved.total_crew} crew; {saved.kept_names} kept their "
                f"names, {saved.new_names} newly named.",
            )
            return None

        def done(spec: ShipSpec | None) -> None:
            if spec is None:
                self.show_status(f"{record.name} is unchanged.")

        self.app.push_screen(ShipFormScreen(record.spec, save), done)

    def action_import(self) -> None:
        def attempt(path: Path, side: str) -> str | None:
            try:
                imported = ship_actions.import_ship(self.campaign, path, side)
            except (TableError, StoreError, RulesError) as exc:
                return str(exc)
            self._saved(
                imported,
                f"Imported {imported.name} from {path} as {imported.ship_id}: "
                f"{imported.total_crew} crew.",
            )
            return None

        def done(imported: bool | None) -> None:
            if not imported:
                self.show_status("Nothing imported.")
            self.focus_default()

        self.app.push_screen(ImportDialog(attempt), done)

    def action_delete_ship(self) -> None:
        record = self._selected("delete")
        if record is None:
            return
        aboard = ship_actions.aboard(self.campaign, record.id)
        battles = tuple(ship_actions.open_battles_of(self.campaign, record.id).values())

        def done(answer: bool | str | None) -> None:
            if answer is not True and answer != DELETE_AND_UNASSIGN:
                self.show_status(f"{record.name} is kept.")
                return
            try:
                gone = ship_actions.delete_ship(
                    self.campaign,
                    record.id,
                    take_off_stations=bool(aboard),
                    leave_battles=bool(battles),
                )
            except (StoreError, RulesError) as exc:
                self.show_status(f"Not deleted: {exc}", error=True)
                return
            self.ship_id = None
            self.reload()
            off = ""
            if gone.unassigned:
                off = f" {', '.join(gone.unassigned)} left their stations with it."
            if gone.left_battles:
                off += f" It left the battle {', '.join(gone.left_battles)}."
            self.show_status(f"Deleted {record.name}.{off} ctrl+z brings it back with its crew.")

        self.app.push_screen(delete_question(record.name, aboard, battles), done)

    def action_regenerate(self) -> None:
        crew = self.crew
        record = self._selected("regenerate")
        if record is None or crew is None:
            return

        def done(yes: bool | None) -> None:
            if yes:
                self._regenerate(record)
            else:
                self.show_status(f"The crew of {record.name} is kept.")

        self.app.push_screen(regenerate_question(ship_reads.compare_manifest(crew)), done)

    def _regenerate(self, record: ship_reads.ShipRecord) -> None:
        try:
            named = ship_actions.regenerate_crew(self.campaign, record.id)
        except (StoreError, RulesError) as exc:
            self.show_status(f"Not regenerated: {exc}", error=True)
            return
        self._saved(
            named,
            f"Named a new crew for {named.name} ({named.total_crew}); "
            "ctrl+z brings the old names back.",
        )

    def _undo_or_redo(self, redo: bool) -> None:
        step = history.redo if redo else history.undo
        try:
            result = step(self.campaign, history.SHIPS)
        except StoreError as exc:
            self.show_status(f"Not {'redone' if redo else 'undone'}: {exc}", error=True)
            return
        if isinstance(result, history.Refused):
            why = result.text  # nothing left, or a battle's end (undone with the battle)
            self.show_status(f"{why[:1].upper()}{why[1:]}.", error=True)
            return
        undone = result.detail
        assert isinstance(undone, ship_actions.ShipsUndone)
        self._roster_shown_for = None
        self.reload(select=undone.ship_id)  # the ship it changed, where it still is
        self.show_status(undone_text(undone, redo))

    def action_undo(self) -> None:
        self._undo_or_redo(redo=False)

    def action_redo(self) -> None:
        self._undo_or_redo(redo=True)

    # -- export ---------------------------------------------------------------------------------
    def action_export(self) -> None:
        record = self._selected("export")
        if record is None:
            return
        what = "roster" if self._roster_visible() else "manifest"

        def done(request: ExportRequest | None) -> None:
            if request is not None:
                self.show_status(f"Exported the {request.what} of {record.name} to {request.path}.")

        self.app.push_screen(ExportDialog(record.id, record.name, what, self.export), done)

    def export(self, request: ExportRequest) -> None:
        """Write the selected ship's manifest or roster, atomically (a refusal or a file that
        cannot be written raises: the export dialog says why and stays open)."""
        if self.ship_id is None:
            raise ActionRefused("no ship is selected to export")
        ship_actions.export_crew(
            self.campaign, self.ship_id, request.what, request.format, request.path
        )
