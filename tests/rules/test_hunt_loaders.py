"""Tests that hunt: arbitrary bytes, structures and numbers fed to every reader of outside
input (the dice and check parsers, the YAML loader, ship specs, party files, scenario files
and the rule tables). Each must give a valid value or a clean refusal (RulesError, one line,
a short excerpt at most), never another exception, never a hang: sizes are bounded and every
example has a deadline."""

from __future__ import annotations

import functools
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.rules import limits
from gmtool.rules.characters import parse_party
from gmtool.rules.checks import roll_check
from gmtool.rules.crew_size import checked_manifest
from gmtool.rules.dice import parse, roll
from gmtool.rules.errors import RulesError
from gmtool.rules.ships import parse_ship_spec, ship_spec_from_dict
from gmtool.rules.skirmish.scenario import parse_scenario
from gmtool.rules.tables import parse_yaml, tables_dir

HUNT = settings(
    max_examples=60,
    deadline=2000,  # ms: a hang or a quadratic blow-up fails the example
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# Numbers at and past every edge: the limits, Python's int-from-text limit, bools, floats.
EDGE_INTS = st.one_of(
    st.integers(-(10**6), 10**6),
    st.sampled_from([0, -1, 2**31, 2**63, 10**30, 10**400, limits.MAX_HULL_POINTS + 1]),
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    EDGE_INTS,
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.sampled_from(["", " ", "\x00", "é" * 300, "small", "engine", "beam", "{", "*a"]),
)
STRUCTURES = st.recursive(
    SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=6),
        st.dictionaries(st.one_of(st.text(max_size=12), EDGE_INTS), children, max_size=6),
    ),
    max_leaves=30,
)
# YAML-ish text: the tokens that make anchors, aliases, nesting, tags and long numbers.
YAML_TOKENS = st.sampled_from(
    [
        "a: ",
        "- ",
        "\n",
        "  ",
        "[",
        "]",
        "{",
        "}",
        ", ",
        "&x ",
        "*x",
        "&y ",
        "*y",
        "<<: ",
        "? ",
        ": ",
        "!!python/object ",
        "!!str ",
        "!!int ",
        "9" * 50,
        "1e999",
        "0x",
        "\x00",
        "\t",
        "'",
        '"',
        "#",
        "---\n",
        "...\n",
        "%YAML 1.1\n",
        "name",
        "class",
        "hull_points",
        "systems",
        "type",
        "count",
        "é",
        "\ufeff",
        "\x85",
    ]
)
YAML_TEXT = st.lists(YAML_TOKENS, max_size=80).map("".join)


def refused_cleanly(error: RulesError) -> None:
    """One message, never a page: what it quotes of the input is an excerpt (a refusal may
    still list every choice a table allows)."""
    message = str(error)
    assert message and len(message) < 2000, message[:200]


def read_or_refuse(reader: Callable[[], Any]) -> Any:
    try:
        return reader()
    except RulesError as error:
        refused_cleanly(error)
        return None


# -- dice and checks ---------------------------------------------------------------------------


@HUNT
@given(
    st.one_of(
        st.text(max_size=300),
        st.text(alphabet="0123456789dDswmc+- ", max_size=400),
        st.builds(lambda n, s: f"{n}d{s}", EDGE_INTS, EDGE_INTS),
    )
)
def test_the_dice_parser_reads_or_refuses_anything(text: str) -> None:
    expression = read_or_refuse(lambda: parse(text))
    if expression is not None:
        assert 1 <= expression.dice_count <= limits.MAX_DICE
        result = roll(expression, random.Random(1))
        assert len(result.dice) == expression.dice_count


@HUNT
@given(EDGE_INTS, EDGE_INTS)
def test_a_check_rolls_or_refuses_any_score_and_step(score: int, step: int) -> None:
    result = read_or_refuse(lambda: roll_check(score, step, random.Random(1)))
    if result is not None:
        assert abs(result.step) <= limits.MAX_STEP


# -- the YAML loader and what reads from it ----------------------------------------------------


@HUNT
@given(st.one_of(st.binary(max_size=400).map(lambda b: b.decode("latin-1")), YAML_TEXT))
def test_the_yaml_loader_reads_or_refuses_any_text(text: str) -> None:
    read_or_refuse(lambda: parse_yaml(text, "hunt.yaml"))


@HUNT
@given(YAML_TEXT)
def test_a_ship_spec_file_reads_or_refuses_any_text(text: str) -> None:
    read_or_refuse(lambda: parse_ship_spec("name: x\nclass: small\nhull_points: 10\n" + text, "s"))


SPEC_KEYS = st.sampled_from(
    [
        "name",
        "class",
        "hull_points",
        "marines",
        "passengers",
        "systems",
        "durability",
        "crew_quality",
        "acceleration",
        "flagship",
        "target_size_step",
        "embarked_craft",
    ]
)
SYSTEMS = st.lists(
    st.dictionaries(
        st.sampled_from(["type", "count", "hp", "beds", "name", "firepower", "arc", "damage"]),
        st.one_of(STRUCTURES, st.sampled_from(["engine", "beam", "sick_bay", "cargo_bay"])),
        max_size=5,
    ),
    max_size=5,
)


