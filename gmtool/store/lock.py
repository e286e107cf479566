"""One writer per campaign: an advisory lock on `<campaign>/.lock`.

`flock` is released by the kernel when the process dies, so a crash or a dead battery never
leaves a stale lock behind. The lock file records who holds it, so a refused second process
can say which program, pid, user and host to look for.
"""

from __future__ import annotations

import errno
import fcntl
import getpass
import os
import random
import time
from pathlib import Path

from gmtool.store.errors import CampaignLocked, StoreError

LOCK_NAME = ".lock"
# Seconds a short-lived writer (a command) waits for the lock before it refuses: another
# command's action holds it for well under one.
LOCK_PATIENCE = 5.0


def _holder_text(purpose: str) -> str:
    import socket  # only a writer names its host

    try:
        user = getpass.getuser()
    except Exception:
        user = "?"
    since = time.strftime("%Y-%m-%d %H:%M:%S")
    return f"{purpose} (pid {os.getpid()}, user {user}, host {socket.gethostname()}, since {since})"


class CampaignLock:
    def __init__(self, folder: Path, purpose: str = "gmtool") -> None:
        self.path = folder / LOCK_NAME
        self.purpose = purpose
        self._fd: int | None = None

    def acquire(self, wait: float = 0.0) -> None:
        """Take the lock, waiting up to `wait` seconds for its holder to let go (a command
        that holds it for an action ends within a second); CampaignLocked if it does not."""
        try:  # never through a symlink planted where the lock goes
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as exc:
            if exc.errno != errno.ELOOP:
                raise
            raise StoreError(
                f"{self.path} is a symbolic link, not gmtool's lock file; remove it "
                "(nothing was changed)"
            ) from None
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() < deadline:
                    time.sleep(random.uniform(0.005, 0.03))  # apart, not in step
                    continue
            try:
                holder = os.read(fd, 4096).decode("utf-8", "replace").strip()
            finally:
                os.close(fd)
            raise CampaignLocked(self.path.parent, holder or "another process", wait)
        os.ftruncate(fd, 0)
        os.pwrite(fd, _holder_text(self.purpose).encode("utf-8"), 0)
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            try:
                os.ftruncate(self._fd, 0)
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            finally:
                os.close(self._fd)
                self._fd = None

    @property
    def held(self) -> bool:
        return self._fd is not None
