"""A ship's condition between battles: the write-back's sums, repairs at the table's rates,
and a bad repairs table named by file and key."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gmtool.rules.errors import RulesError, TableError
from gmtool.rules.ship_condition import (
    ShipCondition,
    after_battle,
    repair_points,
    repair_rules,
    repaired,
)
from gmtool.rules.tables import tables_dir

POINTS = {"stun": 40, "wound": 40, "mortal": 20, "critical": 10}


@given(
    dead=st.integers(0, 300),
    badly=st.integers(0, 300),
    lost_before=st.integers(0, 240),
)
def test_a_battle_never_takes_more_crew_than_are_aboard(
    dead: int, badly: int, lost_before: int
) -> None:
    start = ShipCondition(dead=lost_before)
    after = after_battle(
        start,
        POINTS,
        {"wound": 10},
        {"dead": dead, "badly_wounded": badly},
        "disabled",
        240,
        battle="b",
        round=3,
    )
    assert after.crew_aboard(240) >= 0
    assert after.dead + after.badly_wounded <= max(240, lost_before)
    assert after.history[-1].crew == -(after.dead + after.badly_wounded - lost_before)


def test_stun_clears_and_a_full_critical_track_is_destroyed() -> None:
    after = after_battle(
        ShipCondition(),
        POINTS,
        {"stun": 40, "wound": 3, "mortal": 0, "critical": 10},
        {},
        "operational",
        100,
        battle="b",
        round=1,
    )
    assert after.marked["stun"] == 0 and after.marked["wound"] == 3
    assert after.lost == "destroyed" and after.status(POINTS) == "destroyed"


@given(days=st.integers(1, 60), wound=st.integers(0, 40), mortal=st.integers(0, 20))
def test_repairs_free_the_tables_points_and_never_go_below_zero(
    days: int, wound: int, mortal: int
) -> None:
    condition = ShipCondition(marked={"wound": wound, "mortal": mortal, "critical": 1})
    budget = repair_points(POINTS, days, "sea")
    after = repaired("Test", condition, POINTS, days, "sea")
    assert after.marked.get("wound", 0) == max(0, wound - budget.get("wound", 0))
    assert after.marked.get("mortal", 0) == max(0, mortal - budget.get("mortal", 0))
    rates = repair_rules().percent_per_day["sea"]
    if not rates.get("critical"):
        assert after.marked["critical"] == 1  # only a yard mends critical damage


def test_a_saved_condition_of_the_wrong_shape_is_one_clear_error() -> None:
    with pytest.raises(RulesError, match="condition"):
        ShipCondition.from_dict({"marked": {"wound": "lots"}})
    with pytest.raises(RulesError, match="lost as one of"):
        ShipCondition.from_dict({"lost": "eaten"})


@pytest.fixture
def own_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "tables"
    shutil.copytree(tables_dir(), folder)
    monkeypatch.setenv("GMTOOL_TABLES", str(folder))
    repair_rules.cache_clear()
    yield folder
    repair_rules.cache_clear()


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("wound: 25,", "wound: 250,", "wound"),
        ("sea: {", "dock: {", "dock"),
        ("[stun]", "[shields]", "cleared_when_battle_ends"),
    ],
)
def test_a_bad_repairs_table_names_its_key(
    own_tables: Path, old: str, new: str, where: str
) -> None:
    path = own_tables / "repairs.yaml"
    path.write_text(path.read_text().replace(old, new, 1))
    with pytest.raises(TableError, match=r"repairs\.yaml") as caught:
        repair_rules()
    assert where in str(caught.value)
