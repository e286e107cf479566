"""The rules card under the Crew tab's help (F1): which reading of the crew rules the tables
in use give where the chapter can be read two ways, worked out through the crew rules
themselves (a house-ruled tables/crew.yaml shows its own reading)."""

from __future__ import annotations

from gmtool.rules.crew import crew_manifest
from gmtool.rules.ships import parse_ship_spec

# A ship with one of each kind of cargo space: its cargo handlers tell the reading apart.
_CARGO_PROBE = """
name: cargo probe
class: light
hull_points: 40
systems: [{type: autocargo}, {type: cargo_bay}, {type: cargo_hold}]
"""


def cargo_reading() -> str:
    """How the tables in use count cargo handlers, in the GM's words."""
    handlers = crew_manifest(parse_ship_spec(_CARGO_PROBE, "cargo probe")).count("cargo_handlers")
    if handlers == 1:
        return (
            "a ship with an autocargo system needs one handler per autocargo system and none for "
            "its bays and holds; without one, one per bay and two per hold"
        )
    return (
        f"a ship with an autocargo system, a bay and a hold has {handlers} cargo handlers (the "
        "handlers of each summed)"
    )


def readings_card() -> str:
    return "\n".join(
        [
            "## Rules card: readings in use",
            "",
            "| rule | reading | setting |",
            "|---|---|---|",
            f"| Cargo handlers | {cargo_reading()} | crew.yaml cargo_handlers |",
            "",
            "A saved roster never changes by itself when these rules change: its crew count is "
            "marked `*` and r regenerates it.",
        ]
    )
