"""The saved skirmish game and its replay, as the Torga IV tab shows them."""

from gmtool.store.skirmish import LOG_LIMIT, Played, SkirmishGame, load_game
from gmtool.store.skirmish_replay import ReplayStep, game_steps

__all__ = ["LOG_LIMIT", "Played", "ReplayStep", "SkirmishGame", "game_steps", "load_game"]
