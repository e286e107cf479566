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
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import yaml

from gmtool.rules import table_cache
from gmtool.rules.errors import TableError, excerpt
from gmtool.rules.limits import (
    MAX_NUMBER_DIGITS,
    MAX_YAML_BYTES,
    MAX_YAML_DEPTH,
    MAX_YAML_NODES,
)

T = TypeVar("T")
# A refusal lists the allowed values up to this length (a message must stay readable).
MAX_LISTED_CHARS = 400


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


# libyaml when the installed PyYAML has it: the pure-Python scanner takes seconds over a
# long flow list ("[1,1,1,...]") that libyaml reads in milliseconds.
_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_SafeLoader):  # type: ignore[valid-type,misc]
    """A safe loader whose mappings and sequences remember the line of each entry."""


def _refusal(loader: Any, got: str, expected: str, mark: Any = None) -> TableError:
    mark = mark or loader.get_mark()
    line = mark.line + 1 if mark is not None else None
    return TableError(str(getattr(loader, "name", "?")), "", expected, line=line, got=got or None)


def _construct_int(loader: _LineLoader, node: yaml.ScalarNode) -> int:
    digits = sum(c.isdigit() for c in str(node.value))
    if digits > MAX_NUMBER_DIGITS:
        raise _refusal(
            loader,
            f"a number of {digits} digits",
            f"numbers of at most {MAX_NUMBER_DIGITS} digits",
            node.start_mark,
        )
    value: int = loader.construct_yaml_int(node)
    return value


_STARTS = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_ENDS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


def _check_shape(text: str, file: str) -> None:
    """Refuse, before anything is built, a document nested deeper than MAX_YAML_DEPTH
    (building it would overflow Python's stack) or with more than MAX_YAML_NODES values once
    its aliases are expanded (a 'billion laughs' file: nine anchors, each ten copies of the
    one before). One pass over the parser's events, stopped at the first value too many."""
    events = _SafeLoader(text)
    sizes: dict[str, int] = {}  # anchor -> values it stands for
    open_collections: list[tuple[str | None, int]] = []  # (anchor, values before it)
    count = 0
    try:
        while (event := events.get_event()) is not None:  # type: ignore[no-untyped-call]
            if isinstance(event, yaml.AliasEvent):
                count += sizes.get(str(event.anchor), 1)
            elif isinstance(event, yaml.ScalarEvent):
                count += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, _STARTS):
                count += 1
                open_collections.append((event.anchor, count - 1))
                if len(open_collections) > MAX_YAML_DEPTH:
                    raise _limit(file, event, f"at most {MAX_YAML_DEPTH} levels of nesting")
            elif isinstance(event, _ENDS) and open_collections:
                anchor, before = open_collections.pop()
                if anchor is not None:
                    sizes[anchor] = count - before
            if count > MAX_YAML_NODES:
                raise _limit(
                    file,
                    event,
                    f"at most {MAX_YAML_NODES:,} values, aliases expanded",
                )
    finally:
        events.dispose()


def _limit(file: str, event: yaml.Event, expected: str) -> TableError:
    mark = event.start_mark
    return TableError(file, "", expected, line=None if mark is None else mark.line + 1)


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
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            raise TableError(
                str(getattr(loader, "name", "?")),
                "",
                "keys that are text or numbers",
                line=key_node.start_mark.line + 1,
                got=f"a key that is {'a list' if isinstance(key, list) else 'a mapping'}"
                if isinstance(key, (list, dict))
                else f"a key of type {type(key).__name__}",
            )
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
_LineLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)


def parse_yaml(text: str, file: str) -> Node:
    """Parse YAML text; a syntax error, or input past the limits of `gmtool.rules.limits`,
    becomes a TableError naming the file and line (and the limit)."""
    if len(text) > MAX_YAML_BYTES:
        raise TableError(file, "", f"a file of at most {MAX_YAML_BYTES:,} bytes", got=None)
    loader: _LineLoader | None = None
    try:
        _check_shape(text, file)
        loader = _LineLoader(text)
        loader.name = file  # type: ignore[attr-defined]
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        raise TableError(file, "", "valid YAML", line=line, got=str(exc.problem)) from None
    except (ValueError, IndexError, TypeError, OverflowError) as exc:
        # a tagged value PyYAML cannot build: `!!int` with no digits, `!!float abc`, a bad date
        raise TableError(
            file, "", "valid YAML", got=f"a value that does not read ({exc})"
        ) from None
    except yaml.YAMLError as exc:
        # a reader error (a NUL byte, a control character) quotes the character, not the text
        raise TableError(file, "", "valid YAML", got=_reader_problem(exc)) from None
    finally:
        if loader is not None:
            loader.dispose()
    return Node(data, file, "", 1)


