"""Campaign files: TinyDB with atomic writes, a writer lock, schema versions and backups.

Imports the rules layer at most; never textual. `Campaign` and `open_campaign` are loaded
when first asked for, so a command that needs only the store's errors (the CLI's
dispatcher, `gmtool skirmish simulate`) does not load TinyDB and the whole store.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gmtool.store.errors import CampaignCorrupt, CampaignLocked, StoreError

if TYPE_CHECKING:
    from gmtool.store.campaign import Campaign, open_campaign

__all__ = ["Campaign", "CampaignCorrupt", "CampaignLocked", "StoreError", "open_campaign"]


def __getattr__(name: str) -> Any:
    if name in ("Campaign", "open_campaign"):
        from gmtool.store import campaign

        return getattr(campaign, name)
    raise AttributeError(f"module 'gmtool.store' has no attribute {name!r}")
