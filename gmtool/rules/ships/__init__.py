"""Ship specs: the YAML (or form) description of a ship that crew and battle rules read.

A spec is validated once, on the way in, into a frozen `ShipSpec` with every default filled
in, so the rules downstream never meet a missing key. A bad spec raises one `TableError`
naming the file, the ship, the key (with its line where the parser knows it) and what was
expected; nothing is half-imported. The format's vocabulary and defaults are in
`tables/ship_spec.yaml`.

The format's table, a spec's durability and systems, and the spec itself each have a module
in this package; this one re-exports them, so callers import from `gmtool.rules.ships`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.rules.ships.parts import Durability, System
    from gmtool.rules.ships.spec import (
        ShipSpec,
        load_ship_spec,
        parse_ship_spec,
        ship_spec_from_dict,
    )
    from gmtool.rules.ships.table import (
        COUNT_KEYS,
        FLAG_KEYS,
        SPEC_KEYS,
        SYSTEM_KEYS,
        TRACKS,
        ShipSpecTable,
        ship_spec_table,
        spec_format_text,
    )


__all__ = [
    "COUNT_KEYS",
    "FLAG_KEYS",
    "SPEC_KEYS",
    "SYSTEM_KEYS",
    "TRACKS",
    "Durability",
    "ShipSpec",
    "ShipSpecTable",
    "System",
    "load_ship_spec",
    "parse_ship_spec",
    "ship_spec_from_dict",
    "ship_spec_table",
    "spec_format_text",
]

if not TYPE_CHECKING:  # the names above, each imported on first use (rules/lazy.py)
    __getattr__ = lazy_exports(__name__)
