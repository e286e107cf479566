"""The injury history and the last bail-out, as the Injuries tab shows them."""

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
