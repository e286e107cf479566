"""RULES.md section 5: the default posture by station, used when the GM gives none."""

from __future__ import annotations

import pytest

from gmtool.rules.errors import RulesError
from gmtool.rules.hazards import default_posture
from gmtool.rules.stations import assign, read_assignments
from gmtool.rules.tables import parse_yaml

# Typed out from RULES.md section 5, not from the tables.
SECURE = [
    "command",
    "bridge",
    "combat_information",
    "computers",
    "communications",
    "sensors",
    "weapons_and_defenses",
    "engineering",
]
VULNERABLE = ["repair", "internal_security", "flight", "boarding_party"]


@pytest.mark.parametrize("station_id", SECURE)
def test_secure_at_the_consoles(station_id: str) -> None:
    assert default_posture(station_id) == "secure"


@pytest.mark.parametrize("station_id", VULNERABLE)
def test_vulnerable_where_the_work_moves_about_the_ship(station_id: str) -> None:
    assert default_posture(station_id) == "vulnerable"


@pytest.mark.parametrize("place", [None, "brig", "sickbay"])
def test_anyone_aboard_at_no_station_is_vulnerable(place: str | None) -> None:
    assert default_posture(place) == "vulnerable"


def test_an_unknown_station_is_refused_by_name() -> None:
    with pytest.raises(RulesError, match=r"unknown station 'bridgee'.*did you mean 'bridge'"):
        default_posture("bridgee")


def test_assigning_without_a_posture_uses_the_stations_default() -> None:
    known = ["ada", "bo"]
    result = assign((), "ada", "css-resolute", "repair", characters=known)
    result = assign(result, "bo", "css-resolute", "sensors", characters=known)
    assert [a.posture for a in result] == ["vulnerable", "secure"]
    assert assign((), "ada", "css-resolute", "repair", "secure", characters=known)[0].posture == (
        "secure"
    )  # the GM can always say otherwise


def test_a_party_file_without_postures_gets_the_stations_defaults() -> None:
    text = (
        "- {character: ada, ship: css-resolute, station: boarding_party}\n"
        "- {character: bo, ship: css-resolute, station: weapons_and_defenses}\n"
    )
    found = read_assignments(parse_yaml(text, "party.yaml"), ["ada", "bo"])
    assert [a.posture for a in found] == ["vulnerable", "secure"]
