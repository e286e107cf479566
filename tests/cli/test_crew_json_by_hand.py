"""`gmtool crew --json` for a light and a heavy demo ship, post by post, worked by hand from
RULES.md section 2 (the second-pass readings: class number, the computer core's comp techs,
petty officers per tech, the chaplain on a flagship). The numbers here are typed out from the
rules, not from tables/crew.yaml."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gmtool.cli import main

DEMO_SHIPS = Path(__file__).resolve().parents[2] / "campaigns" / "demo" / "ships"

# CSS Kestrel: light (class number 2), 120 hull points, carries fuel; ftl 12 hp, 2 engines
# 8 hp, a power plant 10 hp, life support, recycler, sensor, comm, computer core, cargo bay,
# 2 beams 4 hp, a missile rack, a defense, a 2-bed sick bay.
KESTREL = {
    "deck": {
        "deckhands": 3,  # ceil(120/40)
        "cargo_handlers": 1,  # one bay
        "bosuns_mates": 1,  # ceil(4/5)
        "ships_bosun": 1,
        "deck_officers": 1,
        "first_lieutenant": 1,
    },
    "engineering": {
        "drive_techs": 3,  # ceil(12/5)
        "engine_techs": 4,  # ceil(16/10) + 2
        "power_techs": 2,  # ceil(10/10) + 1
        "support_techs": 1,
        "cold_techs": 0,
        "eco_techs": 1,
        "engine_mates": 3,  # ceil(11/5)
        "fuel_king": 1,
        "engineering_officers": 1,
        "chief_engineer": 1,
    },
    "navigation": {
        "quartermasters": 4,  # 2 + 2
        "helm_operators": 3,  # 1 + 2
        "navigation_petty_officers": 2,  # ceil(7/4)
        "navigator": 1,
    },
    "operations": {
        "electronics_techs": 2,  # sensor + comm
        "comp_techs": 3,  # the core's team: 1 + 2
        "op_specialists": 5,  # 1 sensor + 3 weapon mounts + 1 defense
        "intelligence_specialists": 0,
        "operations_petty_officers": 2,  # ceil((2 + 3) / 3): techs only
        "operations_officers": 1,
        "operations_officer": 1,
        "psi_officers": 0,
    },
    "auxiliary": {
        "repair_techs": 3,
        "machinists": 0,
        "auxiliary_petty_officers": 1,
        "damage_control_officer": 1,
    },
    "weapons": {
        "gunners": 6,  # 2 x 2 + ceil(8/5)
        "missile_techs": 2,
        "torpedomen": 0,
        "weapons_petty_officers": 2,  # ceil(8/4)
        "weapon_officers": 1,
        "chief_weapons_officer": 1,
    },
    # basic crew 66, basic officers 10
    "medical": {"med_techs": 2, "medical_petty_officers": 1, "surgeons": 0, "ships_doctor": 1},
    "service": {
        "mess_hands": 4,  # ceil(66/20)
        "mess_stewards": 4,  # ceil(10/3)
        "service_petty_officers": 2,
        "mess_chief": 1,
    },
    "supply": {"storeskeepers": 4, "supply_petty_officers": 1, "supply_officer": 1},
    "administration": {
        "yeomen": 2,
        "security_specialists": 2,
        "administration_petty_officers": 1,
        "administration_officers": 1,
        "chief_master_at_arms": 1,
        "admin_officer": 1,
    },
    "command": {
        "command_master_chief": 1,
        "executive_officer": 1,
        "political_officer": 0,
        "captain": 1,
    },
}

# CSS Tenacity: heavy (class number 4) flagship, 1,200 hull points; systems as in its spec.
TENACITY = {
    "deck": {
        "deckhands": 30,
        "cargo_handlers": 1,  # the autocargo works the 2 holds (RULES.md 2, third reading)
        "bosuns_mates": 7,  # ceil(31/5)
        "ships_bosun": 1,
        "deck_officers": 3,
        "first_lieutenant": 1,
    },
    "engineering": {
        "drive_techs": 24,  # ceil(120/5)
        "engine_techs": 24,  # ceil(200/10) + 4
        "power_techs": 15,  # ceil(120/10) + 3
        "support_techs": 4,
        "cold_techs": 3,  # ceil(6/2)
        "eco_techs": 4,
        "engine_mates": 15,  # ceil(74/5)
        "fuel_king": 1,
        "engineering_officers": 5,
        "chief_engineer": 1,
    },
    "navigation": {
        "quartermasters": 6,  # 2 + 4
        "helm_operators": 5,  # 1 + 4
        "navigation_petty_officers": 3,  # ceil(11/4)
        "navigator": 1,
    },
    "operations": {
        "electronics_techs": 6,  # 3 sensors + 3 comms
        "comp_techs": 7,  # core 1 + 4, two dedicated computers
        "op_specialists": 19,  # 3 sensors + 11 weapon mounts + 5 defenses
        "intelligence_specialists": 4,
        "operations_petty_officers": 5,  # ceil(13/3)
        "operations_officers": 2,
        "operations_officer": 1,
        "psi_officers": 2,
    },
    "auxiliary": {
        "repair_techs": 30,
        "machinists": 8,
        "auxiliary_petty_officers": 10,  # ceil(38/4)
        "damage_control_officer": 1,
    },
    "weapons": {
        "gunners": 36,  # 2 x 8 mounts + ceil(96/5)
        "missile_techs": 4,  # one cell array
        "torpedomen": 14,  # 4 x 2 + ceil(30/5)
        "weapons_petty_officers": 14,  # ceil(54/4)
        "weapon_officers": 5,
        "chief_weapons_officer": 1,
    },
    "flight": {
        "flight_crews": 24,
        "aviation_techs": 36,
        "aviation_storekeepers": 12,
        "flight_deckhands": 6,
        "flight_ops_specialists": 3,
        "aviation_weaponeers": 12,
        "flight_petty_officers": 18,  # ceil(69/4)
        "flight_officers": 5,
        "flight_officer": 1,
        "strike_officer": 1,
        "wing_commander": 1,
    },
    "science": {"science_technicians": 8, "science_officers": 2, "chief_science_officer": 1},
    "troops": {"marines": 60, "sergeants": 15, "troop_officers": 4, "troop_commander": 1},
    # basic crew 533, basic officers 39
    "medical": {
        "med_techs": 11,  # max(ceil(533/50), ceil(20 beds / 2))
        "medical_petty_officers": 4,
        "surgeons": 0,
        "ships_doctor": 1,
    },
    "service": {
        "mess_hands": 27,
        "mess_stewards": 19,  # ceil(39/3) + 6 passengers
        "service_petty_officers": 10,
        "mess_chief": 1,
    },
    "supply": {"storeskeepers": 27, "supply_petty_officers": 6, "supply_officer": 1},
    "administration": {
        "yeomen": 14,
        "security_specialists": 14,
        "administration_petty_officers": 7,
        "administration_officers": 3,
        "chief_master_at_arms": 1,
        "admin_officer": 1,
    },
    "flag": {
        "flag_petty_officers": 20,
        "flag_officers": 10,
        "chaplain": 1,
        "flag_lieutenant": 1,
        "intelligence_officer": 1,
        "admiral": 1,
    },
    "command": {
        "command_master_chief": 1,
        "executive_officer": 1,
        "political_officer": 0,
        "captain": 1,
    },
}


@pytest.mark.parametrize(
    ("ship", "posts", "totals"),
    [
        ("kestrel", KESTREL, (66, 10, 32, 98)),
        ("tenacity", TENACITY, (533, 39, 184, 717)),
    ],
)
def test_crew_json_post_by_post(
    capsys: pytest.CaptureFixture[str],
    ship: str,
    posts: dict[str, dict[str, int]],
    totals: tuple[int, int, int, int],
) -> None:
    assert main(["crew", str(DEMO_SHIPS / f"{ship}.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    got = {d["id"]: {p["id"]: p["count"] for p in d["posts"]} for d in data["departments"]}
    assert got == posts
    assert [d["total"] for d in data["departments"]] == [sum(p.values()) for p in posts.values()]
    keys = ("basic_crew", "basic_officers", "support_crew", "total_crew")
    assert tuple(data[k] for k in keys) == totals


# CSS Picket, a spec of our own: medium (class number 3), 200 hull points, no fuel; an engine
# 10 hp, a power plant 10 hp, life support, a sensor, a comm, a beam 5 hp, and two dedicated
# computers but no computer core.
PICKET_SPEC = """\
name: CSS Picket
class: medium
hull_points: 200
systems:
  - {type: engine, hp: 10}
  - {type: power_plant, hp: 10}
  - {type: life_support}
  - {type: sensor}
  - {type: comm}
  - {type: beam, hp: 5, firepower: medium, arc: forward}
  - {type: dedicated_computer, count: 2}