def _reader_problem(exc: yaml.YAMLError) -> str:
    if isinstance(exc, yaml.reader.ReaderError):
        char = exc.character
        code = char if isinstance(char, int) else ord(char[:1] or "\0")
        return f"the character U+{code:04X} at position {exc.position}"
    return excerpt(str(exc), 80)


def load_yaml(path: Path | str, display_name: str | None = None, cache: bool = False) -> Node:
    """Read a YAML file into a located Node (errors name `display_name` or the path);
    `cache` keeps the parsed Node for the next process (the packaged tables: table_cache).

    Only a regular file of at most MAX_YAML_BYTES is read (a link is followed, but its
    content is never quoted in a message): a FIFO or a device would never end."""
    name = display_name or str(path)
    try:
        # non-blocking, so that opening a pipe nobody writes to returns at once
        fd = os.open(Path(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise TableError(name, "", "a regular file", got="a device, folder or pipe")
            raw = handle.read(MAX_YAML_BYTES + 1)
    except OSError as exc:
        raise TableError(name, "", "a readable file", got=exc.strerror) from None
    except ValueError:  # a NUL byte in the path
        raise TableError(name, "", "a path without NUL characters", got=None) from None
    if len(raw) > MAX_YAML_BYTES:
        raise TableError(name, "", f"a file of at most {MAX_YAML_BYTES:,} bytes")
    kept = table_cache.cached_node(Path(path), raw) if cache else None
    if isinstance(kept, Node) and kept.file == name:
        return kept
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise TableError(name, "", "UTF-8 text", got="binary data") from None
    node = parse_yaml(text, name)
    if cache:
        table_cache.keep_node(Path(path), raw, node)
    return node


# Tables read in this process, by (path, modification time, size): two loaders of one file
# (the skills and the character tracks both read characters.yaml) parse it once. Loaders
# only read a Node; an edited file (a house rule, a test's copy) is a new key.
_TABLE_NODES: dict[tuple[str, int, int], Node] = {}


def load_table(name: str) -> Node:
    """Load `tables/<name>.yaml` (name may contain a subfolder, e.g. 'scenarios/torga_iv')."""
    path = tables_dir() / f"{name}.yaml"
    try:
        found = os.stat(path)
    except OSError:  # load_yaml says what is wrong with it
        return load_yaml(path, f"tables/{name}.yaml")
    key = (str(path), found.st_mtime_ns, found.st_size)
    if key not in _TABLE_NODES:
        _TABLE_NODES[key] = load_yaml(path, f"tables/{name}.yaml", cache=True)
    return _TABLE_NODES[key]


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

    def kind(self) -> builtins.str:
        """What the value is, without quoting it (a whole file read as one text must not be
        printed back): 'a text of 1,234 characters', 'a list of 3 items', 'a number'."""
        value = self.value
        if isinstance(value, str):
            return f"a text of {len(value):,} characters"
        if isinstance(value, list):
            return f"a list of {len(value):,} items"
        if isinstance(value, dict):
            return f"a mapping of {len(value):,} keys"
        if value is None:
            return "nothing"
        if isinstance(value, bool):
            return "true/false"
        return "a number" if isinstance(value, (int, float)) else f"a {type(value).__name__}"

    def _child_path(self, key: object) -> builtins.str:
        return f"{self.path}.{key}" if self.path else str(key)

    # -- structure --------------------------------------------------------------------------
    def is_mapping(self) -> builtins.bool:
        return isinstance(self.value, dict)

    def mapping(self) -> dict[Any, Any]:
        if not isinstance(self.value, dict):
            raise self.error("a mapping (key: value lines)", got=self.kind())
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
            raise self.error("a list", got=self.kind())
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

    def within(self, text: builtins.str, limit: builtins.int) -> builtins.str:
        """`text` (read from this node), refused past an application limit of `limit`
        characters."""
        if len(text) > limit:
            raise self.error(f"at most {limit:,} characters", got=f"{len(text):,} characters")
        return text

    def choice(
        self,
        options: Sequence[builtins.str] | frozenset[builtins.str],
    ) -> builtins.str:
        ordered = sorted(options) if isinstance(options, frozenset) else list(options)
        if not isinstance(self.value, str) or self.value not in ordered:
            from difflib import get_close_matches

            close = get_close_matches(str(self.value), ordered, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            listed = ", ".join(ordered)
            if len(listed) > MAX_LISTED_CHARS:  # the skill list: the first few say enough
                listed = ", ".join(ordered[:10]) + f", ... ({len(ordered)} in all)"
            raise self.error(f"one of {listed}{hint}")
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
