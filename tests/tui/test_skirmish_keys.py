"""The Torga IV footer at 80x24 and 120x36: every key that works now is shown, every key
shown works, and the footer, the map and the rows under it all fit on the screen."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from gmtool.store.skirmish import AUTOMATIC, MANUAL, SOLO
from gmtool.tui.app import GmApp
from gmtool.tui.footer import KEEP_ROWS_FROM, KeyFooter, wrap_items
from gmtool.tui.tabs.torga.map import SkirmishMap
from gmtool.tui.tabs.torga.pane import MOVING, PICKING, SkirmishPane
from gmtool.tui.tabs.torga.replay import ReplayScreen
from gmtool.tui.tabs.torga.sweep import SweepScreen
from gmtool.tui.tabs.torga.widgets import share_rows, text_rows
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done
from tests.tui.test_skirmish_referee_tab import set_table
from tests.tui.test_skirmish_tab import open_tab, shown, start, status

SIZES = [(80, 24), (120, 36)]


async def _no_game(pilot: Pilot) -> SkirmishPane:
    return await open_tab(pilot.app, pilot)  # type: ignore[arg-type]


async def _in_play(pilot: Pilot) -> SkirmishPane:
    pane = await open_tab(pilot.app, pilot)  # type: ignore[arg-type]
    await start(pilot, SOLO)
    return pane


async def _moving(pilot: Pilot) -> SkirmishPane:
    pane = await _in_play(pilot)
    await pilot.press("m", "right")
    await done(pilot)
    assert pane.mode == MOVING
    return pane


async def _typing(pilot: Pilot) -> SkirmishPane:
    pane = await _moving(pilot)
    await pilot.press("t")
    return pane


async def _firing(pilot: Pilot) -> SkirmishPane:
    pane = await open_tab(pilot.app, pilot)  # type: ignore[arg-type]
    await start(pilot, MANUAL)
    set_table(pane, sisko=(36.0, 37.0), soldier_5=(50.5, 38.5), soldier_4=(48.0, 30.0))
    await pilot.pause()
    await pilot.press("f")
    await done(pilot)
    assert pane.mode == PICKING
    return pane


async def _over(pilot: Pilot) -> SkirmishPane:
    pane = await open_tab(pilot.app, pilot)  # type: ignore[arg-type]
    await start(pilot, AUTOMATIC)
    while pane.game is not None and not pane.game.state.over:
        await pilot.press("G")
    return pane


SITUATIONS: dict[str, Callable[[Pilot], Awaitable[SkirmishPane]]] = {
    "no game": _no_game,
    "in play": _in_play,
    "moving": _moving,
    "typing a destination": _typing,
    "picking a target": _firing,
    "game over": _over,
}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("situation", SITUATIONS)
async def test_every_key_that_works_is_shown_and_everything_fits(
    app_factory: Callable[..., GmApp], situation: str, size: tuple[int, int]
) -> None:
    app = app_factory()
    async with app.run_test(size=size) as pilot:
        pane = await SITUATIONS[situation](pilot)
        await pilot.pause()
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        items = footer.items()
        in_footer = {action for item in items for action in item.actions}
        working = {
            active.binding.action
            for active in app.screen.active_bindings.values()
            if active.enabled and (active.node is pane or active.binding.show)
        }
        assert working <= in_footer, f"working keys missing from the footer: {working - in_footer}"
        if situation not in ("no game", "game over"):
            # in play tab and shift+tab are the tab's own, never Textual's move of the focus
            for key in ("tab", "shift+tab"):
                assert app.screen.active_bindings[key].node is not app.screen
        for item in items:  # every key shown works: enabled, with something to run
            assert item.enabled
            for action in item.actions:
                name = action.split("(")[0]
                assert any(
                    hasattr(node, f"action_{name.rpartition('.')[2]}")
                    for node in (pane, app, app.screen, app.screen.focused)
                ), action
        # the footer is whole and on screen; the map keeps every row; nothing under it is cut
        rows = wrap_items(items, size[0])
        assert all(sum(i.width for i in row) <= size[0] for row in rows)
        assert footer.region.height >= len(rows)  # a tall terminal keeps the most rows
        if size[1] < KEEP_ROWS_FROM:
            assert footer.region.height == len(rows)
        assert footer.region.bottom == size[1]
        table = pane.query_one("#sk-map", SkirmishMap)
        assert table.region.height == table.wanted_height
        assert pane.query_one("#sk-status", Static).region.bottom <= footer.region.y
        if situation != "game over":
            assert pane.query_one("#sk-status", Static).region.height >= 1


async def test_in_play_at_80x24_the_keys_the_footer_lacked_work(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    folder: Path = app.campaign.folder
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await _in_play(pilot)
        await done(pilot)
        assert {"G", "S", "r", "e", "shift+tab"} <= footer_keys(app)
        # the log's page keys come once it holds more than it shows
        assert not {"pageup", "pagedown"} & footer_keys(app)
        await pilot.press("G")  # the rest of turn 1, both sides
        await done(pilot)
        assert pane.game is not None and pane.game.state.turn == 2
        assert {"pageup", "pagedown"} <= footer_keys(app)
        await pilot.press("e")
        await done(pilot)
        exported = list((folder / "exports").glob("*.md"))
        assert len(exported) == 1 and "Turn 2 begins" in exported[0].read_text(encoding="utf-8")
        await pilot.press("r")
        await done(pilot)
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("S")
        await done(pilot)
        assert isinstance(app.screen, SweepScreen)


async def test_a_long_message_at_80x24_is_read_whole_and_the_map_keeps_its_rows(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, SOLO)
        set_table(pane, sisko=(30.0, 37.0), soldier_5=(43.0, 38.0))
        await pilot.pause()
        await pilot.press("f", "enter")
        await done(pilot)
        message = shown(status(pane))
        assert "fires the phaser rifle" in message
        assert status(pane).region.height == 2  # the shot and its result, on two rows
        assert pane.query_one("#sk-action", Static).region.height == 0  # the figure gave way
        table = pane.query_one("#sk-map", SkirmishMap)
        assert table.region.height == table.wanted_height
        await pilot.press("space")  # a short message: the figure's line is back
        await done(pilot)
        assert pane.query_one("#sk-action", Static).region.height == 1


def test_rows_are_shared_so_the_status_is_read_and_the_panel_gives_way() -> None:
    assert share_rows(3, 1, 2, panel_yields=True) == (1, 2)  # room for both
    assert share_rows(2, 1, 1, panel_yields=True) == (1, 1)
    assert share_rows(2, 1, 2, panel_yields=True) == (0, 2)  # the figure's line yields
    assert share_rows(3, 2, 2, panel_yields=False) == (2, 1)  # a preview keeps its rows
    assert share_rows(2, 2, 1, panel_yields=False) == (1, 1)  # no room: the panel is cut
    assert share_rows(5, 4, 0, panel_yields=False) == (2, 1)  # two rows each at most
    console = Console(width=80)
    assert text_rows("", 80, console) == 0
    assert text_rows("x" * 80, 80, console) == 1
    assert text_rows("word " * 20, 80, console) == 2


async def test_while_picking_tab_and_the_arrows_cycle_the_choice(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await _firing(pilot)
        assert len(pane.pick_options) == 2
        await pilot.press("tab")
        await done(pilot)
        assert pane.pick_index == 1 and app.focused is pane.query_one("#sk-map")
        await pilot.press("shift+tab", "down", "right")
        await done(pilot)
        assert pane.pick_index == 0 and pane.mode == PICKING
        await pilot.press("up")
        await done(pilot)
        assert pane.pick_index == 1
