"""The campaign's generation: how many actions have been saved, so a stale writer refuses.

The writer lock is advice: a deleted `.lock` lets two processes write at once, and the one
whose view is older would overwrite what the other saved (a wound lost, a roll id taken
twice). So every action's commit carries the generation it read, `<campaign>/.generation`,
one line with a whole number: the commit checks it is still what this process saw and saves
it one higher with the action's files, all under the journal. A writer whose view is older
refuses with `CampaignChanged` before anything is written, and has dropped what it cached:
the next read is the campaign as it is now.
"""

from __future__ import annotations

from pathlib import Path

GENERATION_NAME = ".generation"
# What an unreadable generation file reads as: never what a writer saw, so the writer
# reloads once, and its next commit writes a good one.
UNREADABLE = -1


def read(folder: Path) -> int:
    """The campaign's generation on disk: 0 before the first action saved with one."""
    try:
        text = (folder / GENERATION_NAME).read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return 0
    except (OSError, UnicodeDecodeError):
        return UNREADABLE
    return int(text) if text.isdecimal() and len(text) < 20 else UNREADABLE


def encode(number: int) -> bytes:
    return f"{number}\n".encode("ascii")


class Seen:
    """The generation an open campaign's view was read at; the commit moves it on."""

    def __init__(self, value: int = 0) -> None:
        self.value = value
