"""The Battle tab's report key (r), the damage form's Why field, and F2 asking before it
ends a game session in the middle of a battle."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import Input, Markdown

from gmtool.actions.sessions import start_session
from gmtool.rules.battle.report import battle_report
from gmtool.store.battles import load_battle
from gmtool.store.reports import report_path
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ConfirmDialog
from gmtool.tui.tabs.battle.damage_dialog import DamageScreen
from gmtool.tui.tabs.battle.report import ReportScreen
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done
from tests.tui.test_battle_tab import (
    BATTLE,
    LARGE,
    SMALL,
    battle_keys,
    demo_battle,
    open_battle_tab,
    settle,
    to_phase,
)


def _fought(app_factory: Callable[..., GmApp]) -> GmApp:
    """The demo's Ambush at Tarsus played to the special orders, every weapon firing."""
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    to_phase(app.campaign, "special_orders", fire=True)
    return app


async def test_r_saves_and_shows_the_report(app_factory: Callable[..., GmApp]) -> None:
    app = _fought(app_factory)
    path = report_path(app.campaign, BATTLE)
    async with app.run_test(size=LARGE) as pilot:
        await open_battle_tab(app, pilot)
        assert "r" in footer_keys(app)
        assert not path.exists()
        await pilot.press("r")
        await settle(pilot, lambda: isinstance(app.screen, ReportScreen))
        screen = app.screen
        assert isinstance(screen, ReportScreen)
        expected = battle_report(load_battle(app.campaign, BATTLE))
        assert path.read_text(encoding="utf-8") == expected == screen.markdown
        assert screen.saved_as == f"reports/{BATTLE}.md"
        assert screen.query_one(Markdown).source == expected
        assert "escape" in footer_keys(app)  # Close, on esc, enter or r
        await pilot.press("r")
        await settle(pilot, lambda: not isinstance(app.screen, ReportScreen))


async def test_r_without_a_battle_is_hidden(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=LARGE) as pilot:
        await open_battle_tab(app, pilot)
        assert "r" not in footer_keys(app)


async def test_the_why_field_can_be_read_in_the_damage_form(
    app_factory: Callable[..., GmApp],
) -> None:
    app = _fought(app_factory)
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("d")
        await settle(pilot, lambda: isinstance(app.screen, DamageScreen))
        why = app.screen.query_one("#damage-note", Input)
        assert why.region.height == 1 and why.content_region.height == 1
        await pilot.press("3", "tab", "tab", *"ram")  # points, track, then the Why field
        await done(pilot)  # keys typed as the form opens are held until it is drawn
        assert why.value == "ram"
        assert "ram" in str(why.render_line(0).text)


async def test_f2_asks_before_ending_a_session_in_a_battle(
    app_factory: Callable[..., GmApp],
) -> None:
    app = _fought(app_factory)
    start_session(app.campaign, "Tarsus")
    async with app.run_test(size=LARGE) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("f2")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert "Ambush at Tarsus is not over" in app.screen.question  # type: ignore[attr-defined]
        await pilot.press("n")
        await settle(pilot, lambda: not isinstance(app.screen, ConfirmDialog))
        assert app.campaign.current_session is not None
        await pilot.press("f2")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await settle(pilot, lambda: app.campaign.current_session is None)


async def test_f2_ends_a_session_at_once_when_the_battle_is_over(
    app_factory: Callable[..., GmApp],
) -> None:
    from gmtool.actions.battles import do_end_battle

    app = _fought(app_factory)
    do_end_battle(app.campaign, BATTLE)
    start_session(app.campaign, "Tarsus")
    async with app.run_test(size=LARGE) as pilot:
        await pilot.press("f2")
        await settle(pilot, lambda: app.campaign.current_session is None)
        assert not isinstance(app.screen, ConfirmDialog)


# -- snapshots ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x36"])
def test_snapshot_damage_form(snap_compare, app_factory, size: tuple[int, int]) -> None:
    app = _fought(app_factory)
    press = [*battle_keys(app), "d", "4", "tab", "tab", *"rammed by the Gorgon"]
    assert snap_compare(app, terminal_size=size, press=press)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x36"])
def test_snapshot_report_screen(snap_compare, app_factory, size: tuple[int, int]) -> None:
    app = _fought(app_factory)
    assert snap_compare(app, terminal_size=size, press=[*battle_keys(app), "r"])
