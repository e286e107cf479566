"""Hazards and bail-out: every cell of Tables 3-1, 3-2 and 3-3, and the hazard roll itself."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from typing import Any

import pytest

from gmtool.rules.characters import Character, character_from_dict
from gmtool.rules.checks import Degree
from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import (
    Bailout,
    HazardOutcome,
    bailout_round,
    bailout_rounds,
    endangered_on,
    injury,
    most_severe_track,
    roll_bailout_time,
    roll_hazard,
    roll_hazards,
    start_bailout,
    survivors_aboard,
)
from gmtool.rules.stations import Assignment


class Scripted(random.Random):
    """A generator that returns the given die results in order (and checks each die's size)."""

    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)
        self.asked: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        value = self.rolls.pop(0)
        assert a <= value <= b, f"scripted {value} does not fit d{b}"
        return value


def crewman(personality: int = 10, constitution: int = 10, **extra: Any) -> Character:
    data: dict[str, Any] = {
        "id": "pell",
        "name": "Pell",
        "kind": "npc",
        "abilities": {"constitution": constitution, "personality": personality},
    }
    data.update(extra)
    return character_from_dict(data)


# -- Table 3-1 ------------------------------------------------------------------------------

TABLE_3_1 = {
    "small": {"stun": 4, "wound": 6, "mortal": 8, "critical": 12},
    "light": {"stun": 3, "wound": 4, "mortal": 6, "critical": 8},
    "medium": {"stun": 2, "wound": 3, "mortal": 4, "critical": 6},
    "heavy": {"stun": 0, "wound": 2, "mortal": 3, "critical": 4},
    "super-heavy": {"stun": 0, "wound": 1, "mortal": 2, "critical": 3},
}


@pytest.mark.parametrize(
    ("ship_class", "track", "expected"),
    [(c, t, n) for c, row in TABLE_3_1.items() for t, n in row.items()],
)
def test_table_3_1_every_cell(ship_class: str, track: str, expected: int) -> None:
    assert endangered_on(ship_class, track) == expected


def test_the_sources_own_checks() -> None:
    assert endangered_on("light", "mortal") == 6  # a destroyer: 1-6
    assert endangered_on("heavy", "mortal") == 3  # a battleship: 1-3


@pytest.mark.parametrize(("ship_class", "track"), [("huge", "stun"), ("light", "hull")])
def test_table_3_1_refuses_unknown_class_or_track(ship_class: str, track: str) -> None:
    with pytest.raises(RulesError, match="unknown"):
        endangered_on(ship_class, track)


# -- Table 3-2 ------------------------------------------------------------------------------

TABLE_3_2 = {
    "amazing": (None, None),
    "good": (None, "1d4s"),
    "ordinary": ("1d6s", "1d8s"),
    "failure": ("1d8w", "1d12w"),
    "critical_failure": ("1d6m", "1d8m"),
}


@pytest.mark.parametrize(
    ("degree", "posture", "expected"),
    [
        (d, p, cells[i])
        for d, cells in TABLE_3_2.items()
        for i, p in enumerate(("secure", "vulnerable"))
    ],
)
def test_table_3_2_every_cell(degree: str, posture: str, expected: str | None) -> None:
    assert injury(degree, posture) == expected
    assert injury(Degree(degree), posture) == expected


@pytest.mark.parametrize(("degree", "posture"), [("great", "secure"), ("good", "prone")])
def test_table_3_2_refuses_unknown_degree_or_posture(degree: str, posture: str) -> None:
    with pytest.raises(RulesError, match="unknown"):
        injury(degree, posture)


def test_most_severe_track_of_a_hit() -> None:
    assert most_severe_track(["stun", "mortal", "wound"]) == "mortal"
    assert most_severe_track(["critical", "stun"]) == "critical"
    with pytest.raises(RulesError):
        most_severe_track([])


# -- the hazard roll ------------------------------------------------------------------------


def test_not_endangered_rolls_only_the_hazard_die() -> None:
    rng = Scripted([7])
    outcome = roll_hazard("light", "mortal", crewman(), "secure", rng)
    assert rng.asked == [(1, 20)]
    assert (outcome.hazard_roll, outcome.endangered_on, outcome.endangered) == (7, 6, False)
    assert outcome.damage is None
    assert outcome.state == "ok"


