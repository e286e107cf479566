"""The session journal: what happened in each game session, its recap, and the GM's notes.

Reading builds a session's typed facts from what is already saved
(`store/session_timeline.py`); the recap is worded from them (`rules/session_recap.py`).
A note is added to the open session, edited or deleted in any session; each change is one
commit and one undo step of that session's notes (ctrl+z, ctrl+y).
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from gmtool.actions.errors import ActionRefused
from gmtool.actions.sessions import GameSession
from gmtool.rules.errors import RulesError
from gmtool.rules.limits import MAX_TEXT_CHARS, checked_text
from gmtool.rules.session_facts import NoteFact, SessionFacts
from gmtool.rules.session_recap import recap_markdown
from gmtool.store import session_notes as notes_store
from gmtool.store.campaign import Campaign
from gmtool.store.condition_history import CharacterSeries, ConditionHistory, ShipSeries
from gmtool.store.errors import StoreError

# Notes one session keeps: each change saves the session's notes whole with its undo step.
NOTES_PER_SESSION = 200
ADDED, EDITED, DELETED = "added", "edited", "deleted"

__all__ = [
    "CharacterSeries",
    "ConditionHistory",
    "NoteChanged",
    "RecapSaved",
    "ShipSeries",
]


class NoteChanged(msgspec.Struct, frozen=True):
    """A note added, edited or deleted (`change`), or such a change undone or redone
    (`undone`, `redone`); `note` as it is now (as it was, for a deletion or an undone add)."""

    session_id: int
    change: str  # ADDED, EDITED or DELETED
    note: NoteFact
    undone: bool = False
    redone: bool = False


class RecapSaved(msgspec.Struct, frozen=True):
    session_id: int
    path: Path
    players_path: Path
    text: str


# -- reading --------------------------------------------------------------------------------


def sessions(campaign: Campaign) -> list[GameSession]:
    """Every game session, newest first."""
    return [GameSession.from_record(r) for r in reversed(campaign.sessions())]


def session_facts(campaign: Campaign, session_id: int) -> SessionFacts:
    """Everything the journal knows of the session; refused when there is no such session."""
    from gmtool.store.session_timeline import session_facts as read_facts

    _check_session(campaign, session_id)
    return read_facts(campaign, session_id)


def recap(
    campaign: Campaign, session_id: int, *, players: bool = False, short: bool = False
) -> str:
    """The session's recap in Markdown (the players' cut leaves out what they may not know)."""
    return recap_markdown(session_facts(campaign, session_id), players=players, short=short)


def previous_session(campaign: Campaign) -> GameSession | None:
    """The newest session that has ended: what "Previously" recaps when the next one starts."""
    return next((s for s in sessions(campaign) if s.ended is not None), None)


def save_recap(campaign: Campaign, session_id: int) -> RecapSaved:
    """Save the recap under the campaign's `reports/` (`session-<n>.md`, and the players'
    cut beside it), one commit."""
    from gmtool.store.reports import write_session_recap

    facts = session_facts(campaign, session_id)
    text = recap_markdown(facts)
    with campaign.transaction():
        path = write_session_recap(campaign, session_id, text, players=False)
        players = write_session_recap(
            campaign, session_id, recap_markdown(facts, players=True), players=True
        )
    return RecapSaved(session_id, path, players, text)


def _check_session(campaign: Campaign, session_id: int) -> None:
    known = [s["id"] for s in campaign.sessions()]
    if session_id not in known:
        have = f"sessions 1 to {max(known)}" if known else "no session yet (F2 starts one)"
        raise ActionRefused(f"campaign {campaign.name} has no session {session_id}: it has {have}")


# -- notes ----------------------------------------------------------------------------------


def notes(campaign: Campaign, session_id: int) -> list[NoteFact]:
    return [_fact(n) for n in notes_store.session_notes(campaign, session_id)]


def _fact(note: notes_store.NoteRecord) -> NoteFact:
    return NoteFact(note["id"], note["time"], note["text"], note.get("edited"))


def _text(text: str) -> str:
    cleaned = text.strip()
    if not cleaned:
        raise ActionRefused("a note needs some text")
    try:
        return checked_text("a note", cleaned, MAX_TEXT_CHARS)
    except RulesError as exc:
        raise ActionRefused(str(exc)) from None


def add_note(campaign: Campaign, text: str) -> NoteChanged:
    """A timestamped note in the open session; refused when none is open."""
    cleaned = _text(text)
    current = campaign.current_session
    if current is None:
        raise ActionRefused("no game session is open: F2 starts one, then notes go in it")
    session_id = current["id"]
    saved = notes_store.session_notes(campaign, session_id)
    if len(saved) >= NOTES_PER_SESSION:
        raise ActionRefused(
            f"a session keeps at most {NOTES_PER_SESSION} notes: edit or delete one first"
        )
    note: notes_store.NoteRecord = {
        "id": max((n["id"] for n in saved), default=0) + 1,
        "time": campaign.clock().isoformat(),
        "text": cleaned,
    }
    with campaign.transaction():
        notes_store.save_notes(campaign, session_id, [*saved, note], f"note {note['id']} added")
    return NoteChanged(session_id, ADDED, _fact(note))


def _find(campaign: Campaign, session_id: int, note_id: int) -> list[notes_store.NoteRecord]:
    _check_session(campaign, session_id)
    saved = notes_store.session_notes(campaign, session_id)
    if not any(n["id"] == note_id for n in saved):
        raise ActionRefused(f"session {session_id} has no note {note_id}")
    return saved


def edit_note(campaign: Campaign, session_id: int, note_id: int, text: str) -> NoteChanged:
    cleaned = _text(text)
    saved = _find(campaign, session_id, note_id)
    now = campaign.clock().isoformat()
    changed = [{**n, "text": cleaned, "edited": now} if n["id"] == note_id else n for n in saved]
    with campaign.transaction():
        notes_store.save_notes(campaign, session_id, changed, f"note {note_id} edited")  # type: ignore[arg-type]
    note = next(n for n in changed if n["id"] == note_id)
    return NoteChanged(session_id, EDITED, _fact(note))  # type: ignore[arg-type]


def delete_note(campaign: Campaign, session_id: int, note_id: int) -> NoteChanged:
    saved = _find(campaign, session_id, note_id)
    gone = next(n for n in saved if n["id"] == note_id)
    kept = [n for n in saved if n["id"] != note_id]
    with campaign.transaction():
        notes_store.save_notes(campaign, session_id, kept, f"note {note_id} deleted")
    return NoteChanged(session_id, DELETED, _fact(gone))


def can_undo_notes(campaign: Campaign, session_id: int) -> bool:
    try:
        return notes_store.can_undo(campaign, session_id)
    except StoreError:
        return True  # the undo says why it cannot


def can_redo_notes(campaign: Campaign, session_id: int) -> bool:
    try:
        return notes_store.can_redo(campaign, session_id)
    except StoreError:
        return True


def undo_note(campaign: Campaign, session_id: int) -> NoteChanged:
    """Take back the session's last note change; refused when there is none."""
    before = notes_store.session_notes(campaign, session_id)
    with campaign.transaction():
        undone = notes_store.undo_notes(campaign, session_id)
    if undone is None:
        raise ActionRefused(f"no note of session {session_id} to take back")
    after = notes_store.session_notes(campaign, session_id)
    change, note = _difference(before, after)
    return NoteChanged(session_id, change, note, undone=True)


