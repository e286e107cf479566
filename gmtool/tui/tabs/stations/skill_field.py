"""The character form's skill field: type-ahead over the whole skill list of
tables/characters.yaml, and the typed name read back as a skill id.

A GM types a few letters of a broad skill ('Tac'), of a skill with its specialty ('Tactics—
sp', or with a plain dash) or of the specialty alone ('space c'); the field suggests the
rest, case-insensitive, and → takes it. Anything that names no skill is refused by name.
"""

from __future__ import annotations

from functools import cache

from textual.suggester import SuggestFromList

from gmtool.rules.characters import character_table, skill_label


def _key(text: str) -> str:
    """A name as typed names are compared: case, spacing and the kind of dash ignored."""
    text = text.replace("—", "-").replace("–", "-")
    text = " - ".join(part.strip() for part in text.split("-"))
    return " ".join(text.casefold().split())


def specialty_alias(skill_id: str) -> str | None:
    """'Space combat (Tactics)' for a specialty: the name to type when the GM thinks of the
    specialty first; None for a broad skill."""
    table = character_table()
    skill = table.skills[skill_id]
    if skill.broad is None:
        return None
    return f"{skill.name} ({table.skills[skill.broad].name})"


@cache
def skill_names() -> dict[str, str]:
    """Every name a skill may be typed as (its label, a specialty's alias, its id), by the
    comparison key, to the skill's id. A specialty name that two broad skills share is
    reachable only through its label or alias."""
    names: dict[str, str] = {}
    for skill_id in character_table().skills:
        names[_key(skill_id)] = skill_id
        names[_key(skill_label(skill_id))] = skill_id
        alias = specialty_alias(skill_id)
        if alias is not None:
            names[_key(alias)] = skill_id
    return names


def skill_from_text(text: str) -> str | None:
    """The skill id a typed name stands for, or None when it names no skill."""
    return skill_names().get(_key(text))


@cache
def suggestions() -> tuple[str, ...]:
    """What the field suggests, in order: the labels first ('Tactics', 'Tactics—space
    combat'), then the specialties by their own name ('Space combat (Tactics)')."""
    skills = list(character_table().skills)
    labels = [skill_label(s) for s in skills]
    aliases = [a for a in (specialty_alias(s) for s in skills) if a is not None]
    return (*labels, *aliases)


def skill_from_typing(typed: str) -> str | None:
    """The skill a GM means: the name typed, else the suggestion shown for it (Enter takes
    what the field suggests: the first that starts with it, as Textual's SuggestFromList
    picks)."""
    found = skill_from_text(typed)
    if found is None and typed.strip():
        folded = typed.casefold()
        shown = next((s for s in suggestions() if s.casefold().startswith(folded)), None)
        found = skill_from_text(shown) if shown is not None else None
    return found


def skill_suggester() -> SuggestFromList:
    """Type-ahead for the skill field, case-insensitive."""
    return SuggestFromList(suggestions(), case_sensitive=False)
