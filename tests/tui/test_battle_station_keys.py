"""The Battle tab's station keys (m move, t take over, l leave the ship) and the line that
says what the battle's end wrote back to the campaign's ships."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from gmtool.store import Campaign
from gmtool.store.party import load_party_state
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog
from gmtool.tui.tabs.battle.report import SummaryScreen
from tests.tui.conftest import footer_keys
from tests.tui.test_battle_tab import (
    LARGE,
    SMALL,
    battle_keys,
    demo_battle,
    open_battle_tab,
    settle,
    status_text,
)


def place(campaign: Campaign, character_id: str) -> tuple[str, str]:
    found = next(
        a for a in load_party_state(campaign).assignments if a.character_id == character_id
    )
    return found.ship_id, found.place


async def choose(pilot: Pilot[None], title: str, *keys: str) -> None:
    """Wait for the choice dialog titled `title`, then press `keys` in it."""
    app = pilot.app
    await settle(
        pilot,
        lambda: isinstance(app.screen, ChoiceDialog) and app.screen.title_text == title,
    )
    await pilot.press(*keys)


async def test_m_moves_a_character_and_the_battle_log_says_so(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_battle_tab(app, pilot)
        assert {"m", "t"} <= set(footer_keys(app))
        events = len(pane.battle.events)  # type: ignore[union-attr]
        await pilot.press("m")
        await choose(pilot, "Move whom?", "down", "enter")  # Lieutenant Dorran Vek
        await choose(pilot, "To which ship?", "enter")  # CSS Meridian
        await choose(pilot, "Where aboard CSS Meridian?", "home", "enter")  # the Command
        await settle(pilot, lambda: len(pane.battle.events) > events)  # type: ignore[union-attr]
        assert place(app.campaign, "dorran-vek") == ("meridian", "command")
        said = "Lieutenant Dorran Vek moves from the Bridge to the Command of CSS Meridian."
        assert pane.battle.events[-1].text == said  # type: ignore[union-attr]
        assert said in status_text(app)


async def test_t_takes_over_a_post_and_ctrl_z_gives_it_back(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_battle_tab(app, pilot)
        await pilot.press("t")
        await choose(pilot, "Take over whose post?", "enter")  # the captain's Command
        await choose(pilot, "Who takes over from Captain Ines Calloway?", "enter")  # Vek
        await settle(pilot, lambda: place(app.campaign, "dorran-vek")[1] == "command")
        assert place(app.campaign, "ines-calloway") == ("meridian", "bridge")
        assert "takes over the Command of CSS Meridian" in status_text(app)
        await pilot.press("ctrl+z")
        await settle(pilot, lambda: place(app.campaign, "dorran-vek")[1] == "bridge")
        assert "The stations are back as they were" in status_text(app)
        assert pane.battle is not None and len(pane.battle.events) == 1


async def test_l_gets_a_character_off_the_ship(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=SMALL) as pilot:
        pane = await open_battle_tab(app, pilot)
        await pilot.press("l")
        await choose(pilot, "Who leaves the ship?", "down", "down", "enter")  # Ensign Oyelaran
        await settle(pilot, lambda: place(app.campaign, "tamsin-oyelaran")[1] == "away")
        assert not pane.battle.assignment("tamsin-oyelaran").aboard  # type: ignore[union-attr]
        assert "Ensign Tamsin Oyelaran gets clear of CSS Meridian." in status_text(app)


async def test_the_end_says_what_it_wrote_to_the_campaign_and_undo_what_it_gave_back(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=LARGE) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("e")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await settle(pilot, lambda: isinstance(app.screen, SummaryScreen))
        await pilot.press("escape")
        written = status_text(app)
        assert "End state written to the campaign's ships (Crew tab): CSS Meridian" in written
        assert "Raider Gorgon operational, 0 crew lost" in written
        await pilot.press("ctrl+z")
        await settle(pilot, lambda: "Undone" in status_text(app))
        assert "ships are back as they were before the battle ended" in status_text(app)


def test_snapshot_take_over_choice(snap_compare, app_factory) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    assert snap_compare(app, terminal_size=LARGE, press=[*battle_keys(app), "t", "enter"])


def test_snapshot_take_over_choice_small(snap_compare, app_factory) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    assert snap_compare(app, terminal_size=SMALL, press=[*battle_keys(app), "t", "enter"])


def test_snapshot_after_a_take_over_small(snap_compare, app_factory) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    keys = [*battle_keys(app), "t", "enter", "enter"]
    assert snap_compare(app, terminal_size=SMALL, press=keys)
