"""The undoable tracker every tab saves its state through."""

from __future__ import annotations

from gmtool.rules.dice import roll
from gmtool.store import Campaign, open_campaign
from gmtool.store.tracker import Tracker


def test_save_load_undo(campaign: Campaign) -> None:
    t = Tracker(campaign, "things")
    assert t.load() is None and not t.can_undo()
    t.save({"n": 1}, "first")
    t.save({"n": 2}, "second")
    assert t.load() == {"n": 2} and t.last_label() == "second"
    undone = t.undo()
    assert undone is not None and undone.label == "second"
    assert t.load() == {"n": 1}
    assert t.undo() is not None and t.load() is None
    assert t.undo() is None


def test_state_and_undo_survive_restart(campaign: Campaign) -> None:
    Tracker(campaign, "things").save({"n": 1}, "first")
    Tracker(campaign, "things").save({"n": 2}, "second")
    folder = campaign.folder
    campaign.close()
    again = open_campaign(folder)
    try:
        t = Tracker(again, "things")
        assert t.load() == {"n": 2}
        t.undo()
        assert t.load() == {"n": 1}
    finally:
        again.close()


def test_undo_marks_the_actions_rolls(campaign: Campaign) -> None:
    t = Tracker(campaign, "battle")
    saved = campaign.record([campaign.dice_entry(roll("d8", campaign.rng()), "hit")])
    t.save({"hp": 3}, "hit", rolls=saved)
    t.undo()
    assert next(campaign.roll_log())["undone"] is True


def test_undo_depth_is_capped(campaign: Campaign) -> None:
    t = Tracker(campaign, "deep", depth=3)
    for n in range(6):
        t.save({"n": n}, f"step {n}")
    undone = 0
    while t.undo() is not None:
        undone += 1
    assert undone == 3
    assert t.load() == {"n": 2}
