"""One action, one commit: every file an action changes is saved all or nothing.

A game action often changes several files (a battle step: the battle's tracker and events,
the roll log, the injury history, the party, the battle list). Each file alone is written
atomically (atomic.py), but a crash between two of them would leave half an action: an
injury without its step, damage without its injuries. Inside `Transaction` (opened by
`Campaign.transaction()`), writes are staged in memory instead, and `commit` saves them as one:

0. the campaign is checked to be at the generation this process read (generation.py: a
   stale writer refuses) and every target to be writable, with room for it (preflight.py);
1. every new file content is written to a temporary file beside its target and fsynced;
2. a journal, `<campaign>/.journal`, naming each (temporary file, target) pair and the files
   to remove, is written atomically and fsynced;
3. the temporary files replace their targets, the removals happen, the journal is removed.

A crash before step 2 completes leaves only temporary files (the action never happened); a
crash after it leaves a journal that `recover` finishes when the campaign is next opened
(the action happened), and so does one whose files cannot all be put in place at once: the
action is reported saved, finished at the next open (`take_unfinished`). So a SIGKILL at any
instant leaves the campaign exactly as before the action or exactly as after it. A commit of
one file skips the journal (one atomic replace is already all or nothing); a campaign's
actions also save its generation, so theirs are two or more.

Temporary files are created with O_EXCL | O_NOFOLLOW, so a symlink planted where one is to go
is never followed; `remove_stray_temporaries` clears those a killed save left behind.
"""

from __future__ import annotations

import contextvars
import functools
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec

from gmtool.store import generation, preflight
from gmtool.store.errors import CampaignChanged, SaveRefused, StoreError, os_error_detail

JOURNAL_NAME = ".journal"
BACKUP_DIR = "backups"
# The temporary files of this store: `.<name>.<token>.tmp` beside their target.
TEMPORARY = re.compile(r"^\..+\.tmp$")

_active: contextvars.ContextVar[Transaction | None] = contextvars.ContextVar(
    "gmtool_transaction", default=None
)


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


def temporary_path(path: Path, token: str) -> Path:
    return path.with_name(f".{path.name}.{token}.tmp")


def write_temporary(tmp: Path, data: bytes) -> None:
    """Write and fsync `data` into a new file `tmp`, never following a symlink; a file already
    there (a killed save's, or something planted) is removed first and never written
    through."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(tmp, flags, 0o644)
    except FileExistsError:
        tmp.unlink()  # unlinks a symlink itself, not what it points at
        fd = os.open(tmp, flags, 0o644)
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


# Campaign files written or removed by this process so far: a screen that shows what it
# read when this was N need not read again while it still is N.
_changes = 0


def change_count() -> int:
    """How many times this process has changed a campaign file (any campaign)."""
    return _changes


def note_change() -> None:
    global _changes
    _changes += 1


def replace_file(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves either the old file or the new one."""
    tmp = temporary_path(path, str(os.getpid()))
    write_temporary(tmp, data)
    note_change()  # before the replace: a failed one may still have changed the file
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


class UnfinishedSave(msgspec.Struct, frozen=True):
    """An action saved (its journal durable) whose files could not all be put in place at
    once: it is finished at the campaign's next open. `detail` is what the system said."""

    folder: Path
    detail: str


_unfinished: list[UnfinishedSave] = []


def take_unfinished() -> list[UnfinishedSave]:
    """The actions saved but not yet all in place since the last call (a command says so
    instead of "failed": they have happened)."""
    found = list(_unfinished)
    _unfinished.clear()
    return found


def _finish_earlier(folder: Path) -> None:
    """Put an earlier saved action's files in place before the next action is saved; refuse
    the next one (nothing changed) while that cannot be done."""
    try:
        recover(folder)
    except StoreError as exc:
        cause = exc.__cause__
        detail = os_error_detail(cause) if isinstance(cause, OSError) else str(exc)
        raise SaveRefused(
            folder / JOURNAL_NAME, SaveRefused.EARLIER_UNFINISHED, detail=detail
        ) from None


def active(path: Path) -> Transaction | None:
    """The transaction that a write to `path` belongs to, if one is open for its campaign."""
    tx = _active.get()
    if tx is not None and tx.covers(path):
        return tx
    return None


