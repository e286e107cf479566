"""A ship's condition in words, for the Crew tab and `gmtool ship show`: rendered from the
typed fields of its history entries and tracks, never parsed back."""

from __future__ import annotations

from collections.abc import Mapping

from gmtool.rules.ship_condition import ConditionEvent
from gmtool.rules.ship_damage import track_ids

WHERE_WORDS = {"port": "in port", "sea": "at sea"}


def tracks_text(points: Mapping[str, int], marked: Mapping[str, int]) -> str:
    """ "stun 0/20  wound 6/20  mortal 2/10  critical 0/5"."""
    return "  ".join(f"{t} {marked.get(t, 0)}/{points[t]}" for t in track_ids())


def marks_text(marks: Mapping[str, int]) -> str:
    """ "+6 wound, +2 mortal" or "-4 wound"; "no damage" when nothing changed."""
    parts = [f"{n:+d} {t}" for t in track_ids() if (n := marks.get(t, 0))]
    return ", ".join(parts) or "no damage"


def event_text(event: ConditionEvent, battle_names: Mapping[str, str] | None = None) -> str:
    """One line of a ship's history; a battle by its name in `battle_names` (by id)."""
    if event.kind == "battle":
        crew = f", {-event.crew} crew dead or badly wounded" if event.crew else ""
        battle = (battle_names or {}).get(event.battle or "", event.battle)
        return (
            f"battle {battle} (ended round {event.round}): {marks_text(event.marks)}"
            f"{crew}; {event.status}"
        )
    if event.kind == "repair":
        where = WHERE_WORDS.get(event.where or "", event.where or "")
        days = f"{event.days} day" + ("" if event.days == 1 else "s")
        back = f", {event.recovered} wounded fit again" if event.recovered else ""
        return f"repaired {days} {where}: {marks_text(event.marks)}{back}; {event.status}"
    if event.kind == "crew_replaced":
        return f"{event.crew} new crew came aboard"
    if event.kind == "scrapped":
        return "scrapped"
    return f"restored to service: {marks_text(event.marks)}, {event.crew} new crew"
