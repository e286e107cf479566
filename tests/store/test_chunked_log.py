"""The chunked log on real files: the one class under the roll log, the injury history and
the list of battles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gmtool.store import CampaignCorrupt, StoreError
from gmtool.store.atomic import json_bytes
from gmtool.store.chunked import ChunkedLog
from gmtool.store.rolllog import RollLog
from tests.store.records_helpers import saved_roll


def no_backup(_file: Path) -> Path | None:
    return None


def small_log(folder: Path, **kwargs: bool) -> ChunkedLog:
    return ChunkedLog(folder, "hazards", "entries", no_backup, chunk_size=3, **kwargs)


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_append_across_a_chunk_boundary(tmp_path: Path) -> None:
    log = small_log(tmp_path / "log")
    assert log.append([{"n": 1}, {"n": 2}]) == [1, 2]
    assert log.append([{"n": 3}, {"n": 4}, {"n": 5}]) == [3, 4, 5]  # one call, two files
    log.close()
    assert files(tmp_path / "log") == ["hazards-00000.json", "hazards-00001.json"]
    second = json.loads((tmp_path / "log" / "hazards-00001.json").read_text())
    assert second == {"entries": {"4": {"n": 4, "id": 4}, "5": {"n": 5, "id": 5}}}
    assert log.count() == 5


def test_newest_first_and_mark_undone_across_chunks(tmp_path: Path) -> None:
    log = small_log(tmp_path)
    log.append([{"n": n} for n in range(1, 8)])
    log.mark_undone([2, 4, 7])
    assert [(e["id"], bool(e.get("undone"))) for e in log.newest_first()] == [
        (7, True),
        (6, False),
        (5, False),
        (4, True),
        (3, False),
        (2, True),
        (1, False),
    ]
    log.close()


def test_newest_first_reads_old_chunks_only_when_asked(tmp_path: Path) -> None:
    log = small_log(tmp_path)
    log.append([{"n": n} for n in range(1, 8)])
    log.close()
    (tmp_path / "hazards-00000.json").write_text("{torn")
    again = small_log(tmp_path)
    newest = again.newest_first()
    assert [next(newest)["id"] for _ in range(4)] == [7, 6, 5, 4]
    with pytest.raises(CampaignCorrupt, match=r"hazards-00000\.json is damaged"):
        next(newest)


def test_reopen_continues_the_ids(tmp_path: Path) -> None:
    log = small_log(tmp_path)
    log.append([{"n": n} for n in range(1, 5)])
    log.mark_undone([4])
    log.close()
    again = small_log(tmp_path)
    assert again.next_id == 5
    assert again.append([{"n": 5}]) == [5]
    assert [e["id"] for e in again.newest_first()] == [5, 4, 3, 2, 1]
    assert next(e for e in again.newest_first() if e["id"] == 4)["undone"] is True
    again.close()


def test_update_sets_fields_on_one_entry(tmp_path: Path) -> None:
    log = small_log(tmp_path)
    log.append([{"battle": "ambush", "round": 1}, {"battle": "siege", "round": 1}])
    log.update([2], {"round": 3, "status": "finished"})
    assert next(log.newest_first()) == {
        "battle": "siege",
        "round": 3,
        "status": "finished",
        "id": 2,
    }
    log.close()


def test_two_logs_share_a_folder(tmp_path: Path) -> None:
    rolls = ChunkedLog(tmp_path, "rolls", "rolls", no_backup, chunk_size=3)
    hazards = small_log(tmp_path)
    rolls.append([{"r": 1}])
    hazards.append([{"h": 1}, {"h": 2}])
    assert [e["id"] for e in rolls.newest_first()] == [1]
    assert [e["id"] for e in hazards.newest_first()] == [2, 1]
    rolls.close()
    hazards.close()


def test_a_read_only_log_refuses_to_write(tmp_path: Path) -> None:
    small_log(tmp_path).append([{"n": 1}])
    reader = small_log(tmp_path, readonly=True)
    assert [e["n"] for e in reader.newest_first()] == [1]
    with pytest.raises(StoreError, match="read-only"):
        reader.append([{"n": 2}])
    with pytest.raises(StoreError, match="read-only"):
        reader.mark_undone([1])


def test_replace_all_keeps_ids_and_runs_again_the_same(tmp_path: Path) -> None:
    log = small_log(tmp_path)
    log.append([{"n": n} for n in range(1, 11)])  # four chunks; the migration needs two
    entries = [{"id": 1, "n": "a"}, {"id": 2, "n": "b"}, {"id": 5, "n": "c", "undone": True}]
    log.replace_all(entries)
    first = {name: (tmp_path / name).read_bytes() for name in files(tmp_path)}
    assert list(first) == ["hazards-00000.json", "hazards-00001.json"]
    log.replace_all(entries)
    assert {name: (tmp_path / name).read_bytes() for name in files(tmp_path)} == first
    assert [e["id"] for e in log.newest_first()] == [5, 2, 1]
    assert log.append([{"n": "d"}]) == [6]
    log.close()


def test_roll_chunks_keep_their_names_and_bytes(tmp_path: Path) -> None:
    """Existing campaigns' log/rolls-NNNNN.json read and grow exactly as before."""
    log = RollLog(tmp_path, no_backup)
    roll = saved_roll(1)
    del roll["id"]
    log.append([roll])
    log.close()
    chunk = tmp_path / "rolls-00000.json"
    assert chunk.read_bytes() == json_bytes({"rolls": {"1": dict(roll, id=1)}})
    assert RollLog(tmp_path, no_backup).next_id == 2
