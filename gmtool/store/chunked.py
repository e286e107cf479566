"""Append-only histories split into TinyDB chunk files, so saving stays fast forever.

TinyDB rewrites a whole file on every insert, so one file for a campaign's whole history
would make each save slower than the last. A `ChunkedLog` keeps its entries instead in
`<folder>/<prefix>-NNNNN.json` (one TinyDB table each), `chunk_size` entries a file; only the
chunk an entry lives in is ever rewritten. Ids are global, start at 1 and are never reused:
entry n lives in chunk (n - 1) // chunk_size, so changing an entry (undo marks it `undone`)
touches one file without a search. The roll log (rolllog.py) and the other histories that
grow with a campaign (histories.py) are each one of these.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from tinydb import TinyDB
from tinydb.table import Document

from gmtool.store import journal
from gmtool.store.atomic import (
    AtomicJSONStorage,
    atomic_write_bytes,
    json_bytes,
    read_json_file,
    remove_file,
    save_refused,
)
from gmtool.store.errors import StoreError

# The record type of a log's entries (store/records.py: RollRecord, InjuryEntry,
# BattleListRecord), checked when a chunk is read.
E = TypeVar("E", bound=Mapping[str, Any])
# An entry as written: a record without the id the log gives it.
NewEntry = Mapping[str, Any]
BackupFinder = Callable[[Path], Path | None]


class ChunkedLog(Generic[E]):
    """The entries of one history in chunk files `<folder>/<prefix>-NNNNN.json`, table
    `table`. Open it once per campaign and `close()` it; it caches the sealed chunks it
    has read, which never change."""

    def __init__(
        self,
        folder: Path,
        prefix: str,
        table: str,
        backup_finder: BackupFinder,
        *,
        chunk_size: int = 500,
        readonly: bool = False,
    ) -> None:
        self.folder = folder
        self.prefix = prefix
        self.table = table
        self.readonly = readonly
        self._chunk_size = chunk_size
        self._backup_finder = backup_finder
        self._pattern = re.compile(rf"^{re.escape(prefix)}-(\d{{5}})\.json$")
        self._db: TinyDB | None = None
        self._db_index = -1
        self._chunk_cache: dict[int, list[E]] = {}
        self.next_id = self._next_id()

    @property
    def chunk_size(self) -> int:
        """Entries a chunk file holds; fixed for a log's life (ids find their file by it)."""
        return self._chunk_size

    def _next_id(self) -> int:
        """One past the newest id saved (the newest chunk is read: a damaged one says so)."""
        indexes = self.chunk_indexes()
        if not indexes:
            return 1
        newest = self._load_chunk(indexes[-1])
        return max((e["id"] for e in newest), default=indexes[-1] * self.chunk_size) + 1

    # -- files ------------------------------------------------------------------------------
    def chunk_path(self, index: int) -> Path:
        return self.folder / f"{self.prefix}-{index:05d}.json"

    def chunk_indexes(self) -> list[int]:
        names = {p.name for p in self.folder.iterdir()} if self.folder.is_dir() else set()
        tx = journal.active(self.folder / self.prefix)
        if tx is not None:  # chunks the open action has made or removed so far
            made, gone = tx.names_in(self.folder)
            names = (names | made) - gone
        found = (self._pattern.match(name) for name in names)
        return sorted(int(m.group(1)) for m in found if m)

    def _chunk_of(self, entry_id: int) -> int:
        return (entry_id - 1) // self.chunk_size

    def path_of(self, entry_id: int) -> Path:
        """The chunk file an entry lives in (for messages about it)."""
        return self.chunk_path(self._chunk_of(entry_id))

    def _load_chunk(self, index: int) -> list[E]:
        data = read_json_file(self.chunk_path(index), self._backup_finder) or {}
        table: dict[str, E] = data.get(self.table, {})
        return sorted(table.values(), key=lambda e: int(e["id"]))

    def _writer(self, entry_id: int) -> TinyDB:
        if self.readonly:
            raise StoreError(f"this campaign is open read-only ({self.folder})")
        index = self._chunk_of(entry_id)
        if self._db is None or self._db_index != index:
            if self._db is not None:
                self._db.close()
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise save_refused(self.chunk_path(index), exc) from exc
            self._db = TinyDB(
                self.chunk_path(index),
                storage=AtomicJSONStorage,
                backup_finder=self._backup_finder,
            )
            self._db_index = index
        return self._db

    # -- writing ----------------------------------------------------------------------------
    def append(self, entries: Sequence[NewEntry]) -> list[int]:
        """Store entries (ids assigned here); one file write per chunk touched."""
        ids: list[int] = []
        pending: list[dict[str, Any]] = []  # entries of any log's type E, with their ids
        saved_up_to = self.next_id
        try:
            for entry in entries:
                entry = dict(entry, id=self.next_id)
                if pending and self._chunk_of(pending[0]["id"]) != self._chunk_of(self.next_id):
                    self._flush(pending)
                    saved_up_to = self.next_id
                    pending = []
                pending.append(entry)
                ids.append(self.next_id)
                self.next_id += 1
            if pending:
                self._flush(pending)
        except BaseException:
            self.next_id = saved_up_to  # a refused save gives its ids to the next one
            raise
        return ids

    def _flush(self, entries: list[dict[str, Any]]) -> None:
        db = self._writer(entries[0]["id"])
        db.table(self.table).insert_multiple(Document(e, doc_id=e["id"]) for e in entries)
        self._chunk_cache.pop(self._db_index, None)

    def update(self, ids: Iterable[int], fields: NewEntry) -> None:
        """Set `fields` on the entries with these ids; one file write per chunk touched."""
        by_chunk: dict[int, list[int]] = {}
        for entry_id in ids:
            by_chunk.setdefault(self._chunk_of(entry_id), []).append(entry_id)
        for index, chunk_ids in by_chunk.items():
            db = self._writer(chunk_ids[0])
            db.table(self.table).update(dict(fields), doc_ids=chunk_ids)
            self._chunk_cache.pop(index, None)

    def mark_undone(self, ids: list[int]) -> None:
        """Undo never deletes: the entries stay, marked `undone`."""
        self.update(ids, {"undone": True})

    def mark_redone(self, ids: list[int]) -> None:
        """A redo brings undone entries back: no longer marked `undone`."""
        self.update(ids, {"undone": False})

    def replace_all(self, entries: Iterable[E]) -> None:
        """Write entries that already carry their ids (a migration moving an old file in)
        into their chunk files, each file written whole and any other chunk removed, so a
        migration run again after a crash gives the same files. Not for play: use append."""
        if self.readonly:
            raise StoreError(f"this campaign is open read-only ({self.folder})")
        self.close()
        by_chunk: dict[int, dict[str, E]] = {}
        for entry in entries:
            entry_id = entry["id"]
            if not isinstance(entry_id, int) or isinstance(entry_id, bool) or entry_id < 1:
                raise StoreError(f"{self.prefix}: entry id {entry_id!r} is not a whole number")
            by_chunk.setdefault(self._chunk_of(entry_id), {})[str(entry_id)] = entry
        self.folder.mkdir(parents=True, exist_ok=True)
        for index, docs in sorted(by_chunk.items()):
            # the bytes AtomicJSONStorage writes, so the first append reads them as its own
            data = {self.table: dict(sorted(docs.items(), key=lambda kv: int(kv[0])))}
            atomic_write_bytes(self.chunk_path(index), json_bytes(data))
        for index in self.chunk_indexes():
            if index not in by_chunk:
                remove_file(self.chunk_path(index))
        self._chunk_cache.clear()
        self.next_id = self._next_id()

    # -- reading ----------------------------------------------------------------------------
    def _chunk(self, index: int) -> list[E]:
        if index == self._db_index and self._db is not None:
            table = self._db.table(self.table)
            found = [cast(E, dict(d)) for d in table.all()]  # checked when the file was read
            return sorted(found, key=lambda e: int(e["id"]))
        if index not in self._chunk_cache:
            self._chunk_cache[index] = self._load_chunk(index)
        return self._chunk_cache[index]

    def newest_first(self) -> Iterator[E]:
        """Every entry, newest first; reads older chunks only as far as the caller goes.

        The chunks are known from the ids given (entry n lives in chunk (n - 1) // size), not
        by listing the folder: a long campaign's log folder holds hundreds of chunks, and a
        battle step asks for its newest entries several times. A chunk that is not there (a
        migration's gap in the ids) reads as empty."""
        if self.next_id <= 1:
            return
        for index in range(self._chunk_of(self.next_id - 1), -1, -1):
            yield from reversed(self._chunk(index))

    def count(self) -> int:
        """Ids given so far (entries, unless a migration brought gaps in the ids)."""
        return self.next_id - 1

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
            self._db_index = -1
