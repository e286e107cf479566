"""Characters of a campaign: abilities, skill scores, durability and current damage.

A character is read once, on the way in, into a frozen `Character`; a bad file raises one
`TableError` naming the file, the character, the key (with its line) and what was expected,
and nothing is half-imported. Skill names, ability names and score ranges come from
tables/characters.yaml. A party file holds characters and, optionally, where each one is at
battle stations (the assignments themselves are `gmtool.rules.assignments.Assignment`).
The skill table and skill scores are in `gmtool.rules.skills` (re-exported here).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec
import yaml
from msgspec.structs import replace

from gmtool.rules.armor import Armor, read_armor
from gmtool.rules.assignments import Assignment, read_assignments
from gmtool.rules.checks import checks_table
from gmtool.rules.durability import (
    State,
    character_state,
    damage_rules,
    durability_tracks,
)
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.limits import MAX_NAME_CHARS, MAX_TEXT_CHARS
from gmtool.rules.skills import (
    LOWER_ID,
    AbilityDef,
    Basis,
    CharacterTable,
    SkillDef,
    SkillScore,
    character_table,
    expected_margin,
    skill_label,
)
from gmtool.rules.tables import Node, load_yaml, parse_yaml

__all__ = [
    "AbilityDef",
    "Character",
    "CharacterTable",
    "Party",
    "SkillDef",
    "SkillScore",
    "character_from_dict",
    "character_table",
    "durability_tracks",
    "expected_margin",
    "load_party",
    "parse_party",
    "party_to_yaml",
    "skill_label",
]

CHARACTER_KEYS = frozenset(
    {"id", "name", "kind", "player", "abilities", "skills", "damage", "stabilized", "notes"}
) | {"armor"}
# -- characters ---------------------------------------------------------------------------


class Character(msgspec.Struct, frozen=True):
    """A player character or named NPC; `damage` is what is marked on each track now."""

    id: str
    name: str
    kind: str  # "pc" or "npc"
    player: str | None
    abilities: dict[str, int]
    skills: dict[str, int]
    damage: dict[str, int] = msgspec.field(default_factory=dict)
    stabilized: bool = False  # treated while dying: no longer dying (see characters.yaml)
    notes: str = ""
    armor: Armor | None = None  # worn against hazard injuries (tables/armor.yaml)

    @property
    def constitution(self) -> int:
        return self.abilities["constitution"]

    @property
    def personality(self) -> int:
        return self.abilities["personality"]

    @property
    def tracks(self) -> dict[str, int]:
        return durability_tracks(self.constitution)

    @property
    def state(self) -> State:
        return character_state(self.tracks, self.damage, self.stabilized)

    def with_damage(self, damage: Mapping[str, int], stabilized: bool) -> Character:
        """The same character with new damage (every track listed, zeros included)."""
        tracks = damage_rules().tracks
        return replace(
            self, damage={t: int(damage.get(t, 0)) for t in tracks}, stabilized=stabilized
        )

    # -- skills -----------------------------------------------------------------------------
    def skill_score(self, skill_id: str, *, untrained: bool = True) -> SkillScore | None:
        """The score and base step for a skill check, falling back as ALTERNITY does.

        The specialty itself at the specialty base step; else its broad skill at the broad
        base step; else, if `untrained` and the broad skill allows it, half the ability
        (rounded down) at the broad base step. None when the character cannot roll it.
        """
        table = character_table()
        skill = table.skill(skill_id)
        steps = checks_table().base_step
        if skill_id in self.skills:
            basis: Basis = "specialty" if skill.is_specialty else "broad"
            step = steps["specialty_skill"] if skill.is_specialty else steps["broad_skill"]
            return SkillScore(skill_id, skill_id, basis, self.skills[skill_id], step)
        broad = skill.broad or skill_id
        if broad in self.skills:
            return SkillScore(skill_id, broad, "broad", self.skills[broad], steps["broad_skill"])
        if not untrained or not skill.untrained or skill.ability not in self.abilities:
            return None
        score = self.abilities[skill.ability] // table.untrained_divide_by
        if score < checks_table().score_min:
            return None
        return SkillScore(skill_id, skill.ability, "untrained", score, steps["broad_skill"])

    def best_skill(self, skill_ids: Iterable[str], *, untrained: bool = False) -> SkillScore | None:
        """The best way this character can roll any of these skills (first listed on ties)."""
        best: SkillScore | None = None
        for skill_id in skill_ids:
            found = self.skill_score(skill_id, untrained=untrained)
            if found is not None and (best is None or found.expected_margin > best.expected_margin):
                best = found
        return best

    # -- saving -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "player": self.player,
            "abilities": dict(self.abilities),
            "skills": dict(self.skills),
            "damage": dict(self.damage),
            "stabilized": self.stabilized,
            "notes": self.notes,
            "armor": self.armor.to_dict() if self.armor else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Character:
        return character_from_dict(data, "saved character")


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _read_character(node: Node, subject: str | None) -> Character:
    """Validate one character; every error names the character it is about."""
    try:
        return _read_character_fields(node, subject)
    except TableError as exc:
        if exc.subject is not None:
            raise
        who = subject or _subject_for(node, 0)
        raise TableError(
            exc.file, exc.key, exc.expected, line=exc.line, got=exc.got, subject=who
        ) from None


def _read_character_fields(node: Node, subject: str | None) -> Character:
    table = character_table()
    node.mapping()
    node.only_keys(CHARACTER_KEYS, what=subject or "character")
    name = node["name"].within(node["name"].str().strip(), MAX_NAME_CHARS)
    subject = subject or f"character {name}"
    id_node = node.get("id")
    if id_node.value is None:
        char_id = _slug(name)
        if not char_id:
            raise node["name"].error("a name with at least one letter or digit (or give an id)")
    else:
        char_id = id_node.str()
        if not LOWER_ID.match(char_id):
            raise TableError(
                node.file,
                id_node.path,
                "an id of lower-case letters, digits, _ and - (e.g. mara-voss)",
                line=id_node.line,
                got=char_id,
                subject=subject,
            )
    kind = node["kind"].choice(list(table.kinds))
    player_node = node.get("player")
    player = None if player_node.value is None else player_node.str().strip()
    player = player and player_node.within(player, MAX_NAME_CHARS)
    if kind == "pc" and player is None:
        raise _located(player_node, "the name of the player who plays this PC", subject, None)
    if kind == "npc" and player is not None:
        raise _located(player_node, "no player for an NPC (or kind: pc)", subject, player)

    abilities: dict[str, int] = {}
    abilities_node = node["abilities"]
    abilities_node.only_keys(set(table.abilities), what=subject)
    for ability_id, ability in table.abilities.items():
        value_node = abilities_node.get(ability_id)
        if value_node.value is None:
            if ability.required:
                raise _located(
                    value_node,
                    f"a {ability.name} score from {table.ability_min} to {table.ability_max}",
                    subject,
                    None,
                )
            continue
        abilities[ability_id] = _int_in(value_node, table.ability_min, table.ability_max, subject)

    skills: dict[str, int] = {}
    skills_node = node.get("skills", {})
    if skills_node.value is None:
        skills_node = Node({}, node.file, skills_node.path, skills_node.line)
    skills_node.mapping()
    skills_node.only_keys(set(table.skills), what=subject)
    for skill_id, score_node in skills_node.items():
        skills[str(skill_id)] = _int_in(score_node, table.skill_min, table.skill_max, subject)

    tracks = durability_tracks(abilities["constitution"])
    damage: dict[str, int] = {}
    damage_node = node.get("damage", {})
    if damage_node.value is None:
        damage_node = Node({}, node.file, damage_node.path, damage_node.line)
    damage_node.mapping()
    damage_node.only_keys(set(tracks), what=subject)
    for track, size in tracks.items():
        value_node = damage_node.get(track, 0)
        damage[track] = _int_in(value_node, 0, size, subject, f" (the {track} track holds {size})")
    stabilized = node.get("stabilized", False).bool()
    notes_node = node.get("notes", "")
    notes = "" if notes_node.value is None else notes_node.str(nonempty=False)
    notes = notes_node.within(notes, MAX_TEXT_CHARS)
    armor_node = node.get("armor")
    armor = None if armor_node.value is None else read_armor(armor_node)
    return Character(
        char_id, name, kind, player, abilities, skills, damage, stabilized, notes, armor
    )


def _located(node: Node, expected: str, subject: str | None, got: object) -> TableError:
    return TableError(node.file, node.path, expected, line=node.line, got=got, subject=subject)


def _int_in(node: Node, low: int, high: int, subject: str | None, why: str = "") -> int:
    value = node.value
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _located(node, f"a whole number from {low} to {high}{why}", subject, value)
    return value


def character_from_dict(
    data: Node | Mapping[str, Any], file: str = "character", subject: str | None = None
) -> Character:
    """Validate one character (a located Node from a file, or a plain saved mapping)."""
    if isinstance(data, Node):
        return _read_character(data, subject)
    try:
        return _read_character(Node(data, file, "", 0), subject)
    except TableError as exc:  # a plain mapping has no lines: do not show a made-up one
        raise TableError(
            exc.file, exc.key, exc.expected, line=None, got=exc.got, subject=exc.subject
        ) from None


# -- party files --------------------------------------------------------------------------


class Party(msgspec.Struct, frozen=True):
    """A party file's contents: the characters and where they are at battle stations."""

    characters: tuple[Character, ...]
    assignments: tuple[Assignment, ...] = ()

    def character(self, character_id: str) -> Character:
        found = self.find(character_id)
        if found is None:
            raise RulesError(f"no character with id {character_id!r}")
        return found

    def find(self, character_id: str | None) -> Character | None:
        """The character with this id, or None (none chosen yet, or gone)."""
        return next((c for c in self.characters if c.id == character_id), None)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.characters)

    def to_dict(self) -> dict[str, Any]:
        return {
            "characters": [c.to_dict() for c in self.characters],
            "assignments": [a.to_dict() for a in self.assignments],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Party:
        return cls(
            tuple(Character.from_dict(c) for c in data.get("characters", ())),
            tuple(Assignment.from_dict(a) for a in data.get("assignments", ())),
        )


def parse_party(text: str, file: str, *, ships: Iterable[str] | None = None) -> Party:
    """Read a party file: `characters:` (a list) and optional `assignments:` (a list).

    `ships`, when given, are the ship ids an assignment may name (the campaign's ships);
    without it any ship id is accepted. Any mistake raises one TableError; nothing is kept.
    """
    return _party_from(parse_yaml(text, file), ships)


def load_party(path: Path | str, *, ships: Iterable[str] | None = None) -> Party:
    """Read a party YAML file from disk (see `parse_party`)."""
    return _party_from(load_yaml(path), ships)


def _party_from(root: Node, ships: Iterable[str] | None) -> Party:
    root.mapping()
    root.only_keys({"characters", "assignments"}, what="party file")
    characters: list[Character] = []
    seen: dict[str, Node] = {}
    for index, node in enumerate(root["characters"].list()):
        subject = _subject_for(node, index)
        character = _read_character(node, subject)
        if character.id in seen:
            first = seen[character.id]
            raise _located(
                node,
                f"a character id used once (already used by the character at line {first.line})",
                subject,
                character.id,
            )
        seen[character.id] = node
        characters.append(character)
    assignments_node = root.get("assignments", [])
    if assignments_node.value is None:
        assignments_node = Node([], root.file, assignments_node.path, assignments_node.line)
    assignments = read_assignments(assignments_node, [c.id for c in characters], ships)
    return Party(tuple(characters), assignments)


def _subject_for(node: Node, index: int) -> str:
    value = node.value
    if isinstance(value, dict):
        for key in ("id", "name"):
            if isinstance(value.get(key), str):
                return f"character {value[key]}"
    return f"character #{index + 1}"


class _PartyDumper(yaml.SafeDumper):
    """Writes abilities and assignments as one-line mappings and notes as text blocks."""


class _Flow(dict[str, Any]):
    pass


def _represent_flow(dumper: yaml.SafeDumper, data: _Flow) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=True)


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_PartyDumper.add_representer(_Flow, _represent_flow)
_PartyDumper.add_representer(str, _represent_str)


