"""Ids made unique by a number: `kestrel`, then `kestrel-2`, `kestrel-3`, ..."""

from __future__ import annotations

from collections.abc import Container


def unique_id(base: str, taken: Container[str]) -> str:
    """`base`, or `base-2`, `base-3`, ...: the first that is not taken."""
    candidate, number = base, 1
    while candidate in taken:
        number += 1
        candidate = f"{base}-{number}"
    return candidate
