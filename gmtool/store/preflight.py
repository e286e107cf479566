"""What is checked before an action's journal is written, so that a refused save changes nothing.

Once the journal is durable the action has happened: a target that cannot be replaced then
(a folder where the battle report goes, a read-only folder) would leave it half applied until
the next open. So every target is checked first: a file (or nothing) where each file goes,
folders that can be written, and room on the disk for the new bytes. A refusal here raises
`SaveRefused` before anything is written; the folders made for the new files are removed
again when a later step before the journal fails. And a new campaign is made only in a new
or empty folder (`refuse_foreign_folder`).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path

from gmtool.store.errors import SaveRefused, StoreError
from gmtool.store.lock import LOCK_NAME

# Bytes kept free beyond the action's own: the journal, folder entries, the file system's
# own needs. A save that would leave less is refused before it starts.
SPARE_BYTES = 64 * 1024


def _nearest_existing(path: Path) -> Path:
    while not os.path.lexists(path) and path.parent != path:
        path = path.parent
    return path


def _check_target(path: Path, *, removing: bool) -> None:
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = None
    except NotADirectoryError:
        raise SaveRefused(path, SaveRefused.NOT_A_FOLDER) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise SaveRefused(path, SaveRefused.FOLDER_IN_THE_WAY)
    if removing and mode is None:
        return
    folder = _nearest_existing(path.parent)
    if not folder.is_dir():
        raise SaveRefused(folder, SaveRefused.NOT_A_FOLDER)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise SaveRefused(folder, SaveRefused.NOT_WRITABLE)


def _check_space(needs: Mapping[Path, int]) -> None:
    by_device: dict[int, tuple[Path, int]] = {}
    for path, size in needs.items():
        folder = _nearest_existing(path.parent)
        try:
            device = os.stat(folder).st_dev
        except OSError:
            continue
        where, total = by_device.get(device, (folder, 0))
        by_device[device] = (where, total + size)
    for folder, total in by_device.values():
        try:
            info = os.statvfs(folder)
        except OSError:
            continue
        free = info.f_bavail * info.f_frsize
        if free < total + SPARE_BYTES:
            raise SaveRefused(folder, SaveRefused.NO_SPACE, needed=total, free=free)


def check_targets(sizes: Mapping[Path, int], removed: Iterable[Path]) -> None:
    """Refuse (SaveRefused) a commit of files `sizes` (path -> new size) and removals
    `removed` that could not be applied whole once its journal is written."""
    for path in sizes:
        _check_target(path, removing=False)
    for path in removed:
        _check_target(path, removing=True)
    _check_space(sizes)


def make_folders(path: Path, made: list[Path]) -> None:
    """Make the folders `path` needs, noting in `made` (outermost first) the ones made."""
    missing: list[Path] = []
    folder = path.parent
    while not os.path.lexists(folder) and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    for each in reversed(missing):
        try:
            os.mkdir(each)
        except FileExistsError:
            continue
        made.append(each)


def remove_folders(made: list[Path]) -> None:
    """Remove again the folders `make_folders` made (when they are still empty)."""
    for folder in reversed(made):
        try:
            os.rmdir(folder)
        except OSError:
            continue


def refuse_foreign_folder(folder: Path) -> None:
    """A new campaign is made only in a new or empty folder: a folder of notes must not
    quietly become a campaign. What a crash while creating one leaves (its lock, a
    temporary file) does not count."""
    if not folder.is_dir():
        return
    others = sorted(
        p.name
        for p in folder.iterdir()
        if p.name != LOCK_NAME and not (p.name.startswith(".") and p.name.endswith(".tmp"))
    )
    if others:
        raise StoreError(
            f"{folder} is not a campaign and not empty ({len(others)} other "
            f"{'entry' if len(others) == 1 else 'entries'}, such as {others[0]!r}); gmtool "
            "makes a campaign only in a new or empty folder; nothing was changed"
        )
