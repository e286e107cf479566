"""A sweep in the Torga IV tab (S): one batch per value in a worker, with a progress bar,
then the win rate per value as a plot; a bad setting is refused in the dialog."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Input, Static

from gmtool.rules.skirmish import simulate, torga_iv
from gmtool.rules.skirmish.variants import with_settings
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.torga.chart import SimulationPanel, sweep_text
from gmtool.tui.tabs.torga.sweep import SweepResult, SweepScreen
from tests.tui.drawn import done
from tests.tui.test_skirmish_tab import open_tab, shown, status


async def test_a_sweep_runs_in_a_worker_and_plots_the_win_rate_per_value(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        pane.sweep_games = 30
        await pilot.press("S")
        await done(pilot)
        assert isinstance(app.screen, SweepScreen)
        box = app.screen.query_one("#sw-input", Input)
        assert box.value == "victory.turn=8,10,12"
        box.value = "victory.turn=2,3"
        await pilot.press("enter")
        await done(pilot)
        worker = pane.query_one(SimulationPanel).worker
        assert worker is not None and worker._thread_worker
        await app.workers.wait_for_complete()
        await done(pilot)
        chart = pane.query_one("#sk-sim", SimulationPanel)
        assert isinstance(chart.sweep, SweepResult)
        assert chart.sweep.values == (2, 3) and [s.games for s in chart.sweep.summaries] == [30, 30]
        # the same numbers as the simulator gives for each variant
        expected = simulate(with_settings(torga_iv(), [("victory.turn", 2)]), 30, app.campaign.seed)
        assert chart.sweep.summaries[0].wins == expected.wins
        plot = str(chart.render())
        assert "Federation win rate by victory.turn" in plot
        assert f"{expected.win_rate(0):6.1%}" in plot
        assert "Sweep done" in shown(status(pane))


async def test_a_bad_setting_is_refused_in_the_dialog(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        pane = await open_tab(app, pilot)
        await pilot.press("S")
        await pilot.pause()
        app.screen.query_one("#sw-input", Input).value = "victory.turns=8,10"
        await pilot.press("enter")
        await done(pilot)
        assert isinstance(app.screen, SweepScreen)
        error = shown(app.screen.query_one("#sw-error", Static))
        assert "no setting 'turns' in victory" in error
        await pilot.press("escape")
        await done(pilot)
        assert pane.query_one(SimulationPanel).worker is None


def test_the_plot_has_a_row_per_value_with_its_interval() -> None:
    summaries = tuple(
        simulate(with_settings(torga_iv(), [("cover.within", v)]), 20, 1) for v in (0, 4)
    )
    text = sweep_text(SweepResult("cover.within", (0, 4), summaries), 60).plain
    rows = text.splitlines()
    assert rows[0] == "Federation win rate by cover.within"
    assert rows[2].startswith("0 ") and rows[3].startswith("4 ")
    for row, summary in zip(rows[2:4], summaries, strict=True):
        assert (f"{summary.win_rate(0):6.1%}" in row and "█" in row) or "▒" in row


async def _swept(pilot) -> None:  # type: ignore[no-untyped-def]
    app = pilot.app
    pane = await open_tab(app, pilot)
    pane.sweep_games = 20
    await pilot.press("S")
    await pilot.pause()
    await pilot.press("enter")
    await app.workers.wait_for_complete()
    await done(pilot)


def test_snapshot_sweep_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    assert snap_compare(app_factory(), terminal_size=(80, 24), run_before=_swept)


def test_snapshot_sweep_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    assert snap_compare(app_factory(), terminal_size=(120, 36), run_before=_swept)
