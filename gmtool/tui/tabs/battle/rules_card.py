"""The rules card under the Battle tab's help (F1): the reading of the disputed rules,
written from the tables in use so a house-ruled copy shows its own."""

from __future__ import annotations

from gmtool.rules.battle.config import NOT_ROLLED, battle_table
from gmtool.rules.hazards import hazard_table
from gmtool.rules.hit_stations import hit_station_table
from gmtool.rules.narrative import range_name, starting_range


def _sensors() -> str:
    lock = battle_table().sensor_lock
    step = lock[NOT_ROLLED]
    if step is None:
        return "a ship that made no sensor check loses contact: its weapons cannot fire"
    if step == lock["failure"]:
        return f"a sensor check not made counts as failed: the ship's weapons fire at {step:+d}"
    return f"a ship that made no sensor check fires at {step:+d}"


def _bailout_times() -> str:
    times = hazard_table().bailout_time
    return ", ".join(
        f"{ship_class} {'same round' if dice is None else dice.canonical()}"
        for ship_class, dice in times.items()
    )


def _on_station() -> str:
    table = hit_station_table()
    if not table.enabled:
        return "off: every character aboard rolls Table 3-1 for every hit"
    if table.endangered_outright:
        return (
            "on: the characters at the place struck are endangered outright (no Table 3-1 roll, "
            "straight to the Personality feat check); those elsewhere aboard are not"
        )
    return "on: only the characters at the place struck roll Table 3-1"


def readings_card() -> str:
    """The card in Markdown."""
    rows = [
        (
            "Starting range",
            f"{range_name(starting_range())} unless the GM picks another",
            "narrative.yaml starting_range",
        ),
        ("Sensor check not made", _sensors(), "battle.yaml sensor_lock not_rolled"),
        (
            "Gunners",
            "a gunner serves the battery: every mount of the weapon line they are assigned "
            "to, as their one roll of the round",
            "narrative.yaml weapons_console",
        ),
        (
            "Abandon ship",
            "from a crippled or destroyed ship, while anyone is alive aboard",
            "hazards.yaml bailout",
        ),
        (
            "Bail-out time",
            "N rounds is over at the end of the Nth full round after the round of the order; "
            f"the same round at its end ({_bailout_times()})",
            "hazards.yaml bailout time",
        ),
        ("Characters on station", _on_station(), "hit_stations.yaml"),
    ]
    lines = [
        "## Rules card: readings in use",
        "",
        "Where the chapter can be read two ways, the battle follows these (tables/ in use).",
        "",
        "| rule | reading | setting |",
        "|---|---|---|",
        *(f"| {rule} | {reading} | {where} |" for rule, reading, where in rows),
    ]
    return "\n".join(lines)
