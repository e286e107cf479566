"""The injury history and the last bail-out, as the Injuries tab shows them. Each name
is imported on first use (`rules/lazy.py`), as the store's packages do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.store.bailout import BailoutRecord, CrewAboard, crew_aboard, load_bailout
    from gmtool.store.injuries import InjuryEntry, history, newest_first

__all__ = [
    "BailoutRecord",
    "CrewAboard",
    "InjuryEntry",
    "crew_aboard",
    "history",
    "load_bailout",
    "newest_first",
]

if not TYPE_CHECKING:  # the names above, each imported on first use
    __getattr__ = lazy_exports(__name__)
