"""What the Stations tab's party keys and dialogs ask for, as typed requests: a character
added, edited or deleted, the party file imported or exported, the last change undone or
done again; and the file dialogs and the question that ask for them. `act` carries each out
with its one action and says what it did, in `PartyDone`; a refusal raises as the action
does (a dialog shows it and stays open with what the GM typed), except undo's and redo's,
which `history` returns typed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import assert_never

import msgspec

from gmtool.actions import history
from gmtool.actions import party as party_actions
from gmtool.actions.reads.campaign import Campaign
from gmtool.rules.characters import Character
from gmtool.tui.dialogs import ConfirmDialog
from gmtool.tui.dialogs.file_path import FileDialog


class AddCharacter(msgspec.Struct, frozen=True):
    """A new character joins the party, unassigned."""

    character: Character


class EditCharacter(msgspec.Struct, frozen=True):
    character: Character


class DeleteCharacter(msgspec.Struct, frozen=True):
    """A character and their station leave the campaign (`name` for the words)."""

    who: str
    name: str


class ImportParty(msgspec.Struct, frozen=True):
    """A party file read in: its characters added, or the whole party when `replace`."""

    path: Path
    replace: bool


class ExportParty(msgspec.Struct, frozen=True):
    path: Path
    overwrite: bool


class UndoChange(msgspec.Struct, frozen=True):
    """ctrl+z: the party's last change taken back; ctrl+y (`redo`): the change ctrl+z took
    back done again (its rolls count again)."""

    redo: bool = False


CharacterRequest = AddCharacter | EditCharacter
PartyRequest = CharacterRequest | DeleteCharacter | ImportParty | ExportParty | UndoChange


class PartyDone(msgspec.Struct, frozen=True):
    """What a party request did: its words, the character the list then highlights, whether
    it left a step of the party's history (ctrl+z takes it back), and the step it undid."""

    words: str
    highlight: str | None = None
    step: bool = True
    undone: str | None = None


def act(campaign: Campaign, request: PartyRequest) -> PartyDone | history.Refused:
    """The request carried out with its one action."""
    match request:
        case AddCharacter(character):
            added = party_actions.add_character(campaign, character).character
            joined = f"{added.name} joins the party, unassigned: a puts them at a station."
            return PartyDone(joined, highlight=added.id)
        case EditCharacter(character):
            edited = party_actions.edit_character(campaign, character).character
            return PartyDone(f"Saved {edited.name}. (ctrl+z undoes)")
        case DeleteCharacter(who, name):
            party_actions.delete_character(campaign, who)
            return PartyDone(f"Deleted {name}. (ctrl+z undoes)")
        case ImportParty(path, replace):
            said = party_actions.import_party(campaign, path, replace_party=replace).describe()
            return PartyDone(said[0].upper() + said[1:])
        case ExportParty(path, overwrite):
            exported = party_actions.export_party(campaign, path, overwrite=overwrite)
            words = f"Exported {exported.characters} characters to {exported.path}."
            return PartyDone(words, step=False)
        case UndoChange(redo):
            done = (history.redo if redo else history.undo)(campaign, history.PARTY)
            if isinstance(done, history.Refused):
                return done
            if redo:
                return PartyDone(f"Redone: {done.label}. (ctrl+z undoes)")
            words = f"Undone: {done.label}. (ctrl+y redoes)"
            return PartyDone(words, step=False, undone=done.label)
        case _:
            assert_never(request)


def not_done(request: PartyRequest, why: Exception) -> str:
    """A refused request in the status line's words."""
    if isinstance(request, UndoChange):
        return f"Not {'redone' if request.redo else 'undone'}: {why}"
    return f"Not {'deleted' if isinstance(request, DeleteCharacter) else 'saved'}: {why}"


def refused_words(refused: history.Refused) -> str:
    """Why ctrl+z or ctrl+y did nothing; a party step that came with injuries says where to
    take those back first."""
    undo = not refused.redo
    if refused.reason is history.Refusal.NOTHING:
        return f"Nothing to {'undo' if undo else 'redo'} here."
    text = f"Not {'undone' if undo else 'redone'}: {refused.text}"
    if undo and refused.reason is history.Refusal.INJURIES_FIRST:
        text += " (ctrl+z on the Injuries tab)."
    return text


Save = Callable[[PartyRequest], object]
"""Carries out a dialog's request; raises RulesError or StoreError to refuse it."""


def import_dialog(save: Save) -> FileDialog[ImportParty]:
    return FileDialog(
        "Import a party YAML file",
        "",
        "Replace the whole party",
        "Enter imports. Characters in the file are added, or replace the character with "
        "the same id (tick the box to replace the whole party instead). A file with any "
        "mistake changes nothing.",
        ImportParty,
        save,
    )


def export_dialog(save: Save) -> FileDialog[ExportParty]:
    return FileDialog(
        "Export the party as YAML",
        str(Path.cwd() / "party.yaml"),
        "Overwrite the file if it exists",
        "Enter writes the file: the characters and their battle stations.",
        ExportParty,
        save,
    )


def undo_question(label: str) -> ConfirmDialog:
    """Asked before undoing a change not made on this tab just now (an injury, an earlier
    session's): it is taken back from the saved party all the same."""
    return ConfirmDialog(
        f"Undo “{label}”?",
        detail="It was not done on this tab just now: undo takes it back from the saved party.",
        yes="Undo",
        no="Keep it",
    )
