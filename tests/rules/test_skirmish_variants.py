"""Scenario variants by dotted setting names (rules.skirmish.variants)."""

from __future__ import annotations

import pytest

from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.skirmish import torga_iv
from gmtool.rules.skirmish.variants import parse_setting, parse_sweep, with_settings


def test_settings_change_what_they_name_and_nothing_else() -> None:
    base = torga_iv()
    changed = with_settings(
        base,
        [
            parse_setting("victory.turn=12"),
            parse_setting("weapons.energy_rifle.wounds=1"),
            parse_setting("forces.worf.hand_to_hand=3"),
            parse_setting("cover.within=0.5"),
            parse_setting("options.first_in_tier=jemhadar"),
        ],
    )
    assert changed.victory.turn == 12 and changed.weapon("energy_rifle").wounds == 1
    worf = next(f for f in changed.forces if f.id == "worf")
    assert worf.hand_to_hand == 3 and changed.fire.cover_within == 0.5
    assert changed.options.first_in_tier == "jemhadar"
    assert changed.forces[0] == base.forces[0] and changed.terrain == base.terrain
    assert base.victory.turn == 10  # the original is untouched
    assert "victory.turn=12" in changed.source


def test_a_sweep_reads_each_value_as_yaml() -> None:
    assert parse_sweep("victory.turn=8,10,12") == ("victory.turn", [8, 10, 12])
    assert parse_sweep("options.wound_effects=true,false")[1] == [True, False]


def test_a_value_the_rules_refuse_names_the_setting() -> None:
    with pytest.raises(TableError, match=r"victory\.turn"):
        with_settings(torga_iv(), [parse_setting("victory.turn=1")])
    with pytest.raises(RulesError, match=r"no setting 'wound' in weapons\.energy_rifle"):
        with_settings(torga_iv(), [parse_setting("weapons.energy_rifle.wound=1")])
    with pytest.raises(RulesError, match="single value"):
        with_settings(torga_iv(), [parse_setting("victory.turn.x=1")])
    with pytest.raises(RulesError, match="dotted words"):
        with_settings(torga_iv(), [parse_setting("victory..turn=1")])
