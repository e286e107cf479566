"""What the Injuries tab's status line says after each key, from the typed result of its
action: what was saved (and, first, where the filters hide it), what ctrl+z took back
(whose and what, when it was not on screen) and what ctrl+y did again."""

from __future__ import annotations

from collections.abc import Mapping

from gmtool.actions.healing import Rested
from gmtool.actions.injuries import Redone, Undone
from gmtool.actions.reads.injuries import BailoutRecord, InjuryEntry
from gmtool.tui.tabs.injuries.injury_text import slash


def unreadable_party_text(problem: str) -> str:
    """What the tab says in place of the characters when the saved party does not read."""
    return (
        "The party cannot be read: no hazards, treatment, damage, bail-out or undo here until "
        "it can (each reads or rewrites the party's tracks). The history below still shows."
        f"\n{problem[0].upper()}{problem[1:]}\n"
        "What to do: close gmtool (ctrl+q), then copy the good backup over the file if one is "
        "named above, or mend the file by hand; this tab reads it again each time it is shown."
    )


def saved_words(what: str, entry: InjuryEntry, shown: bool) -> str:
    """'Damage saved' and, first so a narrow status line shows it, when the filters hide
    the new entry (`shown` False): 'Damage saved as #21, hidden by the filters (a shows all)'."""
    if shown:
        return f"{what} saved"
    return f"{what} saved as #{entry['id']}, hidden by the filters (a shows all)"


def one_entry_words(saved: str, entry: InjuryEntry) -> str:
    """After damage or a treatment: `saved` (saved_words), whose and what."""
    return f"{saved}: {entry['character_name']}, {entry['summary']}."


def hazards_words(saved: str, entries: list[InjuryEntry]) -> str:
    """After a hazard roll by hand: `saved` (saved_words), how many rolled, how many hurt."""
    hurt = sum(1 for e in entries if any((e.get("marked") or {}).values()))
    return (
        f"{saved}: {len(entries)} roll{'s' if len(entries) != 1 else ''}, {hurt} hurt. "
        "ctrl+z takes back the newest entry."
    )


def rest_words(rested: Rested, names: Mapping[str, str]) -> str:
    """After a rest: how many rested, and who did not (`names`: character id to name)."""
    skipped = ", ".join(names.get(i, i) for i, _ in rested.skipped)
    text = f"Rest saved: {len(rested.entries)} rested"
    text += f"; not resting: {skipped}" if skipped else ""
    return f"{text}. ctrl+z takes the whole rest back."


def bailout_words(record: BailoutRecord) -> str:
    return f"Bail-out ordered: {record.where}, {record.bailout.rounds} rounds."


def _what(entry: InjuryEntry) -> str:
    """`#12 damage of Dorran Vek (a fall)`."""
    return f"#{entry['id']} {entry['kind']} of {entry['character_name']} ({entry.get('cause', '')})"


def undone_text(undone: Undone, unseen: str | None) -> tuple[str, bool]:
    """The status after ctrl+z (and whether it is a refusal); `unseen` is why the entry was
    not on screen (None: it was)."""
    entry = undone.entry
    if undone.bailout is not None:
        b = undone.bailout
        text = (
            f"Undone: the order to abandon {b.where} ({b.bailout.rounds} rounds; its dice are "
            "marked undone in the log). ctrl+y orders it again."
        )
    elif entry is None:
        return "Nothing to undo: every injury entry is already undone.", True
    elif len(undone.batch) > 1:
        names = ", ".join(sorted({str(e["character_name"]) for e in undone.batch}))
        where = f" ({unseen})" if unseen else ""
        text = (
            f"Undone{where}: {len(undone.batch)} entries of one {entry['kind']} "
            f"({entry.get('cause', '')}): {names}. ctrl+y redoes."
        )
    elif unseen:
        back = slash(entry["before"])
        text = f"Undone {_what(entry)}, {unseen}: {entry['summary']}; tracks back to {back}."
    else:
        back = slash(entry["before"])
        text = f"Undone: {_what(entry)}; tracks back to {back}, the entry dimmed; ctrl+y redoes."
    return text, False


def redone_text(redone: Redone) -> tuple[str, bool]:
    """The status after ctrl+y (and whether it is a refusal)."""
    if redone.bailout is not None:
        b = redone.bailout
        return f"Redone: the order to abandon {b.where}, with the same dice.", False
    if not redone.entries:
        return "Nothing to redo: nothing was undone since the last change.", True
    first = redone.entries[0]
    if len(redone.entries) > 1:
        many = f"{len(redone.entries)} entries of one {first['kind']}"
        return f"Redone: {many} ({first.get('cause', '')}).", False
    return f"Redone: {_what(first)}: {first['summary']}.", False
