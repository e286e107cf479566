"""Typed-in damage names its damage type and, under the optional rule "characters on
station", the place it struck (RULES.md section 5): through the action, and `gmtool battle
act damage --damage-type --place`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions import battles as act
from gmtool.store import Campaign
from gmtool.store.demo import seed_demo
from tests.cli.helpers import run
from tests.rules.test_hit_stations import ABOARD, rule_on

__all__ = ["rule_on"]  # the fixture, used by name


@pytest.fixture
def battle(campaign: Campaign) -> tuple[Campaign, str]:
    seed_demo(campaign)
    state = act.new_battle(campaign, "Ambush", ["meridian"], ["gorgon", "vex"], "long")
    return campaign, state.id


def test_the_damage_type_reaches_every_hazard_roll(battle: tuple[Campaign, str]) -> None:
    campaign, battle_id = battle
    done = act.do_apply_damage(campaign, battle_id, "meridian", 6, "wound", damage_type="energy")
    assert {h.character_id for h in done.result.hazards} == ABOARD
    assert {h.damage_type for h in done.result.hazards} == {"energy"}
    # none named: damage no weapon caused is the table's other type (high impact as shipped)
    done = act.do_apply_damage(campaign, battle_id, "meridian", 6, "wound")
    assert {h.damage_type for h in done.result.hazards} == {"high_impact"}


def test_an_unknown_damage_type_is_refused_before_anything_is_rolled(
    battle: tuple[Campaign, str],
) -> None:
    campaign, battle_id = battle
    with pytest.raises(ActionRefused, match="unknown damage type 'plasma'"):
        act.do_apply_damage(campaign, battle_id, "meridian", 6, "wound", damage_type="plasma")
    with pytest.raises(ActionRefused, match="nothing to undo"):
        act.undo(campaign, battle_id)


def test_a_place_struck_is_refused_while_the_rule_is_off(battle: tuple[Campaign, str]) -> None:
    campaign, battle_id = battle
    with pytest.raises(ActionRefused, match="only under the optional rule"):
        act.do_apply_damage(campaign, battle_id, "meridian", 6, "wound", hit_place="engineering")


def test_under_the_rule_only_the_place_named_is_endangered(
    battle: tuple[Campaign, str], rule_on: Path
) -> None:
    campaign, battle_id = battle
    done = act.do_apply_damage(campaign, battle_id, "meridian", 6, "wound", hit_place="engineering")
    assert {h.character_id for h in done.result.hazards} == {"halvard-rusk"}
    assert "The hit strikes Engineering" in done.result.text
    with pytest.raises(ActionRefused, match="unknown station or place 'galley'"):
        act.do_apply_damage(campaign, battle_id, "meridian", 6, "wound", hit_place="galley")


def test_the_cli_takes_the_damage_type_and_the_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule_on: Path
) -> None:
    path = str(tmp_path / "verge")
    assert run(capsys, "init", path, "--demo", "--seed", "3")[0] == 0
    code, out, err = run(
        capsys, "battle", "new", "Ambush", "--ship", "meridian", "--enemy", "vex",
        "--range", "long", "--campaign", path, "--json",
    )  # fmt: skip
    assert code == 0, err
    battle_id = json.loads(out)["id"]
    code, out, err = run(
        capsys, "battle", "act", battle_id, "damage", "--target", "meridian", "--amount", "6",
        "--track", "wound", "--damage-type", "low_impact", "--place", "sickbay",
        "--campaign", path,
    )  # fmt: skip
    assert code == 0, err
    assert "The hit strikes the sickbay: only the characters there" in out
    assert "Salo" in out and "Rusk" not in out  # only the character in sickbay rolls
    code, _, err = run(
        capsys, "battle", "act", battle_id, "damage", "--target", "meridian", "--amount", "6",
        "--track", "wound", "--damage-type", "plasma", "--campaign", path,
    )  # fmt: skip
    assert code == 2 and "unknown damage type 'plasma'" in err
