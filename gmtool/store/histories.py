"""The campaign's chunked histories besides the roll log, and the migrations that made them.

The injury history (`log/injuries-NNNNN.json`, table `entries`) gains an entry with every
hazard, damage or treatment; the list of battles (`log/battles-NNNNN.json`, table `battles`)
one record per battle, which each step of that battle updates. Both are `ChunkedLog`s (see
chunked.py): one TinyDB file rewritten whole on every save would make a long campaign save
slower and slower. Older campaigns keep them that way (`injuries.json`, and the list inside
`battles.json`); the migrations here split them. This module is light (no rules) so the
campaign can run the migrations before anything else is imported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.store import backups
from gmtool.store.atomic import atomic_write_bytes, fsync_dir, json_bytes, read_json_file
from gmtool.store.chunked import BackupFinder, ChunkedLog
from gmtool.store.errors import StoreError
from gmtool.store.records import BattleListRecord, InjuryEntry

LOG_FOLDER = "log"

INJURY_PREFIX = "injuries"
INJURY_TABLE = "entries"
# An injury entry is about 1.5 kB of JSON (a roll about 0.2 kB): 100 a chunk keeps the file
# rewritten on each save near the size of a roll chunk.
INJURY_CHUNK_SIZE = 100
OLD_INJURY_FILE = "injuries.json"

BATTLE_PREFIX = "battles"
BATTLE_TABLE = "battles"
# A battle's record is 0.2-3 kB (a finished battle keeps its summary text): 50 a chunk keeps
# the file each battle step rewrites near the size of a roll chunk.
BATTLE_CHUNK_SIZE = 50
# What stays in battles.json: which battle the Battle tab has open.
BATTLE_INDEX_FILE = "battles.json"
BATTLE_INDEX_TABLE = "index"


def open_injury_log(
    folder: Path, backup_finder: BackupFinder, readonly: bool
) -> ChunkedLog[InjuryEntry]:
    """The injury history of the campaign at `folder`."""
    return ChunkedLog(
        folder / LOG_FOLDER,
        INJURY_PREFIX,
        INJURY_TABLE,
        backup_finder,
        chunk_size=INJURY_CHUNK_SIZE,
        readonly=readonly,
    )


def open_battle_list(
    folder: Path, backup_finder: BackupFinder, readonly: bool
) -> ChunkedLog[BattleListRecord]:
    """The list of battles of the campaign at `folder`, one entry per battle set up."""
    return ChunkedLog(
        folder / LOG_FOLDER,
        BATTLE_PREFIX,
        BATTLE_TABLE,
        backup_finder,
        chunk_size=BATTLE_CHUNK_SIZE,
        readonly=readonly,
    )


# -- migrations -------------------------------------------------------------------------------


def _finder(folder: Path) -> BackupFinder:
    return lambda file: backups.newest_good_backup(folder, file)


def _table(file: Path, data: Any, table: str) -> dict[str, Any]:
    # an old file's records as it holds them: the chunks they move to are checked when read
    docs = data.get(table, {}) if isinstance(data, dict) else None
    if not isinstance(docs, dict) or not all(isinstance(d, dict) for d in docs.values()):
        raise StoreError(f"{file}: no TinyDB table {table!r} of records; nothing was changed")
    return docs


def _write_all(log: ChunkedLog[Any], entries: list[Any]) -> None:
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
    entries: list[dict[str, Any]] = []  # as saved; checked as InjuryEntry when a chunk is read
    for key, doc in _table(old, data, INJURY_TABLE).items():
        if not key.isdigit() or int(key) < 1:
            raise StoreError(f"{old}: entry id {key!r} is not a whole number; nothing was changed")
        entries.append(dict(doc, id=int(key)))
    entries.sort(key=lambda e: int(e["id"]))
    _write_all(open_injury_log(folder, _finder(folder), readonly=False), entries)
    old.unlink()
    fsync_dir(folder)


def move_battle_list_into_chunks(folder: Path) -> None:
    """Schema 2 to 3: the list of battles inside `battles.json` goes into the battle list's
    chunk files, in the order the battles were set up, each record under the id 1, 2, ... and
    its battle's id as `battle`; `battles.json` keeps only which battle is open. Run again
    after a crash, it writes the same files."""
    index = folder / BATTLE_INDEX_FILE
    data = read_json_file(index, _finder(folder))
    if data is None:
        return  # no battle was ever set up
    docs = _table(index, data, BATTLE_INDEX_TABLE)
    if not docs:
        return
    key, doc = next(iter(docs.items()))
    battles = doc.get("battles")
    if battles is None:
        return  # an interrupted run already moved them
    if not isinstance(battles, list) or not all(
        isinstance(b, dict) and isinstance(b.get("id"), str) for b in battles
    ):
        raise StoreError(f"{index}: the list of battles does not read; nothing was changed")
    entries = [dict(b, battle=b["id"], id=n) for n, b in enumerate(battles, start=1)]
    _write_all(open_battle_list(folder, _finder(folder), readonly=False), entries)
    kept = {BATTLE_INDEX_TABLE: {key: {"open": doc.get("open")}}}
    atomic_write_bytes(index, json_bytes(kept))
