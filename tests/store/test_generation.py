"""No lost update: a writer whose view is older than the campaign refuses, and reloads
(issue 33, item 2). The lock is advice: here it is deleted, as in the issue's repro."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from gmtool.actions.dice import roll_dice
from gmtool.rules.dice import DiceRoll
from gmtool.store import Campaign, generation, journal, open_campaign
from gmtool.store.errors import CampaignChanged


@pytest.fixture(autouse=True)
def _no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", lambda _fd: None)


def _second_writer(folder: Path) -> Campaign:
    """Another process's campaign, after the first one's lock file was deleted."""
    (folder / ".lock").unlink()
    return open_campaign(folder, create=False)


def test_each_action_moves_the_generation_on(campaign: Campaign) -> None:
    assert generation.read(campaign.folder) == 0
    roll_dice(campaign, "d6")
    roll_dice(campaign, "d6")
    assert generation.read(campaign.folder) == 2
    with campaign.transaction():  # an action that saves nothing is no new generation
        pass
    assert generation.read(campaign.folder) == 2


def test_a_stale_writer_refuses_then_sees_the_other_writers_rolls(campaign: Campaign) -> None:
    roll_dice(campaign, "d6", "mine")
    assert [e["for"] for e in campaign.roll_log()] == ["mine"]  # read: the view is now
    other = _second_writer(campaign.folder)
    try:
        roll_dice(other, "d8", "theirs")
    finally:
        other.close()
    chunk = campaign.folder / "log" / "rolls-00000.json"
    before = chunk.read_bytes()
    with pytest.raises(CampaignChanged) as info:
        roll_dice(campaign, "d6", "stale")
    assert (info.value.seen, info.value.found) == (1, 2)
    assert str(info.value) == "the campaign changed since this screen read it: reloaded"
    assert chunk.read_bytes() == before and not (campaign.folder / journal.JOURNAL_NAME).exists()
    # reloaded: the next action sees the other writer's roll and keeps it
    assert [e["for"] for e in campaign.roll_log()] == ["theirs", "mine"]
    roll_dice(campaign, "d6", "again")
    assert [e["for"] for e in campaign.roll_log()] == ["again", "theirs", "mine"]
    assert [e["id"] for e in campaign.roll_log()] == [3, 2, 1]


def test_a_change_during_the_action_is_caught_at_its_commit(campaign: Campaign) -> None:
    roll_dice(campaign, "d6", "mine")
    with pytest.raises(CampaignChanged), campaign.transaction():
        campaign.record([campaign.dice_entry(_a_roll(campaign), "stale")])
        # another process (a thread here: none of this action's transaction) saves a roll
        other = threading.Thread(target=_roll_elsewhere, args=(campaign.folder,))
        other.start()
        other.join()
    assert [e["for"] for e in campaign.roll_log()] == ["theirs", "mine"]


def _roll_elsewhere(folder: Path) -> None:
    other = _second_writer(folder)
    try:
        roll_dice(other, "d8", "theirs")
    finally:
        other.close()


def _a_roll(campaign: Campaign) -> DiceRoll:
    from gmtool.rules.dice import parse, roll

    return roll(parse("d6"), campaign.rng())
