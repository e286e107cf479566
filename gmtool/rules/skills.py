"""Skills and abilities as tables/characters.yaml lists them, and a character's skill score.

Its own module so the station board's notes and the station table can name skills without
loading characters (which read party files, and so assignments and the station table).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

import msgspec

from gmtool.rules.checks import SituationDie, checks_table
from gmtool.rules.errors import RulesError
from gmtool.rules.tables import cached_table, load_table

LOWER_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
"""The form of a skill's and a character's id: lower-case letters, digits, _ and -."""

# -- the table ----------------------------------------------------------------------------


class AbilityDef(msgspec.Struct, frozen=True):
    id: str
    name: str
    short: str
    required: bool


class SkillDef(msgspec.Struct, frozen=True):
    """A broad skill (`broad` is None) or a specialty of the broad skill `broad`."""

    id: str
    name: str
    broad: str | None
    ability: str
    untrained: bool  # whether the broad skill can be tried untrained

    @property
    def is_specialty(self) -> bool:
        return self.broad is not None


class CharacterTable(msgspec.Struct, frozen=True):
    kinds: dict[str, str]
    abilities: dict[str, AbilityDef]
    ability_min: int
    ability_max: int
    skill_min: int
    skill_max: int
    skills: dict[str, SkillDef]
    untrained_divide_by: int

    def skill(self, skill_id: str) -> SkillDef:
        if skill_id not in self.skills:
            raise RulesError(f"unknown skill {skill_id!r}{_did_you_mean(skill_id, self.skills)}")
        return self.skills[skill_id]


def _did_you_mean(word: str, options: Iterable[str]) -> str:
    from difflib import get_close_matches

    close = get_close_matches(word, sorted(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


@cached_table
def character_table() -> CharacterTable:
    """The table, read and checked once per process."""
    root = load_table("characters")
    kinds = {str(k): v.str() for k, v in root["kinds"].items()}
    abilities: dict[str, AbilityDef] = {}
    for key, node in root["abilities"].items():
        node.only_keys({"name", "short", "required"}, what=f"ability {key}")
        abilities[str(key)] = AbilityDef(
            str(key), node["name"].str(), node["short"].str(), node["required"].bool()
        )
    ability_range = root["ability_score"]
    skill_range = root["skill_score"]
    skills: dict[str, SkillDef] = {}
    for key, node in root["skills"].items():
        node.only_keys({"name", "ability", "untrained", "specialties"}, what=f"skill {key}")
        broad_id = str(key)
        ability = node["ability"].choice(list(abilities))
        untrained = node["untrained"].bool()
        skills[broad_id] = SkillDef(broad_id, node["name"].str(), None, ability, untrained)
        for spec_key, spec_name in node["specialties"].items():
            spec_id = f"{broad_id}-{spec_key}"
            skills[spec_id] = SkillDef(spec_id, spec_name.str(), broad_id, ability, untrained)
    for skill_id in skills:
        if not LOWER_ID.match(skill_id):
            raise root["skills"].error("skill ids of lower-case letters, digits, _ and -", skill_id)
    return CharacterTable(
        kinds=kinds,
        abilities=abilities,
        ability_min=ability_range["min"].int(minimum=1),
        ability_max=ability_range["max"].int(minimum=1),
        skill_min=skill_range["min"].int(minimum=1),
        skill_max=skill_range["max"].int(minimum=1),
        skills=skills,
        untrained_divide_by=root["untrained"]["ability_divide_by"].int(minimum=1),
    )


def skill_label(skill_id: str) -> str:
    """'System Operation—weapons' for 'system_operation-weapons' (the book's spelling)."""
    table = character_table()
    skill = table.skill(skill_id)
    if skill.broad is None:
        return skill.name
    return f"{table.skills[skill.broad].name}—{skill.name.lower()}"


# -- skill scores -------------------------------------------------------------------------

Basis = Literal["specialty", "broad", "untrained"]


class SkillScore(msgspec.Struct, frozen=True):
    """What a character rolls for a skill: the score, its base step and where it came from."""

    skill: str  # the skill asked for
    used: str  # the skill id whose score is used, or the ability id when untrained
    basis: Basis
    score: int
    step: int

    @property
    def expected_margin(self) -> float:
        """Score minus the situation die's average: larger means a better chance."""
        return expected_margin(self.score, self.step)

    def describe(self) -> str:
        where = {"specialty": "", "broad": " (broad skill)", "untrained": " (untrained)"}
        return f"{skill_label(self.skill)} {self.score} at {self.step:+d}{where[self.basis]}"


def expected_margin(score: int, step: int) -> float:
    """Score minus the average of the step's situation die, to rank two ways of rolling."""
    die: SituationDie = checks_table().situation_die(step)
    mean = die.count * (die.sides + 1) / 2 if die.sides else 0.0
    return score - die.sign * mean
