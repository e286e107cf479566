"""The whole ALTERNITY skill list in tables/characters.yaml: every broad skill under one of
the six abilities, and the skill ids saved characters already use still load."""

from __future__ import annotations

from gmtool.rules.characters import character_from_dict, character_table, skill_label
from gmtool.store.demo import demo_data_dir

# The ids the seven station skills had before the whole list came in: saved parties use them.
STATION_SKILL_IDS = (
    "leadership",
    "leadership-command",
    "leadership-inspire",
    "tactics-space_combat",
    "tactics-infantry_combat",
    "tactics-vehicle_combat",
    "system_operation-weapons",
    "system_operation-defenses",
    "system_operation-engineering",
    "system_operation-sensors",
    "system_operation-communications",
    "vehicle_operation-spacecraft",
    "technical_science-repair",
    "technical_science-juryrig",
    "computer_science-hacking",
    "computer_science-programming",
    "medical_science-treatment",
    "medical_science-surgery",
)


def test_every_broad_skill_has_an_ability_and_the_list_is_whole() -> None:
    table = character_table()
    broad = {s.id: s for s in table.skills.values() if s.broad is None}
    assert {s.ability for s in broad.values()} == set(table.abilities)
    for name in ("Athletics", "Stealth", "Navigation", "Awareness", "Interaction", "Culture"):
        assert name in {s.name for s in broad.values()}
    assert skill_label("acrobatics-zero_g_training") == "Acrobatics—zero-g training"
    assert len(broad) > 30 and len(table.skills) > 120


def test_saved_skill_ids_still_load() -> None:
    character = character_from_dict(
        {
            "name": "Old Hand",
            "kind": "npc",
            "abilities": {"constitution": 10, "personality": 10},
            "skills": dict.fromkeys(STATION_SKILL_IDS, 10),
        }
    )
    assert set(character.skills) == set(STATION_SKILL_IDS)
    # the demo party file, written before the whole list, reads as it did
    from gmtool.rules.characters import load_party

    party = load_party(demo_data_dir() / "party.yaml")
    assert party.characters and all(c.skills for c in party.characters)