def test_roll_equal_to_the_number_endangers() -> None:
    # hazard 6 vs 6; feat d20 10 + d4 1 = 11 > 10: Failure; 1d8w rolled 4.
    outcome = roll_hazard("light", "mortal", crewman(), "secure", Scripted([6, 10, 1, 4]))
    assert outcome.endangered
    assert outcome.degree == "failure"


def test_heavy_ship_stun_never_endangers() -> None:
    outcome = roll_hazard("heavy", "stun", crewman(), "vulnerable", Scripted([1]))
    assert outcome.endangered is False


def test_endangered_failure_takes_wound_with_secondary_stun() -> None:
    # hazard 2 (<= 4), Personality 10 feat at +1 (d4): d20 9 + d4 3 = 12 > 10: Failure.
    # Secure failure: 1d8w -> 6 wound, 3 secondary stun.
    rng = Scripted([2, 9, 3, 6])
    outcome = roll_hazard("medium", "critical", crewman(), "secure", rng)
    assert rng.asked == [(1, 20), (1, 20), (1, 4), (1, 8)]
    assert outcome.feat_ability == "personality"
    assert (outcome.feat_score, outcome.feat_step) == (10, 1)
    assert (outcome.feat_control, outcome.feat_situation, outcome.feat_total) == (9, (3,), 12)
    assert outcome.degree == "failure"
    assert outcome.injury == "1d8w"
    assert outcome.injury_dice == (6,)
    assert outcome.damage is not None
    assert outcome.damage.after == {"stun": 3, "wound": 6, "mortal": 0}
    assert outcome.state == "ok"


def test_vulnerable_critical_failure_can_kill() -> None:
    # natural 20 on the feat: Critical Failure; vulnerable: 1d8m, rolled 8 on a CON 10 hero.
    outcome = roll_hazard("small", "stun", crewman(), "vulnerable", Scripted([4, 20, 1, 8]))
    assert outcome.degree == "critical_failure"
    assert outcome.injury == "1d8m"
    assert outcome.damage is not None
    assert outcome.damage.after == {"stun": 4, "wound": 4, "mortal": 5}
    assert outcome.state_before == "ok"
    assert outcome.state == "dead"


def test_amazing_feat_escapes_unhurt() -> None:
    # Personality 12: Amazing at total <= 3.
    rng = Scripted([1, 1, 1])
    outcome = roll_hazard("small", "critical", crewman(personality=12), "vulnerable", rng)
    assert outcome.degree == "amazing"
    assert outcome.injury is None
    assert outcome.damage is None
    assert rng.rolls == []


def test_good_feat_hurts_only_the_vulnerable() -> None:
    # Personality 12: Good at total <= 6. d20 4 + d4 1 = 5.
    secure = roll_hazard("small", "wound", crewman(personality=12), "secure", Scripted([1, 4, 1]))
    assert secure.degree == "good"
    assert secure.damage is None
    vulnerable = roll_hazard(
        "small", "wound", crewman(personality=12), "vulnerable", Scripted([1, 4, 1, 3])
    )
    assert vulnerable.injury == "1d4s"
    assert vulnerable.damage is not None
    assert vulnerable.damage.after == {"stun": 3, "wound": 0, "mortal": 0}


def test_existing_damage_is_carried_and_applied_to_the_character() -> None:
    hurt = crewman(damage={"wound": 8})
    outcome = roll_hazard("medium", "critical", hurt, "secure", Scripted([2, 9, 3, 6]))
    assert outcome.damage is not None
    assert outcome.damage.after == {"stun": 3, "wound": 10, "mortal": 2}
    assert outcome.state == "dying"
    after = outcome.apply_to(hurt)
    assert after.damage == {"stun": 3, "wound": 10, "mortal": 2}
    assert after.state == "dying"
    assert hurt.damage == {"stun": 0, "wound": 8, "mortal": 0}


def test_outcome_round_trips_and_is_json_friendly() -> None:
    outcome = roll_hazard("medium", "critical", crewman(), "secure", Scripted([2, 9, 3, 6]))
    data = outcome.to_dict()
    assert HazardOutcome.from_dict(json.loads(json.dumps(data))) == outcome
    safe = roll_hazard("medium", "critical", crewman(), "secure", Scripted([20]))
    assert HazardOutcome.from_dict(json.loads(json.dumps(safe.to_dict()))) == safe


