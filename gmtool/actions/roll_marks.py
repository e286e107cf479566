"""Rolls the GM marks to remember: the session journal lists them, and the players' recap
lists those marked in front of the players.

The Dice & Log tab's `m` and `gmtool log mark N` / `unmark N` call these. A mark is saved on
the roll in the log (one commit); taking one back is another call with the mark it had.
"""

from __future__ import annotations

import msgspec

from gmtool.actions.errors import ActionRefused, refusals
from gmtool.rules.session_facts import RollMark
from gmtool.store.campaign import Campaign


class RollMarked(msgspec.Struct, frozen=True):
    """A roll's mark changed: `mark` as it is now, `before` as it was."""

    roll_id: int
    mark: RollMark | None
    before: RollMark | None
    expression: str
    total: int
    purpose: str


def _saved_mark(value: object) -> RollMark | None:
    if not value:
        return None
    try:
        return RollMark(str(value))
    except ValueError:  # a mark this version does not know: behind the screen
        return RollMark.GM


def mark_roll(campaign: Campaign, roll_id: int, mark: RollMark | None) -> RollMarked:
    """Mark roll `roll_id` (`mark` None takes the mark off). Refused for a roll that is not
    in the log or was undone; nothing is saved then."""
    with refusals(), campaign.transaction():
        assert campaign.rolls is not None
        entry = campaign.rolls.entry(roll_id)
        if entry is None:
            count = campaign.rolls.count()
            have = f"rolls 1 to {count}" if count else "no roll yet"
            raise ActionRefused(f"the roll log has no roll #{roll_id} ({have})")
        if entry.get("undone") and mark is not None:
            raise ActionRefused(f"roll #{roll_id} was undone: only a roll that stands is marked")
        before = _saved_mark(entry.get("marked"))
        if before != mark:
            campaign.rolls.set_mark(roll_id, None if mark is None else mark.value)
    total = entry.get("total")
    return RollMarked(
        roll_id=roll_id,
        mark=mark,
        before=before,
        expression=str(entry.get("expression", "")),
        total=total if isinstance(total, int) else 0,
        purpose=str(entry.get("for", "") or ""),
    )
