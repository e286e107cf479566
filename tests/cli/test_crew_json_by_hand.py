"""`gmtool crew --json` for a light and a heavy demo ship, post by post, worked by hand from
RULES.md section 2 (the second-pass readings: class number, the computer core's comp techs,
petty officers per tech, the chaplain on a flagship). The numbers here are typed out from the
rules, not from tables/crew.yaml."""

from __future__ import annotations

import json
from pathlib import Path

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
        "cargo_handlers": 5,  # autocargo + 2 x 2 holds
        "bosuns_mates": 7,
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
    # basic crew 537, basic officers 39
    "medical": {
        "med_techs": 11,  # max(ceil(537/50), ceil(20 beds / 2))
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
        ("tenacity", TENACITY, (537, 39, 184, 721)),
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
