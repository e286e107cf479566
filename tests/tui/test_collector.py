"""The garbage collector out of the way of the GM's keys: what start-up and a tab's first
build made is frozen, and the whole heap is collected only when no key came for a while."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator

import pytest
from textual.pilot import Pilot

from gmtool.commands import collector
from gmtool.tui import app as app_module
from gmtool.tui.app import GmApp

from .drawn import SETTLE_PAUSES, settled


@pytest.fixture(autouse=True)
def _collector_as_it_was() -> Iterator[None]:
    thresholds, enabled = gc.get_threshold(), gc.isenabled()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    if enabled:
        gc.enable()


async def test_the_idle_hooks_run_once_no_key_came_for_a_while(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keys put the hooks off; no key for IDLE_AFTER runs them once, and only a key starts
    the wait again. While keys come, IDLE_AFTER is an hour, so a busy machine slow between
    two keys cannot make it pass; for the wait, a moment."""
    monkeypatch.setattr(app_module, "IDLE_AFTER", 3600.0)
    ran: list[int] = []
    app = app_factory(demo=True)
    app.idle_hooks.append(lambda: ran.append(1))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("escape")
        for _ in range(3):
            await pilot.pause()
            await pilot.press("down")
        await settled(pilot)
        assert ran == []  # each key put them off
        monkeypatch.setattr(app_module, "IDLE_AFTER", 0.05)
        await pilot.press("down")
        await _until(pilot, lambda: ran == [1])  # idle once, after the last key
        await settled(pilot)
        assert ran == [1] and app._idle_timer is None  # not again until another key
        await pilot.press("up")
        await _until(pilot, lambda: ran == [1, 1])


async def _until(pilot: Pilot[None], check: Callable[[], bool]) -> None:
    for _ in range(SETTLE_PAUSES):
        if check():
            return
        await pilot.pause()
    raise AssertionError("never came")


async def test_the_app_freezes_what_start_up_and_a_tab_built_and_collects_when_idle(
    app_factory: Callable[..., GmApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "IDLE_AFTER", 3600.0)  # not idle while keys come
    collected: list[int] = []
    real_collect = gc.collect
    monkeypatch.setattr(gc, "collect", lambda generation=2: collected.append(generation) or 0)
    gc.disable()
    app = app_factory(demo=True)
    counts: list[int] = []  # the frozen count around each freeze of a tab just built
    app.tab_built_hooks.append(lambda: counts.append(gc.get_freeze_count()))
    collector.collect_out_of_the_way(app)
    app.tab_built_hooks.append(lambda: counts.append(gc.get_freeze_count()))
    async with app.run_test(size=(120, 36)) as pilot:
        await settled(pilot)  # the first frame drawn and its hooks run
        assert gc.isenabled() and gc.get_threshold() == collector.GC_THRESHOLDS
        assert gc.get_freeze_count() > 10_000  # the app as started
        built = len(counts)
        await pilot.press("escape", "2")  # the Crew tab, built now
        await _until(pilot, lambda: len(counts) >= built + 2)
        before, after = counts[built : built + 2]
        assert after > before, "the tab's widgets are frozen too"
        assert collected == [], "no full collection while keys come"
        real_collect(1)  # objects moved to the oldest generation: a full collection is due
        assert gc.get_count()[2] > 0
        await pilot.press("down")
        assert collected == []
        monkeypatch.setattr(app_module, "IDLE_AFTER", 0.05)
        await pilot.press("down")
        await _until(pilot, lambda: bool(collected))
        await settled(pilot)
        assert collected == [2], "collected once the GM pressed no key for a moment"
