"""The parsed-table cache: a table is parsed once across processes, an edited table is
parsed afresh, and a cache that cannot be used only costs a parse."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.rules import table_cache, tables
from gmtool.rules.errors import TableError

TABLE = "scores:\n  stun: 3\n  wound: [1, 2]\n"


def _no_parse(text: str, file: str) -> tables.Node:
    raise AssertionError("parsed again")


def test_a_table_parsed_once_is_read_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GMTOOL_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "t.yaml"
    path.write_text(TABLE)
    first = tables.load_yaml(path, "tables/t.yaml", cache=True)
    monkeypatch.setattr(tables, "parse_yaml", _no_parse)
    again = tables.load_yaml(path, "tables/t.yaml", cache=True)
    assert again.value == first.value == {"scores": {"stun": 3, "wound": [1, 2]}}
    assert again.value["scores"].lines == first.value["scores"].lines  # lines for messages
    assert again["scores"]["wound"].line == 3


def test_an_edited_table_is_parsed_again_and_a_bad_edit_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GMTOOL_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "t.yaml"
    path.write_text(TABLE)
    tables.load_yaml(path, "tables/t.yaml", cache=True)
    path.write_text(TABLE.replace("3", "4"))
    assert tables.load_yaml(path, "tables/t.yaml", cache=True).value["scores"]["stun"] == 4
    path.write_text("scores: [unclosed\n")
    with pytest.raises(TableError, match="valid YAML"):
        tables.load_yaml(path, "tables/t.yaml", cache=True)


def test_a_damaged_or_unwritable_cache_only_costs_a_parse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GMTOOL_CACHE", str(folder))
    path = tmp_path / "t.yaml"
    path.write_text(TABLE)
    tables.load_yaml(path, "tables/t.yaml", cache=True)
    (kept,) = (folder / "tables").iterdir()
    kept.write_bytes(b"not a pickle")
    assert tables.load_yaml(path, "tables/t.yaml", cache=True).value["scores"]["stun"] == 3
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("GMTOOL_CACHE", str(blocked))  # a file where the folder should be
    assert tables.load_yaml(path, "tables/t.yaml", cache=True).value["scores"]["stun"] == 3


def test_files_the_gm_points_at_are_never_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GMTOOL_CACHE", str(folder))
    path = tmp_path / "ship.yaml"
    path.write_text(TABLE)
    tables.load_yaml(path)
    assert not folder.exists()


def test_the_cache_lives_where_the_environment_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GMTOOL_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert table_cache.cache_dir() == tmp_path / "xdg" / "gmtool"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert table_cache.cache_dir() == tmp_path / "home" / ".cache" / "gmtool"