@HUNT
@given(
    st.dictionaries(SPEC_KEYS, STRUCTURES, max_size=8),
    st.one_of(SYSTEMS, STRUCTURES),
)
def test_a_ship_spec_of_any_shape_reads_or_refuses_and_its_crew_is_bounded(
    fields: dict[str, Any], systems: Any
) -> None:
    data = {"name": "CSS Hunt", "class": "medium", "hull_points": 300, **fields}
    data["systems"] = systems
    spec = read_or_refuse(lambda: ship_spec_from_dict(data))
    if spec is None:
        return
    manifest = read_or_refuse(lambda: checked_manifest(spec))
    if manifest is not None:
        assert manifest.total_crew <= limits.MAX_TOTAL_CREW
    again = read_or_refuse(lambda: parse_ship_spec(spec.to_yaml(), "round-trip.yaml"))
    assert again == spec


@HUNT
@given(
    st.one_of(
        STRUCTURES,
        st.dictionaries(
            st.sampled_from(["characters", "assignments"]),
            st.lists(STRUCTURES, max_size=4),
            max_size=2,
        ),
    )
)
def test_a_party_file_of_any_shape_reads_or_refuses(data: Any) -> None:
    text = yaml.safe_dump(data, allow_unicode=True)
    read_or_refuse(lambda: parse_party(text, "party.yaml", ships=["meridian"]))


# -- the rule tables and the scenario: a shipped file with one value changed --------------------


SHIPPED = tables_dir()  # the tables as shipped, read before any test points elsewhere


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*path, key)
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield (*path, index)
            yield from _leaves(value, (*path, index))


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    copy[head] = _replace(data[head], rest, value)
    return copy


TABLE_LOADERS: dict[str, str] = {
    "checks": "gmtool.rules.checks:checks_table",
    "classes": "gmtool.rules.classes:ship_classes",
    "ship_spec": "gmtool.rules.ships:ship_spec_table",
    "crew": "gmtool.rules.crew:crew_table",
    "names": "gmtool.rules.roster:names_table",
    "hazards": "gmtool.rules.hazards:hazard_table",
    "characters": "gmtool.rules.characters:character_table",
    "ship_damage": "gmtool.rules.ship_damage:ship_damage_table",
    "stations": "gmtool.rules.stations:station_table",
    "narrative": "gmtool.rules.narrative:narrative_table",
    "battle": "gmtool.rules.battle.config:battle_table",
    "scenarios/torga_iv": "gmtool.rules.skirmish.scenario:torga_iv",
}


def _loader(spec: str) -> Callable[[], Any]:
    import importlib

    module, _, name = spec.partition(":")
    loader: Callable[[], Any] = getattr(importlib.import_module(module), name)
    return loader


def _clear_table_caches() -> None:
    for spec in TABLE_LOADERS.values():
        loader = _loader(spec)
        if isinstance(loader, functools._lru_cache_wrapper):
            loader.cache_clear()


@pytest.fixture
def house_tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the shipped tables that GMTOOL_TABLES points at; caches cleared around."""
    folder = tmp_path / "tables"
    shutil.copytree(SHIPPED, folder)
    monkeypatch.setenv("GMTOOL_TABLES", str(folder))
    _clear_table_caches()
    yield folder
    monkeypatch.delenv("GMTOOL_TABLES")
    _clear_table_caches()


@settings(
    max_examples=80,
    deadline=3000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.sampled_from(sorted(TABLE_LOADERS)), st.data())
def test_a_house_ruled_table_with_any_value_changed_loads_or_refuses(
    house_tables: Path, table: str, data: st.DataObject
) -> None:
    file = house_tables / f"{table}.yaml"
    original = yaml.safe_load((SHIPPED / f"{table}.yaml").read_text(encoding="utf-8"))
    path = data.draw(st.sampled_from([(), *_leaves(original)]), label="path")
    value = data.draw(STRUCTURES, label="value")
    file.write_text(yaml.safe_dump(_replace(original, path, value), allow_unicode=True))
    _clear_table_caches()
    read_or_refuse(_loader(TABLE_LOADERS[table]))


@HUNT
@given(st.data())
def test_a_scenario_file_with_any_value_changed_loads_or_refuses(data: st.DataObject) -> None:
    original = yaml.safe_load((SHIPPED / "scenarios/torga_iv.yaml").read_text("utf-8"))
    path = data.draw(st.sampled_from([(), *_leaves(original)]), label="path")
    value = data.draw(STRUCTURES, label="value")
    text = yaml.safe_dump(_replace(original, path, value), allow_unicode=True)
    read_or_refuse(lambda: parse_scenario(parse_yaml(text, "scenario.yaml")))
