"""The campaign's ships as the Crew tab and the forms list them: records, crews, and whether
a ship's saved crew still fits its spec."""

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
