"""What the Injuries tab reads of the campaign each time it is drawn, in one go. What does not
read is said in words beside what did, so the tab shows the rest."""

from __future__ import annotations

from dataclasses import dataclass, field

from gmtool.actions.errors import StoreError
from gmtool.actions.injuries import can_redo
from gmtool.actions.reads.battles import battle_names, list_battles
from gmtool.actions.reads.campaign import Campaign
from gmtool.actions.reads.injuries import InjuryEntry, history, load_bailout
from gmtool.actions.reads.party import load_party_state
from gmtool.rules.characters import Party
from gmtool.rules.errors import RulesError


@dataclass(frozen=True)
class InjuriesRead:
    party: Party  # no one while it does not read (`party_problem` says why)
    party_problem: str | None
    everything: list[InjuryEntry] | None  # the history; None: it does not read
    history_problem: str | None = None
    battles: list[tuple[str, str]] = field(default_factory=list)  # id, name; oldest first
    battle_names: dict[str, str] = field(default_factory=dict)  # deleted battles too
    sessions: list[tuple[int, str]] = field(default_factory=list)  # id, title; oldest first
    can_undo: bool = False
    can_redo: bool = False


def read_injuries(campaign: Campaign) -> InjuriesRead:
    try:
        party, party_problem = load_party_state(campaign), None
    except (StoreError, RulesError) as exc:
        party, party_problem = Party(()), str(exc)
    try:
        everything = history(campaign)
    except (StoreError, RulesError) as exc:
        return InjuriesRead(party, party_problem, None, f"Cannot read the injuries: {exc}")
    try:
        battles = [(b.id, b.name) for b in list_battles(campaign)]
        names = battle_names(campaign)
    except (StoreError, RulesError):
        battles, names = [], {}
    sessions = [(s["id"], s["title"]) for s in campaign.sessions()]
    try:
        undo = any(not e.get("undone") for e in everything)
        undo = undo or load_bailout(campaign) is not None
        redo = can_redo(campaign)
    except (StoreError, RulesError):
        undo, redo = True, False  # ctrl+z then says what does not read
    return InjuriesRead(
        party, party_problem, everything, None, battles, names, sessions, undo, redo
    )
