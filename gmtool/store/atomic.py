"""Crash-safe JSON files for TinyDB.

TinyDB's stock JSONStorage rewrites its file in place, so a crash mid-write can leave half a
campaign. Here every write goes to a temporary file in the same folder, is fsynced, and
replaces the old file with `os.replace` (atomic on POSIX), followed by an fsync of the folder.
The parsed data is cached, so a write does not first re-read the file. Inside an action's
transaction every write, removal and read goes through the transaction (journal.py), so the
action's files are committed together and it reads what it has written so far.
"""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from gmtool.store import journal
from gmtool.store.errors import CampaignCorrupt, StoreError, os_error_detail
from gmtool.store.journal import fsync_dir as fsync_dir  # one home, imported from here too


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves either the old file or the new one;
    inside an action's transaction (journal.py) the write is staged for its commit."""
    tx = journal.active(path)
    if tx is not None:
        tx.stage(path, data)
        return
    journal.replace_file(path, data)


def remove_file(path: Path) -> bool:
    """Remove a campaign file (with the action's commit inside a transaction); False when
    there was none."""
    tx = journal.active(path)
    if tx is not None:
        return tx.stage_removal(path)
    journal.note_change()
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    fsync_dir(path.parent)
    return True


def exists(path: Path) -> bool:
    """Whether the file is there, as the open action has it (Path.exists otherwise)."""
    tx = journal.active(path)
    staged = tx.staged_bytes(path) if tx is not None else None
    return path.exists() if staged is None else staged != b""


def read_bytes(path: Path) -> bytes:
    """The file's bytes as the open action has them (staged), else as on disk;
    FileNotFoundError for a file that is not there (or that the action removed)."""
    tx = journal.active(path)
    if tx is not None:
        staged = tx.staged_bytes(path)
        if staged == b"":
            raise FileNotFoundError(2, "No such file or directory", str(path))
        if staged is not None:
            return staged
    return path.read_bytes()


def json_bytes(data: Any) -> bytes:
    """JSON as every campaign file is written: compact, UTF-8, so files compare byte for byte.

    msgspec writes the same bytes as `json.dumps(data, ensure_ascii=False, separators=(",",
    ":"))` about six times faster (a 250-roll chunk: 0.15 ms against 0.9 ms), and a battle
    step encodes several files; it is imported on the first save, not at start-up."""
    import msgspec

    return msgspec.json.encode(data)


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "a JSON object"
    if isinstance(value, list):
        return "a JSON array"
    if isinstance(value, str):
        return "a text"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return "a number"


def tinydb_problem(data: Any) -> str | None:
    """Why parsed JSON is not what the store reads a campaign file as, or None when it is.

    Every campaign file is a TinyDB document: a JSON object of tables, each a JSON object
    of documents (JSON objects) under whole-number ids, as TinyDB writes them."""
    if not isinstance(data, dict):
        return f"expected a JSON object of tables, found {_kind(data)}"
    for name, table in data.items():
        if not isinstance(table, dict):
            return f"table {name!r} is {_kind(table)}, not a JSON object of documents"
        for key, doc in table.items():
            if not key.isdecimal():
                return f"table {name!r} has a document under {key!r}, not a whole-number id"
            if not isinstance(doc, dict):
                return f"document {key} of table {name!r} is {_kind(doc)}, not a JSON object"
    return None


