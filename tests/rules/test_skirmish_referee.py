"""The referee's previews against exact arithmetic, ranges as measured, and the aim refusal."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gmtool.rules.errors import RulesError
from gmtool.rules.skirmish import legal_actions
from gmtool.rules.skirmish.fire import measured, shot_at
from gmtool.rules.skirmish.referee import SKILL, WOUNDED, melee_preview
from tests.rules.test_skirmish_engine import act, arena, game, options_for, pass_to


def outcomes(state, attacker: str, defender: str) -> dict[tuple[int, int], Fraction]:
    preview = melee_preview(state, attacker, defender)
    return {(o.to_defender, o.to_attacker): o.odds for o in preview.outcomes}


def test_hand_to_hand_chances_unwounded() -> None:
    # jh_a +2 attacks fed_a +1: the margin is (a - d) + 1 over 100 pairs of d10 faces.
    # By 4+ (a - d >= 3): 7+6+...+1 = 28. By 1-3 (a - d in 0..2): 10+9+8 = 27.
    # Defender by 4+ (a - d <= -5): 5+4+3+2+1 = 15. The rest, 30, are draws.
    state = game(fed_a=(40.0, 12.0), jh_a=(40.5, 12.0))
    preview = melee_preview(state, "jh_a", "fed_a")
    assert preview.attacker_modifiers == ((SKILL, 2),)
    assert preview.defender_modifiers == ((SKILL, 1),)
    assert outcomes(state, "jh_a", "fed_a") == {
        (2, 0): Fraction(28, 100),
        (1, 0): Fraction(27, 100),
        (0, 0): Fraction(30, 100),
        (0, 1): Fraction(15, 100),
    }


def test_hand_to_hand_chances_count_the_wounds() -> None:
    # jh_a wounded: +2 -2 = +0 against +1, so the margin is (a - d) - 1.
    # By 4+ (a - d >= 5): 15. By 1-3 (a - d in 2..4): 8+7+6 = 21.
    # Defender by 4+ (a - d <= -3): 28. Draws: 36.
    state = game(fed_a=(40.0, 12.0), jh_a=(40.5, 12.0))
    state.figure("jh_a").wounds = 1
    preview = melee_preview(state, "jh_a", "fed_a")
    assert preview.attacker_modifiers == ((SKILL, 2), (WOUNDED, -2))
    assert preview.attacker_total == 0 and preview.defender_total == 1
    assert outcomes(state, "jh_a", "fed_a") == {
        (2, 0): Fraction(15, 100),
        (1, 0): Fraction(21, 100),
        (0, 0): Fraction(36, 100),
        (0, 1): Fraction(28, 100),
    }
    # without the wound effects option the wound changes nothing
    scenario = arena()
    plain = game(scenario, options_for(scenario, wound_effects=False), jh_a=(40.5, 12.0))
    plain.figure("fed_a").x = 40.0
    plain.figure("jh_a").wounds = 1
    assert outcomes(plain, "jh_a", "fed_a")[(2, 0)] == Fraction(28, 100)


def test_fire_chance_is_exact() -> None:
    state = game(fed_a=(5.0, 18.0), jh_a=(15.0, 18.0))  # 10 in, phaser rifle 7, open -1
    shot = shot_at(state, state.figure("fed_a"), state.figure("jh_a"))
    assert shot is not None and shot.needed == 8 and shot.odds == Fraction(8, 10)
    state.figure("fed_a").wounds = 1  # +2: needs 6
    shot = shot_at(state, state.figure("fed_a"), state.figure("jh_a"))
    assert shot is not None and shot.needed == 6 and shot.odds == Fraction(6, 10)


def test_a_range_is_read_to_a_tenth_and_the_band_follows_the_reading() -> None:
    assert measured(6.04) == 6.0 and measured(6.05) == 6.1 and measured(5.96) == 6.0
    state = game(fed_a=(5.0, 18.0), jh_a=(11.04, 18.0))
    shot = shot_at(state, state.figure("fed_a"), state.figure("jh_a"))
    assert shot is not None and shot.range_inches == 6.0 and shot.band_label == "0-6 in"
    state.figure("jh_a").x = 11.05
    shot = shot_at(state, state.figure("fed_a"), state.figure("jh_a"))
    assert shot is not None and shot.range_inches == 6.1 and shot.band_label == "6-12 in"


def test_aim_is_refused_with_no_action_point_left_to_fire_it() -> None:
    state = game()
    # fed_b has 2 AP: it may aim with its first, not with its second (the aim would be lost)
    act(state, "hold", "fed_a")
    act(state, "hold", "jh_a")
    assert "aim" in {a.kind for a in legal_actions(state, "fed_b")}
    act(state, "hold", "fed_b")
    pass_to(state, "fed_b")
    assert state.tier == 2
    assert "aim" not in {a.kind for a in legal_actions(state, "fed_b")}
    with pytest.raises(RulesError, match="no action point would be left"):
        act(state, "aim", "fed_b")
