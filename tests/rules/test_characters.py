"""Characters: the skill table, validation with located messages, skill fallback, party files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gmtool.rules.characters import (
    Character,
    Party,
    character_from_dict,
    character_table,
    load_party,
    parse_party,
    party_to_yaml,
    skill_label,
)
from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.stations import Assignment
from gmtool.rules.tables import parse_yaml

REPO = Path(__file__).resolve().parents[2]
DEMO_SHIPS = ["kestrel", "meridian", "tenacity"]


def make(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": "ada-quill",
        "name": "Ada Quill",
        "kind": "pc",
        "player": "Sam",
        "abilities": {
            "strength": 9,
            "dexterity": 11,
            "constitution": 10,
            "intelligence": 12,
            "will": 10,
            "personality": 11,
        },
        "skills": {"system_operation": 12, "system_operation-weapons": 15, "leadership": 11},
    }
    data.update(overrides)
    return data


# -- the table ------------------------------------------------------------------------------


def test_six_abilities_with_constitution_and_personality_required() -> None:
    table = character_table()
    assert list(table.abilities) == [
        "strength",
        "dexterity",
        "constitution",
        "intelligence",
        "will",
        "personality",
    ]
    required = {a for a, d in table.abilities.items() if d.required}
    assert required == {"constitution", "personality"}


@pytest.mark.parametrize(
    ("skill_id", "broad"),
    [
        ("leadership", None),
        ("leadership-command", "leadership"),
        ("tactics-space_combat", "tactics"),
        ("tactics-infantry_combat", "tactics"),
        ("system_operation-weapons", "system_operation"),
        ("system_operation-engineering", "system_operation"),
        ("system_operation-sensors", "system_operation"),
        ("system_operation-communications", "system_operation"),
        ("vehicle_operation-spacecraft", "vehicle_operation"),
        ("technical_science-repair", "technical_science"),
        ("technical_science-juryrig", "technical_science"),
    ],
)
def test_skills_the_stations_need_are_listed_with_their_broad_skill(
    skill_id: str, broad: str | None
) -> None:
    skill = character_table().skills[skill_id]
    assert skill.broad == broad
    if broad is not None:
        assert character_table().skills[broad].broad is None


def test_score_range_is_1_to_30() -> None:
    table = character_table()
    assert (table.skill_min, table.skill_max) == (1, 30)


def test_skill_label_uses_the_books_dash() -> None:
    assert skill_label("leadership-command") == "Leadership—command"
    assert skill_label("tactics") == "Tactics"


# -- one character --------------------------------------------------------------------------


def test_valid_character_reads_with_zero_damage_and_derived_tracks() -> None:
    character = character_from_dict(make())
    assert character.id == "ada-quill"
    assert character.kind == "pc"
    assert character.player == "Sam"
    assert character.damage == {"stun": 0, "wound": 0, "mortal": 0}
    assert character.tracks == {"stun": 10, "wound": 10, "mortal": 5}
    assert character.state == "ok"


def test_id_defaults_to_a_slug_of_the_name() -> None:
    data = make(name="Lt. Mara O'Voss")
    del data["id"]
    assert character_from_dict(data).id == "lt-mara-o-voss"


def test_only_constitution_and_personality_are_required() -> None:
    character = character_from_dict(
        make(abilities={"constitution": 8, "personality": 9}, skills={})
    )
    assert character.abilities == {"constitution": 8, "personality": 9}


@pytest.mark.parametrize(
    ("overrides", "key", "message"),
    [
        (
            {"skills": {"system_operation-weapons": 31}},
            "skills.system_operation-weapons",
            "1 to 30",
        ),
        ({"skills": {"system_operation-weapons": 0}}, "skills.system_operation-weapons", "1 to 30"),
        ({"skills": {"leadership": "high"}}, "skills.leadership", "1 to 30"),
        (
            {"skills": {"sytem_operation-weapons": 12}},
            "skills.sytem_operation-weapons",
            "did you mean",
        ),
        ({"abilities": {"personality": 10}}, "abilities.constitution", "Constitution score"),
        ({"abilities": {"constitution": 10}}, "abilities.personality", "Personality score"),
        (
            {"abilities": {"constitution": 10, "personality": 9, "luck": 4}},
            "abilities.luck",
            "keys",
        ),
        (
            {"abilities": {"constitution": 25, "personality": 9}},
            "abilities.constitution",
            "1 to 20",
        ),
        ({"player": None}, "player", "player"),
        ({"kind": "npc"}, "player", "no player for an NPC"),
        ({"kind": "villain"}, "kind", "one of pc, npc"),
        ({"damage": {"stun": 11}}, "damage.stun", "holds 10"),
        ({"damage": {"critical": 1}}, "damage.critical", "keys"),
        ({"id": "Ada Quill"}, "id", "lower-case"),
        ({"colour": "blue"}, "colour", "keys"),
    ],
)
def test_bad_character_names_the_key_and_what_was_expected(
    overrides: dict[str, Any], key: str, message: str
) -> None:
    with pytest.raises(TableError) as info:
        character_from_dict(make(**overrides), "party.yaml", "character ada-quill")
    assert info.value.key == key
    assert message in str(info.value)
    assert str(info.value).startswith("party.yaml (character ada-quill):")


def test_error_in_a_file_gives_the_line() -> None:
    text = (
        "characters:\n"
        "  - name: Ada Quill\n"
        "    kind: npc\n"
        "    abilities: {constitution: 10, personality: 9}\n"
        "    skills:\n"
        "      leadership: 12\n"
        "      tactics-space_combat: 42\n"
    )
    with pytest.raises(TableError) as info:
        parse_party(text, "party.yaml")
    assert info.value.line == 7
    assert str(info.value).startswith("party.yaml:7 (character Ada Quill)")
    assert "from 1 to 30" in str(info.value)


# -- skill lookup ---------------------------------------------------------------------------


def test_specialty_is_used_at_step_zero() -> None:
    found = character_from_dict(make()).skill_score("system_operation-weapons")
    assert found is not None
    assert (found.used, found.basis, found.score, found.step) == (
        "system_operation-weapons",
        "specialty",
        15,
        0,
    )


def test_without_the_specialty_the_broad_skill_is_used_at_plus_one() -> None:
    found = character_from_dict(make()).skill_score("system_operation-sensors")
    assert found is not None
    assert (found.used, found.basis, found.score, found.step) == (
        "system_operation",
        "broad",
        12,
        1,
    )


def test_broad_skill_asked_directly_is_at_plus_one() -> None:
    found = character_from_dict(make()).skill_score("leadership")
    assert found is not None
    assert (found.basis, found.score, found.step) == ("broad", 11, 1)


def test_untrained_uses_half_the_ability_at_plus_one() -> None:
    # Tactics runs on Will (10): untrained score 5.
    found = character_from_dict(make()).skill_score("tactics-space_combat")
    assert found is not None
    assert (found.used, found.basis, found.score, found.step) == ("will", "untrained", 5, 1)


def test_untrained_rounds_down() -> None:
    data = make()
    data["abilities"]["will"] = 9
    found = character_from_dict(data).skill_score("tactics")
    assert found is not None
    assert found.score == 4


def test_untrained_refused_where_the_table_says_so_or_when_not_allowed() -> None:
    character = character_from_dict(make())
    assert character.skill_score("computer_science-hacking") is None
    assert character.skill_score("tactics-space_combat", untrained=False) is None


def test_untrained_needs_the_ability() -> None:
    character = character_from_dict(make(abilities={"constitution": 9, "personality": 9}))
    assert character.skill_score("tactics") is None


def test_unknown_skill_lookup_is_an_error() -> None:
    with pytest.raises(RulesError, match="did you mean"):
        character_from_dict(make()).skill_score("system_operation-weapon")


def test_best_skill_prefers_the_better_chance() -> None:
    character = character_from_dict(
        make(skills={"technical_science": 12, "technical_science-juryrig": 14})
    )
    best = character.best_skill(["technical_science-repair", "technical_science-juryrig"])
    assert best is not None
    assert best.used == "technical_science-juryrig"
    assert character.best_skill(["tactics-space_combat"]) is None


# -- saving and party files -----------------------------------------------------------------


def test_to_dict_from_dict_round_trip() -> None:
    character = character_from_dict(make(damage={"wound": 3}, notes="line one\nline two"))
    assert Character.from_dict(character.to_dict()) == character


def test_from_dict_errors_have_no_made_up_line() -> None:
    data = character_from_dict(make()).to_dict()
    data["skills"]["leadership"] = 99
    with pytest.raises(TableError) as info:
        Character.from_dict(data)
    assert info.value.line is None


def test_demo_party_loads_with_at_least_five_characters_and_assignments() -> None:
    party = load_party(REPO / "campaigns" / "demo" / "party.yaml", ships=DEMO_SHIPS)
    assert len(party.characters) >= 5
    assert sum(c.kind == "pc" for c in party.characters) >= 5
    assert {a.ship_id for a in party.assignments} <= set(DEMO_SHIPS)
    assert len({a.character_id for a in party.assignments}) == len(party.assignments)


def test_demo_party_round_trips_through_export() -> None:
    party = load_party(REPO / "campaigns" / "demo" / "party.yaml")
    text = party_to_yaml(party.characters, party.assignments)
    assert parse_party(text, "export.yaml") == party


def test_export_without_assignments_reads_back() -> None:
    character = character_from_dict(make())
    party = parse_party(party_to_yaml([character]), "export.yaml")
    assert party.characters == (character,)
    assert party.assignments == ()


def test_export_writes_abilities_on_one_line() -> None:
    text = party_to_yaml([character_from_dict(make())])
    assert "abilities: {strength: 9, dexterity: 11, constitution: 10" in text


def party_text(assignments: str) -> str:
    return (
        "characters:\n"
        "  - {id: ada, name: Ada, kind: npc, abilities: {constitution: 10, personality: 9}}\n"
        "  - {id: bo, name: Bo, kind: npc, abilities: {constitution: 10, personality: 9}}\n"
        "assignments:\n" + assignments
    )


def test_party_assignments_are_read() -> None:
    party = parse_party(
        party_text(
            "  - {character: ada, ship: css-kestrel, station: bridge}\n"
            "  - {character: bo, ship: css-kestrel, station: brig}\n"
        ),
        "party.yaml",
    )
    assert party.assignments == (
        Assignment("ada", "css-kestrel", "bridge", "secure"),
        Assignment("bo", "css-kestrel", "brig", "vulnerable"),
    )


@pytest.mark.parametrize(
    ("assignments", "line", "message"),
    [
        ("  - {character: ada, ship: css-kestrel, station: brige}\n", 5, "did you mean 'bridge'"),
        (
            "  - {character: ada, ship: css-kestrel, station: bridge}\n"
            "  - {character: ada, ship: css-kestrel, station: sensors}\n",
            6,
            "one station at most",
        ),
        ("  - {character: cy, ship: css-kestrel, station: bridge}\n", 5, "one of ada, bo"),
        ("  - {character: ada, ship: css-kestrel, station: bridge, posture: prone}\n", 5, "secure"),
        ("  - {character: ada, ship: css-kestrel, station: bridge, leads: sensors}\n", 5, "lead"),
        ("  - {character: ada, ship: css-kestrel, station: brig, task: leading}\n", 5, "brig"),
        ("  - {character: ada, station: bridge}\n", 5, "ship"),
    ],
)
def test_bad_assignment_is_refused_with_its_line(assignments: str, line: int, message: str) -> None:
    with pytest.raises(TableError) as info:
        parse_party(party_text(assignments), "party.yaml")
    assert info.value.line == line
    assert message in str(info.value)


def test_unknown_ship_refused_when_ships_are_known() -> None:
    text = party_text("  - {character: ada, ship: kestral, station: bridge}\n")
    with pytest.raises(TableError, match="did you mean 'kestrel'"):
        parse_party(text, "party.yaml", ships=DEMO_SHIPS)


def test_duplicate_character_id_is_refused() -> None:
    text = (
        "characters:\n"
        "  - {id: ada, name: Ada, kind: npc, abilities: {constitution: 10, personality: 9}}\n"
        "  - {id: ada, name: Ada Two, kind: npc, abilities: {constitution: 10, personality: 9}}\n"
    )
    with pytest.raises(TableError, match=r"used once .*line 2"):
        parse_party(text, "party.yaml")


def test_party_file_refuses_unknown_top_level_keys() -> None:
    with pytest.raises(TableError, match="assignments, characters"):
        parse_party("characters: []\nships: []\n", "party.yaml")


def test_character_from_a_located_node() -> None:
    node = parse_yaml("name: Bo\nkind: npc\nabilities: {constitution: 7, personality: 8}\n", "b")
    character = character_from_dict(node)
    assert character.tracks == {"stun": 7, "wound": 7, "mortal": 4}


skill_ids = sorted(character_table().skills)


@settings(max_examples=40, deadline=None)
@given(
    con=st.integers(1, 20),
    per=st.integers(1, 20),
    skills=st.dictionaries(st.sampled_from(skill_ids), st.integers(1, 30), max_size=6),
    notes=st.text(
        alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=30
    ),
    data=st.data(),
)
def test_any_valid_character_round_trips_through_a_party_file(
    con: int, per: int, skills: dict[str, int], notes: str, data: st.DataObject
) -> None:
    character = character_from_dict(
        make(abilities={"constitution": con, "personality": per}, skills=skills, notes=notes)
    )
    damage = {t: data.draw(st.integers(0, size)) for t, size in character.tracks.items()}
    character = character.with_damage(damage, stabilized=data.draw(st.booleans()))
    assert Character.from_dict(character.to_dict()) == character
    assert parse_party(party_to_yaml([character]), "x.yaml").characters == (character,)


def test_party_round_trips_through_a_plain_dict() -> None:
    party = load_party(REPO / "campaigns" / "demo" / "party.yaml")
    assert Party.from_dict(party.to_dict()) == party
