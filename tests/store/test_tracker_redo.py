"""ctrl+y: an undone action comes back whole, its rolls unmarked, until a new action."""

from __future__ import annotations

from pathlib import Path

from gmtool.store import open_campaign
from gmtool.store.tracker import Tracker
from tests.conftest import TEST_SEED, fixed_clock


def make(tmp_path: Path) -> Tracker[dict[str, int]]:
    campaign = open_campaign(tmp_path / "c", seed=TEST_SEED, clock=fixed_clock)
    return Tracker(campaign, "counter")


def test_undo_then_redo_brings_the_state_and_label_back(tmp_path: Path) -> None:
    tracker = make(tmp_path)
    tracker.save({"n": 1}, "one")
    tracker.save({"n": 2}, "two")
    assert not tracker.can_redo()
    undone = tracker.undo()
    assert undone is not None and undone.label == "two" and tracker.load() == {"n": 1}
    assert tracker.can_redo() and tracker.next_redo_label() == "two"
    redone = tracker.redo()
    assert redone is not None and redone.label == "two" and tracker.load() == {"n": 2}
    assert tracker.last_label() == "two" and not tracker.can_redo()
    assert tracker.redo() is None


def test_two_undos_redo_in_order(tmp_path: Path) -> None:
    tracker = make(tmp_path)
    for n in range(1, 4):
        tracker.save({"n": n}, f"step {n}")
    tracker.undo()
    tracker.undo()
    assert tracker.load() == {"n": 1}
    assert tracker.next_redo_label() == "step 2"
    tracker.redo()
    assert tracker.load() == {"n": 2} and tracker.next_redo_label() == "step 3"
    tracker.redo()
    assert tracker.load() == {"n": 3} and not tracker.can_redo()
    assert [label for label, _ in tracker.tags()] == ["step 1", "step 2", "step 3"]


def test_a_new_action_clears_the_redo(tmp_path: Path) -> None:
    tracker = make(tmp_path)
    tracker.save({"n": 1}, "one")
    tracker.undo()
    tracker.save({"n": 5}, "five")
    assert not tracker.can_redo() and tracker.redo() is None
    assert tracker.load() == {"n": 5}


def test_redo_unmarks_the_rolls_of_the_step(tmp_path: Path) -> None:
    tracker = make(tmp_path)
    rolls = tracker.campaign.rolls
    assert rolls is not None
    ids = rolls.append(
        [{"expression": "1d6", "dice": [4], "total": 4, "purpose": "test", "source": "x"}]
    )
    tracker.save({"n": 1}, "rolled", rolls=[{"id": i} for i in ids])

    def undone() -> list[bool]:
        return [bool(e.get("undone")) for e in rolls.newest_first() if e["id"] in ids]

    tracker.undo()
    assert undone() == [True]
    tracker.redo()
    assert undone() == [False]
