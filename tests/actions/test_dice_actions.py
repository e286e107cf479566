"""Dice actions: a roll and a check are saved with their purpose; refusals save nothing."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from gmtool.actions import ActionRefused
from gmtool.actions import dice as act
from gmtool.rules.checks import Degree, degree_for
from gmtool.store import Campaign


def _log(c: Campaign) -> list[dict[str, object]]:
    return list(c.roll_log())


def test_a_roll_is_saved_with_its_purpose_and_typed_result(campaign: Campaign) -> None:
    rolled = act.roll_dice(campaign, " 2d6 + 1w ", "  shrapnel  ")
    assert rolled.expression == "2d6+1w" and rolled.track == "wound"
    assert rolled.total == sum(d.value for d in rolled.roll.dice) + 1
    assert 3 <= rolled.total <= 13
    (saved,) = _log(campaign)
    assert saved["id"] == rolled.roll_id
    assert (saved["for"], saved["source"], saved["total"]) == ("shrapnel", "dice", rolled.total)


def test_the_campaign_generator_replays_and_a_given_one_is_used(campaign: Campaign) -> None:
    expected = random.Random(f"{campaign.seed}:1").randint(1, 20)
    assert act.roll_dice(campaign, "d20").total == expected
    seeded = act.roll_dice(campaign, "d20", rng=random.Random(7), source="cli")
    assert seeded.total == random.Random(7).randint(1, 20)
    assert _log(campaign)[0]["source"] == "cli"


def test_a_check_reports_its_degree(campaign: Campaign) -> None:
    rolled = act.roll_a_check(campaign, 12, -1, "pilot the Meridian")
    check = rolled.check
    assert rolled.degree == degree_for(12, -1, check.control, check.total)
    assert isinstance(rolled.degree, Degree)
    (saved,) = _log(campaign)
    assert (saved["id"], saved["degree"], saved["for"]) == (
        rolled.roll_id,
        rolled.degree.value,
        "pilot the Meridian",
    )


@pytest.mark.parametrize(
    ("call", "why"),
    [
        (lambda c: act.roll_dice(c, ""), "empty dice expression"),
        (lambda c: act.roll_dice(c, "2d6+banana"), "banana"),
        (lambda c: act.roll_dice(c, "99999999d6"), "99999999"),
        (lambda c: act.roll_a_check(c, 31, 0), "31"),
        (lambda c: act.roll_a_check(c, 0, 0), "score"),
    ],
)
def test_bad_input_is_refused_and_nothing_is_saved(
    campaign: Campaign, call: Callable[[Campaign], object], why: str
) -> None:
    with pytest.raises(ActionRefused, match=why):
        call(campaign)
    assert _log(campaign) == []


def test_undo_takes_back_the_tabs_newest_roll_only(campaign: Campaign) -> None:
    mine = act.roll_dice(campaign, "d8", "first")
    act.roll_dice(campaign, "d6", "from the command line", source="cli")
    undone = act.undo_last_roll(campaign)
    assert undone.roll_ids == (mine.roll_id,) and undone.expression == mine.expression == "1d8"
    flags = {e["id"]: bool(e.get("undone")) for e in _log(campaign)}
    assert flags == {mine.roll_id: True, mine.roll_id + 1: False}
    with pytest.raises(ActionRefused, match="nothing to undo"):
        act.undo_last_roll(campaign)


def test_redo_brings_back_the_last_undone_roll_of_the_tab_in_order(campaign: Campaign) -> None:
    first = act.roll_dice(campaign, "d8", "first")
    second = act.roll_dice(campaign, "d10", "second")
    act.roll_dice(campaign, "d6", "from the command line", source="cli")
    assert act.roll_to_undo(campaign) is not None
    assert act.roll_to_undo(campaign).roll_ids == (second.roll_id,)  # type: ignore[union-attr]
    act.undo_last_roll(campaign)
    act.undo_last_roll(campaign)
    assert act.roll_to_redo(campaign).roll_ids == (first.roll_id,)  # type: ignore[union-attr]
    redone = act.redo_last_roll(campaign)
    assert redone.roll_ids == (first.roll_id,) and redone.purpose == "first"
    assert redone.total == first.total
    assert act.redo_last_roll(campaign).roll_ids == (second.roll_id,)
    with pytest.raises(ActionRefused, match="nothing to redo"):
        act.redo_last_roll(campaign)
    assert not any(e.get("undone") for e in _log(campaign))


def test_a_new_roll_after_an_undo_leaves_nothing_to_redo(campaign: Campaign) -> None:
    act.roll_dice(campaign, "d8", "first")
    act.undo_last_roll(campaign)
    act.roll_dice(campaign, "d4", "next")
    assert act.roll_to_redo(campaign) is None
    with pytest.raises(ActionRefused, match="nothing to redo"):
        act.redo_last_roll(campaign)
