"""The skirmish's files by name, without the skirmish rules: its tracker and replay files,
and the replays nothing refers to (what `gmtool doctor` looks for). store/skirmish.py and
store/skirmish_replay.py re-export these names.
"""

from __future__ import annotations

from pathlib import Path

from gmtool.store.campaign import Campaign
from gmtool.store.records import EngineState
from gmtool.store.tracker import Tracker

SKIRMISH_TRACKER = "skirmish"
# Actions ctrl+z can take back. Each undo entry holds a whole game (its scenario included,
# 10-18 kB), and the tracker file is rewritten on every action: 25 keeps it near 400 kB.
UNDO_DEPTH = 25
REPLAY_FOLDER = "replays"


def skirmish_tracker(campaign: Campaign) -> Tracker[EngineState]:
    return Tracker(campaign, SKIRMISH_TRACKER, depth=UNDO_DEPTH)


def replay_files(campaign: Campaign) -> dict[str, Path]:
    """The campaign's replay files by game id."""
    folder = campaign.folder / REPLAY_FOLDER
    found: dict[str, Path] = {}
    if folder.is_dir():
        for path in folder.glob("skirmish-*.jsonl"):
            found[path.stem.removeprefix("skirmish-")] = path
    return found


def orphan_replays(campaign: Campaign) -> list[Path]:
    """Replay files no game of the skirmish tracker names (its game, the games its undo and
    redo steps bring back): nothing can show them again, so they can go."""
    doc = skirmish_tracker(campaign).record()
    states = [doc["state"], *(s.get("previous") for s in [*doc["undo"], *doc.get("redo", [])])]
    named = {str(s.get("game_id", "")) for s in states if isinstance(s, dict)}
    return sorted(p for game_id, p in replay_files(campaign).items() if game_id not in named)
