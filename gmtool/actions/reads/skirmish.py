"""The saved skirmish game and its replay, as the Torga IV tab shows them. Each name is
imported on first use (`rules/lazy.py`), as the store's packages do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.rules.lazy import lazy_exports

if TYPE_CHECKING:
    from gmtool.store.skirmish import LOG_LIMIT, Played, SkirmishGame, load_game
    from gmtool.store.skirmish_replay import ReplayStep, game_steps

__all__ = ["LOG_LIMIT", "Played", "ReplayStep", "SkirmishGame", "game_steps", "load_game"]

if not TYPE_CHECKING:  # the names above, each imported on first use
    __getattr__ = lazy_exports(__name__)
