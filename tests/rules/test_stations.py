"""Battle stations: the table, assignments, and the score each station rolls this round."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.rules.characters import Character, character_from_dict
from gmtool.rules.checks import Degree, checks_table
from gmtool.rules.errors import RulesError
from gmtool.rules.stations import (
    Assignment,
    aboard,
    assign,
    leadership_bonus,
    move,
    set_posture,
    station_board,
    station_ids,
    station_table,
    unassign,
)

SHIP = "css-resolute"
CREW = 12  # a trained crew


def person(char_id: str, skills: dict[str, int], **extra: Any) -> Character:
    data: dict[str, Any] = {
        "id": char_id,
        "name": char_id.title(),
        "kind": "npc",
        "abilities": {"constitution": 10, "personality": 10, "will": 10, "intelligence": 10},
        "skills": skills,
    }
    data.update(extra)
    return character_from_dict(data)


def at(char_id: str, place: str, **extra: Any) -> Assignment:
    return Assignment(char_id, SHIP, place, extra.pop("posture", "secure"), **extra)


# -- the table ------------------------------------------------------------------------------


def test_the_twelve_stations_of_the_rules_in_order() -> None:
    assert station_ids() == (
        "command",
        "bridge",
        "combat_information",
        "computers",
        "communications",
        "sensors",
        "weapons_and_defenses",
        "engineering",
        "repair",
        "internal_security",
        "flight",
        "boarding_party",
    )


@pytest.mark.parametrize(
    ("station", "roll", "skill"),
    [
        ("command", "edge", "tactics-space_combat"),
        ("bridge", "maneuver", "vehicle_operation-spacecraft"),
        ("sensors", "sensor", "system_operation-sensors"),
        ("weapons_and_defenses", "attack", "system_operation-weapons"),
        ("engineering", "power", "system_operation-engineering"),
        ("repair", "repair", "technical_science-repair"),
        ("repair", "repair", "technical_science-juryrig"),
        ("communications", "communications", "system_operation-communications"),
    ],
)
def test_station_rolls_and_hands_on_skills(station: str, roll: str, skill: str) -> None:
    row = station_table().stations[station]
    assert row.roll == roll
    assert skill in row.hands_on
    assert row.description


@pytest.mark.parametrize("station", ["internal_security", "boarding_party"])
def test_boarding_stations_are_led_with_tactics_or_leadership_command(station: str) -> None:
    row = station_table().stations[station]
    assert row.lead == ("tactics-infantry_combat", "leadership-command")
    assert row.lead_effect == "boarding_lead"


@pytest.mark.parametrize(
    ("degree", "bonus"),
    [
        (Degree.AMAZING, -3),
        (Degree.GOOD, -2),
        (Degree.ORDINARY, -1),
        (Degree.FAILURE, 0),
        (Degree.CRITICAL_FAILURE, 0),
    ],
)
def test_leadership_bonus_by_degree(degree: Degree, bonus: int) -> None:
    assert leadership_bonus(degree) == bonus
    assert leadership_bonus(degree, "boarding_party") == bonus


def test_power_effect_numbers() -> None:
    effect = station_table().effects["power"]
    assert effect.by_degree == {"ordinary": 10, "good": 20, "amazing": 30}


# -- the board: score at a station ----------------------------------------------------------


def test_empty_ship_rolls_the_crew_score_at_base_crew_step() -> None:
    board = station_board(SHIP, CREW, [], [])
    crew_step = checks_table().base_step["crew"]
    for station in ("command", "bridge", "sensors", "weapons_and_defenses", "repair"):
        line = board.line(station)
        assert (line.score, line.step) == (CREW, crew_step)
        assert line.rolls[0].roller is None
        assert line.rolls[0].basis == "crew"


def test_stations_without_a_crew_roll_show_none() -> None:
    board = station_board(SHIP, CREW, [], [])
    assert board.line("engineering").score is None  # only a character boosts power
    assert board.line("combat_information").score is None  # no roll of its own
    assert board.line("combat_information").rolls == ()


def test_specialty_replaces_the_crew_check_at_step_zero() -> None:
    pilot = person("vek", {"vehicle_operation": 12, "vehicle_operation-spacecraft": 17})
    board = station_board(SHIP, CREW, [pilot], [at("vek", "bridge")])
    line = board.line("bridge")
    assert (line.score, line.step) == (17, 0)
    assert line.rolls == (line.rolls[0],)
    assert line.rolls[0].roller == "vek"
    assert line.rolls[0].skill == "vehicle_operation-spacecraft"
    assert line.occupants[0].task == "hands_on"


def test_broad_skill_only_is_rolled_at_plus_one() -> None:
    pilot = person("vek", {"vehicle_operation": 13})
    line = station_board(SHIP, CREW, [pilot], [at("vek", "bridge")]).line("bridge")
    assert (line.score, line.step) == (13, 1)
    assert line.rolls[0].basis == "broad"


def test_character_without_the_skill_leaves_the_roll_to_the_crew() -> None:
    cook = person("cook", {})
    line = station_board(SHIP, CREW, [cook], [at("cook", "sensors")]).line("sensors")
    assert (line.score, line.step) == (CREW, 0)
    assert line.rolls[0].roller is None
    assert line.occupants[0].task == "standing_by"
    assert "crew" in line.occupants[0].note or "skill" in line.occupants[0].note


def test_untrained_character_does_not_replace_the_crew() -> None:
    # Will 10 gives an untrained Tactics of 5: the crew's 12 is rolled instead.
    cook = person("cook", {})
    board = station_board(SHIP, CREW, [cook], [at("cook", "command", task="hands_on")])
    assert board.line("command").score == CREW
    assert board.occupant("cook") is not None
    assert board.occupant("cook").task == "standing_by"  # type: ignore[union-attr]


def test_crew_score_comes_from_the_caller() -> None:
    assert station_board(SHIP, 16, [], []).line("sensors").score == 16


@pytest.mark.parametrize("score", [0, 31])
def test_crew_score_out_of_range_is_refused(score: int) -> None:
    with pytest.raises(RulesError, match="1 to 30"):
        station_board(SHIP, score, [], [])


def test_engineering_power_needs_a_character() -> None:
    chief = person("rusk", {"system_operation": 13, "system_operation-engineering": 16})
    line = station_board(SHIP, CREW, [chief], [at("rusk", "engineering")]).line("engineering")
    assert (line.score, line.step) == (16, 0)
    assert line.roll == "power"


# -- the board: leading ---------------------------------------------------------------------


def test_leader_without_hands_on_skill_leads_the_crew_roll() -> None:
    officer = person("ada", {"leadership": 10, "leadership-command": 14})
    line = station_board(SHIP, CREW, [officer], [at("ada", "sensors")]).line("sensors")
    assert line.rolls[0].roller is None
    assert line.rolls[0].led_by == "ada"
    assert line.leader is not None
    assert (line.leader.task, line.leader.score, line.leader.step) == ("leading", 14, 0)


def test_leading_asked_for_even_with_the_skill() -> None:
    gunner = person("tam", {"system_operation-weapons": 15, "leadership": 11})
    board = station_board(SHIP, CREW, [gunner], [at("tam", "weapons_and_defenses", task="leading")])
    line = board.line("weapons_and_defenses")
    assert [r.roller for r in line.rolls] == [None]
    assert line.rolls[0].led_by == "tam"
    assert line.leader is not None
    assert (line.leader.score, line.leader.step) == (11, 1)  # broad Leadership at +1


def test_captain_at_command_may_lead_the_bridge_team() -> None:
    captain = person("cal", {"tactics-space_combat": 15, "leadership-command": 16})
    board = station_board(
        SHIP, CREW, [captain], [at("cal", "command", task="leading", leads="bridge")]
    )
    assert board.line("bridge").rolls[0].led_by == "cal"
    assert board.line("bridge").leader is not None
    assert board.line("bridge").leader.station_id == "command"  # type: ignore[union-attr]
    # ... and then she does not take the edge roll herself: one roll per round.
    assert board.line("command").rolls[0].roller is None
    assert board.line("command").occupants[0].target == "bridge"


def test_leader_helps_the_one_hands_on_roll_at_a_single_roll_station() -> None:
    pilot = person("vek", {"vehicle_operation-spacecraft": 17})
    captain = person("cal", {"leadership-command": 16})
    board = station_board(
        SHIP,
        CREW,
        [pilot, captain],
        [at("vek", "bridge"), at("cal", "command", leads="bridge")],
    )
    line = board.line("bridge")
    assert len(line.rolls) == 1
    assert line.rolls[0].roller == "vek"
    assert line.rolls[0].led_by == "cal"


def test_two_leaders_do_not_stack() -> None:
    a = person("ada", {"leadership-command": 12})
    b = person("bo", {"leadership-command": 15})
    board = station_board(SHIP, CREW, [a, b], [at("ada", "sensors"), at("bo", "sensors")])
    line = board.line("sensors")
    assert line.rolls[0].led_by == "bo"
    assert board.occupant("ada").task == "standing_by"  # type: ignore[union-attr]
    assert "Bo" in board.occupant("ada").note  # type: ignore[union-attr]


# -- the board: one station, one roll per round ----------------------------------------------


def test_one_roll_per_station_best_pilot_flies_the_other_leads() -> None:
    ace = person("ace", {"vehicle_operation-spacecraft": 18})
    rook = person("rook", {"vehicle_operation-spacecraft": 13, "leadership": 12})
    board = station_board(SHIP, CREW, [rook, ace], [at("rook", "bridge"), at("ace", "bridge")])
    line = board.line("bridge")
    assert [r.roller for r in line.rolls] == ["ace"]
    assert board.occupant("rook").task == "leading"  # type: ignore[union-attr]
    assert line.rolls[0].led_by == "rook"


def test_second_pilot_without_leadership_stands_by() -> None:
    ace = person("ace", {"vehicle_operation-spacecraft": 18})
    rook = person("rook", {"vehicle_operation-spacecraft": 13})
    board = station_board(SHIP, CREW, [rook, ace], [at("rook", "bridge"), at("ace", "bridge")])
    assert board.occupant("rook").task == "standing_by"  # type: ignore[union-attr]
    assert board.line("bridge").score == 18


def test_weapon_mounts_take_one_roll_per_gunner_plus_the_crew() -> None:
    a = person("a", {"system_operation-weapons": 15})
    b = person("b", {"system_operation": 11})
    board = station_board(
        SHIP,
        CREW,
        [a, b],
        [at("a", "weapons_and_defenses"), at("b", "weapons_and_defenses")],
    )
    rolls = board.line("weapons_and_defenses").rolls
    assert [(r.roller, r.score, r.step) for r in rolls] == [
        ("a", 15, 0),
        ("b", 11, 1),
        (None, CREW, 0),
    ]


def test_knocked_out_character_is_out_of_action_and_the_crew_rolls() -> None:
    pilot = person("vek", {"vehicle_operation-spacecraft": 17}, damage={"stun": 10})
    board = station_board(SHIP, CREW, [pilot], [at("vek", "bridge")])
    assert board.line("bridge").score == CREW
    occupant = board.occupant("vek")
    assert occupant is not None
    assert occupant.task == "out_of_action"
    assert occupant.note == "knocked out"


def test_boarding_party_leader_uses_tactics_infantry_combat() -> None:
    sergeant = person("bram", {"tactics-infantry_combat": 15, "leadership": 10})
    line = station_board(SHIP, CREW, [sergeant], [at("bram", "boarding_party")]).line(
        "boarding_party"
    )
    assert line.leader is not None
    assert (line.leader.skill, line.leader.score) == ("tactics-infantry_combat", 15)
    assert line.rolls[0].roller is None  # the troops make the boarding check


def test_board_lists_off_station_characters_and_other_ships_apart() -> None:
    assignments = [
        at("a", "brig"),
        Assignment("b", "css-kestrel", "bridge", "secure"),
    ]
    people = [person("a", {}), person("b", {"vehicle_operation-spacecraft": 15})]
    board = station_board(SHIP, CREW, people, assignments)
    assert [a.character_id for a in board.off_station] == ["a"]
    assert board.line("bridge").score == CREW  # b is on another ship


def test_board_refuses_an_unknown_character() -> None:
    with pytest.raises(RulesError, match="unknown character"):
        station_board(SHIP, CREW, [], [at("ghost", "bridge")])


# -- assigning ------------------------------------------------------------------------------

KNOWN = ["ada", "bo", "cy"]


def test_assign_adds_with_default_postures() -> None:
    result = assign((), "ada", SHIP, "bridge", characters=KNOWN)
    result = assign(result, "bo", SHIP, "brig", characters=KNOWN)
    assert result == (
        Assignment("ada", SHIP, "bridge", "secure"),
        Assignment("bo", SHIP, "brig", "vulnerable"),
    )


def test_assign_keeps_an_explicit_posture() -> None:
    result = assign((), "ada", SHIP, "repair", "vulnerable", characters=KNOWN)
    assert result[0].posture == "vulnerable"


def test_a_character_is_at_one_station_at_most() -> None:
    first = assign((), "ada", SHIP, "bridge", characters=KNOWN)
    with pytest.raises(RulesError, match="one station at most"):
        assign(first, "ada", SHIP, "sensors", characters=KNOWN)
    with pytest.raises(RulesError, match="already at Bridge on css-resolute"):
        assign(first, "ada", "css-kestrel", "bridge", characters=KNOWN)
    assert first == (Assignment("ada", SHIP, "bridge", "secure"),)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"character_id": "dee"}, "unknown character 'dee'"),
        ({"station_id": "brige"}, "did you mean 'bridge'"),
        ({"station_id": "galley"}, "unknown station 'galley'"),
        ({"posture": "prone"}, "unknown posture"),
        ({"task": "napping"}, "unknown task"),
        ({"ship_id": "css-kestral"}, "did you mean 'css-kestrel'"),
        ({"station_id": "engineering", "task": "leading"}, "no roll a leader can help"),
        ({"station_id": "internal_security", "task": "hands_on"}, "no hands-on roll"),
        ({"station_id": "bridge", "leads": "sensors"}, "can lead only its own team"),
        ({"station_id": "combat_information", "leads": "bridge"}, "not Bridge"),
        ({"station_id": "sickbay", "task": "leading"}, "only a character at a station"),
        ({"station_id": "command", "leads": "engineering"}, "no roll a leader can help"),
    ],
)
def test_bad_assignment_is_refused_and_nothing_changes(
    kwargs: dict[str, Any], message: str
) -> None:
    before = (Assignment("bo", SHIP, "sensors", "secure"),)
    args: dict[str, Any] = {"character_id": "ada", "ship_id": SHIP, "station_id": "bridge"}
    args.update(kwargs)
    with pytest.raises(RulesError, match=message):
        assign(
            before,
            args.pop("character_id"),
            args.pop("ship_id"),
            args.pop("station_id"),
            args.pop("posture", None),
            characters=KNOWN,
            ships=["css-resolute", "css-kestrel"],
            **args,
        )
    assert before == (Assignment("bo", SHIP, "sensors", "secure"),)


def test_leading_from_combat_information() -> None:
    result = assign(
        (), "ada", SHIP, "combat_information", task="leading", leads="sensors", characters=KNOWN
    )
    assert result[0].leads == "sensors"


def test_move_replaces_in_place() -> None:
    start = (at("ada", "bridge"), at("bo", "sensors"))
    moved = move(start, "ada", SHIP, "sickbay", characters=KNOWN)
    assert moved == (at("ada", "sickbay", posture="vulnerable"), at("bo", "sensors"))


def test_unassign_and_set_posture() -> None:
    start = (at("ada", "bridge"), at("bo", "sensors"))
    assert unassign(start, "ada") == (at("bo", "sensors"),)
    assert set_posture(start, "bo", "vulnerable")[1].posture == "vulnerable"
    with pytest.raises(RulesError):
        unassign(start, "cy")
    with pytest.raises(RulesError, match="posture"):
        set_posture(start, "bo", "lying down")


def test_aboard_leaves_out_characters_away_and_on_other_ships() -> None:
    assignments = (
        at("ada", "bridge"),
        at("bo", "away"),
        at("cy", "sickbay"),
        Assignment("dee", "css-kestrel", "bridge", "secure"),
    )
    assert [a.character_id for a in aboard(assignments, SHIP)] == ["ada", "cy"]


def test_assignment_round_trips() -> None:
    assignment = Assignment("ada", SHIP, "command", "secure", "leading", "repair")
    assert Assignment.from_dict(assignment.to_dict()) == assignment
    assert assignment.station_id == "command"
    assert at("ada", "brig").station_id is None
