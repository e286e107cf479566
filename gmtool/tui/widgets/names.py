"""Names fitted to a narrow column, by one rule for a whole column (the Stations board and
party list, the Injuries tab's lists): all whole, or all without their titles."""

from __future__ import annotations

from collections.abc import Sequence


def untitled(name: str) -> str:
    """A name without its title or rank: its last two words ('Captain Ines Calloway' ->
    'Ines Calloway'); a name of one or two words as it is ('Gunner Ox')."""
    words = name.split()
    return " ".join(words[-2:]) if len(words) > 2 else name


def cut_name(name: str, width: int) -> str:
    """A name whole when it fits, else its start and '…', so it still reads as that name."""
    return name if len(name) <= width else name[: max(width - 1, 1)] + "…"


def fit_names(names: Sequence[str], width: int, whole: bool | None = None) -> list[str]:
    """Names for a column `width` cells wide: all whole when all fit, else all without
    their titles (so no row drops a rank the next keeps), one still too long ending in '…'.
    `whole` decides for a column that must read like another (the Stations board and list)."""
    if whole is None:
        whole = all(len(name) <= width for name in names)
    if whole:
        return list(names)
    shorter = [untitled(name) for name in names]
    return [cut_name(name, width) for name in shorter]