"""

PICKET = {
    "deck": {
        "deckhands": 5,  # ceil(200/40)
        "cargo_handlers": 0,
        "bosuns_mates": 1,  # ceil(5/5)
        "ships_bosun": 1,
        "deck_officers": 1,
        "first_lieutenant": 1,
    },
    "engineering": {
        "drive_techs": 0,  # no FTL drive
        "engine_techs": 2,  # ceil(10/10) + 1
        "power_techs": 2,  # ceil(10/10) + 1
        "support_techs": 1,
        "cold_techs": 0,
        "eco_techs": 0,
        "engine_mates": 1,  # ceil(5/5)
        "fuel_king": 0,  # carries no fuel
        "engineering_officers": 1,
        "chief_engineer": 1,
    },
    "navigation": {
        "quartermasters": 5,  # 2 + 3
        "helm_operators": 4,  # 1 + 3
        "navigation_petty_officers": 3,  # ceil(9/4)
        "navigator": 1,
    },
    "operations": {
        "electronics_techs": 2,  # sensor + comm
        "comp_techs": 2,  # no core, so no core team: the two dedicated computers only
        "op_specialists": 2,  # 1 sensor + 1 weapon mount
        "intelligence_specialists": 2,  # medium
        "operations_petty_officers": 2,  # ceil((2 + 2) / 3): techs only, not the 4 specialists
        "operations_officers": 1,
        "operations_officer": 1,
        "psi_officers": 0,
    },
    "auxiliary": {
        "repair_techs": 5,
        "machinists": 0,
        "auxiliary_petty_officers": 2,  # ceil(5/4)
        "damage_control_officer": 1,
    },
    "weapons": {
        "gunners": 3,  # 2 x 1 + ceil(5/5)
        "missile_techs": 0,
        "torpedomen": 0,
        "weapons_petty_officers": 1,
        "weapon_officers": 1,
        "chief_weapons_officer": 1,
    },
    # basic crew 56, basic officers 10
    "medical": {"med_techs": 2, "medical_petty_officers": 1, "surgeons": 0, "ships_doctor": 1},
    "service": {
        "mess_hands": 3,  # ceil(56/20)
        "mess_stewards": 4,  # ceil(10/3)
        "service_petty_officers": 2,  # ceil(7/5)
        "mess_chief": 1,
    },
    "supply": {"storeskeepers": 3, "supply_petty_officers": 1, "supply_officer": 1},
    "administration": {
        "yeomen": 2,  # ceil(56/40)
        "security_specialists": 2,
        "administration_petty_officers": 1,
        "administration_officers": 1,
        "chief_master_at_arms": 1,
        "admin_officer": 1,
    },
    "command": {
        "command_master_chief": 1,
        "executive_officer": 1,
        "political_officer": 0,
        "captain": 1,
    },
}

# The flag department a flagship adds (the chaplain is printed in its list).
FLAG = {
    "flag_petty_officers": 20,
    "flag_officers": 10,
    "chaplain": 1,
    "flag_lieutenant": 1,
    "intelligence_officer": 1,
    "admiral": 1,
}


def crew_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, spec: str
) -> tuple[dict[str, Any], dict[str, dict[str, int]]]:
    path = tmp_path / "picket.yaml"
    path.write_text(spec, encoding="utf-8")
    assert main(["crew", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    got = {d["id"]: {p["id"]: p["count"] for p in d["posts"]} for d in data["departments"]}
    return data, got


def totals(data: dict[str, Any]) -> tuple[int, int, int, int]:
    return (data["basic_crew"], data["basic_officers"], data["support_crew"], data["total_crew"])


def test_dedicated_computers_without_a_core_post_by_post(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data, got = crew_json(capsys, tmp_path, PICKET_SPEC)
    assert got == PICKET  # no flag department: no chaplain on a ship that is no flagship
    assert totals(data) == (56, 10, 30, 86)


def test_neither_core_nor_dedicated_computer_has_no_comp_techs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    spec = PICKET_SPEC.replace("  - {type: dedicated_computer, count: 2}\n", "")
    data, got = crew_json(capsys, tmp_path, spec)
    # 2 electronics techs and no comp techs: ceil(2/3) = 1 petty officer.
    ops = {**PICKET["operations"], "comp_techs": 0, "operations_petty_officers": 1}
    assert got == {**PICKET, "operations": ops}
    # basic 53: mess hands ceil(53/20) = 3, yeomen ceil(53/40) = 2, as before.
    assert totals(data) == (53, 10, 30, 83)


def test_a_computer_core_adds_its_team_of_one_plus_the_class_number(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    spec = PICKET_SPEC + "  - {type: computer_core, hp: 10}\n"
    data, got = crew_json(capsys, tmp_path, spec)
    # comp techs 1 + 3 + 2 = 6; petty officers ceil((2 + 6) / 3) = 3, officers 1.
    ops = {**PICKET["operations"], "comp_techs": 6, "operations_petty_officers": 3}
    # basic 61: mess hands ceil(61/20) = 4, service petty officers ceil(8/5) = 2,
    # storeskeepers 4.
    service = {**PICKET["service"], "mess_hands": 4}
    supply = {**PICKET["supply"], "storeskeepers": 4}
    assert got == {**PICKET, "operations": ops, "service": service, "supply": supply}
    assert totals(data) == (61, 10, 32, 93)


def test_only_a_flagship_carries_the_chaplain(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data, got = crew_json(capsys, tmp_path, PICKET_SPEC + "flagship: true\n")
    command = PICKET["command"]
    expected = {k: v for k, v in PICKET.items() if k != "command"} | {
        "flag": FLAG,
        "command": command,
    }
    assert got == expected and list(got) == list(expected)
    assert totals(data) == (56, 10, 30 + 34, 86 + 34)
