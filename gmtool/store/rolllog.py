"""The campaign's roll log: `log/rolls-NNNNN.json`, CHUNK_SIZE rolls a file (see chunked.py).

Roll ids are global and never reused: undo marks entries `undone` instead of deleting them,
so the history keeps what happened and the dice of a redone action are fresh.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.store.chunked import BackupFinder, ChunkedLog
from gmtool.store.records import RollRecord

FOLDER = "log"
PREFIX = "rolls"
CHUNK_SIZE = 500
TABLE = "rolls"

# A roll before it is saved: the rules' own record (rules/roll_records.py), given its id,
# time, action and session by Campaign.record, and checked as a RollRecord when read. Left
# free-form: the rules and the battle engine build and carry these (dice as lists, a feat's
# score typed int | None), so a TypedDict would have to live in the rules and reach through
# the battle engine's events; that is a change of its own.
NewRoll = dict[str, Any]
RollEntry = RollRecord


class RollLog(ChunkedLog[RollRecord]):
    """The roll log of a campaign folder's `log/`."""

    def __init__(self, folder: Path, backup_finder: BackupFinder, *, readonly: bool = False):
        super().__init__(
            folder, PREFIX, TABLE, backup_finder, chunk_size=CHUNK_SIZE, readonly=readonly
        )

    @property
    def chunk_size(self) -> int:
        # read at each use, so a test can shrink the chunks of a log already open
        return CHUNK_SIZE

    def entry(self, roll_id: int) -> RollEntry | None:
        """Roll `roll_id` as saved (None: no such roll); reads its one chunk."""
        if not 1 <= roll_id < self.next_id:
            return None
        return next((e for e in self._chunk(self._chunk_of(roll_id)) if e["id"] == roll_id), None)

    def set_mark(self, roll_id: int, mark: str | None) -> None:
        """The GM's mark on a roll ("players", "gm"), or None to take it off."""
        self.update([roll_id], {"marked": mark})
