"""The GM's notes of a game session: `trackers/notes/<session>.json`.

Each session keeps its notes in a tracker of its own (the notes and an undo stack of earlier
versions of them, store/tracker.py), so adding, editing or deleting a note rewrites one
session's file, bounded by that session's notes, never by the campaign's age; ctrl+z takes
the change back and ctrl+y does it again like every other tab's action.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, cast

from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError
from gmtool.store.tracker import Tracker, UndoneAction

NOTES_FOLDER = "notes"


class NoteRecord(TypedDict):
    """One note: its number in the session, when it was typed, its text, when last edited."""

    id: int
    time: str
    text: str
    edited: NotRequired[str]


class NotesState(TypedDict):
    notes: list[NoteRecord]


def notes_tracker(campaign: Campaign, session_id: int) -> Tracker[NotesState]:
    return Tracker(campaign, f"{NOTES_FOLDER}/{int(session_id)}")


def _exists(campaign: Campaign, session_id: int) -> bool:
    path = campaign.folder / "trackers" / NOTES_FOLDER / f"{int(session_id)}.json"
    return path.exists()


def session_notes(campaign: Campaign, session_id: int) -> list[NoteRecord]:
    """The session's notes, oldest first ([] for a session that has none)."""
    if not _exists(campaign, session_id):  # most sessions: no file is made by reading
        return []
    state = notes_tracker(campaign, session_id).load()
    notes = state.get("notes") if state else None
    if notes is None:
        return []
    if not isinstance(notes, list) or not all(_is_note(n) for n in notes):
        raise StoreError(
            f"trackers/{NOTES_FOLDER}/{session_id}.json: the notes do not read; "
            "it was left unchanged"
        )
    return [cast(NoteRecord, dict(n)) for n in notes]


def _is_note(note: object) -> bool:
    return (
        isinstance(note, dict)
        and isinstance(note.get("id"), int)
        and isinstance(note.get("time"), str)
        and isinstance(note.get("text"), str)
        and isinstance(note.get("edited", ""), str)
    )


def save_notes(campaign: Campaign, session_id: int, notes: list[NoteRecord], label: str) -> None:
    """The session's notes as they are after the change `label` (one undo step)."""
    notes_tracker(campaign, session_id).save({"notes": notes}, label)


def undo_notes(campaign: Campaign, session_id: int) -> UndoneAction[NotesState] | None:
    if not _exists(campaign, session_id):
        return None
    return notes_tracker(campaign, session_id).undo()


def redo_notes(campaign: Campaign, session_id: int) -> UndoneAction[NotesState] | None:
    if not _exists(campaign, session_id):
        return None
    return notes_tracker(campaign, session_id).redo()


def can_undo(campaign: Campaign, session_id: int) -> bool:
    return _exists(campaign, session_id) and notes_tracker(campaign, session_id).can_undo()


def can_redo(campaign: Campaign, session_id: int) -> bool:
    return _exists(campaign, session_id) and notes_tracker(campaign, session_id).can_redo()
