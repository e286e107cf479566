"""The players' app: it follows the GM's saves, and no key changes anything."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from gmtool.actions.battle_next import play_next
from gmtool.player.app import POLL_SECONDS, PlayerApp, make_player_app
from gmtool.store import open_campaign
from tests.conftest import fixed_clock
from tests.player.conftest import BATTLE
from tests.tui.drawn import done

# Polls a test waits for the players' app to read a save: never reached by a working app.
POLLS_AT_MOST = 300


def gm_step(folder: Path) -> None:
    gm = open_campaign(folder, create=False, clock=fixed_clock)
    try:
        play_next(gm, BATTLE)
    finally:
        gm.close()


async def test_the_view_follows_a_battle_step(battle_campaign: Callable[..., Path]) -> None:
    folder = battle_campaign()
    app = make_player_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.model is not None and app.model.battle is not None
        assert [e.kind for e in app.model.battle.log] == ["begin"]
        reads = app.reads
        gm_step(folder)  # the GM rolls the edge in another process's place
        # the next poll reads it (how soon is bench work: a busy machine only delays it)
        for _ in range(POLLS_AT_MOST):
            if app.reads != reads:
                break
            await pilot.pause(POLL_SECONDS)
        assert app.model.battle is not None
        assert [e.kind for e in app.model.battle.log] == ["begin", "edge"]
        shown = app.screen.query_one("#battle-log-lines").render()
        assert "has the edge" in str(shown)


async def test_keys_change_nothing(battle_campaign: Callable[..., Path]) -> None:
    folder = battle_campaign(3, skirmish=True)
    files = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    app = make_player_app(folder)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("1", "2", "3", "n", "x", "u", "ctrl+z", "enter", "space", "r", "g", "d"):
            await pilot.press(key)
        await pilot.press("delete", "escape", "tab", "shift+tab", "ctrl+p", "escape")
        await done(pilot)
        assert app.model is not None
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == files


async def test_number_keys_switch_tabs(battle_campaign: Callable[..., Path]) -> None:
    app = make_player_app(battle_campaign(skirmish=True), poll=False)
    async with app.run_test(size=(80, 24)) as pilot:
        for key, tab in (("2", "party"), ("3", "torga"), ("1", "battle")):
            await pilot.press(key)
            assert app.query_one("TabbedContent").active == tab  # type: ignore[attr-defined]


async def test_a_missing_campaign_says_so(tmp_path: Path) -> None:
    app = make_player_app(tmp_path / "nothing-here", poll=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await done(pilot)
        status = str(app.query_one("#status").render())
        assert "cannot read the campaign" in status and "nothing-here" in status


def _tab(key: str) -> Callable[[Pilot[None]], object]:
    async def press(pilot: Pilot[None]) -> None:
        assert isinstance(pilot.app, PlayerApp)
        await pilot.press(key)
        await pilot.pause()
        await asyncio.sleep(0)

    return press


def test_snapshot_battle_small(snap_compare, battle_campaign: Callable[..., Path]) -> None:  # type: ignore[no-untyped-def]
    app = make_player_app(battle_campaign(25), poll=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_tab("1"))


def test_snapshot_battle_large(snap_compare, battle_campaign: Callable[..., Path]) -> None:  # type: ignore[no-untyped-def]
    app = make_player_app(battle_campaign(25), poll=False)
    assert snap_compare(app, terminal_size=(120, 36), run_before=_tab("1"))


def test_snapshot_party_small(snap_compare, battle_campaign: Callable[..., Path]) -> None:  # type: ignore[no-untyped-def]
    app = make_player_app(battle_campaign(25), poll=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_tab("2"))


def test_snapshot_torga_small(snap_compare, battle_campaign: Callable[..., Path]) -> None:  # type: ignore[no-untyped-def]
    app = make_player_app(battle_campaign(skirmish=True), poll=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_tab("3"))


def test_snapshot_torga_large(snap_compare, battle_campaign: Callable[..., Path]) -> None:  # type: ignore[no-untyped-def]
    app = make_player_app(battle_campaign(skirmish=True), poll=False)
    assert snap_compare(app, terminal_size=(120, 36), run_before=_tab("3"))


async def test_the_keys_scroll_the_tab_shown_to_the_ships_below(
    battle_campaign: Callable[..., Path],
) -> None:
    """At 80x24 the ships and their crew losses lie below the range ladder: Down, Page Down
    and End reach them, on whichever tab is shown."""
    app = make_player_app(battle_campaign(25), poll=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await done(pilot)
        scroll = app.query_one("#battle-scroll")
        assert scroll.max_scroll_y > 0 and scroll.scroll_y == 0
        await pilot.press("end")
        await done(pilot)
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("home")
        await done(pilot)
        assert scroll.scroll_y == 0
        await pilot.press("2")
        await done(pilot)
        assert app.focused is app.query_one("#party-pane")
        await pilot.press("1")
        await done(pilot)
        assert app.focused is scroll