class Transaction:
    """The staged files of one action in the campaign at `folder` (see the module's text)."""

    def __init__(self, folder: Path, seen: generation.Seen | None = None) -> None:
        self.folder = folder
        self.seen = seen
        self._root = os.path.abspath(folder)
        self.staged: dict[Path, bytes | Callable[[], bytes]] = {}
        self.removed: set[Path] = set()
        self._after: list[Callable[[], object]] = []
        self.unfinished: UnfinishedSave | None = None

    def covers(self, path: Path) -> bool:
        return os.path.abspath(path).startswith(self._root + os.sep)

    # -- staging ----------------------------------------------------------------------------
    def stage(self, path: Path, data: bytes | Callable[[], bytes]) -> None:
        """The file's new content: bytes, or a function giving them, called when they are
        needed (a TinyDB file written several times in one action is encoded once)."""
        key = Path(os.path.abspath(path))
        self.removed.discard(key)
        self.staged[key] = data

    def stage_removal(self, path: Path) -> bool:
        """Remove `path` with the commit; False when there is no such file to remove."""
        key = Path(os.path.abspath(path))
        had = key in self.staged or (key not in self.removed and key.exists())
        self.staged.pop(key, None)
        if had:
            self.removed.add(key)
        return had

    def staged_bytes(self, path: Path) -> bytes | None:
        """What `path` holds as this action has it so far: its staged content, b"" for a
        file the action removes, None when the action has not touched it."""
        key = Path(os.path.abspath(path))
        if key in self.removed:
            return b""
        data = self.staged.get(key)
        return data() if callable(data) else data

    def names_in(self, folder: Path) -> tuple[set[str], set[str]]:
        """(names created, names removed) in `folder` by this action so far."""
        key = Path(os.path.abspath(folder))
        made = {p.name for p in self.staged if p.parent == key}
        gone = {p.name for p in self.removed if p.parent == key}
        return made, gone

    def after_commit(self, callback: Callable[[], object]) -> None:
        """Run `callback` once the action is saved (listeners that show what was saved)."""
        self._after.append(callback)

    # -- committing -------------------------------------------------------------------------
    def check_generation(self) -> int:
        """The campaign's generation on disk; CampaignChanged (its caches are then dropped
        by the transaction) when it is not the one this process read."""
        found = generation.read(self.folder)
        if self.seen is not None and found != self.seen.value:
            seen, self.seen.value = self.seen.value, found
            raise CampaignChanged(self.folder, seen, found)
        return found

    def commit(self) -> None:
        """Save the staged files as one. Refused before the journal is durable (SaveRefused,
        an OSError): nothing changed. After it the action has happened, whatever follows: a
        file that cannot be put in place then is put there at the next open, and
        `unfinished` says why (see `take_unfinished`)."""
        if pending(self.folder):  # an earlier action of this process not yet in place
            _finish_earlier(self.folder)
        if self.seen is not None and (self.staged or self.removed):
            found = self.check_generation()
            self.stage(self.folder / generation.GENERATION_NAME, generation.encode(found + 1))
            self._after.insert(0, functools.partial(setattr, self.seen, "value", found + 1))
        if len(self.staged) == 1 and not self.removed:
            [path] = self.staged
            data = self.staged_bytes(path)
            assert data is not None
            preflight.check_targets({path: len(data)}, ())
            made: list[Path] = []
            try:
                preflight.make_folders(path, made)
                replace_file(path, data)
            except BaseException:
                preflight.remove_folders(made)
                raise
        elif self.staged or self.removed:
            self._commit_journaled()
        for callback in self._after:
            callback()

    def _commit_journaled(self) -> None:
        token = f"{os.getpid()}-tx"
        contents: dict[Path, bytes] = {}
        for path in self.staged:
            data = self.staged_bytes(path)
            assert data is not None
            contents[path] = data
        preflight.check_targets({p: len(d) for p, d in contents.items()}, self.removed)
        pairs: list[tuple[Path, Path]] = []
        folders: set[Path] = set()
        made: list[Path] = []
        try:
            for path, data in contents.items():
                preflight.make_folders(path, made)
                tmp = temporary_path(path, token)
                write_temporary(tmp, data)
                pairs.append((tmp, path))
                folders.add(path.parent)
            for folder in folders:
                fsync_dir(folder)
            journal = {
                "replace": [[self._rel(t), self._rel(p)] for t, p in pairs],
                "remove": sorted(self._rel(p) for p in self.removed),
            }
            replace_file(
                self.folder / JOURNAL_NAME,
                json.dumps(journal, separators=(",", ":")).encode("utf-8"),
            )
        except BaseException:
            for tmp, _ in pairs:
                tmp.unlink(missing_ok=True)
            preflight.remove_folders(made)
            raise
        # From here on the action has happened: what stops it now is finished at the next open.
        try:
            _apply(self.folder, pairs, sorted(self.removed))
        except OSError as exc:
            self.unfinished = UnfinishedSave(self.folder, os_error_detail(exc))
            _unfinished.append(self.unfinished)

    def _rel(self, path: Path) -> str:
        return os.path.relpath(path, self._root)