def _character_document(character: Character) -> dict[str, Any]:
    table = character_table()
    document: dict[str, Any] = {"id": character.id, "name": character.name}
    document["kind"] = character.kind
    if character.player is not None:
        document["player"] = character.player
    document["abilities"] = _Flow(
        (a, character.abilities[a]) for a in table.abilities if a in character.abilities
    )
    document["skills"] = dict(character.skills)
    if any(character.damage.values()):
        document["damage"] = _Flow(character.damage)
    if character.stabilized:
        document["stabilized"] = True
    if character.notes:
        document["notes"] = character.notes
    if character.armor is not None:
        armor = character.armor
        document["armor"] = {
            "name": armor.name,
            "protection": _Flow(armor.protection),
            "toughness": armor.toughness,
        }
    return document


def party_to_yaml(characters: Sequence[Character], assignments: Sequence[Assignment] = ()) -> str:
    """A party file that `parse_party` reads back to the same characters and assignments."""
    document: dict[str, Any] = {"characters": [_character_document(c) for c in characters]}
    if assignments:
        document["assignments"] = [_Flow(a.to_file_dict()) for a in assignments]
    body = yaml.dump(
        document,
        Dumper=_PartyDumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=100,
    )
    return "# gmtool party: characters and their battle stations\n" + body
