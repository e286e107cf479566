"""Parsed tables kept between processes, as Python keeps bytecode: a command-line call reads
a table's pickled Node instead of parsing its YAML again (parsing the tables a battle step
reads is a tenth of the call).

A cache file is named by checksums (CRC-32) of the table's path and bytes and by its length,
so an edited table (a house rule) is parsed afresh. CRC-32, not a cryptographic hash: zlib
is cheap to load and hashlib would cost more than a part of the parse it saves. Only a table
that parsed is kept, so its checks already ran. The folder is $GMTOOL_CACHE, else
$XDG_CACHE_HOME/gmtool, else ~/.cache/gmtool; anything that goes wrong with it (no home, a
read-only disk, a damaged file) falls back to parsing.
"""

from __future__ import annotations

import os
import pickle
import zlib
from pathlib import Path

FORMAT = 1  # raise when Node's layout changes, so older cache files are never read


def cache_dir() -> Path | None:
    override = os.environ.get("GMTOOL_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME")
    if base:
        return Path(base) / "gmtool"
    try:
        return Path.home() / ".cache" / "gmtool"
    except RuntimeError:  # no home folder to be found
        return None


def _entry(path: Path, raw: bytes) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    where = zlib.crc32(f"{FORMAT}\0{path}".encode())
    return folder / "tables" / f"{where:08x}-{zlib.crc32(raw):08x}-{len(raw)}.pickle"


def cached_node(path: Path, raw: bytes) -> object:
    """What was parsed earlier from exactly these bytes at this path (the caller checks its
    type); None when nothing is kept."""
    entry = _entry(path, raw)
    if entry is None:
        return None
    try:
        return pickle.loads(entry.read_bytes())
    except Exception:  # absent, unreadable or damaged: parse instead
        return None


def keep_node(path: Path, raw: bytes, node: object) -> None:
    """Keep a parsed Node for the next process (written whole, then renamed in)."""
    entry = _entry(path, raw)
    if entry is None:
        return
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = entry.with_name(f".{entry.name}.{os.getpid()}.tmp")
        tmp.write_bytes(pickle.dumps(node, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, entry)
    except (OSError, pickle.PicklingError, RecursionError):
        return
