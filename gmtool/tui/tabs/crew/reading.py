"""What the Crew tab reads of the campaign, in one go for each thing it shows: the ships list
(with what ctrl+z and ctrl+y would do) and the ship shown. What does not read is said in
words beside what did, so the tab shows the rest and keeps working."""

from __future__ import annotations

from dataclasses import dataclass

from gmtool.actions import ship_condition as cond
from gmtool.actions import ships as ship_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.reads import ships as ship_reads
from gmtool.actions.reads.campaign import Campaign
from gmtool.rules.errors import RulesError


@dataclass(frozen=True)
class ShipsRead:
    records: list[ship_reads.ShipRecord]
    checks: dict[str, ship_reads.ManifestCheck | None]  # None: the ship's crew does not read
    undo: str | None  # what ctrl+z would take back (None: nothing)
    redo: str | None
    problem: str | None = None  # why the ships do not read


def read_ships(campaign: Campaign) -> ShipsRead:
    try:
        records, problem = ship_reads.list_ships(campaign), None
    except (StoreError, RulesError) as exc:
        records, problem = [], f"The ships do not read: {exc}"
    try:
        undo, redo = ship_actions.next_undo(campaign), ship_actions.next_redo(campaign)
    except StoreError:
        undo = redo = None
    checks: dict[str, ship_reads.ManifestCheck | None] = {}
    for record in records:
        try:
            checks[record.id] = ship_reads.check_manifest(campaign, record.id)
        except (StoreError, RulesError):
            checks[record.id] = None
    return ShipsRead(records, checks, undo, redo, problem)


@dataclass(frozen=True)
class ShipRead:
    crew: ship_reads.ShipCrew | None  # None: it does not read (`problem` says why)
    standing: ship_actions.CrewStandings | None = None  # who is hurt (None: no battles read)
    condition: cond.ConditionView | None = None
    condition_problem: str | None = None  # why the condition does not read
    problem: str | None = None  # why the crew, or the battles, do not read


def read_ship(
    campaign: Campaign, ship_id: str, crew: ship_reads.ShipCrew | None = None
) -> ShipRead:
    """The ship's crew (`crew` when it is this ship's, as an action just saved it: 5,000
    crew take a while to read back), who of them is hurt, and its condition."""
    try:
        if crew is None or crew.record.id != ship_id:
            crew = ship_actions.crew_of(campaign, ship_id)
    except (StoreError, RulesError) as exc:
        return ShipRead(None, problem=f"The crew of {ship_id} does not read: {exc}")
    try:
        standing, problem = ship_actions.standings_of(campaign, crew), None
    except (StoreError, RulesError) as exc:
        standing, problem = None, f"The battles do not read: {exc}"
    try:
        return ShipRead(crew, standing, cond.show(campaign, ship_id), None, problem)
    except (StoreError, RulesError) as exc:
        return ShipRead(crew, standing, None, f"Condition does not read: {exc}", problem)