def test_describe_shows_every_die() -> None:
    outcome = roll_hazard("medium", "critical", crewman(), "secure", Scripted([2, 9, 3, 6]))
    text = outcome.describe()
    for part in ("d20 2 vs 6", "d20 9 +3 = 12", "failure", "1d8w [6]"):
        assert part in text


def test_same_seed_same_outcome() -> None:
    a = roll_hazard("small", "critical", crewman(), "vulnerable", random.Random(42))
    b = roll_hazard("small", "critical", crewman(), "vulnerable", random.Random(42))
    assert a == b


def test_roll_hazards_for_a_hit_uses_the_most_severe_track_and_skips_the_away() -> None:
    people = [
        character_from_dict(
            {"id": i, "name": i, "kind": "npc", "abilities": {"constitution": 9, "personality": 9}}
        )
        for i in ("a", "b", "c", "d")
    ]
    dead = people[3].with_damage({"mortal": 5}, False)
    assignments = [
        Assignment("a", "css-kestrel", "bridge", "secure"),
        Assignment("b", "css-kestrel", "away", "vulnerable"),
        Assignment("c", "css-kestrel", "brig", "vulnerable"),
        Assignment("d", "css-kestrel", "sensors", "secure"),
    ]
    outcomes = roll_hazards(
        "css-kestrel",
        "light",
        ["stun", "critical"],
        [*people[:3], dead],
        assignments,
        Scripted([20, 19]),
    )
    assert [o.character_id for o in outcomes] == ["a", "c"]
    assert {o.track for o in outcomes} == {"critical"}
    assert [o.posture for o in outcomes] == ["secure", "vulnerable"]


# -- Table 3-3 and bail-out -----------------------------------------------------------------

TABLE_3_3 = {
    "small": (None, 1, 1),
    "light": ("1d4", 1, 4),
    "medium": ("1d6+1", 2, 7),
    "heavy": ("2d6", 2, 12),
    "super-heavy": ("3d6", 3, 18),
}


@pytest.mark.parametrize(("ship_class", "row"), list(TABLE_3_3.items()))
def test_table_3_3_every_cell(ship_class: str, row: tuple[str | None, int, int]) -> None:
    notation, low, high = row
    lowest = roll_bailout_time(ship_class, Scripted([1, 1, 1]))
    assert lowest.notation == notation
    assert lowest.rounds == low
    highest = roll_bailout_time(ship_class, Scripted([4, 6, 6] if notation == "1d4" else [6] * 3))
    assert highest.rounds == high
    rng = random.Random(7)
    for _ in range(200):
        assert low <= roll_bailout_time(ship_class, rng).rounds <= high


def test_bailout_time_keeps_its_dice() -> None:
    time = roll_bailout_time("medium", Scripted([4]))
    assert (time.rounds, time.dice) == (5, (4,))
    assert "1d6+1 [4] = 5" in time.describe()


@pytest.mark.parametrize(
    ("ship_class", "percent"),
    [("small", 100), ("light", 20), ("medium", 20), ("heavy", 10), ("super-heavy", 10)],
)
def test_share_clear_each_round_by_class(ship_class: str, percent: int) -> None:
    bailout = start_bailout(ship_class, 100, random.Random(1))
    assert bailout.clear_percent == percent


def test_trapped_share_is_rolled_between_10_and_20_percent() -> None:
    rng = random.Random(3)
    percents = {start_bailout("heavy", 200, rng).trapped_percent for _ in range(300)}
    assert min(percents) == 10
    assert max(percents) == 20


def test_trapped_share_may_be_chosen_by_the_gm() -> None:
    bailout = start_bailout("medium", 240, Scripted([3]), trapped_percent=15)
    assert (bailout.trapped_percent, bailout.trapped, bailout.trapped_dice) == (15, 36, ())
    for bad in (9, 21):
        with pytest.raises(RulesError, match="10 to 20"):
            start_bailout("medium", 240, Scripted([3]), trapped_percent=bad)