def redo_note(campaign: Campaign, session_id: int) -> NoteChanged:
    """Do the session's last undone note change again; refused when there is none."""
    before = notes_store.session_notes(campaign, session_id)
    with campaign.transaction():
        redone = notes_store.redo_notes(campaign, session_id)
    if redone is None:
        raise ActionRefused(f"no note change of session {session_id} to do again")
    after = notes_store.session_notes(campaign, session_id)
    change, note = _difference(after, before)
    return NoteChanged(session_id, change, note, redone=True)


def _difference(
    newer: list[notes_store.NoteRecord], older: list[notes_store.NoteRecord]
) -> tuple[str, NoteFact]:
    """What the change from `older` to `newer` was, and the note it changed."""
    old = {n["id"]: n for n in older}
    new = {n["id"]: n for n in newer}
    for note_id, note in new.items():
        if note_id not in old:
            return ADDED, _fact(note)
    for note_id, note in old.items():
        if note_id not in new:
            return DELETED, _fact(note)
    for note_id, note in new.items():
        if note != old[note_id]:
            return EDITED, _fact(note)
    raise ActionRefused("the notes were the same before and after")


# -- the chart ------------------------------------------------------------------------------


def condition_history(campaign: Campaign) -> ConditionHistory:
    """The party's wounds and mortal damage at the end of each session, and each campaign
    ship's damage and crew at the end of each of its battles: the Journal tab's chart."""
    from gmtool.store.condition_history import condition_history as read_history

    return read_history(campaign)
