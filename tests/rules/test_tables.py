"""The table loader: every bad table names file, key, line and what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.rules import checks
from gmtool.rules.errors import TableError
from gmtool.rules.tables import load_yaml, parse_yaml, tables_dir


def test_syntax_error_names_file_and_line() -> None:
    with pytest.raises(TableError) as info:
        parse_yaml("a: 1\nb: [1, 2\nc: 3\n", "broken.yaml")
    assert info.value.file == "broken.yaml"
    assert info.value.line is not None and info.value.line >= 2
    assert "valid YAML" in str(info.value)


def test_wrong_type_names_key_line_and_expectation() -> None:
    root = parse_yaml("outer:\n  inner:\n    count: many\n", "t.yaml")
    with pytest.raises(TableError) as info:
        root["outer"]["inner"]["count"].int(minimum=0)
    err = info.value
    assert (err.file, err.key, err.line) == ("t.yaml", "outer.inner.count", 3)
    assert "whole number of at least 0" in str(err)
    assert "'many'" in str(err)


def test_list_items_know_their_lines() -> None:
    root = parse_yaml("items:\n  - 1\n  - x\n", "l.yaml")
    item = root["items"].list()[1]
    assert (item.path, item.line) == ("items[1]", 3)


def test_missing_key_and_unknown_key_suggestion() -> None:
    root = parse_yaml("name: x\nhul_points: 3\n", "s.yaml")
    with pytest.raises(TableError, match="key 'hull_points'"):
        root["hull_points"]
    with pytest.raises(TableError, match="did you mean 'hull_points'"):
        root.only_keys({"name", "hull_points"})


def test_duplicate_key_is_refused() -> None:
    with pytest.raises(TableError, match="each key once"):
        parse_yaml("a: 1\na: 2\n", "d.yaml")


def test_choice_suggests_closest() -> None:
    root = parse_yaml("class: mediun\n", "c.yaml")
    with pytest.raises(TableError, match="did you mean 'medium'"):
        root["class"].choice(["light", "medium", "heavy"])


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(TableError, match="readable file"):
        load_yaml(tmp_path / "absent.yaml")


def test_house_ruled_checks_table_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (tables_dir() / "checks.yaml").read_text().replace("veteran: 14", "veteran: 15")
    (tmp_path / "checks.yaml").write_text(text)
    monkeypatch.setenv("GMTOOL_TABLES", str(tmp_path))
    checks.checks_table.cache_clear()
    try:
        assert checks.checks_table().crew_score("veteran") == 15
    finally:
        checks.checks_table.cache_clear()


def test_broken_checks_table_gives_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (tables_dir() / "checks.yaml").read_text().replace("  3: +d8", "  3: +q8")
    (tmp_path / "checks.yaml").write_text(text)
    monkeypatch.setenv("GMTOOL_TABLES", str(tmp_path))
    checks.checks_table.cache_clear()
    try:
        with pytest.raises(TableError) as info:
            checks.checks_table()
        assert info.value.file == "tables/checks.yaml"
        assert info.value.key == "step_ladder.3"
        assert info.value.line is not None
        assert "situation die" in str(info.value)
    finally:
        checks.checks_table.cache_clear()


def test_every_shipped_table_parses() -> None:
    for path in sorted(tables_dir().rglob("*.yaml")):
        load_yaml(path)
