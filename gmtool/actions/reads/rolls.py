"""The roll log's entries, as the Dice & Log tab and the Injuries tab show them. Each name
is imported on first use (`rules/lazy.py`), as the store's packages do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.store.rolllog import RollEntry

__all__ = ["RollEntry"]

if not TYPE_CHECKING:  # the names above, each imported on first use
    __getattr__ = lazy_exports(__name__)
