"""Shared set-up for the battle engine tests: the demo fleets, a scripted dice generator, and
a way to put a battle at any point of the round without playing up to it."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest
from msgspec.structs import replace

from gmtool.rules.battle import BattleState, FleetSetup, new_battle
from gmtool.rules.characters import Party, load_party
from gmtool.rules.ships import ShipSpec, load_ship_spec
from gmtool.rules.stations import Assignment

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "campaigns" / "demo"


class ScriptedRandom(random.Random):
    """Hands out the given die results in order (each checked against the die rolled)."""

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        if not self.values:
            raise AssertionError(f"the script ran out of dice (wanted 1d{b})")
        value = self.values.pop(0)
        if not a <= value <= b:
            raise AssertionError(f"scripted {value} cannot come up on a die {a}..{b}")
        return value


def party() -> Party:
    return load_party(DEMO / "party.yaml")


def meridian() -> ShipSpec:
    return load_ship_spec(DEMO / "ships" / "meridian.yaml")


def gorgon() -> ShipSpec:
    return load_ship_spec(DEMO / "enemies" / "gorgon.yaml")


def demo_battle(
    starting_range: str = "long",
    raiders: tuple[tuple[str, ShipSpec], ...] | None = None,
    navy: tuple[tuple[str, ShipSpec], ...] | None = None,
    assignments: tuple[Assignment, ...] | None = None,
) -> BattleState:
    """The Meridian (with the demo party aboard) against the raider Gorgon."""
    crew = party()
    return new_battle(
        "Ambush at Tarsus",
        FleetSetup("Navy", navy or (("meridian", meridian()),)),
        FleetSetup("Raiders", raiders or (("gorgon", gorgon()),)),
        starting_range,
        crew.assignments if assignments is None else assignments,
        crew.characters,
    )


def positioned(
    state: BattleState,
    phase: str,
    step: str | None = None,
    *,
    range_category: str | None = None,
    edge: str | None = "a",
    headings: Mapping[str, tuple[str, str | None]] | None = None,
    sensors: str | None = "ordinary",
) -> BattleState:
    """The battle moved straight to a phase (and step), with the edge and headings given.
    Past the sensor phase every ship that has no sensor result yet has `sensors` (an
    Ordinary success, +0 to its attacks, unless the test asks for another or None: a check
    not made, which counts as failed)."""
    sides = list(state.sides)
    for index, side in enumerate(sides):
        if headings and side.id in headings:
            heading, held = headings[side.id]
            sides[index] = replace(side, heading=heading, held_arc=held, declared=True)
    past_sensors = phase not in ("edge", "power", "sensor")
    ships = tuple(
        replace(
            s,
            state_at_step_start=s.state,
            sensor_degree=s.sensor_degree or (sensors if past_sensors else None),
        )
        for s in state.ships
    )
    return replace(
        state,
        phase=phase,
        step=step,
        range=range_category or state.range,
        edge_winner=edge,
        sides=(sides[0], sides[1]),
        ships=ships,
        moved=phase not in ("edge", "power", "sensor", "movement"),
    )


def test_scripted_random_hands_out_its_dice_in_order() -> None:
    rng = ScriptedRandom([3, 20])
    assert rng.randint(1, 6) == 3
    assert rng.randint(1, 20) == 20
    with pytest.raises(AssertionError, match="ran out"):
        rng.randint(1, 20)


def test_scripted_random_refuses_a_face_the_die_lacks() -> None:
    with pytest.raises(AssertionError, match="cannot come up"):
        ScriptedRandom([7]).randint(1, 6)


def test_demo_battle_puts_the_party_aboard_the_meridian() -> None:
    state = demo_battle()
    assert {c.id for c in state.characters} == {
        "ines-calloway",
        "dorran-vek",
        "tamsin-oyelaran",
        "halvard-rusk",
        "priya-salo",
        "bram-adeyemi",
    }
