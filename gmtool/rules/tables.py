"""Reading rule tables and data files from YAML with errors that say file, key and line.

Every table module parses its YAML through `load_yaml`, which returns a `Node`: a value that
remembers the file, the key path and the line it came from.  The typed accessors (`int`,
`str`, `choice`, ...) raise `TableError` naming all three, so validation code stays short and
every message a GM sees has the same shape.
"""

from __future__ import annotations

import builtins
import functools
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import yaml

from gmtool.rules.errors import TableError

T = TypeVar("T")


def tables_dir() -> Path:
    """Where the rule tables are: `$GMTOOL_TABLES`, the installed copy, or the checkout's."""
    override = os.environ.get("GMTOOL_TABLES")
    if override:
        return Path(override)
    package = Path(__file__).resolve().parent.parent
    installed = package / "_data" / "tables"
    if installed.is_dir():
        return installed
    return package.parent / "tables"


class _LineLoader(yaml.SafeLoader):
    """A safe loader whose mappings and sequences remember the line of each entry."""


class LocatedDict(dict[Any, Any]):
    lines: dict[Any, int]
    line: int


class LocatedList(list[Any]):
    lines: list[int]
    line: int


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LocatedDict:
    loader.flatten_mapping(node)
    result = LocatedDict()
    result.lines = {}
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise TableError(
                str(getattr(loader, "name", "?")),
                str(key),
                "each key once",
                line=key_node.start_mark.line + 1,
                got="a duplicate key",
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LocatedList:
    result = LocatedList(loader.construct_object(child, deep=True) for child in node.value)
    result.lines = [child.start_mark.line + 1 for child in node.value]
    result.line = node.start_mark.line + 1
    return result


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def parse_yaml(text: str, file: str) -> Node:
    """Parse YAML text; a syntax error becomes a TableError naming the file and line."""
    loader = _LineLoader(text)
    loader.name = file  # type: ignore[attr-defined]
    try:
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        raise TableError(file, "", "valid YAML", line=line, got=str(exc.problem)) from None
    except yaml.YAMLError as exc:
        raise TableError(file, "", "valid YAML", got=str(exc)) from None
    finally:
        loader.dispose()
    return Node(data, file, "", 1)


def load_yaml(path: Path | str, display_name: str | None = None) -> Node:
    """Read a YAML file into a located Node (errors name `display_name` or the path)."""
    path = Path(path)
    name = display_name or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise TableError(name, "", "a readable file", got=exc.strerror) from None
    except UnicodeDecodeError:
        raise TableError(name, "", "UTF-8 text", got="binary data") from None
    return parse_yaml(text, name)


def load_table(name: str) -> Node:
    """Load `tables/<name>.yaml` (name may contain a subfolder, e.g. 'scenarios/torga_iv')."""
    return load_yaml(tables_dir() / f"{name}.yaml", f"tables/{name}.yaml")


_MISSING = object()


class Node:
    """A YAML value with where it came from; accessors validate and raise TableError."""

    __slots__ = ("file", "line", "path", "value")

    def __init__(
        self, value: Any, file: builtins.str, path: builtins.str, line: builtins.int
    ) -> None:
        self.value = value
        self.file = file
        self.path = path
        self.line = line

    # -- errors -----------------------------------------------------------------------------
    def error(self, expected: builtins.str, got: object = _MISSING) -> TableError:
        shown = self.value if got is _MISSING else got
        return TableError(self.file, self.path, expected, line=self.line, got=shown)

    def _child_path(self, key: object) -> builtins.str:
        return f"{self.path}.{key}" if self.path else str(key)

    # -- structure --------------------------------------------------------------------------
    def is_mapping(self) -> builtins.bool:
        return isinstance(self.value, dict)

    def mapping(self) -> dict[Any, Any]:
        if not isinstance(self.value, dict):
            raise self.error("a mapping (key: value lines)")
        return self.value

    def has(self, key: builtins.str) -> builtins.bool:
        return key in self.mapping()

    def __getitem__(self, key: builtins.str) -> Node:
        mapping = self.mapping()
        if key not in mapping:
            raise TableError(
                self.file, self._child_path(key), "this key to be present", line=self.line
            )
        return self._child(key)

    def get(self, key: builtins.str, default: Any = None) -> Node:
        """The child at `key`, or a Node holding `default` when the key is absent."""
        mapping = self.mapping()
        if key not in mapping:
            return Node(default, self.file, self._child_path(key), self.line)
        return self._child(key)

    def _child(self, key: Any) -> Node:
        mapping = self.mapping()
        lines = getattr(mapping, "lines", {})
        return Node(mapping[key], self.file, self._child_path(key), lines.get(key, self.line))

    def items(self) -> Iterator[tuple[Any, Node]]:
        for key in self.mapping():
            yield key, self._child(key)

    def keys(self) -> builtins.list[Any]:
        return list(self.mapping())

    def list(self) -> builtins.list[Node]:
        if not isinstance(self.value, list):
            raise self.error("a list")
        lines = getattr(self.value, "lines", [self.line] * len(self.value))
        return [
            Node(item, self.file, f"{self.path}[{i}]", lines[i])
            for i, item in enumerate(self.value)
        ]

    def only_keys(
        self, allowed: set[builtins.str] | frozenset[builtins.str], what: builtins.str = ""
    ) -> None:
        """Refuse keys the reader does not know: a typo must not be silently ignored."""
        for key in self.mapping():
            if key not in allowed:
                from difflib import get_close_matches

                close = get_close_matches(str(key), sorted(allowed), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                child = self._child(key)
                raise TableError(
                    self.file,
                    child.path,
                    f"one of the keys {', '.join(sorted(allowed))}{hint}",
                    line=child.line,
                    got=str(key),
                    subject=what or None,
                )

    # -- scalars ----------------------------------------------------------------------------
    def int(
        self, minimum: builtins.int | None = None, maximum: builtins.int | None = None
    ) -> builtins.int:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(_int_expectation(minimum, maximum))
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            raise self.error(_int_expectation(minimum, maximum))
        return value

    def number(self, minimum: float | None = None) -> float:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error("a number")
        if minimum is not None and value < minimum:
            raise self.error(f"a number of at least {minimum}")
        return float(value)

    def bool(self) -> builtins.bool:
        if not isinstance(self.value, bool):
            raise self.error("true or false")
        return self.value

    def str(self, nonempty: builtins.bool = True) -> builtins.str:
        if not isinstance(self.value, str) or (nonempty and not self.value.strip()):
            raise self.error("a text value" if not nonempty else "a non-empty text value")
        return self.value

    def choice(
        self,
        options: Sequence[builtins.str] | frozenset[builtins.str],
    ) -> builtins.str:
        ordered = sorted(options) if isinstance(options, frozenset) else list(options)
        if not isinstance(self.value, str) or self.value not in ordered:
            from difflib import get_close_matches

            close = get_close_matches(str(self.value), ordered, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise self.error(f"one of {', '.join(ordered)}{hint}")
        return self.value

    def optional(self, reader: Any, default: T) -> T:
        """`reader(self)` when a value is present, else `default` (for absent keys)."""
        if self.value is None:
            return default
        result: T = reader(self)
        return result


def _int_expectation(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and maximum is not None:
        return f"a whole number from {minimum} to {maximum}"
    if minimum is not None:
        return f"a whole number of at least {minimum}"
    if maximum is not None:
        return f"a whole number of at most {maximum}"
    return "a whole number"


# Decorator: load a table once per process (tests may call `.cache_clear()`).
cached_table = functools.cache
