"""Reading skirmish scenarios: the Torga IV table and the errors a GM's own file can get."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from gmtool.rules.errors import TableError
from gmtool.rules.skirmish import Scenario, load_scenario, torga_iv
from gmtool.rules.skirmish.scenario import parse_scenario
from gmtool.rules.tables import parse_yaml


def test_torga_iv_forces_match_the_rules() -> None:
    scenario = torga_iv()
    assert (scenario.width, scenario.depth) == (72.0, 48.0)
    table = {f.id: (f.side, f.action_points, f.weapon, f.hand_to_hand) for f in scenario.forces}
    assert table["first"] == ("jemhadar", 3, "energy_rifle", 2)
    assert [table[f"soldier_{i}"] for i in range(1, 6)] == [("jemhadar", 2, "energy_rifle", 1)] * 5
    assert table["sisko"] == ("federation", 3, "phaser_rifle", 1)
    assert table["worf"] == ("federation", 3, "phaser_rifle", 2)
    assert table["dax"] == ("federation", 3, "phaser_rifle", 2)
    assert table["obrien"] == ("federation", 2, "phaser_rifle", 0)
    crew = sorted(table[f"crewman_{i}"] for i in range(1, 4))
    assert (
        crew == [("federation", 2, "hand_phaser", 0)] + [("federation", 2, "phaser_rifle", 0)] * 2
    )
    assert scenario.side("federation").move == 4.0 and scenario.side("jemhadar").move == 5.0
    assert scenario.movement.wounded == -1.0 and scenario.movement.obstacle_cost == 2.0
    assert (scenario.fire.aimed, scenario.fire.target_in_open, scenario.fire.shooter_wounded) == (
        -2,
        -1,
        2,
    )
    assert scenario.hand_to_hand.wounded == -2
    assert (scenario.victory.turn, scenario.victory.side, scenario.victory.standing) == (
        10,
        "federation",
        4,
    )
    assert scenario.solo is not None and scenario.solo.side == "jemhadar"
    assert (scenario.solo.die, scenario.solo.move_first_up_to) == (6, 3)
    assert scenario.options.first_in_tier == "federation" and scenario.options.wound_effects


def test_torga_iv_terrain_closes_three_sides_and_leaves_the_east_open() -> None:
    scenario = torga_iv()
    board = scenario.board
    walls = [p for p in scenario.terrain if p.blocks]
    assert any(p.id == "hull" for p in walls)
    assert [p for p in scenario.terrain if not p.blocks]  # rocks and wreckage
    for y in range(4, 45):
        assert board.piece_at(1.0, y + 0.5) is not None  # the west wall
        assert board.piece_at(71.5, y + 0.5) is None  # the open east edge
    for x in range(1, 72):
        assert board.piece_at(x + 0.5, 1.0) is not None  # north wall
        assert board.piece_at(x + 0.5, 47.0) is not None  # south wall
    # the Federation holds the west end, the Jem'Hadar come in from the east
    assert all(f.start[0] < 30 for f in scenario.forces if f.side == "federation")
    assert all(f.start[0] > 60 for f in scenario.forces if f.side == "jemhadar")


def test_scenario_round_trips_through_its_dict() -> None:
    scenario = torga_iv()
    assert Scenario.from_dict(copy.deepcopy(scenario.to_dict())) == scenario


def test_a_scenario_file_can_be_played(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(torga_iv().to_dict() | {"name": "mine"}), encoding="utf-8")
    mine = load_scenario(path)
    assert mine.name == "mine" and len(mine.forces) == 13
    assert load_scenario() is torga_iv()


def _broken(change: Any) -> str:
    data = torga_iv().to_dict()
    change(data)
    text = yaml.safe_dump(data, sort_keys=False)
    with pytest.raises(TableError) as caught:
        parse_scenario(parse_yaml(text, "house.yaml"))
    return str(caught.value)


def test_unknown_key_names_file_key_and_line() -> None:
    message = _broken(lambda d: d["fire_modifiers"].update(aimd=-2))
    assert message.startswith("house.yaml:")
    assert "fire_modifiers.aimd" in message and "did you mean 'aimed'" in message


def test_hit_numbers_must_match_the_bands() -> None:
    message = _broken(lambda d: d["weapons"]["hand_phaser"].update(hit_on=[7, 5, 3]))
    assert "weapons.hand_phaser.hit_on" in message and "5 range bands" in message


def test_figures_need_a_known_weapon_and_side() -> None:
    assert "forces[0].weapon" in _broken(lambda d: d["forces"][0].update(weapon="bat'leth"))
    assert "forces[0].side" in _broken(lambda d: d["forces"][0].update(side="romulan"))


def test_a_start_inside_terrain_or_on_another_base_is_refused() -> None:
    inside = _broken(lambda d: d["forces"][0].update(start=[10.0, 24.0]))  # in the hull
    assert "forces[0].start" in inside and "hull" in inside
    stacked = _broken(lambda d: d["forces"][1].update(start=d["forces"][0]["start"]))
    assert "forces[1].start" in stacked


def test_terrain_shapes_are_checked() -> None:
    both = _broken(lambda d: d["terrain"][0].update(circle=[1.0, 1.0, 1.0]))
    assert "terrain[0]" in both and "exactly one of rect" in both
    flat = _broken(lambda d: d["terrain"][0].update(rect=[5.0, 5.0, 5.0, 9.0]))
    assert "terrain[0].rect" in flat
    kind = _broken(lambda d: d["terrain"][0].update(kind="lava"))
    assert "terrain[0].kind" in kind


def test_victory_and_options_are_checked() -> None:
    assert "victory.standing" in _broken(lambda d: d["victory"].update(standing=8))
    assert "options.first_in_tier" in _broken(lambda d: d["options"].update(first_in_tier="x"))
    bands = _broken(lambda d: d.update(range_bands=[6, 12, 12, 24, 30]))
    assert "range_bands" in bands and "rising" in bands
