"""Where the GM left off: the tab that was on screen, for reopening the campaign there."""

from __future__ import annotations

from gmtool.store import view_state
from gmtool.store.campaign import Campaign


def last_tab(campaign: Campaign) -> str | None:
    """The tab the campaign was left on, or None."""
    return view_state.read_tab(campaign.folder)


def remember_tab(campaign: Campaign, tab_id: str) -> None:
    """Remember the tab now on screen (nothing for a campaign opened read-only)."""
    if not campaign.readonly:
        view_state.write_tab(campaign.folder, tab_id)
