"""Tabs that read the campaign again when shown (Stations, Injuries, Battle) skip it while
nothing was saved since their last read (reading and redrawing was most of the time to show
the Stations tab again), and read again after anything was saved."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gmtool.actions import dice as dice_actions
from gmtool.tui.app import GmApp
from tests.tui.drawn import done
from tests.tui.test_battle_tab import demo_battle

TABS = {"3": "stations", "4": "battle", "5": "injuries"}


@pytest.mark.parametrize("key", list(TABS), ids=list(TABS.values()))
async def test_shown_again_reads_only_after_a_save(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    app = app_factory(demo=True)
    if TABS[key] == "battle":  # the Battle tab reads again only with a battle open
        demo_battle(app.campaign)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("escape", key)
        await done(pilot)
        pane = app.query_one(f"#{TABS[key]}")
        if TABS[key] == "battle":
            assert pane.battle is not None
        reads: list[int] = []
        real = type(pane).reload

        def counting(self: object, *args: object, **kwargs: object) -> None:
            reads.append(app.campaign.change_count)
            real(self, *args, **kwargs)

        monkeypatch.setattr(type(pane), "reload", counting)
        pane.note_read()  # as after its last read
        await pilot.press("1", key)
        await done(pilot)
        assert reads == []  # nothing saved: shown as it was
        dice_actions.roll_dice(app.campaign, "d6", "a save elsewhere", source="test")
        await pilot.press("1", key)
        await done(pilot)
        assert reads == [app.campaign.change_count]  # read again once
        await pilot.press("1", key)
        await done(pilot)
        assert len(reads) == 1
