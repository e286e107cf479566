"""Crash-safe JSON files for TinyDB.

TinyDB's stock JSONStorage rewrites its file in place, so a crash mid-write can leave half a
campaign. Here every write goes to a temporary file in the same folder, is fsynced, and
replaces the old file with `os.replace` (atomic on POSIX), followed by an fsync of the folder.
The parsed data is cached, so a write does not first re-read the file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from gmtool.store.errors import CampaignCorrupt


def fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves either the old file or the new one."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    os.close(fd)
    os.replace(tmp, path)
    fsync_dir(path.parent)


def json_bytes(data: Any) -> bytes:
    """JSON as every campaign file is written: compact, UTF-8, so files compare byte for byte."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def read_json_file(path: Path, backup_finder: Any = None) -> Any:
    """Parse a JSON file; a file that does not parse raises CampaignCorrupt (never rewritten)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    if not raw.strip():
        reason = "the file is empty"
    else:
        try:
            return json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            reason = f"not valid JSON: {exc}"
    backup = backup_finder(path) if backup_finder else None
    raise CampaignCorrupt(str(path), reason, str(backup) if backup else None)


class AtomicJSONStorage(Storage):  # type: ignore[misc]
    """A TinyDB storage that caches the parsed file and writes it atomically."""

    def __init__(self, path: str | Path, backup_finder: Any = None, **_: Any) -> None:
        self.path = Path(path)
        self._backup_finder = backup_finder
        self._cache: dict[str, Any] | None = None
        self.writes = 0

    def read(self) -> dict[str, Any] | None:
        if self._cache is None:
            data = read_json_file(self.path, self._backup_finder)
            if data is not None and not isinstance(data, dict):
                backup = self._backup_finder(self.path) if self._backup_finder else None
                raise CampaignCorrupt(
                    str(self.path),
                    "expected a JSON object of tables",
                    str(backup) if backup else None,
                )
            self._cache = data
        return self._cache

    def write(self, data: dict[str, Any]) -> None:
        try:
            payload = json_bytes(data)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(self.path, payload)
        except BaseException:
            # TinyDB mutated the cached tables before calling write; drop them so the next
            # read reflects what is really on disk.
            self._cache = None
            raise
        self._cache = data
        self.writes += 1

    def close(self) -> None:
        self._cache = None
