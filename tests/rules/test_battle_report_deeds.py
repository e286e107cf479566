"""The battle report tells the whole battle: special orders and what they did, knock-outs
and repairs, leadership, and the sensor and power checks that succeeded."""

from __future__ import annotations

import random

from gmtool.rules.battle import (
    apply_damage_manually,
    board,
    knock_out_system,
    self_destruct,
)
from gmtool.rules.battle.report import battle_report
from tests.rules.test_battle_helpers import ScriptedRandom, demo_battle, positioned


def _round_section(report: str, number: int) -> str:
    start = report.index(f"### Round {number}")
    end = report.find("### Round", start + 1)
    return report[start : end if end != -1 else report.index("## Ships")]


def test_a_boarding_a_knock_out_a_self_destruct_and_its_blast_are_told() -> None:
    state = positioned(demo_battle(), "special_orders", range_category="moderate", edge="a")
    state, _ = board(state, "meridian", "gorgon", "transporter", ScriptedRandom([4, 6, 3, 9]))
    state, _ = knock_out_system(state, "gorgon", "1.1")
    state = positioned(state, "special_orders", range_category="close", edge="a")
    state, _ = self_destruct(state, "gorgon", random.Random(1))
    state, _ = apply_damage_manually(
        state, "meridian", 6, "wound", random.Random(2), note="Raider Gorgon's blast"
    )
    report = battle_report(state)
    told = _round_section(report, state.round)
    assert "Orders and tasks:" in told
    assert "- Boarding: " in told and "outnumbering 17 to 2" in told  # its strength
    assert "win a foothold" in told
    assert "- Knocked out: " in told
    assert "- Self-destruct: Raider Gorgon self-destructs" in told
    assert "caught as if 2 hexes away" in told
    assert "- Damage typed in: " in told and "CSS Meridian takes 6 wound" in told
    assert "hazard:" not in told  # the characters' injuries are told under Characters


def test_a_failed_check_is_not_told_a_successful_one_is() -> None:
    from gmtool.rules.battle import set_power

    state = positioned(demo_battle(), "power")
    # Rusk, System Operation--engineering 16: a 3 is Amazing: +30% power points.
    state, _ = set_power(state, "meridian", ScriptedRandom([3]))
    told = _round_section(battle_report(state), state.round)
    assert "- Power: " in told and "(Amazing)" in told and "30% more" in told
    failed = positioned(demo_battle(), "power")
    failed, _ = set_power(failed, "meridian", ScriptedRandom([20, 20]))
    assert "- Power: " not in _round_section(battle_report(failed), failed.round)
