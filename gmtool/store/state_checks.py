"""The rules' own reading of a saved tracker state, for deciding what a backup may hold.

A tracker file can be well-formed JSON of the right record types and still be refused when
it is read: a 50 MB character note, a ship spec past the rules' limits. The readers refuse
it through the rules' `from_dict`; a backup taken of it would be no way back, and would push
an older good copy out. So backups (and the choice of a good backup) ask the same reading
here of the saved states they know. Imported when a file is backed up, not at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePath
from typing import Any

from gmtool.store.errors import UNREADABLE_STATE


def _party(state: Any) -> None:
    from gmtool.rules.characters import Party

    Party.from_dict(state)


def _ships(state: Any) -> None:
    from gmtool.store.ships.records import ShipRecord

    for ship in state.get("ships", []):
        ShipRecord.from_dict(ship)


def _battle(state: Any) -> None:
    from gmtool.rules.battle import BattleState

    BattleState.from_dict(state)


def _reader(rel: PurePath) -> Callable[[Any], None] | None:
    parts = rel.parts
    if parts == ("trackers", "party.json"):
        return _party
    if parts == ("trackers", "ships.json"):
        return _ships
    if len(parts) == 3 and parts[:2] == ("trackers", "battles"):
        return _battle
    return None


def state_problem(rel: PurePath, data: dict[str, Any]) -> str | None:
    """Why the saved state of the tracker file at `rel` (relative to the campaign, its
    backup suffix dropped) does not read as the rules read it; None when it does, or when
    the file is not one whose state is read here."""
    reader = _reader(rel)
    if reader is None:
        return None
    for doc in (data.get("tracker") or {}).values():
        state = doc.get("state")
        if state is None:
            continue
        try:
            reader(state)
        except UNREADABLE_STATE as exc:
            return f"the saved state does not read ({exc})"
    return None