def _apply(folder: Path, pairs: list[tuple[Path, Path]], removed: list[Path]) -> None:
    note_change()
    touched: set[Path] = {folder}
    for tmp, target in pairs:
        if tmp.exists():
            try:
                os.replace(tmp, target)
            except OSError as exc:  # named by the file it was to replace, not the temporary
                raise type(exc)(exc.errno, exc.strerror, str(target)) from None
        touched.add(target.parent)
    for path in removed:
        path.unlink(missing_ok=True)
        touched.add(path.parent)
    for each in touched:
        fsync_dir(each)
    (folder / JOURNAL_NAME).unlink(missing_ok=True)
    fsync_dir(folder)


@contextmanager
def transaction(
    folder: Path, on_abort: Callable[[], object], seen: generation.Seen | None = None
) -> Iterator[Transaction]:
    """Stage every write to the campaign at `folder` and commit them as one when the block
    ends; an exception discards them all (`on_abort` then drops what the store cached of
    them). With `seen`, the commit is refused (CampaignChanged) unless the campaign is
    still at that generation (store/generation.py). A transaction already open for the
    campaign is joined: the outer one commits."""
    current = _active.get()
    if current is not None and current.covers(folder / JOURNAL_NAME):
        yield current
        return
    tx = Transaction(folder, seen)
    token = _active.set(tx)
    try:
        if seen is not None:  # before the action reads what may have changed under it
            if pending(folder):  # an earlier action of this process not yet in place
                _finish_earlier(folder)
            tx.check_generation()
        yield tx
    except BaseException:
        _active.reset(token)
        note_change()  # the store's caches are dropped: what a screen read may be gone
        on_abort()
        raise
    _active.reset(token)
    try:
        tx.commit()
    except BaseException:
        note_change()
        on_abort()
        raise


# -- at open ---------------------------------------------------------------------------------
def _inside(folder: Path, rel: object) -> Path:
    """A path the journal names, refused unless it stays inside the campaign folder."""
    if not isinstance(rel, str) or not rel or os.path.isabs(rel) or "\x00" in rel:
        raise ValueError(f"{rel!r} is not a path inside the campaign")
    path = Path(os.path.normpath(folder / rel))
    if not os.path.abspath(path).startswith(os.path.abspath(folder) + os.sep):
        raise ValueError(f"{rel!r} leaves the campaign folder")
    return path


def _read_journal(folder: Path, raw: bytes) -> tuple[list[tuple[Path, Path]], list[Path]]:
    data: Any = json.loads(raw)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    pairs: list[tuple[Path, Path]] = []
    for item in data.get("replace", []):
        if not isinstance(item, list) or len(item) != 2:
            raise ValueError(f"replace entry {item!r} is not [temporary, target]")
        tmp, target = _inside(folder, item[0]), _inside(folder, item[1])
        if not TEMPORARY.match(tmp.name) or tmp.parent != target.parent:
            raise ValueError(f"{item[0]!r} is not a temporary file beside {item[1]!r}")
        pairs.append((tmp, target))
    removed = [_inside(folder, rel) for rel in data.get("remove", [])]
    return pairs, removed


def recover(folder: Path) -> bool:
    """Finish the action a crash interrupted after its journal was saved; True when there was
    one. A journal that does not read (which a crash cannot cause) is refused, unchanged."""
    journal = folder / JOURNAL_NAME
    try:
        raw = journal.read_bytes()
    except FileNotFoundError:
        return False
    try:
        pairs, removed = _read_journal(folder, raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise StoreError(
            f"{journal} is damaged ({exc}): an interrupted save cannot be finished. Nothing "
            "was changed; move the file away to open the campaign as the last whole save left it"
        ) from None
    try:
        _apply(folder, pairs, removed)
    except OSError as exc:
        raise StoreError(
            f"the last action in {folder} was saved but cannot be put in place: "
            f"{os_error_detail(exc)}; fix that and open the campaign again to finish it"
        ) from exc
    return True


def pending(folder: Path) -> bool:
    """Whether an action's commit is under way (or was cut short) in the campaign: readers
    wait for it to finish rather than read half an action."""
    return (folder / JOURNAL_NAME).exists()


def wait_until_settled(folder: Path, patience: float) -> bool:
    """Wait up to `patience` seconds for a commit under way to finish; False if it did not
    (its writer was killed: the next open for writing finishes it)."""
    deadline = time.monotonic() + patience
    while pending(folder):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)
    return True


def remove_stray_temporaries(folder: Path) -> int:
    """Remove the temporary files killed saves left behind (after `recover`, which needs the
    ones its journal names); returns how many. Backups are not searched."""
    count = 0
    for root, dirs, files in os.walk(folder):
        if root == str(folder) and BACKUP_DIR in dirs:
            dirs.remove(BACKUP_DIR)
        for name in files:
            if TEMPORARY.match(name):
                try:
                    os.unlink(os.path.join(root, name))
                    count += 1
                except OSError:
                    pass
    return count
