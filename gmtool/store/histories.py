"""The campaign's chunked histories besides the roll log, and the migrations that made them.

The injury history (`log/injuries-NNNNN.json`, table `entries`) gains an entry with every
hazard, damage or treatment. It was once one TinyDB file (`injuries.json`) rewritten whole on
every save, so a long campaign saved slower and slower; it is now a `ChunkedLog` (see
chunked.py). This module is light (no rules) so the campaign can run the migrations before
anything else is imported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.store import backups
from gmtool.store.atomic import fsync_dir, read_json_file
from gmtool.store.chunked import BackupFinder, ChunkedLog, Entry
from gmtool.store.errors import StoreError

LOG_FOLDER = "log"

INJURY_PREFIX = "injuries"
INJURY_TABLE = "entries"
# An injury entry is about 1.5 kB of JSON (a roll about 0.2 kB): 100 a chunk keeps the file
# rewritten on each save near the size of a roll chunk.
INJURY_CHUNK_SIZE = 100
OLD_INJURY_FILE = "injuries.json"


def open_injury_log(folder: Path, backup_finder: BackupFinder, readonly: bool) -> ChunkedLog:
    """The injury history of the campaign at `folder`."""
    return ChunkedLog(
        folder / LOG_FOLDER,
        INJURY_PREFIX,
        INJURY_TABLE,
        backup_finder,
        chunk_size=INJURY_CHUNK_SIZE,
        readonly=readonly,
    )


# -- migrations -------------------------------------------------------------------------------


def _finder(folder: Path) -> BackupFinder:
    return lambda file: backups.newest_good_backup(folder, file)


def _table(file: Path, data: Any, table: str) -> dict[str, Any]:
    docs = data.get(table, {}) if isinstance(data, dict) else None
    if not isinstance(docs, dict) or not all(isinstance(d, dict) for d in docs.values()):
        raise StoreError(f"{file}: no TinyDB table {table!r} of records; nothing was changed")
    return docs


def _write_all(log: ChunkedLog, entries: list[Entry]) -> None:
    try:
        log.replace_all(entries)
    finally:
        log.close()


def move_injuries_into_chunks(folder: Path) -> None:
    """Schema 1 to 2: the entries of `injuries.json` (table `entries`) go into the injury
    history's chunk files with their ids (TinyDB's doc ids, which `history()` always gave),
    their order and every field; then `injuries.json` is removed (the snapshot taken before
    migrating keeps it). Run again after a crash, it writes the same files."""
    old = folder / OLD_INJURY_FILE
    data = read_json_file(old, _finder(folder))
    if data is None:
        return  # no one was ever hurt, or an interrupted run already moved the entries
    entries: list[Entry] = []
    for key, doc in _table(old, data, INJURY_TABLE).items():
        if not key.isdigit() or int(key) < 1:
            raise StoreError(f"{old}: entry id {key!r} is not a whole number; nothing was changed")
        entries.append(dict(doc, id=int(key)))
    entries.sort(key=lambda e: int(e["id"]))
    _write_all(open_injury_log(folder, _finder(folder), readonly=False), entries)
    old.unlink()
    fsync_dir(folder)
