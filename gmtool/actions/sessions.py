"""Game-session actions: start one (rolls, injuries and battles then record it) and end it.

F2 in the app calls these. A session is campaign-level, in `campaign.json`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gmtool.actions.errors import ActionRefused
from gmtool.store.campaign import Campaign

# A title longer than this is refused: it is shown in the app's header line.
TITLE_LIMIT = 200


@dataclass(frozen=True)
class GameSession:
    """One game session as saved: `ended` is None while it is open."""

    id: int
    title: str
    started: str  # ISO time
    ended: str | None

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> GameSession:
        ended = record.get("ended")
        return cls(
            int(record["id"]),
            str(record["title"]),
            str(record["started"]),
            None if ended is None else str(ended),
        )


def current_session(campaign: Campaign) -> GameSession | None:
    """The open game session, or None."""
    record = campaign.current_session
    return None if record is None else GameSession.from_record(record)


def start_session(campaign: Campaign, title: str = "") -> GameSession:
    """Open a game session (an empty title becomes "Session N"); refused while one is open."""
    if len(title) > TITLE_LIMIT:
        raise ActionRefused(
            f"a session title is at most {TITLE_LIMIT} characters, not {len(title)}"
        )
    open_now = campaign.current_session
    if open_now is not None:
        raise ActionRefused(
            f"session {open_now['id']} ({open_now['title']}) is still open: end it first"
        )
    with campaign.transaction():
        return GameSession.from_record(campaign.start_session(title))


def end_session(campaign: Campaign) -> GameSession:
    """Close the open game session; refused when none is open."""
    if campaign.current_session is None:
        raise ActionRefused("no game session is open")
    with campaign.transaction():
        return GameSession.from_record(campaign.end_session())