class UnfaithfulJSON(ValueError):
    """JSON that Python would read, but not as it was written: a key twice in one object
    (the first would be silently dropped, and gone at the next save), or a number that is not
    finite (NaN, Infinity, 1e999), which the rules cannot count with."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise UnfaithfulJSON(f"the key {key!r} is there twice in one object")
            seen.add(key)
    return found


def _no_constant(name: str) -> Any:
    raise UnfaithfulJSON(f"a number that is not finite ({name})")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise UnfaithfulJSON(f"a number too large to count with ({text[:20]})")
    return value


def strict_json(raw: bytes | str) -> Any:
    """Parse a campaign file's JSON exactly as written, or raise: UnfaithfulJSON for a
    duplicate key or a number that is not finite, JSONDecodeError for what is not JSON.

    Bytes that msgspec reads and writes back unchanged are what `json_bytes` writes: no key
    twice (it would be written once), nothing not finite (msgspec reads no NaN and writes an
    infinity as null). Those skip the checking parser, whose hook runs in Python for every
    object, several times slower; anything else (a hand edit, damage) takes it and gets its
    reason."""
    if isinstance(raw, bytes):
        import msgspec

        try:
            data = msgspec.json.decode(raw)
        except msgspec.DecodeError:
            pass
        else:
            if msgspec.json.encode(data) == raw:
                return data
    return json.loads(
        raw, object_pairs_hook=_no_duplicates, parse_constant=_no_constant, parse_float=_finite
    )


# Raw readers: parsed JSON before its records are checked (records_problem), so `Any`.
def _read_store_file(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """(data, None) for a file that reads as the store expects, (None, reason) for one that
    does not, (None, None) for a missing one. The one check behind reading, backing up and
    choosing a good backup."""
    try:
        raw = read_bytes(path)
    except (FileNotFoundError, NotADirectoryError):  # as Path.exists: not there
        return None, None
    except OSError as exc:
        return None, f"it cannot be read: {exc.strerror or exc}"
    return parse_store_bytes(path, raw)


def parse_store_bytes(path: Path, raw: bytes) -> tuple[dict[str, Any] | None, str | None]:
    """(data, None) for bytes that read as the store expects the file at `path`, (None,
    reason) for bytes that do not: the check of `_read_store_file`, on bytes in hand."""
    if not raw.strip():
        return None, "the file is empty"
    try:
        data = strict_json(raw)
    except UnfaithfulJSON as exc:
        return None, str(exc)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        return None, f"not valid JSON: {exc}"
    problem = tinydb_problem(data)
    if problem is None:  # then every record of its type (a roll's id a number, ...)
        from gmtool.store.records import records_problem

        problem = records_problem(path, data)
    if problem is not None:
        return None, problem
    return data, None


MISSING = "the file is missing"


def file_problem(path: Path) -> str | None:
    """Why the file at `path` does not read as the store expects it (None when it does): the
    same check as `read_json_file`, for backups and `Campaign.damaged_files`."""
    data, problem = _read_store_file(path)
    if data is None and problem is None:
        return MISSING
    return problem


def read_json_file(path: Path, backup_finder: Any = None) -> dict[str, Any] | None:
    """Read a campaign file: None when there is none; a file that does not read as the store
    expects (see `tinydb_problem`) raises CampaignCorrupt and is never rewritten."""
    data, problem = _read_store_file(path)
    if problem is None:
        return data
    backup = backup_finder(path) if backup_finder else None
    raise CampaignCorrupt(str(path), problem, str(backup) if backup else None)


def save_refused(path: Path, exc: OSError) -> StoreError:
    """The StoreError for a save the system refused; the file keeps what it held."""
    return StoreError(
        f"cannot save {path}: {os_error_detail(exc, path)}; it holds what it held before"
    )


class AtomicJSONStorage(Storage):  # type: ignore[misc]
    """A TinyDB storage that caches the parsed file and writes it atomically."""

    def __init__(self, path: str | Path, backup_finder: Any = None, **_: Any) -> None:
        self.path = Path(path)
        self._backup_finder = backup_finder
        self._cache: dict[str, Any] | None = None  # TinyDB's tables, any record type
        self.writes = 0

    def read(self) -> dict[str, Any] | None:
        if self._cache is None:
            self._cache = read_json_file(self.path, self._backup_finder)
        return self._cache

    def write(self, data: dict[str, Any]) -> None:
        tx = journal.active(self.path)
        if tx is not None:  # encoded once, at the action's commit, whatever it wrote last
            tx.stage(self.path, functools.partial(json_bytes, data))
            self._cache = data
            self.writes += 1
            return
        try:
            payload = json_bytes(data)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(self.path, payload)
        except BaseException as exc:
            # TinyDB mutated the cached tables before calling write; drop them so the next
            # read reflects what is really on disk.
            self._cache = None
            if isinstance(exc, OSError):  # a full disk, no permission, a file in the way
                raise save_refused(self.path, exc) from exc
            raise
        self._cache = data
        self.writes += 1

    def close(self) -> None:
        self._cache = None
