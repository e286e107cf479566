"""The Stations tab's character keys: new, edit, delete, import and export the party, and
undo and redo of the party's changes (ctrl+z says what it takes back, and asks first when
that was not done on this tab just now)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from gmtool.actions import history
from gmtool.actions import party as party_actions
from gmtool.actions.errors import StoreError
from gmtool.rules.characters import Character
from gmtool.rules.errors import RulesError
from gmtool.tui.dialogs import ConfirmDialog
from gmtool.tui.dialogs.file_path import FileDialog
from gmtool.tui.tabs.stations.character_form import CharacterForm
from gmtool.tui.tabs.stations.view import StationsView


class CharacterKeys(StationsView):
    """The keys that change the party's characters, and undo/redo."""

    def action_undo(self) -> None:
        """ctrl+z: take back the party's last change and say what it was; a change not made
        on this tab just now (an injury, an earlier session's) is named in a question first."""
        if self._refused():
            return
        label = self.undo_state.undo
        if label is None:
            self.show_status("Nothing to undo here.", error=True)
            return
        if self.made_here and self.made_here[-1] == label:
            self._undo()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._undo()
            else:
                self.show_status(f"Not undone: {label}.")

        self.app.push_screen(
            ConfirmDialog(
                f"Undo “{label}”?",
                detail="It was not done on this tab just now: undo takes it back from the "
                "saved party.",
                yes="Undo",
                no="Keep it",
            ),
            answered,
        )

    def _undo(self) -> None:
        try:
            undone = history.undo(self.campaign, history.PARTY)
        except StoreError as exc:
            self.show_status(f"Not undone: {exc}", error=True)
            return
        if isinstance(undone, history.Refused):
            text = f"Not undone: {undone.text}"
            if undone.reason is history.Refusal.NOTHING:
                text = "Nothing to undo here."
            elif undone.reason is history.Refusal.INJURIES_FIRST:
                text += " (ctrl+z on the Injuries tab)."
            self.show_status(text, error=True)
            return
        if self.made_here and self.made_here[-1] == undone.label:
            self.made_here.pop()
        self.reload()
        self.show_status(f"Undone: {undone.label}. (ctrl+y redoes)")

    def action_redo(self) -> None:
        """ctrl+y: do again what ctrl+z took back (its rolls count again, never re-rolled)."""
        if self._refused():
            return
        try:
            redone = history.redo(self.campaign, history.PARTY)
        except StoreError as exc:
            self.show_status(f"Not redone: {exc}", error=True)
            return
        if isinstance(redone, history.Refused):
            nothing = redone.reason is history.Refusal.NOTHING
            self.show_status(
                "Nothing to redo here." if nothing else f"Not redone: {redone.text}", True
            )
            return
        self.reload()
        self.mark_made_here()
        self.show_status(f"Redone: {redone.label}. (ctrl+z undoes)")

    def _save_new(self, character: Character) -> Character:
        return party_actions.add_character(self.campaign, character).character

    def _save_edit(self, character: Character) -> Character:
        return party_actions.edit_character(self.campaign, character).character

    def action_new_character(self) -> None:
        if self._refused():
            return

        def done(character: Character | None) -> None:
            if character is None:
                return
            self.reload()
            self.mark_made_here()
            self._select_in_list(character.id)
            self.show_status(
                f"{character.name} joins the party, unassigned: a puts them at a station."
            )

        self.app.push_screen(CharacterForm(self._save_new), done)

    def _select_in_list(self, character_id: str) -> None:
        options = self.query_one("#party-list", OptionList)
        ids = self.party.ids
        if character_id in ids:
            options.highlighted = ids.index(character_id)
            options.focus()

    def action_edit_character(self) -> None:
        if self._refused():
            return
        who = self._need_character("edit")
        if who is None:
            return
        character = self.party.character(who)

        def done(saved: Character | None) -> None:
            if saved is not None:
                self.reload()
                self.mark_made_here()
                self.show_status(f"Saved {saved.name}. (ctrl+z undoes)")

        self.app.push_screen(CharacterForm(self._save_edit, character), done)

    def action_delete_character(self) -> None:
        if self._refused():
            return
        who = self._need_character("delete")
        if who is None:
            return
        name = self._char_name(who)

        def answered(yes: bool | None) -> None:
            if not yes:
                self.show_status(f"{name} was not deleted.")
                return
            try:
                party_actions.delete_character(self.campaign, who)
            except (RulesError, StoreError) as exc:
                self.show_status(f"Not deleted: {exc}", error=True)
                return
            self.reload()
            self.mark_made_here()
            self.show_status(f"Deleted {name}. (ctrl+z undoes)")

        self.app.push_screen(
            ConfirmDialog(f"Delete {name} and their station from the campaign?"), answered
        )

    def action_import(self) -> None:
        if self._refused():
            return

        def run(path: Path, replace: bool) -> str:
            return party_actions.import_party(self.campaign, path, replace_party=replace).describe()

        self.app.push_screen(
            FileDialog(
                "Import a party YAML file",
                "",
                "Replace the whole party",
                "Enter imports. Characters in the file are added, or replace the character with "
                "the same id (tick the box to replace the whole party instead). A file with any "
                "mistake changes nothing.",
                run,
            ),
            self._imported,
        )

    def action_export(self) -> None:
        if self._refused():
            return

        def run(path: Path, overwrite: bool) -> str:
            done = party_actions.export_party(self.campaign, path, overwrite=overwrite)
            return f"Exported {done.characters} characters to {done.path}."

        default = Path.cwd() / "party.yaml"
        self.app.push_screen(
            FileDialog(
                "Export the party as YAML",
                str(default),
                "Overwrite the file if it exists",
                "Enter writes the file: the characters and their battle stations.",
                run,
            ),
            self._file_done,
        )

    def _file_done(self, message: str | None) -> None:
        if message is not None:
            self.reload()
            self.show_status(message[0].upper() + message[1:])

    def _imported(self, message: str | None) -> None:
        if message is not None:
            self._file_done(message)
            self.mark_made_here()
