"""The campaign's ships: their specs, sides, crew manifests and named rosters.

The list of ships (id, side, spec, roster seed) is one undoable state in the tracker
`trackers/ships.json`, so ctrl+z steps back an import, an edit, a deletion or a regenerated
roster. A ship's manifest and named roster are big (thousands of crew on a super-heavy), so
each ship keeps them in its own file, `rosters/<ship id>.json`, as numbered versions: the
ship record points at the version it uses, and an undone action points back at an older
one, which is kept in the file for that (a few versions, fewer for very big crews).

Other tabs read ships through `list_ships` and `get_ship`; a `ShipRecord` has `id`, `side`
and `spec` (a validated `ShipSpec`).

The records, the list of ships, roster files, reading a ship's crew and changing ships each
have a module in this package; this one re-exports them, so callers import from
`gmtool.store.ships`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.store.ships.changes import (
        add_ship,
        delete_ship,
        import_ship,
        redo_ships,
        regenerate_crew,
        roster_seed,
        save_conditions,
        save_new_hands,
        seed_demo_ships,
        undo_ships,
        update_ship,
    )
    from gmtool.store.ships.crew import (
        ManifestCheck,
        check_manifest,
        compare_manifest,
        ship_crew,
        ship_manifest,
    )
    from gmtool.store.ships.fleet import get_ship, list_ships, new_ship_id, ship_tracker
    from gmtool.store.ships.records import (
        DEMO_LABEL,
        SHIPS_TRACKER,
        SIDES,
        STATE_VERSION,
        ShipCrew,
        ShipNotFound,
        ShipRecord,
        ship_slug,
    )
    from gmtool.store.ships.rosters import (
        ROSTER_MEMBERS_KEPT,
        ROSTER_VERSIONS,
        pack_roster,
        unpack_roster,
    )


__all__ = [
    "DEMO_LABEL",
    "ROSTER_MEMBERS_KEPT",
    "ROSTER_VERSIONS",
    "SHIPS_TRACKER",
    "SIDES",
    "STATE_VERSION",
    "ManifestCheck",
    "ShipCrew",
    "ShipNotFound",
    "ShipRecord",
    "add_ship",
    "check_manifest",
    "compare_manifest",
    "delete_ship",
    "get_ship",
    "import_ship",
    "list_ships",
    "new_ship_id",
    "pack_roster",
    "redo_ships",
    "regenerate_crew",
    "roster_seed",
    "save_conditions",
    "save_new_hands",
    "seed_demo_ships",
    "ship_crew",
    "ship_manifest",
    "ship_slug",
    "ship_tracker",
    "undo_ships",
    "unpack_roster",
    "update_ship",
]

if not TYPE_CHECKING:  # the names above, each imported on first use (rules/lazy.py)
    __getattr__ = lazy_exports(__name__)
