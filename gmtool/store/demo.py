"""The demo campaign: created from bundled seed files on first run, never overwritten.

Seed files live in the repo's `campaigns/demo/` (ships, party, ...) and travel inside the
wheel as `gmtool/_data/demo`. Each feature that has demo data adds a seeder to SEEDERS: a
function `seed(campaign, demo_dir)` called once, when the demo campaign is created.
"""

from __future__ import annotations

import fcntl
import importlib
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gmtool.store.campaign import Campaign, open_campaign
from gmtool.store.errors import StoreError, os_error_detail

DEMO_NAME = "Demo: the Verge patrol"
DEMO_FOLDER = "demo.campaign"

# "module:function" seeders, run in order on a new demo campaign.
SEEDERS: list[str] = [
    "gmtool.store.ships:seed_demo_ships",
    "gmtool.store.party:seed_demo_party",
]


def _package_dir() -> Path:
    return Path(__file__).resolve().parent.parent


def demo_data_dir() -> Path:
    installed = _package_dir() / "_data" / "demo"
    if installed.is_dir():
        return installed
    return _package_dir().parent / "campaigns" / "demo"


def campaigns_dir() -> Path:
    """Where the app keeps campaigns: $GMTOOL_HOME, the checkout's campaigns/, or ~/.local."""
    override = os.environ.get("GMTOOL_HOME")
    if override:
        return Path(override)
    checkout = _package_dir().parent / "campaigns"
    if (checkout / "demo").is_dir() and os.access(checkout, os.W_OK):
        return checkout
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "gmtool" / "campaigns"


def demo_campaign_path() -> Path:
    return campaigns_dir() / DEMO_FOLDER


def seed_demo(campaign: Campaign) -> None:
    data = demo_data_dir()
    for spec in SEEDERS:
        module, _, func = spec.partition(":")
        getattr(importlib.import_module(module), func)(campaign, data)


def ensure_demo_campaign(path: Path, seed: int | None = None) -> None:
    """Create the demo campaign at `path` if there is none; an existing one is left alone.

    It is built whole in a folder beside `path` and renamed into place, so a crash (or a bad
    seed file) part-way leaves no half-made demo that "exists" and is never seeded again.
    What the system refuses (a home that cannot be made, no permission) is a StoreError.
    """
    try:
        _ensure_demo_campaign(path, seed)
    except OSError as exc:
        raise StoreError(
            f"cannot create the demo campaign at {path}: {os_error_detail(exc, path)}"
        ) from exc


def _ensure_demo_campaign(path: Path, seed: int | None) -> None:
    if (path / "campaign.json").exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with _set_up_lock(path):  # two first runs at once: one builds, the other waits for it
        if (path / "campaign.json").exists():
            return
        _build_demo_campaign(path, seed)


@contextmanager
def _set_up_lock(path: Path) -> Iterator[None]:
    """An exclusive lock on `.<name>.setup-lock` beside the demo campaign, held while it is
    built (the kernel drops it if the process dies). The file stays; it is empty."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path.with_name(f".{path.name}.setup-lock"), flags, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _build_demo_campaign(path: Path, seed: int | None) -> None:
    if path.exists() and (not path.is_dir() or any(path.iterdir())):
        raise StoreError(f"{path} is in the way of the demo campaign: it is not a campaign")
    building = path.with_name(path.name + ".building")
    if building.exists():
        shutil.rmtree(building)  # what a crash in an earlier set-up left behind
    campaign = open_campaign(building, name=DEMO_NAME, seed=seed, purpose="gmtool (demo set-up)")
    try:
        seed_demo(campaign)
    except BaseException:
        campaign.close()
        shutil.rmtree(building, ignore_errors=True)
        raise
    campaign.close()
    if path.exists():
        path.rmdir()  # empty: checked above
    os.replace(building, path)
