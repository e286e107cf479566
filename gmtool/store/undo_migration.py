"""Schema 3 to 4: what three side files kept for redo moves onto the trackers' redo steps.

Before schema 4 an undo kept what it took out beside the tracker's state in a file of its
own, matched to the tracker's redo stack each its own way: `trackers/ships-redo.json` (the
roster versions, by place and time), `trackers/battle-redo/<battle>.json` (a battle step's
events, from the top of the stack) and `injury-redo.json` (injury batches and bail-out
orders, under a stamp of the history). Each kept step that still matches goes on its redo
step as `kept` (store/undo_history.py); what no longer matches could not be redone anyway.
The side files are then removed. Run again after a crash, it gives the same files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from gmtool.store import backups
from gmtool.store.atomic import atomic_write_bytes, fsync_dir, json_bytes, read_json_file
from gmtool.store.histories import open_injury_log
from gmtool.store.records import NotRedone, RedoKept

TRACKERS = "trackers"
TRACKER_TABLE = "tracker"
SHIPS_REDO = "ships-redo.json"
BATTLE_REDO = "battle-redo"
INJURY_REDO = "injury-redo.json"
# The only reasons the battle's side file gave for a step not to be redone.
_OLD_REASONS = {
    "it ended the battle": NotRedone.ENDED_BATTLE,
    "it hurt characters": NotRedone.HURT_CHARACTERS,
    "it moved characters": NotRedone.MOVED_CHARACTERS,
}


def fold_redo_files_into_trackers(folder: Path) -> None:
    """Move the side files' kept steps onto the trackers' redo steps; remove the files."""
    trackers = folder / TRACKERS
    _fold_ships(folder, trackers / SHIPS_REDO, trackers / "ships.json")
    battle_redo = trackers / BATTLE_REDO
    if battle_redo.is_dir():
        for side in sorted(battle_redo.glob("*.json")):
            _fold_battle(folder, side, trackers / "battles" / side.name)
        if not any(battle_redo.iterdir()):
            battle_redo.rmdir()
    _fold_injuries(folder, folder / INJURY_REDO, trackers / "bailout.json")


def _read(folder: Path, path: Path) -> dict[str, Any] | None:
    return read_json_file(path, lambda file: backups.newest_good_backup(folder, file))


def _read_side(path: Path) -> dict[str, Any] | None:
    """A side file as it reads (its shape is no record of schema 4: checked here, step by
    step); a damaged one is dropped, as it only held what a redo would bring back, and the
    migration's snapshot keeps a copy."""
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _record(data: dict[str, Any] | None, table: str) -> dict[str, Any] | None:
    """The one record of a table (a tracker's, a side file's), None when there is none."""
    docs = data.get(table) if isinstance(data, dict) else None
    if not isinstance(docs, dict) or not docs:
        return None
    found = next(iter(docs.values()))
    return found if isinstance(found, dict) else None


def _steps(record: dict[str, Any] | None, key: str) -> list[Any]:
    steps = record.get(key) if record is not None else None
    return steps if isinstance(steps, list) else []


def _fits(kept: dict[str, Any]) -> bool:
    """Whether what a side file kept reads as a redo step's `kept` (a wrong-typed one is
    dropped: put on the tracker, it would stop the tracker reading)."""
    try:
        msgspec.convert(kept, RedoKept)
    except msgspec.ValidationError:
        return False
    return True


def _write_tracker(path: Path, data: dict[str, Any], record: dict[str, Any]) -> None:
    docs = data.setdefault(TRACKER_TABLE, {})
    docs[next(iter(docs), "1")] = record
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, json_bytes(data))


def _remove(path: Path) -> None:
    path.unlink(missing_ok=True)
    fsync_dir(path.parent)


def _fold_ships(folder: Path, side: Path, tracker: Path) -> None:
    if not side.exists():
        return
    kept = _steps(_record(_read_side(side), TRACKER_TABLE), "steps")
    data = _read(folder, tracker)
    record = _record(data, TRACKER_TABLE)
    redo = _steps(record, "redo")
    if data is not None and record is not None and redo:
        for step in kept:
            at = step.get("at") if isinstance(step, dict) else None
            if not isinstance(at, int) or not 0 <= at < len(redo):
                continue
            target = redo[at]
            moved = {"rosters": step.get("rosters", [])}
            fits = isinstance(target, dict) and target.get("time", "") == step.get("time")
            if fits and _fits(moved):
                target["kept"] = moved
        _write_tracker(tracker, data, record)
    _remove(side)


def _fold_battle(folder: Path, side: Path, tracker: Path) -> None:
    kept = _steps(_record(_read_side(side), "redo"), "steps")
    data = _read(folder, tracker) if tracker.exists() else None
    record = _record(data, TRACKER_TABLE)
    redo = _steps(record, "redo")
    if data is not None and record is not None:
        # the kept steps matched the top of the redo stack, newest last
        for step, target in zip(reversed(kept), reversed(redo), strict=False):
            if not (isinstance(step, dict) and isinstance(target, dict)):
                break
            if step.get("label") != target.get("label"):
                break
            moved: dict[str, Any] = {
                "events": step.get("events", []),
                "before": step.get("before", 0),
            }
            refused = str(step.get("refused", ""))
            if refused:
                found = [why for text, why in _OLD_REASONS.items() if refused.startswith(text)]
                moved["blocked"] = (found or [NotRedone.UNDONE_ELSEWHERE])[0].value
            if _fits(moved):
                target["kept"] = moved
        _write_tracker(tracker, data, record)
    _remove(side)


def _stamp(folder: Path, bailout: dict[str, Any] | None, next_entry: int) -> str:
    """The stamp injury-redo.json was kept under when nothing was saved since."""
    import hashlib  # only an old campaign's migration needs it, not every opening

    if bailout is None:
        bailout = {"state": None, "undo": []}
    digest = hashlib.sha256(json.dumps(bailout, sort_keys=True).encode()).hexdigest()[:16]
    return f"{next_entry}:{digest}"


def _fold_injuries(folder: Path, side: Path, tracker: Path) -> None:
    if not side.exists():
        return
    saved = _record(_read_side(side), "redo")
    data = _read(folder, tracker) if tracker.exists() else None
    record = _record(data, TRACKER_TABLE)
    log = open_injury_log(folder, lambda file: backups.newest_good_backup(folder, file), True)
    try:
        next_entry = log.next_id
    finally:
        log.close()
    steps = _steps(saved, "steps")
    if saved is not None and steps and saved.get("stamp") == _stamp(folder, record, next_entry):
        record = record if record is not None else {"state": None, "undo": []}
        orders = _steps(record, "redo")
        wanted = sum(1 for s in steps if isinstance(s, dict) and s.get("bailout"))
        if wanted <= len(orders):
            mine = iter(orders[len(orders) - wanted :])
            redo = list(orders[: len(orders) - wanted])
            for step in steps:
                if not isinstance(step, dict):
                    continue
                if step.get("bailout"):
                    redo.append({**next(mine), "kept": {"next_entry": next_entry}})
                else:
                    entries = step.get("entries", [])
                    kept = {"entries": entries, "next_entry": next_entry}
                    if _fits(kept):
                        apart = {"label": "injury entries", "previous": record["state"]}
                        redo.append({**apart, "kept": kept})
            record["redo"] = redo
            _write_tracker(tracker, data if data is not None else {}, record)
    _remove(side)
