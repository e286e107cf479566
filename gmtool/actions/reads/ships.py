"""The campaign's ships as the Crew tab and the forms list them: records, crews, and whether
a ship's saved crew still fits its spec. Each name is imported on first use
(`rules/lazy.py`), as the store's packages do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.store.ships import (
        ManifestCheck,
        ShipCrew,
        ShipRecord,
        check_manifest,
        compare_manifest,
        list_ships,
    )

__all__ = [
    "ManifestCheck",
    "ShipCrew",
    "ShipRecord",
    "check_manifest",
    "compare_manifest",
    "list_ships",
]

if not TYPE_CHECKING:  # the names above, each imported on first use
    __getattr__ = lazy_exports(__name__)
