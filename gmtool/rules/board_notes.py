"""Why the station board has a character do less than asked, as typed fields.

`station_board` gives each occupant a `BoardNote` when they stand by, are out of action, or
lead because someone else takes the roll. Code decides on its fields (`kind`, `by`,
`skills`); `note_text` says it in words (skills as the book spells them), so rewording a
note never changes what the app does.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from gmtool.rules.skills import skill_label

NoteKind = Literal[
    "out_of_action",  # the character's state keeps them from acting
    "lacks_hands_on",  # no skill for the station's roll: the crew rolls
    "lacks_lead",  # no skill to lead the team asked for
    "station_note",  # nothing for a character to roll here (the table's note says why)
    "leads_instead",  # someone better takes the roll, so this character leads
    "roll_taken",  # someone better takes the station's roll
    "team_led",  # someone better leads the team
]


class BoardNote(msgspec.Struct, frozen=True):
    kind: NoteKind
    station_id: str  # the station whose roll or team the note is about
    station_name: str
    skills: tuple[str, ...] = ()  # skill ids the character lacks
    by: str | None = None  # the character who takes the roll or leads instead
    by_name: str = ""
    state: str = ""  # the character's state, when out of action
    station_note: str = ""  # the table's note for the station, when it has one


def note_text(note: BoardNote) -> str:
    """The note in a few words: 'lacks Leadership—command: cannot lead Sensors'."""
    skills = ", ".join(skill_label(s) for s in note.skills)
    if note.kind == "out_of_action":
        return note.state.replace("_", " ")
    if note.kind == "lacks_hands_on":
        return f"lacks {skills or 'no skill'}: the crew rolls"
    if note.kind == "lacks_lead":
        return f"lacks {skills}: cannot lead {note.station_name}"
    if note.kind == "station_note":
        return note.station_note or "no skill for this station's roll"
    if note.kind == "leads_instead":
        return f"{note.by_name} takes the roll"
    if note.kind == "roll_taken":
        return f"{note.by_name} already takes this station's roll"
    return f"{note.by_name} already leads {note.station_name}"
