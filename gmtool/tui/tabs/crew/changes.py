"""What the Crew tab's status line says after a change to the ships: new, edit, import,
delete, regenerate, undo and redo, each from the typed result of its `actions.ships` call."""

from __future__ import annotations

from pathlib import Path

from gmtool.actions import ships as ship_actions


def added_words(added: ship_actions.ShipSaved) -> str:
    return f"Added {added.name}: {added.total_crew} crew, all named."


def edited_words(saved: ship_actions.ShipSaved) -> str:
    return (
        f"Saved {saved.name}: {saved.total_crew} crew; {saved.kept_names} kept their "
        f"names, {saved.new_names} newly named."
    )


def imported_words(imported: ship_actions.ShipSaved, path: Path) -> str:
    return (
        f"Imported {imported.name} from {path} as {imported.ship_id}: {imported.total_crew} crew."
    )


def regenerated_words(named: ship_actions.ShipSaved) -> str:
    return (
        f"Named a new crew for {named.name} ({named.total_crew}); ctrl+z brings the old names back."
    )


def deleted_words(name: str, gone: ship_actions.ShipDeleted) -> str:
    """The ship gone, and who and what went with it."""
    off = ""
    if gone.unassigned:
        off = f" {', '.join(gone.unassigned)} left their stations with it."
    if gone.left_battles:
        off += f" It left the battle {', '.join(gone.left_battles)}."
    return f"Deleted {name}.{off} ctrl+z brings it back with its crew."


def refusal_words(why: str) -> str:
    """An undo or redo refused (nothing left, or a battle's end): its reason as a sentence."""
    return f"{why[:1].upper()}{why[1:]}."


def undone_text(undone: ship_actions.ShipsUndone, redo: bool = False) -> str:
    """The status line after ctrl+z or ctrl+y: the change by name, and the stations it
    touched."""
    text = f"{'Redone' if redo else 'Undone'}: {undone.label}."
    if undone.stations:
        where = "off their stations again" if redo else "back at their stations"
        text += (
            f" {', '.join(undone.stations)} {'is' if len(undone.stations) == 1 else 'are'} {where}."
        )
    if undone.stations_kept:
        text += (
            f" The stations changed since, so {', '.join(undone.stations_kept)} stay off "
            "them: place them on the Stations tab."
        )
    if not redo:
        text += " ctrl+y redoes it."
    return text
