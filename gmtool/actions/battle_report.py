"""The battle report as an action: build it from the saved battle and save it under the
campaign (`reports/<battle id>.md`).

The report itself is a pure function of the battle (`rules/battle/report.py`); this module
gathers what the rules cannot see (the treatments in the injury history since the battle
was set up, the named casualties drawn when it ended) and writes the file. A battle's ending
step writes its report in the same commit (`actions.battles.run`); the Battle tab's report
key and `gmtool battle report` build it on demand.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from gmtool.actions.errors import refusals
from gmtool.store import battles
from gmtool.store.campaign import Campaign
from gmtool.store.reports import write_report

if TYPE_CHECKING:
    from gmtool.rules.battle import BattleState
    from gmtool.rules.battle.report import Treatment

# The report's rules, the injury history and the crew casualties are imported where a report
# is built: every battle step imports this module, and only the last one writes a report.


class ReportSaved(msgspec.Struct, frozen=True):
    battle_id: str
    path: Path
    text: str


def treatments_since(campaign: Campaign, state: BattleState) -> list[Treatment]:
    """Treatments of the battle's characters made since it was set up, oldest first."""
    from gmtool.rules.battle.report import Treatment
    from gmtool.store import injuries

    created = battles.get_battle_record(campaign, state.id).created
    aboard = {c.id for c in state.characters}
    found: list[Treatment] = []
    for entry in injuries.history(campaign, include_undone=False):
        if entry.get("kind") != "treatment" or entry.get("character") not in aboard:
            continue
        if str(entry.get("time", "")) < created:
            break  # newest first: everything further is older than the battle
        detail = entry.get("detail") or {}
        stabilized = bool(entry.get("stabilized_after")) and not entry.get("stabilized_before")
        # a doctor's roll restores several tracks: one line each, most severe first
        by_track = detail.get("restored_by_track") or {
            str(entry.get("track", "")): int(detail.get("restored", 0))
        }
        restored = [(t, n) for t, n in by_track.items() if n > 0][::-1] or [("", 0)]
        rolled = detail.get("degree") is not None  # "treatment by Doctor Salo"
        note = str(detail.get("note") or (entry.get("cause", "") if rolled else ""))
        for index, (track, points) in reversed(list(enumerate(restored))):
            found.append(
                Treatment(str(entry["character"]), track, points, stabilized and not index, note)
            )
    return found[::-1]


def report_of(campaign: Campaign, state: BattleState) -> str:
    from gmtool.rules.battle.report import battle_report
    from gmtool.store.crew_casualties import battle_casualties

    named = battle_casualties(campaign, state.id) if state.finished else ()
    return battle_report(state, treatments_since(campaign, state), named)


def report_text(campaign: Campaign, battle_id: str) -> str:
    """The report of a saved battle, built now (nothing is written)."""
    with refusals():
        return report_of(campaign, battles.load_battle(campaign, battle_id))


def write_in_step(campaign: Campaign, state: BattleState) -> Path:
    """Inside the ending step's transaction: its report joins the step's commit."""
    return write_report(campaign, state.id, report_of(campaign, state))


def save_report(campaign: Campaign, battle_id: str) -> ReportSaved:
    """Build the battle's report as it stands and save it, one commit."""
    with refusals(), campaign.transaction():
        state = battles.load_battle(campaign, battle_id)
        text = report_of(campaign, state)
        path = write_report(campaign, battle_id, text)
    return ReportSaved(battle_id, path, text)
