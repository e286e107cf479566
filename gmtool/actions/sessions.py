"""Game-session actions: start one (rolls, injuries and battles then record it) and end it.

F2 in the app calls these. A session is campaign-level, in `campaign.json`.
"""

from __future__ import annotations

import msgspec

from gmtool.actions.errors import ActionRefused
from gmtool.store import records
from gmtool.store.campaign import Campaign
from gmtool.store.errors import StoreError

# A title longer than this is refused: it is shown in the app's header line.
TITLE_LIMIT = 200


class GameSession(msgspec.Struct, frozen=True):
    """One game session as saved: `ended` is None while it is open."""

    id: int
    title: str
    started: str  # ISO time
    ended: str | None

    @classmethod
    def from_record(cls, record: records.GameSession) -> GameSession:
        return cls(record["id"], record["title"], record["started"], record["ended"])


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


def unfinished_battle(campaign: Campaign) -> str | None:
    """The name of the open battle while it is not over (F2 asks before ending a session in
    the middle of it); None when there is none, or the battles do not read (the Battle tab
    says why)."""
    # the battle rules load with the Battle tab, not with the app's title at start-up
    from gmtool.store import battles

    try:
        battle_id = battles.open_battle_id(campaign)
        if battle_id is None:
            return None
        record = battles.get_battle_record(campaign, battle_id)
    except StoreError:
        return None
    return None if record.status == battles.FINISHED else record.name
