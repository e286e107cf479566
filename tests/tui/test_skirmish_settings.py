"""The Torga IV tab's settings (o), saved with the game and undone with ctrl+z, and the rules
card in F1, written from the scenario in play."""

from __future__ import annotations

from collections.abc import Callable

from gmtool.rules.skirmish import torga_iv
from gmtool.rules.skirmish.variants import parse_setting, with_settings
from gmtool.store.skirmish import MANUAL
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs.help import HelpScreen
from gmtool.tui.tabs.torga.rules_card import rules_card
from gmtool.tui.tabs.torga.settings import SettingsScreen
from tests.tui.drawn import done
from tests.tui.test_skirmish_tab import open_tab, saved_game, start


async def test_settings_are_saved_with_the_game_and_undone(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await open_tab(app, pilot)
        await start(pilot, MANUAL)
        await pilot.press("o")
        await done(pilot)
        assert isinstance(app.screen, SettingsScreen)
        # wound effects off; the Jem'Hadar first; the app plays the Jem'Hadar (solo play)
        await pilot.press("enter", "down", "enter", "down", "enter", "ctrl+s")
        await done(pilot)
        saved, rolls = saved_game(path)
        assert saved is not None
        options = saved.state.options
        assert not options.wound_effects and options.first_in_tier == "jemhadar"
        assert options.automatic == ("jemhadar",)
        kinds = [line.kind for line in saved.log]
        # the app now plays the Jem'Hadar: their order for this turn is rolled at once
        assert "settings" in kinds and "solo_order" in kinds
        assert saved.state.solo_order is not None and rolls
        assert "the app plays Jem'Hadar" in str(pane.query_one("#sk-status").render())
        await pilot.press("ctrl+z")
        await done(pilot)
        saved, _ = saved_game(path)
        assert saved is not None and saved.state.options.wound_effects
        assert saved.state.options.automatic == ()


async def test_escape_changes_nothing(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    path = app.campaign.folder
    async with app.run_test(size=(120, 36)) as pilot:
        await open_tab(app, pilot)
        await start(pilot, MANUAL)
        before = saved_game(path)[0]
        await pilot.press("o", "enter", "escape")
        await done(pilot)
        after = saved_game(path)[0]
        assert before is not None and after is not None
        assert after.to_dict() == before.to_dict()


async def test_f1_shows_the_rules_card_of_the_game(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory()
    async with app.run_test(size=(120, 36)) as pilot:
        await open_tab(app, pilot)
        await pilot.press("f1")
        await done(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.help_text
        assert "## Rules card: Torga IV: the crashed ship" in text
        assert "| energy rifle | 9 | 8 | 5 | 5 | 3 | 2 |" in text
        assert "| Lt Cmdr Worf | Federation | 3 | phaser rifle | +2 |" in text
        assert "aimed shot -2" in text and "within 2 in of the target" in text
        assert "When turn 10 begins (the Defiant arrives), the Federation win with 4" in text


def test_the_card_follows_a_house_ruled_scenario() -> None:
    changed = with_settings(
        torga_iv(),
        [
            parse_setting("weapons.energy_rifle.hit_on=[8, 7, 5, 4, ~]"),
            parse_setting("victory.turn=12"),
        ],
    )
    card = rules_card(changed)
    assert "| energy rifle | 8 | 7 | 5 | 4 | ~ | 2 |" in card
    assert "When turn 12 begins" in card


def test_snapshot_settings_small(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    async def settings(pilot) -> None:  # type: ignore[no-untyped-def]
        await open_tab(pilot.app, pilot)
        await start(pilot, MANUAL)
        await pilot.press("o", "down", "down", "enter")
        await done(pilot)

    assert snap_compare(app_factory(), terminal_size=(80, 24), run_before=settings)


def test_snapshot_settings_large(snap_compare, app_factory: Callable[..., GmApp]) -> None:
    async def settings(pilot) -> None:  # type: ignore[no-untyped-def]
        await open_tab(pilot.app, pilot)
        await start(pilot, MANUAL)
        await pilot.press("o", "down", "down", "enter")
        await done(pilot)

    assert snap_compare(app_factory(), terminal_size=(120, 36), run_before=settings)
