"""The sensor phase decides contact and targeting: this round's sensor check sets the step of
the ship's attack rolls, and a critical failure loses the enemy (tables/battle.yaml
sensor_lock; the numbers below are the ones that file ships with)."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from gmtool.rules.battle import BattleState, attack_options, roll_sensors
from gmtool.rules.battle.attacks import no_fire_reason
from tests.rules.test_battle_helpers import ScriptedRandom, demo_battle, positioned

CLOSING: dict[str, tuple[str, str | None]] = {"a": ("close", None), "b": ("close", None)}


def with_sensors(degree: str | None) -> BattleState:
    state = positioned(
        demo_battle(), "attack", "beam_and_projectile", range_category="close", headings=CLOSING
    )
    return state.with_ship(replace(state.ship("meridian"), sensor_degree=degree))


@pytest.mark.parametrize(
    ("degree", "step"),
    [("amazing", -1), ("good", 0), ("ordinary", 0), ("failure", 2), (None, 2)],
)
def test_the_sensor_result_sets_the_attack_step(degree: str | None, step: int) -> None:
    options = [o for o in attack_options(with_sensors(degree)) if o.ship_id == "meridian"]
    assert options
    for option in options:
        for target in option.targets:
            sensors = [m for m in target.steps.modifiers if m.id == "sensors"]
            assert [m.step for m in sensors] == [step]


def test_a_critical_failure_loses_contact_and_no_weapon_fires() -> None:
    state = with_sensors("critical_failure")
    assert not [o for o in attack_options(state) if o.ship_id == "meridian"]
    assert [o for o in attack_options(state) if o.ship_id == "gorgon"]  # the raider still can
    assert "without sensor contact" in no_fire_reason(
        state.with_ship(replace(state.ship("gorgon"), sensor_degree="critical_failure"))
    )


def test_the_sensor_check_says_what_it_decides() -> None:
    state = positioned(demo_battle(), "sensor", range_category="close")
    # Vek is at the bridge; the crew (12) rolls the Meridian's sensors: a natural 20.
    state, result = roll_sensors(state, "meridian", ScriptedRandom([20]))
    assert state.ship("meridian").sensor_degree == "critical_failure"
    assert "loses contact: its weapons cannot fire this round" in result.text


def test_a_sensor_check_not_made_counts_as_failed() -> None:
    # RULES.md section 3: skipping the sensor check is never better than failing it.
    skipped = [o for o in attack_options(with_sensors(None)) if o.ship_id == "meridian"]
    failed = [o for o in attack_options(with_sensors("failure")) if o.ship_id == "meridian"]
    assert skipped
    assert [(o.weapon, [t.step for t in o.targets]) for o in skipped] == [
        (o.weapon, [t.step for t in o.targets]) for o in failed
    ]
    labels = {m.name for o in skipped for t in o.targets for m in t.steps.modifiers}
    assert "sensors (no check)" in labels
