"""The party as the screens show it: its characters and stations, and the ships they serve
on. Each name is imported on first use (`rules/lazy.py`), as the store's packages do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.store.party import campaign_ships, load_party_state

__all__ = ["campaign_ships", "load_party_state"]

if not TYPE_CHECKING:  # the names above, each imported on first use
    __getattr__ = lazy_exports(__name__)
