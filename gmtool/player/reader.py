"""Reading the campaign while the GM's gmtool saves into it: cheap change checks, and never
half an action.

A save replaces whole files (a new inode and mtime each); an action that changes several
files writes `.journal` before it replaces any and removes it after the last. So a read is
whole when no journal was there before or after it and no file it could have read changed
in between: the folders' listings (names, inodes, mtimes, sizes) are compared before and
after, and a read that raced a save is thrown away and tried again. Listing five folders
costs well under a millisecond, so the view polls it a few times a second.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from gmtool.actions.reads.campaign import open_campaign, save_under_way
from gmtool.player.model import PlayerModel, player_model

# The folders a player view reads from (the campaign's own and its data folders).
WATCHED = (".", "trackers", "trackers/battles", "battles", "log")

Fingerprint = tuple[tuple[str, str, int, int, int], ...]


def fingerprint(folder: Path) -> Fingerprint:
    """What changes whenever a save touches a file the view reads."""
    found: list[tuple[str, str, int, int, int]] = []
    for sub in WATCHED:
        try:
            with os.scandir(folder / sub) as entries:
                for entry in entries:
                    if entry.is_file(follow_symlinks=False):
                        st = entry.stat(follow_symlinks=False)
                        found.append((sub, entry.name, st.st_ino, st.st_mtime_ns, st.st_size))
        except FileNotFoundError:
            continue
    return tuple(sorted(found))


class Reading(msgspec.Struct, frozen=True):
    """A whole read: the model and the fingerprint it was read at."""

    model: PlayerModel
    fingerprint: Fingerprint


def read_whole(folder: Path) -> Reading | None:
    """The players' model if it could be read without a save under way; None: try again."""
    before = fingerprint(folder)
    if save_under_way(folder):
        return None
    campaign = open_campaign(folder, create=False, readonly=True, purpose="gmtool player-view")
    try:
        model = player_model(campaign)
    finally:
        campaign.close()
    if save_under_way(folder) or fingerprint(folder) != before:
        return None
    return Reading(model, before)