def test_medium_ship_round_by_round() -> None:
    # 100 survivors, 15% trapped, 20% clear each round; time 1d6+1 rolled 6 -> 7 rounds after
    # the round of the order: 8 rounds counting it (RULES.md section 5, third reading).
    bailout = start_bailout("medium", 100, Scripted([6]), trapped_percent=15)
    rounds = bailout_rounds(bailout)
    assert (bailout.time.rounds, bailout.rounds) == (7, 8)
    assert [r.cleared for r in rounds] == [20, 20, 20, 20, 5, 0, 0, 0]
    assert rounds[3].still_leaving == 5
    assert rounds[4].complete
    assert all(r.trapped == 15 for r in rounds)


def test_short_bailout_time_clears_the_rest_in_the_last_round() -> None:
    # Heavy ship, 2d6 rolled 1+1 = 2 rounds after the order's: 10% in each of the order's
    # round and the next, everyone able by the end of the second full round after the order.
    bailout = start_bailout("heavy", 300, Scripted([1, 1]), trapped_percent=10)
    rounds = bailout_rounds(bailout)
    assert [r.cleared for r in rounds] == [30, 30, 210]
    assert rounds[-1].complete and not rounds[-2].complete


def test_a_bailout_time_of_n_rounds_ends_with_the_nth_full_round_after_the_order() -> None:
    # RULES.md section 5 (third reading): a light ship that rolls 1 is clear at the end of
    # the round after the order, not in the same round as a small ship; a medium ship that
    # rolls 3 (1d6+1 with a 2) at the end of the third round after the order.
    light = start_bailout("light", 50, Scripted([1]), trapped_percent=10)
    assert not bailout_round(light, 1).complete
    assert bailout_round(light, 2).complete and light.rounds == 2
    medium = start_bailout("medium", 100, Scripted([2]), trapped_percent=10)
    assert medium.time.rounds == 3
    assert [bailout_round(medium, r).complete for r in (1, 2, 3, 4)] == [
        False,
        False,
        False,
        True,
    ]
    small = start_bailout("small", 10, Scripted([]), trapped_percent=10)
    assert small.rounds == 1 and bailout_round(small, 1).complete


def test_small_ship_clears_the_same_round() -> None:
    bailout = start_bailout("small", 10, Scripted([]), trapped_percent=20)
    assert bailout.rounds == 1
    assert bailout.time.notation is None
    assert bailout_round(bailout, 1).cleared == 8
    assert bailout_round(bailout, 1).complete


@pytest.mark.parametrize("survivors", [0, 1, 7, 13, 99, 1234])
def test_rounds_add_up_to_everyone_who_can_leave(survivors: int) -> None:
    for ship_class in TABLE_3_3:
        bailout = start_bailout(ship_class, survivors, random.Random(survivors))
        rounds = bailout_rounds(bailout)
        assert sum(r.cleared for r in rounds) == bailout.can_leave
        assert rounds[-1].still_leaving == 0
        assert bailout.trapped + bailout.can_leave == survivors


def test_bailout_round_after_the_end_and_bad_rounds() -> None:
    bailout = start_bailout("light", 50, Scripted([2]), trapped_percent=10)
    assert bailout_round(bailout, 5).cleared == 0
    with pytest.raises(RulesError):
        bailout_round(bailout, 0)
    with pytest.raises(RulesError):
        start_bailout("light", -1, Scripted([2]))


def test_bailout_round_trips() -> None:
    bailout = start_bailout("super-heavy", 900, random.Random(5))
    assert Bailout.from_dict(json.loads(json.dumps(bailout.to_dict()))) == bailout


def test_survivors_aboard_excludes_the_dead_and_the_away() -> None:
    alive = crewman()
    dead = character_from_dict(
        {
            "id": "gone",
            "name": "Gone",
            "kind": "npc",
            "abilities": {"constitution": 10, "personality": 10},
            "damage": {"mortal": 5},
        }
    )
    away = character_from_dict(
        {
            "id": "off",
            "name": "Off",
            "kind": "npc",
            "abilities": {"constitution": 10, "personality": 9},
        }
    )
    assignments = [
        Assignment("pell", "s", "bridge", "secure"),
        Assignment("gone", "s", "repair", "vulnerable"),
        Assignment("off", "s", "away", "vulnerable"),
    ]
    assert survivors_aboard([alive, dead, away], assignments, "s") == (alive,)
