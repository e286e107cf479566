"""The campaign's roll log, split into TinyDB chunk files so saving stays fast forever.

TinyDB rewrites a whole file on every insert, so one file for a campaign's whole history
would make each roll slower than the last. Rolls go instead to `log/rolls-NNNNN.json`, each
holding CHUNK_SIZE rolls; only the newest chunk is ever rewritten. Roll ids are global and
never reused: undo marks entries `undone` instead of deleting them, so the history keeps
what happened and the dice of a redone action are fresh.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tinydb import TinyDB

from gmtool.store.atomic import AtomicJSONStorage, read_json_file

CHUNK_SIZE = 500
TABLE = "rolls"
_CHUNK = re.compile(r"^rolls-(\d{5})\.json$")

RollEntry = dict[str, Any]


class RollLog:
    def __init__(self, folder: Path, backup_finder: Callable[[Path], Path | None]) -> None:
        self.folder = folder
        self._backup_finder = backup_finder
        self._db: TinyDB | None = None
        self._db_index = -1
        self._chunk_cache: dict[int, list[RollEntry]] = {}
        indexes = self.chunk_indexes()
        self.next_id = 1
        if indexes:
            newest = self._load_chunk(indexes[-1])
            self.next_id = max((e["id"] for e in newest), default=indexes[-1] * CHUNK_SIZE) + 1

    # -- files ------------------------------------------------------------------------------
    def chunk_path(self, index: int) -> Path:
        return self.folder / f"rolls-{index:05d}.json"

    def chunk_indexes(self) -> list[int]:
        if not self.folder.is_dir():
            return []
        found = (_CHUNK.match(p.name) for p in self.folder.iterdir())
        return sorted(int(m.group(1)) for m in found if m)

    def _load_chunk(self, index: int) -> list[RollEntry]:
        data = read_json_file(self.chunk_path(index), self._backup_finder) or {}
        table = data.get(TABLE, {})
        return sorted(table.values(), key=lambda e: e["id"])

    def _writer(self, roll_id: int) -> TinyDB:
        index = (roll_id - 1) // CHUNK_SIZE
        if self._db is None or self._db_index != index:
            if self._db is not None:
                self._db.close()
            self.folder.mkdir(parents=True, exist_ok=True)
            self._db = TinyDB(
                self.chunk_path(index),
                storage=AtomicJSONStorage,
                backup_finder=self._backup_finder,
            )
            self._db_index = index
        return self._db

    # -- writing ----------------------------------------------------------------------------
    def append(self, entries: list[RollEntry]) -> list[int]:
        """Store entries (ids assigned here); one file write per chunk touched."""
        ids: list[int] = []
        pending: list[RollEntry] = []
        for entry in entries:
            entry = dict(entry, id=self.next_id)
            chunk = (self.next_id - 1) // CHUNK_SIZE
            if pending and (pending[0]["id"] - 1) // CHUNK_SIZE != chunk:
                self._flush(pending)
                pending = []
            pending.append(entry)
            ids.append(self.next_id)
            self.next_id += 1
        if pending:
            self._flush(pending)
        return ids

    def _flush(self, entries: list[RollEntry]) -> None:
        from tinydb.table import Document

        db = self._writer(entries[0]["id"])
        db.table(TABLE).insert_multiple(Document(e, doc_id=e["id"]) for e in entries)
        self._chunk_cache.pop(self._db_index, None)

    def mark_undone(self, ids: list[int]) -> None:
        by_chunk: dict[int, list[int]] = {}
        for roll_id in ids:
            by_chunk.setdefault((roll_id - 1) // CHUNK_SIZE, []).append(roll_id)
        for index, chunk_ids in by_chunk.items():
            db = self._writer(chunk_ids[0])
            db.table(TABLE).update({"undone": True}, doc_ids=chunk_ids)
            self._chunk_cache.pop(index, None)

    # -- reading ----------------------------------------------------------------------------
    def _chunk(self, index: int) -> list[RollEntry]:
        if index == self._db_index and self._db is not None:
            table = self._db.table(TABLE)
            return sorted((dict(d) for d in table.all()), key=lambda e: e["id"])
        if index not in self._chunk_cache:
            self._chunk_cache[index] = self._load_chunk(index)
        return self._chunk_cache[index]

    def newest_first(self) -> Iterator[RollEntry]:
        for index in reversed(self.chunk_indexes()):
            yield from reversed(self._chunk(index))

    def count(self) -> int:
        return self.next_id - 1

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
            self._db_index = -1
