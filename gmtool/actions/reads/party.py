"""The party as the screens show it: its characters and stations, and the ships they serve on."""

from gmtool.store.party import campaign_ships, load_party_state

__all__ = ["campaign_ships", "load_party_state"]
