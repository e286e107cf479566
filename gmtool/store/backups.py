"""Rotating backups of a campaign's files, taken when a campaign is opened for writing.

Each file keeps up to KEEP copies as `backups/<relative path>.1` (newest) ... `.KEEP`.
A file is copied only when it changed since its newest backup, so the sealed chunks of a long
roll log cost nothing after their first copy. "Good" means what the store reads: the file
passes the store's own check (`atomic.parse_store_bytes`: JSON exactly as written, a JSON
object of tables of typed records) and a tracker's saved state reads as the rules read it
(`state_checks`). A file that is not good is never rotated in, so a damaged file cannot push
the good backups out, and a backup is offered as good only after the same check (backups
taken by an older gmtool, or copied in by hand, may not be).

Rotation runs at most once in ROTATE_EVERY_SECONDS (a stamp file in backups/ says when it
last ran): a burst of command-line calls, each opening the campaign for writing, would
otherwise push out every backup older than a minute, and pay a check of every changed file
on each call. Crash safety within that time is the journal's work, not the backups'.

A backup is whole or absent: the bytes checked are written to a temporary file in backups/,
fsynced, and only then renamed over `.1` (a full disk or a kill leaves the older copies and a
temporary file, removed at the next rotation).
"""

from __future__ import annotations

import os
import time
from pathlib import Path, PurePath

from gmtool.store.atomic import parse_store_bytes
from gmtool.store.journal import TEMPORARY, fsync_dir, temporary_path, write_temporary

BACKUP_DIR = "backups"
KEEP = 3
ROTATE_EVERY_SECONDS = 15 * 60
STAMP = ".rotated"  # in backups/: its modification time is the last rotation's


def backup_path(folder: Path, file: Path, n: int) -> Path:
    rel = file.relative_to(folder)
    return folder / BACKUP_DIR / rel.parent / f"{rel.name}.{n}"


def bytes_problem(folder: Path, file: Path, raw: bytes) -> str | None:
    """Why `raw`, as the bytes of the campaign file `file` (or of a backup of it), is not
    what the store reads; None when it is."""
    data, problem = parse_store_bytes(file, raw)
    if problem is not None or data is None:
        return problem or "the file is empty"
    from gmtool.store.state_checks import state_problem

    return state_problem(_logical(folder, file), data)


def _logical(folder: Path, file: Path) -> PurePath:
    """The campaign file a path is, or is a backup of, relative to the campaign."""
    try:
        rel = PurePath(file.relative_to(folder))
    except ValueError:
        return PurePath(file.name)
    if rel.parts[:1] == (BACKUP_DIR,):
        stem, _, number = rel.name.rpartition(".")
        rel = PurePath(*rel.parts[1:-1], stem if number.isdigit() else rel.name)
    return rel


def is_good(path: Path, folder: Path | None = None) -> bool:
    """The file reads as what the store expects (the store's own check)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return False
    return bytes_problem(folder or path.parent, path, raw) is None


def _same(a: Path, b: Path) -> bool:
    try:
        sa, sb = a.stat(), b.stat()
    except OSError:
        return False
    return sa.st_size == sb.st_size and int(sa.st_mtime) == int(sb.st_mtime)


def data_files(folder: Path) -> list[Path]:
    """The campaign's JSON data files (not backups, not temporary files)."""
    return sorted(
        p
        for p in folder.rglob("*.json")
        if BACKUP_DIR not in p.relative_to(folder).parts and not p.name.startswith(".")
    )


def _whole_copy(raw: bytes, times: os.stat_result, dest: Path) -> Path:
    """`raw` in a fsynced temporary file beside `dest`, dated as its source (so that an
    unchanged file is seen as backed up); its path."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = temporary_path(dest, f"{os.getpid()}-backup")
    write_temporary(tmp, raw)
    os.utime(tmp, ns=(times.st_atime_ns, times.st_mtime_ns))
    return tmp


def _remove_stray_copies(folder: Path) -> None:
    """Temporary files a killed rotation left in backups/."""
    for root, _, files in os.walk(folder / BACKUP_DIR):
        for name in files:
            if TEMPORARY.match(name):
                Path(root, name).unlink(missing_ok=True)


def rotation_due(folder: Path, now: float, every: float) -> bool:
    """No rotation for `every` seconds after the last one (a stamp dated in the future, as
    after a clock change, counts as due)."""
    try:
        last = (folder / BACKUP_DIR / STAMP).stat().st_mtime
    except OSError:
        return True
    return not 0 <= now - last < every


def rotate_backups(folder: Path, every: float | None = None) -> None:
    """Take a checked copy of each file changed since its newest backup, when a rotation is
    due (see `rotation_due`; `every` defaults to ROTATE_EVERY_SECONDS; 0 rotates now)."""
    now = time.time()
    if not rotation_due(folder, now, ROTATE_EVERY_SECONDS if every is None else every):
        return
    _remove_stray_copies(folder)
    for file in data_files(folder):
        newest = backup_path(folder, file, 1)
        if _same(file, newest):
            continue
        try:
            times = file.stat()
            raw = file.read_bytes()
        except OSError:
            continue
        if bytes_problem(folder, file, raw) is not None:
            continue
        tmp = _whole_copy(raw, times, newest)
        _rotate(folder, file, tmp)
    stamp = folder / BACKUP_DIR / STAMP
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.touch()
    os.utime(stamp, (now, now))


def _rotate(folder: Path, file: Path, tmp: Path) -> None:
    try:
        oldest = backup_path(folder, file, KEEP)
        oldest.unlink(missing_ok=True)
        for n in range(KEEP - 1, 0, -1):
            src = backup_path(folder, file, n)
            if src.exists():
                src.replace(backup_path(folder, file, n + 1))
        os.replace(tmp, backup_path(folder, file, 1))
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(tmp.parent)


def newest_good_backup(folder: Path, file: Path) -> Path | None:
    """The newest backup of `file` that reads as the store expects (each one is checked
    now: a backup is not trusted for having been taken), for the message about a damaged
    file; None when there is none."""
    try:
        file.relative_to(folder)
    except ValueError:
        return None
    for n in range(1, KEEP + 1):
        candidate = backup_path(folder, file, n)
        if is_good(candidate, folder):
            return candidate
    return None


def snapshot(folder: Path, label: str) -> Path:
    """A full copy of the data files (before a schema migration), kept until deleted by
    hand; each copy written whole (temporary file, fsync, rename)."""
    target = folder / BACKUP_DIR / label
    for file in data_files(folder):
        dest = target / file.relative_to(folder)
        tmp = _whole_copy(file.read_bytes(), file.stat(), dest)
        os.replace(tmp, dest)
        fsync_dir(dest.parent)
    return target
