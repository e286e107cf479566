"""Words, not ids, where a GM reads: the hazard line's feat degree, the set-up form's
weapons (type and firepower from tables/ship_spec.yaml's display names)."""

from __future__ import annotations

import re

from gmtool.rules.battle.steps import hazard_text
from gmtool.rules.hazards import HazardOutcome
from gmtool.rules.ships import ship_spec_table

ID = re.compile(r"\b[a-z]+_[a-z_]+\b")


def test_a_critical_failure_feat_is_said_in_words() -> None:
    outcome = HazardOutcome(
        character_id="rusk",
        ship_class="small",
        track="wound",
        posture="secure",
        endangered_on=4,
        hazard_roll=2,
        endangered=True,
        degree="critical_failure",
    )
    text = hazard_text(outcome)
    assert "critical failure feat" in text and not ID.search(text)


def test_the_set_up_form_names_weapon_types_and_firepower_in_words() -> None:
    from gmtool.tui.tabs.battle.quick_ship import _weapon_text

    weapon = {"type": "missile_rack", "firepower": "small_craft", "arc": "turret", "count": 2}
    text = _weapon_text(weapon)
    assert "2 x missile rack (missile rack small craft turret)" in text
    assert not ID.search(text)
    assert ship_spec_table().firepower_names["small_craft"] == "small craft"
