"""The last order to abandon ship, kept as the small tracker `bailout` (Table 3-3).

The order rolls the bail-out time and the share of survivors who cannot get out; the dice go
to the roll log and the evacuation is the tracker's state, so it is still there after a
restart and the Injuries tab's undo can take it back (gmtool/actions/bailout.py gives and
takes back orders; this module reads and describes them).
"""

from __future__ import annotations

import msgspec

from gmtool.rules.crew import crew_manifest
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import Bailout, hazard_table
from gmtool.rules.roll_records import values_record
from gmtool.store.battles import list_battles, load_battle
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.records import BailoutState
from gmtool.store.rolllog import NewRoll
from gmtool.store.ships import ShipRecord
from gmtool.store.tracker import Tracker

BAILOUT_TRACKER = "bailout"
SOURCE = "injuries"
BATTLES_SEARCHED = 20
"""How many of the newest battles are read for a ship's crew losses (each is a file read)."""


class BailoutRecord(msgspec.Struct, frozen=True):
    """The last order to abandon ship: the rolled evacuation and what it was for.

    `after_entry` is the newest injury-history entry when the order was given, so the tab's
    undo can tell which came last: this order or an injury.
    """

    bailout: Bailout
    ship_id: str | None
    ship_name: str | None
    after_entry: int
    rolls: tuple[int, ...] = ()

    @property
    def where(self) -> str:
        if self.ship_name:
            return f"{self.ship_name} ({self.bailout.ship_class})"
        return f"a {self.bailout.ship_class} ship"

    def to_dict(self) -> BailoutState:
        return {
            "bailout": self.bailout.to_dict(),
            "ship_id": self.ship_id,
            "ship_name": self.ship_name,
            "after_entry": self.after_entry,
            "rolls": list(self.rolls),
        }

    @classmethod
    def from_dict(cls, data: BailoutState) -> BailoutRecord:
        return cls(
            Bailout.from_dict(data["bailout"]),
            data["ship_id"],
            data["ship_name"],
            data.get("after_entry", 0),
            tuple(data.get("rolls", ())),
        )


class CrewAboard(msgspec.Struct, frozen=True):
    """How many of a ship's crew are alive aboard, and where that number comes from."""

    survivors: int
    source: str


def crew_aboard(campaign: Campaign, ship: ShipRecord) -> CrewAboard:
    """The survivors a bail-out of `ship` starts from: its crew less the dead of the newest
    battle it fought (and any who already got clear), as the Battle tab's own abandon-ship
    order counts them; the whole crew when no battle has it.

    The badly wounded stay among the survivors: they are alive and aboard, and must be got
    off too (the share who cannot get out is rolled on top). The source says so, so the GM
    can take them off by hand.
    """
    crew = crew_manifest(ship.spec).total_crew
    try:
        battles = list_battles(campaign)
    except (StoreError, RulesError):
        battles = []
    for record in reversed(battles[-BATTLES_SEARCHED:]):
        try:
            state = load_battle(campaign, record.id)
        except (StoreError, RulesError):
            continue  # a damaged or missing battle says nothing about this ship
        fought = next((s for s in state.ships if s.id == ship.id), None)
        if fought is None:
            continue
        losses = fought.crew_losses
        dead, gone = losses["dead"], fought.evacuated
        survivors = max(0, fought.crew_total - dead - gone)
        where = f"{record.name} (round {state.round})"
        if not dead and not gone:
            return CrewAboard(
                survivors, f"the whole crew of {fought.crew_total}: nobody died in {where}"
            )
        parts = [f"{fought.crew_total} crew", f"{dead} dead in {where}"]
        if gone:
            parts.append(f"{gone} already clear")
        text = " − ".join(parts) + f" = {survivors}"
        wounded = [
            f"{losses['badly_wounded']} badly" if losses["badly_wounded"] else "",
            f"{losses['lightly_wounded']} lightly" if losses["lightly_wounded"] else "",
        ]
        hurt = " and ".join(w for w in wounded if w)
        if hurt:
            text += f"; {hurt} wounded among them"
        return CrewAboard(survivors, text)
    return CrewAboard(crew, f"the whole crew of {crew}: no battle has recorded losses for her")


def bailout_tracker(campaign: Campaign) -> Tracker[BailoutState]:
    return Tracker(campaign, BAILOUT_TRACKER)


def load_bailout(campaign: Campaign) -> BailoutRecord | None:
    """The last order to abandon ship, or None."""
    state = bailout_tracker(campaign).load()
    if not state or not state.get("bailout"):
        return None
    try:
        return BailoutRecord.from_dict(state)
    except UNREADABLE_STATE as exc:
        raise StoreError(
            f"{campaign.folder / 'trackers' / (BAILOUT_TRACKER + '.json')}: the saved bail-out "
            f"does not read ({exc}); it was left unchanged"
        ) from None


def bailout_rolls(bailout: Bailout, where: str) -> list[NewRoll]:
    """Roll-log entries for the dice of an order to abandon ship (none for a small ship whose
    trapped share the GM chose)."""
    entries: list[NewRoll] = []
    time = bailout.time
    if time.notation is not None:
        entries.append(
            values_record(f"bail-out time: {where}", time.notation, time.dice, time.rounds, SOURCE)
        )
    if bailout.trapped_dice:
        entries.append(
            values_record(
                f"bail-out: percent of survivors who cannot get out of {where}",
                hazard_table().trapped_percent.canonical(),
                bailout.trapped_dice,
                bailout.trapped_percent,
                SOURCE,
            )
        )
    return entries
