"""Campaign files: TinyDB with atomic writes, a writer lock, schema versions and backups.

Imports the rules layer at most; never textual.
"""

from gmtool.store.campaign import Campaign, open_campaign
from gmtool.store.errors import CampaignCorrupt, CampaignLocked, StoreError

__all__ = ["Campaign", "CampaignCorrupt", "CampaignLocked", "StoreError", "open_campaign"]
