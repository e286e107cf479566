"""The one crew-size check every way a ship comes in passes: file, form, edit, regenerate.

A spec can be valid field by field and still ask for a crew of millions (a support crew that
grows with passengers, marines and every system). Working out the manifest takes no time;
naming, saving and listing each member does, so a crew over MAX_TOTAL_CREW is refused before
a single name is drawn, and whatever is accepted is named and shown within a second.
"""

from __future__ import annotations

from gmtool.rules.crew import Manifest, crew_manifest
from gmtool.rules.errors import RulesError
from gmtool.rules.limits import MAX_TOTAL_CREW
from gmtool.rules.ships import ShipSpec


class CrewTooLarge(RulesError):
    """A ship whose manifest asks for more crew than gmtool names."""

    def __init__(self, ship: str, total: int) -> None:
        self.ship = ship
        self.total = total
        super().__init__(
            f"{ship} needs a crew of {total:,}; gmtool names at most {MAX_TOTAL_CREW:,} "
            "crew: fewer hull points, systems, passengers or marines"
        )


def checked_manifest(spec: ShipSpec) -> Manifest:
    """The spec's manifest, refused (CrewTooLarge) when its crew is over MAX_TOTAL_CREW."""
    manifest = crew_manifest(spec)
    if manifest.total_crew > MAX_TOTAL_CREW:
        raise CrewTooLarge(spec.name, manifest.total_crew)
    return manifest
