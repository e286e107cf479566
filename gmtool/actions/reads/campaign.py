"""Opening a campaign, and the types a screen only passes along (the campaign, its clock)."""

from __future__ import annotations

from pathlib import Path

from gmtool.store.campaign import Campaign, Clock, open_campaign
from gmtool.store.journal import pending

__all__ = ["Campaign", "Clock", "open_campaign", "save_under_way"]


def save_under_way(folder: Path) -> bool:
    """Whether an action's commit is under way (or was cut short) in the campaign at `folder`:
    a reader waits rather than read half an action."""
    return pending(folder)
