"""Game-session actions: start, end, and the refusals that save nothing."""

from __future__ import annotations

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions import sessions as act
from gmtool.store import Campaign
from tests.conftest import FIXED_TIME


def test_start_and_end_a_session(campaign: Campaign) -> None:
    assert act.current_session(campaign) is None
    started = act.start_session(campaign, "  The Tarsus run ")
    assert (started.id, started.title, started.ended) == (1, "The Tarsus run", None)
    assert act.current_session(campaign) == started
    ended = act.end_session(campaign)
    assert (ended.id, ended.ended) == (1, FIXED_TIME.isoformat())
    assert act.current_session(campaign) is None
    assert act.start_session(campaign).title == "Session 2"


def test_refusals_change_nothing(campaign: Campaign) -> None:
    before = (campaign.folder / "campaign.json").read_bytes()
    with pytest.raises(ActionRefused, match="no game session is open"):
        act.end_session(campaign)
    with pytest.raises(ActionRefused, match="at most 200 characters"):
        act.start_session(campaign, "x" * 201)
    assert (campaign.folder / "campaign.json").read_bytes() == before
    act.start_session(campaign, "One")
    during = (campaign.folder / "campaign.json").read_bytes()
    with pytest.raises(ActionRefused, match=r"session 1 \(One\) is still open"):
        act.start_session(campaign, "Two")
    assert (campaign.folder / "campaign.json").read_bytes() == during


def test_rolls_record_the_open_session(campaign: Campaign) -> None:
    from gmtool.actions.dice import roll_dice

    act.start_session(campaign)
    roll_dice(campaign, "d4")
    assert next(iter(campaign.roll_log()))["session"] == 1
