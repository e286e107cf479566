"""A skirmish game's replay: every saved step, kept so a game can be stepped through again
and its whole log exported as Markdown.

Each game has its own file, `replays/skirmish-<game>.jsonl`, one JSON line per saved step:
its label, its log lines, and the game state after it (without the scenario, which the game
carries once). Appending a line costs the same at any length. The tracker records how many
bytes of the file belong to the game as saved (`SkirmishGame.replay_bytes`): after an undo
the lines past that are not part of the game, and the next step cuts them off before it
appends. A crash between the append and the tracker's save leaves a line past the mark,
which is cut off the same way; so the tracker stays the one truth.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

import msgspec

from gmtool.rules.skirmish import GameState, Scenario
from gmtool.rules.skirmish.outcome import ending
from gmtool.store import journal
from gmtool.store.atomic import atomic_write_bytes, strict_json
from gmtool.store.campaign import Campaign
from gmtool.store.errors import UNREADABLE_STATE, StoreError
from gmtool.store.skirmish_files import REPLAY_FOLDER as REPLAY_FOLDER
from gmtool.store.skirmish_files import replay_files as replay_files
from gmtool.store.skirmish_game import SkirmishGame

EXPORT_FOLDER = "exports"


class ReplayStep(msgspec.Struct, frozen=True):
    """One saved step: what it was called, what the log said, and the game after it."""

    label: str
    lines: tuple[tuple[str, str, bool], ...]  # (kind, text, played by the app)
    state: GameState


def replay_path(campaign: Campaign, game_id: str) -> Path:
    return campaign.folder / REPLAY_FOLDER / f"skirmish-{game_id}.jsonl"


def new_game_id(campaign: Campaign) -> str:
    """A number no replay of this campaign has used."""
    used = [int(n) for n in replay_files(campaign) if n.isdigit()]
    return str(max(used, default=0) + 1)


def step_record(label: str, lines: Iterable[tuple[str, str, bool]], state: GameState) -> bytes:
    data = state.to_dict()
    del data["scenario"]
    record = {"label": label, "lines": [list(line) for line in lines], "game": data}
    return json.dumps(record, separators=(",", ":")).encode("utf-8") + b"\n"


def record_step(campaign: Campaign, game_id: str, kept: int, record: bytes) -> int:
    """Append a step after the first `kept` bytes of the game's file; its new length. A
    game's first step makes the file with the action's commit (a killed start leaves none
    that nothing refers to); later ones append at once, past the tracker's mark."""
    path = replay_path(campaign, game_id)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tx = journal.active(path)
        staged = tx.staged_bytes(path) if tx is not None else None
        if kept == 0 or staged:  # a new file, or one this action made: with its commit
            data = (staged or b"")[:kept] + record
            atomic_write_bytes(path, data)
            return len(data)
        with open(path, "ab") as handle:
            if handle.tell() != kept:
                handle.truncate(kept)
                handle.seek(kept)
            handle.write(record)
            handle.flush()
            os.fsync(handle.fileno())
            return handle.tell()
    except OSError as exc:
        raise StoreError(f"{path}: the replay cannot be written ({exc.strerror})") from None


def read_steps(campaign: Campaign, game_id: str, kept: int, scenario: Scenario) -> list[ReplayStep]:
    """The game's steps as saved (the first `kept` bytes of its file)."""
    path = replay_path(campaign, game_id)
    try:
        with open(path, "rb") as handle:
            data = handle.read(kept)
    except OSError as exc:
        raise StoreError(f"{path}: the replay cannot be read ({exc.strerror})") from None
    scenario_dict = scenario.to_dict()
    steps: list[ReplayStep] = []
    for number, raw in enumerate(data.splitlines(), start=1):
        try:
            record = strict_json(raw)
            state = GameState.from_dict({**record["game"], "scenario": scenario_dict})
            lines = tuple((str(k), str(t), bool(a)) for k, t, a in record["lines"])
            steps.append(ReplayStep(str(record["label"]), lines, state))
        except UNREADABLE_STATE as exc:
            raise StoreError(f"{path}: step {number} does not read ({exc})") from None
    return steps


def markdown(scenario: Scenario, steps: list[ReplayStep]) -> str:
    """The game's whole log in Markdown: a heading per turn, a line per event."""
    out = [f"# {scenario.name}", "", f"Scenario file: `{scenario.source}`.", ""]
    for step in steps:
        for kind, text, auto in step.lines:
            if kind == "turn":
                out += ["", f"## {text}", ""]
            elif kind == "victory":
                out += ["", f"**{text}**"]
            else:
                out.append(f"- {'(app) ' if auto else ''}{text}")
    if steps:
        end = ending(steps[-1].state)
        if end is not None:
            out += ["", f"Ended at turn {end.turn}: {end.reason.value}, {end.standing} standing."]
    return "\n".join(out).replace("\n\n\n", "\n\n") + "\n"


def export_markdown(campaign: Campaign, game_id: str, text: str) -> Path:
    """Write the Markdown where the GM finds it: `exports/skirmish-<game>.md`."""
    path = campaign.folder / EXPORT_FOLDER / f"skirmish-{game_id}.md"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, text.encode("utf-8"))
    except OSError as exc:
        raise StoreError(f"{path}: the export cannot be written ({exc.strerror})") from None
    return path


def game_steps(campaign: Campaign, game: SkirmishGame) -> list[ReplayStep]:
    """Every saved step of the game; for a game saved before replays were kept, one step
    holding the log lines the game kept and its state now."""
    if game.game_id:
        return read_steps(campaign, game.game_id, game.replay_bytes, game.scenario)
    lines = tuple((line.kind, line.text, line.auto) for line in game.log)
    return [ReplayStep("the game so far (saved before replays were kept)", lines, game.state)]


def export_game(campaign: Campaign, game: SkirmishGame) -> Path:
    """The game's log as Markdown in `exports/`; its path."""
    text = markdown(game.scenario, game_steps(campaign, game))
    return export_markdown(campaign, game.game_id or "log", text)
