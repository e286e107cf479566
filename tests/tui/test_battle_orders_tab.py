"""The Battle tab's special order dialogs, key by key: boarding (target, strength, the
leaders' choices), ramming (what will be rolled, enter confirms), a greyed order's reason."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import Static

from gmtool.store import Campaign
from gmtool.store.battles import create_battle, fleet_setup, load_battle
from gmtool.tui.app import GmApp
from gmtool.tui.tabs.battle.order_dialogs import BoardScreen, RamScreen
from tests.tui.drawn import done
from tests.tui.test_battle_tab import (
    BATTLE,
    LARGE,
    SMALL,
    battle_keys,
    move_to,
    open_battle_tab,
    settle,
    status_text,
    to_phase,
)


def orders_battle(campaign: Campaign, enemies: list[str], starting_range: str) -> None:
    """The Meridian against `enemies`, played on to the special orders phase."""
    create_battle(
        campaign,
        "Ambush at Tarsus",
        fleet_setup(campaign, "Navy", ["meridian"]),
        fleet_setup(campaign, "Raiders", enemies),
        starting_range,
    )
    to_phase(campaign, "special_orders")


def _app(app_factory: Callable[..., GmApp], enemies: list[str], starting_range: str) -> GmApp:
    app = app_factory(demo=True)
    orders_battle(app.campaign, enemies, starting_range)
    return app


def dialog_text(app: GmApp) -> str:
    return "\n".join(str(s.render()) for s in app.screen.query(Static))


async def test_the_board_dialog_shows_the_strength_and_switches_the_leaders_choice(
    app_factory: Callable[..., GmApp],
) -> None:
    app = _app(app_factory, ["gorgon"], "moderate")
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_battle_tab(app, pilot)
        await move_to(pilot, pane, "board", "CSS Meridian boards by transporter")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, BoardScreen))
        text = dialog_text(app)
        assert "Boarders: 17 points: 16 troops, the leader Sergeant Bram Adeyemi." in text
        assert "we outnumber them: -3 to our check" in str(
            app.screen.query_one("OptionList").get_option_at_index(0).prompt  # type: ignore[attr-defined]
        )
        assert "chooses a bonus to the check of CSS Meridian's boarders" in text
        await pilot.press("l")
        await done(pilot)
        assert "chooses a penalty to the check of Raider Gorgon's defenders" in dialog_text(app)
        events = len(pane.battle.events)  # type: ignore[union-attr]
        await pilot.press("enter")
        await settle(pilot, lambda: len(pane.battle.events) > events)  # type: ignore[union-attr]
    saved = load_battle(app.campaign, BATTLE)
    step = saved.events[-1]
    assert step.action == "board"
    by_purpose = {r["for"]: r for r in step.rolls}
    leader = by_purpose["Sergeant Bram Adeyemi leads the boarding party"]
    bonus = {"ordinary": 1, "good": 2, "amazing": 3}.get(leader["degree"], 0)
    # the leader chose the penalty: it lands on the defenders, the boarders keep the -3
    assert by_purpose["Raider Gorgon's defenders"]["step"] == bonus
    assert by_purpose["CSS Meridian's boarders"]["step"] == -3


async def test_escape_leaves_the_board_dialog_without_boarding(
    app_factory: Callable[..., GmApp],
) -> None:
    app = _app(app_factory, ["gorgon"], "moderate")
    async with app.run_test(size=SMALL) as pilot:
        pane = await open_battle_tab(app, pilot)
        events = len(pane.battle.events)  # type: ignore[union-attr]
        await move_to(pilot, pane, "board", "CSS Meridian boards by transporter")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, BoardScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: not isinstance(app.screen, BoardScreen))
    assert len(load_battle(app.campaign, BATTLE).events) == events


async def test_a_greyed_boarding_order_says_why_and_opens_nothing(
    app_factory: Callable[..., GmApp],
) -> None:
    app = _app(app_factory, ["vex"], "moderate")
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_battle_tab(app, pilot)
        info = next(a for a in pane.now if a.action == "board" and a.ship_id == "meridian")
        assert info.refused and info.short.endswith("(not now)")
        await move_to(pilot, pane, "board", "CSS Meridian boards by transporter")
        detail = str(app.query_one("#battle-detail", Static).render())
        assert "energy screen (deflector screen) is up" in detail
        await pilot.press("enter")
        await settle(pilot, lambda: "Not now" in status_text(app))
        assert not isinstance(app.screen, BoardScreen)
        assert "Marauder Vex's energy screen (deflector screen) is up" in status_text(app)


async def test_the_ram_dialog_shows_what_it_will_roll_and_enter_rams(
    app_factory: Callable[..., GmApp],
) -> None:
    app = _app(app_factory, ["vex"], "very_close")
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_battle_tab(app, pilot)
        info = next(a for a in pane.now if a.action == "ram")
        await move_to(pilot, pane, "ram", info.label)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, RamScreen))
        text = dialog_text(app)
        assert "1. " in text and "tries to avoid it" in text
        assert "takes d4+1m (a medium hull)" in text  # both medium: tables/battle.yaml
        await pilot.press("escape")
        await settle(pilot, lambda: not isinstance(app.screen, RamScreen))
        assert load_battle(app.campaign, BATTLE).events[-1].action != "ram"
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, RamScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: pane.battle.events[-1].action == "ram")  # type: ignore[union-attr]
    step = load_battle(app.campaign, BATTLE).events[-1]
    purposes = [r["for"] for r in step.rolls]
    assert purposes[0].endswith(
        "rams " + ("Marauder Vex" if info.ship_id == "meridian" else "CSS Meridian")
    )
    logged = [r["for"] for r in app.campaign.roll_log()][-3 * len(purposes) :]
    assert all(p in logged for p in purposes)  # every roll of the ram is in the campaign's log


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x36"])
def test_snapshot_board_dialog(snap_compare, app_factory, size) -> None:
    app = _app(app_factory, ["gorgon"], "moderate")
    state = load_battle(app.campaign, BATTLE)
    from gmtool.rules.battle import available_actions

    index = next(i for i, a in enumerate(available_actions(state)) if a.action == "board")
    keys = [*battle_keys(app), "home", *["down"] * index, "enter", "l"]
    assert snap_compare(app, terminal_size=size, press=keys)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x36"])
def test_snapshot_ram_dialog(snap_compare, app_factory, size) -> None:
    app = _app(app_factory, ["vex"], "very_close")
    state = load_battle(app.campaign, BATTLE)
    from gmtool.rules.battle import available_actions

    index = next(i for i, a in enumerate(available_actions(state)) if a.action == "ram")
    keys = [*battle_keys(app), "home", *["down"] * index, "enter"]
    assert snap_compare(app, terminal_size=size, press=keys)


async def test_editing_a_system_keeps_its_energy_screen_flag_and_power(
    app_factory: Callable[..., GmApp],
) -> None:
    """The ship form's system dialog shows no screen flag or power: it keeps them."""
    from gmtool.tui.tabs.crew.system_dialog import SystemDialog

    app = app_factory(demo=True)
    screen = {"type": "defense", "name": "deflector screen", "hp": 12, "power": 3}
    kept: list[object] = []
    async with app.run_test(size=LARGE) as pilot:
        app.push_screen(SystemDialog("medium", {**screen, "energy_screen": True}), kept.append)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.push_screen(SystemDialog("medium", {**screen, "energy_screen": True}), kept.append)
        await pilot.pause()
        app.screen.query_one("#sys-type").value = "engine"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("ctrl+s")
        await done(pilot)
    assert kept[0] == {**screen, "energy_screen": True}
    assert kept[1] == {
        "type": "engine",
        "name": "deflector screen",
        "hp": 12,
        "power": 3,
    }
