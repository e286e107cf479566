"""The optional rule "Characters on Station" (RULES.md section 5): a setting under which only
the characters at the station or place a hit struck are endangered; the GM names it, or it is
rolled on tables/hit_stations.yaml."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.rules import hit_stations
from gmtool.rules.battle import apply_damage_manually
from gmtool.rules.errors import RulesError
from gmtool.rules.tables import tables_dir
from tests.rules.test_battle_helpers import demo_battle

# Aboard the Meridian in the demo: Calloway at command, Vek at the bridge, Oyelaran at weapons,
# Rusk in engineering, Salo in sickbay, Adeyemi with the boarding party.
ABOARD = {
    "ines-calloway",
    "dorran-vek",
    "tamsin-oyelaran",
    "halvard-rusk",
    "priya-salo",
    "bram-adeyemi",
}


@pytest.fixture
def rule_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "tables"
    shutil.copytree(tables_dir(), folder)
    path = folder / "hit_stations.yaml"
    text = path.read_text(encoding="utf-8")
    assert "\nenabled: false\n" in text
    path.write_text(text.replace("\nenabled: false\n", "\nenabled: true\n"), encoding="utf-8")
    monkeypatch.setenv("GMTOOL_TABLES", str(folder))
    hit_stations.hit_station_table.cache_clear()
    yield folder
    monkeypatch.undo()
    hit_stations.hit_station_table.cache_clear()


def hit(place: str | None = None, seed: int = 3) -> tuple[set[str], str]:
    """6 wound on the Meridian; who rolled a hazard, and the step's text."""
    state = demo_battle()
    _, result = apply_damage_manually(
        state, "meridian", 6, "wound", random.Random(seed), hit_place=place
    )
    return {h.character_id for h in result.hazards}, result.text


def test_off_by_default_everyone_aboard_is_endangered() -> None:
    assert not hit_stations.on_station_rule()
    rolled, text = hit("engineering")  # a named place changes nothing with the rule off
    assert rolled == ABOARD
    assert "The hit strikes" not in text


def test_on_only_the_characters_at_the_place_the_gm_names(rule_on: Path) -> None:
    rolled, text = hit("engineering")
    assert rolled == {"halvard-rusk"}
    assert "The hit strikes Engineering: only the characters there are endangered" in text
    rolled, _ = hit("sickbay")
    assert rolled == {"priya-salo"}
    rolled, _ = hit("flight")
    assert rolled == set()  # nobody at the flight deck


def test_on_the_characters_at_the_place_struck_are_endangered_outright(rule_on: Path) -> None:
    # RULES.md section 5 (third reading): no Table 3-1 roll, straight to the feat check;
    # everyone elsewhere aboard is left alone by this hit.
    for seed in range(12):
        state = demo_battle()
        _, result = apply_damage_manually(
            state, "meridian", 6, "wound", random.Random(seed), hit_place="weapons_and_defenses"
        )
        assert [h.character_id for h in result.hazards] == ["tamsin-oyelaran"]
        outcome = result.hazards[0]
        assert outcome.endangered and outcome.hazard_roll is None and outcome.degree
        assert not any(str(r["for"]).startswith("hazard to") for r in result.rolls)
        assert any("personality feat (endangered)" in str(r["for"]) for r in result.rolls)
        assert "Ensign Tamsin Oyelaran: endangered outright (on station)" in result.text
        assert "are endangered, outright." in result.text


def test_a_gm_may_have_those_on_station_roll_table_3_1_first(rule_on: Path) -> None:
    path = rule_on / "hit_stations.yaml"
    text = path.read_text(encoding="utf-8")
    assert "\nendangered_outright: true\n" in text
    path.write_text(
        text.replace("\nendangered_outright: true\n", "\nendangered_outright: false\n"),
        encoding="utf-8",
    )
    hit_stations.hit_station_table.cache_clear()
    rolled = set()
    for seed in range(12):
        _, result = apply_damage_manually(
            demo_battle(), "meridian", 6, "wound", random.Random(seed), hit_place="engineering"
        )
        assert [h.character_id for h in result.hazards] == ["halvard-rusk"]
        rolled.add(result.hazards[0].hazard_roll is not None and result.hazards[0].endangered)
        assert any(str(r["for"]).startswith("hazard to") for r in result.rolls)
    assert False in rolled  # a medium ship's wound endangers on 1-3 only: some are safe


def test_on_the_place_is_rolled_when_the_gm_names_none(rule_on: Path) -> None:
    table = hit_stations.hit_station_table()
    for seed in range(20):
        expected = hit_stations.roll_hit_place(random.Random(seed))
        rolled, text = hit(None, seed)
        assert f"The hit strikes {hit_stations.place_name(expected.place)} (1d20 " in text
        demo = demo_battle()
        there = {a.character_id for a in demo.assignments if a.place == expected.place}
        assert rolled == there & ABOARD
        assert expected.place in {place for _, place in table.rows}


def test_the_hit_table_covers_every_roll_of_its_die() -> None:
    table = hit_stations.hit_station_table()
    places = {hit_stations.roll_hit_place(random.Random(s)).place for s in range(400)}
    assert places == {place for _, place in table.rows}


def test_an_unknown_place_is_refused(rule_on: Path) -> None:
    with pytest.raises(RulesError, match="unknown station or place 'engine room'"):
        hit("engine room")
