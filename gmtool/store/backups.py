"""Rotating backups of a campaign's files, taken when a campaign is opened for writing.

Each file keeps up to KEEP copies as `backups/<relative path>.1` (newest) ... `.KEEP`.
A file is copied only when it changed since its newest backup, so the sealed chunks of a long
roll log cost nothing after their first copy. "Good" means one thing here and in the store:
the file reads as what the store expects (`atomic.file_problem`: a JSON object of tables,
each a JSON object of documents). A file that is not good is never rotated in, so a damaged
file cannot push the good backups out, and a backup is offered as good only after the same
check (backups taken by an older gmtool, or copied in by hand, may not be).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from gmtool.store.atomic import file_problem

BACKUP_DIR = "backups"
KEEP = 3


def backup_path(folder: Path, file: Path, n: int) -> Path:
    rel = file.relative_to(folder)
    return folder / BACKUP_DIR / rel.parent / f"{rel.name}.{n}"


def is_good(path: Path) -> bool:
    """The file reads as what the store expects (the store's own check)."""
    return file_problem(path) is None


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


def rotate_backups(folder: Path) -> None:
    for file in data_files(folder):
        newest = backup_path(folder, file, 1)
        if _same(file, newest) or not is_good(file):
            continue
        newest.parent.mkdir(parents=True, exist_ok=True)
        oldest = backup_path(folder, file, KEEP)
        oldest.unlink(missing_ok=True)
        for n in range(KEEP - 1, 0, -1):
            src = backup_path(folder, file, n)
            if src.exists():
                src.replace(backup_path(folder, file, n + 1))
        shutil.copy2(file, newest)


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
        if is_good(candidate):
            return candidate
    return None


def snapshot(folder: Path, label: str) -> Path:
    """A full copy of the data files (before a schema migration), kept until deleted by hand."""
    target = folder / BACKUP_DIR / label
    for file in data_files(folder):
        dest = target / file.relative_to(folder)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(file, dest)
    return target
