"""Replaying a finished game step by step (r) and exporting its log as Markdown (e), both
shown in the footer once the game is over; and the tab in play at both sizes."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Static

from gmtool.store.skirmish import AUTOMATIC, MANUAL
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.torga.replay import ReplayScreen
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done
from tests.tui.test_skirmish_tab import open_tab, shown, start, status


async def test_a_finished_game_replays_step_by_step_and_exports(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, AUTOMATIC)
        while pane.game is not None and not pane.game.state.over:
            await pilot.press("G")
        await done(pilot)
        assert {"r", "e"} <= footer_keys(app)
        await pilot.press("r")
        await done(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.index == 0 and screen.steps[0].state.turn == 1
        head = shown(screen.query_one("#rp-head", Static))
        assert head.startswith(f"Replay: step 1 of {len(screen.steps)}: New game")
        await pilot.press("right", "right")
        await done(pilot)
        assert screen.index == 2
        await pilot.press("end")
        await done(pilot)
        assert screen.steps[screen.index].state.over
        assert "Game over" in shown(screen.query_one("#rp-standing", Static))
        await pilot.press("home", "left")
        await done(pilot)
        assert screen.index == 0
        await pilot.press("escape")
        await done(pilot)
        assert not isinstance(app.screen, ReplayScreen)
        await pilot.press("e")
        await done(pilot)
        path = app.campaign.folder / "exports" / f"skirmish-{pane.game.game_id}.md"
        assert str(path) in shown(status(pane)) and path.is_file()
        assert "## Turn 1 begins." in path.read_text(encoding="utf-8")


async def test_replay_works_in_play_too(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        line = shown(pane.query_one("#sk-standing", Static))
        assert line.startswith("Turn 1 of 10 · Federation to act (GM), action point 1")
        assert "Federation 7 standing, needs 4 when turn 10 begins · Jem'Hadar 6 standing" in line
        await pilot.press("space", "space")
        await done(pilot)
        assert {"r", "e"} <= footer_keys(app)  # in play as at game over
        await pilot.press("r")
        await done(pilot)
        assert isinstance(app.screen, ReplayScreen) and len(app.screen.steps) == 3


async def _in_play(pilot) -> None:  # type: ignore[no-untyped-def]
    await open_tab(pilot.app, pilot)
    await start(pilot, MANUAL)
    await done(pilot)


def test_snapshot_in_play_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    assert snap_compare(app_factory(), terminal_size=(80, 24), run_before=_in_play)


def test_snapshot_in_play_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    assert snap_compare(app_factory(), terminal_size=(120, 36), run_before=_in_play)


async def _replaying(pilot) -> None:  # type: ignore[no-untyped-def]
    pane = await open_tab(pilot.app, pilot)
    await start(pilot, AUTOMATIC)
    while pane.game is not None and not pane.game.state.over:
        await pilot.press("G")
    await pilot.press("r", "right", "right")
    await done(pilot)


def test_snapshot_replay_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    assert snap_compare(app_factory(), terminal_size=(80, 24), run_before=_replaying)


def test_snapshot_replay_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    assert snap_compare(app_factory(), terminal_size=(120, 36), run_before=_replaying)
