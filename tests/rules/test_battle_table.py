"""tables/battle.yaml: the engine reads its decisions from the table, and a bad table says
which file, key and line are wrong."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.rules.battle import apply_damage_manually, attack_options, roll_repair
from gmtool.rules.battle import config as battle_config
from gmtool.rules.battle.ship_rules import ship_rules
from gmtool.rules.errors import TableError
from tests.rules.test_battle_helpers import ScriptedRandom, demo_battle, positioned


@pytest.fixture
def house_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private copy of tables/ that a test may edit; the battle table's cache is cleared."""
    from gmtool.rules.tables import tables_dir

    copy = tmp_path / "tables"
    shutil.copytree(tables_dir(), copy)
    monkeypatch.setenv("GMTOOL_TABLES", str(copy))
    battle_config.battle_table.cache_clear()
    ship_rules.cache_clear()
    yield copy
    monkeypatch.undo()
    battle_config.battle_table.cache_clear()
    ship_rules.cache_clear()


def edit(folder: Path, old: str, new: str) -> None:
    path = folder / "battle.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_the_shipped_table_reads() -> None:
    table = battle_config.battle_table()
    assert table.simultaneous_fire and not table.repairs_restore_crew
    assert table.tasks["weapons_console"].skills == ("system_operation-weapons",)
    assert table.tasks["weapons_console"].stations == ("weapons_and_defenses", "combat_information")
    assert table.tasks["repel_boarders"].stations == ("internal_security",)
    assert not table.tasks["power_distribution"].crew_rolls
    assert table.tasks["damage_control_repair"].crew_rolls
    assert table.self_destruct_damage == {1: None, 2: None}


def test_without_simultaneous_fire_a_wreck_fires_no_more(house_rules: Path) -> None:
    edit(house_rules, "simultaneous_fire: true", "simultaneous_fire: false")
    state = positioned(
        demo_battle(),
        "attack",
        "beam_and_projectile",
        range_category="close",
        headings={"a": ("close", None), "b": ("close", None)},
    )
    state, _ = apply_damage_manually(state, "gorgon", 5, "critical", random.Random(1))
    assert [o for o in attack_options(state) if o.ship_id == "gorgon"] == []


def test_a_house_rule_can_let_repairs_give_casualties_back(house_rules: Path) -> None:
    edit(house_rules, "repairs_restore_crew: false", "repairs_restore_crew: true")
    state = positioned(demo_battle(), "repair")
    state, _ = apply_damage_manually(state, "gorgon", 8, "wound", random.Random(1))
    before = state.ship("gorgon").crew_losses["total"]
    state, _ = roll_repair(state, "gorgon", ScriptedRandom([2]), track="wound")
    assert state.ship("gorgon").crew_losses["total"] < before


def test_an_unknown_skill_names_file_key_and_line(house_rules: Path) -> None:
    edit(house_rules, "skills: [vehicle_operation-spacecraft]", "skills: [piloting]")
    with pytest.raises(TableError) as caught:
        battle_config.battle_table()
    message = str(caught.value)
    assert "tables/battle.yaml:" in message and "tasks.helm.skills[0]" in message


def test_every_task_the_engine_rolls_must_be_listed(house_rules: Path) -> None:
    path = house_rules / "battle.yaml"
    text = path.read_text()
    start = text.index("  helm:\n")
    end = text.index("  engineering_console_repair:\n")
    path.write_text(text[:start] + text[end:])
    with pytest.raises(TableError, match="missing \\['helm'\\]"):
        battle_config.battle_table()


def test_a_damage_roll_needs_a_track_letter(house_rules: Path) -> None:
    edit(house_rules, "    light: d6+2w\n", "    light: 2d8\n")
    with pytest.raises(TableError, match=r"ram_damage\.by_class_of_other_ship\.light"):
        battle_config.battle_table()


def test_the_quick_enemy_forms_values_and_the_drift_heading_read() -> None:
    table = battle_config.battle_table()
    assert table.quick_hull_points["light"] == 100 and set(table.quick_hull_points) == {
        "small",
        "light",
        "medium",
        "heavy",
        "super-heavy",
    }
    assert table.quick_weapon_damage == {"ordinary": "d4+1w", "good": "d4+2w", "amazing": "d4+1m"}
    assert table.drift_heading == "hold"
    assert table.boarding_names["conventional"] == "conventional boarding"


def test_quick_ship_values_are_checked(house_rules: Path) -> None:
    edit(house_rules, "ordinary: d4+1w, good", "ordinary: d4+1, good")
    with pytest.raises(TableError, match=r"quick_ship\.weapon_damage\.ordinary"):
        battle_config.battle_table()


def test_quick_ship_hull_points_need_every_class(house_rules: Path) -> None:
    edit(house_rules, "small: 30, light", "light")
    with pytest.raises(TableError, match="missing 'small'"):
        battle_config.battle_table()
