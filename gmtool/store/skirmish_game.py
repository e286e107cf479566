"""The saved skirmish game: the engine's state, the recent game log and its replay's mark.

Its own module so the game's tracker (store/skirmish.py) and its replay file
(store/skirmish_replay.py) both read it without importing each other.
"""

from __future__ import annotations

import msgspec

from gmtool.rules.skirmish import GameState, Scenario
from gmtool.rules.skirmish.turn_modes import LogLine, is_automatic, mode_of, waits_for_gm
from gmtool.store.records import EngineState


class SkirmishGame(msgspec.Struct, frozen=True):
    """The game in play and its recent log: what the tab shows and the tracker saves."""

    state: GameState
    log: tuple[LogLine, ...] = ()
    game_id: str = ""  # names the game's replay file ("": a game saved before replays)
    replay_bytes: int = 0  # how much of the replay file is this game as saved

    @property
    def scenario(self) -> Scenario:
        return self.state.scenario

    @property
    def mode(self) -> str:
        """SOLO, MANUAL or AUTOMATIC (`turn_modes.mode_of`)."""
        return mode_of(self.state)

    def is_automatic(self, side: str | None) -> bool:
        return is_automatic(self.state, side)

    @property
    def waits_for_gm(self) -> bool:
        """True when the side to act is the GM's (or the game is over)."""
        return waits_for_gm(self.state)

    def to_dict(self) -> EngineState:
        return {
            "game": self.state.to_dict(),
            "log": [line.to_list() for line in self.log],
            "game_id": self.game_id,
            "replay_bytes": self.replay_bytes,
        }

    @classmethod
    def from_dict(cls, data: EngineState) -> SkirmishGame:
        return cls(
            GameState.from_dict(data["game"]),
            tuple(LogLine.from_list(line) for line in data["log"]),
            str(data.get("game_id", "")),
            int(data.get("replay_bytes", 0)),
        )
