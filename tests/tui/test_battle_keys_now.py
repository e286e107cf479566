"""The Battle tab's keys act on the battle as it is when they are pressed: keys sent back to
back (no pause for the screen to catch up) each see the step before them; an order given on
a list since rebuilt is refused. ctrl+y does an undone step again exactly as it was saved."""

from __future__ import annotations

from collections.abc import Callable

from textual import events

from gmtool.rules.battle import roll_edge
from gmtool.store import injuries
from gmtool.store.battles import load_battle, run_step
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ChoiceDialog
from gmtool.tui.tabs.battle.requests import Advance
from tests.tui.conftest import footer_keys
from tests.tui.test_battle_tab import (
    BATTLE,
    LARGE,
    SMALL,
    demo_battle,
    open_battle_tab,
    pick_ship,
    settle,
    status_text,
    wait,
)


def send_at_once(app: GmApp, *keys: str) -> None:
    """Queue the key presses together, as a fast typist's keys arrive: no key waits for the
    screen to settle after the one before."""
    assert app._driver is not None
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)


async def test_enter_enter_back_to_back_does_two_steps_each_on_the_battle_as_it_was(
    app_factory: Callable[..., GmApp],
) -> None:
    """The edge, then at once the action the list offers after it. Before, the second enter
    read the list from before the first step (still on screen) and replaced the first order."""
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_battle_tab(app, pilot)
        assert pane.now[0].action == "roll_edge"
        start = len(load_battle(app.campaign, BATTLE).events)
        send_at_once(app, "enter", "enter")
        await settle(pilot, lambda: len(load_battle(app.campaign, BATTLE).events) >= start + 2)
        await wait(pilot)
    done = [e.action for e in load_battle(app.campaign, BATTLE).events][start:]
    assert done[0] == "roll_edge"
    assert done[1] != "roll_edge" and len(done) == 2


async def test_space_then_enter_back_to_back_acts_on_the_new_step(
    app_factory: Callable[..., GmApp],
) -> None:
    """After the edge, ctrl+n goes on and enter at once does the first action of the new
    step, not the one that was highlighted before ctrl+n."""
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    run_step(app.campaign, BATTLE, roll_edge)
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_battle_tab(app, pilot)
        start = len(load_battle(app.campaign, BATTLE).events)
        send_at_once(app, "ctrl+n", "enter")
        await settle(pilot, lambda: len(load_battle(app.campaign, BATTLE).events) > start)
        await wait(pilot)
        after_space = load_battle(app.campaign, BATTLE).events[start]
        assert after_space.action == "advance"
        # the enter that followed acted on the step space led to (a heading: its dialog)
        assert pane.battle is not None and pane.battle.phase != "edge"


async def test_an_order_given_on_an_older_list_is_refused_and_saves_nothing(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=LARGE) as pilot:
        pane = await open_battle_tab(app, pilot)
        given_on = pane.generation
        await pilot.press("enter")  # the edge: the list is rebuilt
        await settle(pilot, lambda: pane.generation != given_on)
        before = load_battle(app.campaign, BATTLE)
        assert pane.do_step(Advance(), at=given_on) is None
        assert "the battle moved on while the order was being given" in status_text(app)
        assert load_battle(app.campaign, BATTLE) == before


async def test_g_acts_on_the_ship_under_the_cursor_when_the_key_is_pressed(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=LARGE) as pilot:
        await open_battle_tab(app, pilot)
        await pick_ship(app, pilot, "vex")
        send_at_once(app, "g")
        await wait(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        assert app.screen.query_one(".dialog-box").border_title == "Which weapon of Marauder Vex?"


# -- redo -------------------------------------------------------------------------------------


async def test_ctrl_y_redoes_the_undone_step_as_saved_without_rolling(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=SMALL) as pilot:
        pane = await open_battle_tab(app, pilot)
        assert "ctrl+y" not in footer_keys(app)
        start = len(load_battle(app.campaign, BATTLE).events)
        await pilot.press("enter")  # the edge
        await settle(pilot, lambda: len(load_battle(app.campaign, BATTLE).events) > start)
        rolled = load_battle(app.campaign, BATTLE)
        log_before = [dict(r) for r in app.campaign.roll_log()]
        await pilot.press("ctrl+z")
        await wait(pilot)
        assert status_text(app).startswith("Undone: edge for Navy")
        assert "ctrl+y does it again" in status_text(app)
        assert "ctrl+y" in footer_keys(app)
        assert all(r["undone"] for r in app.campaign.roll_log())
        await pilot.press("ctrl+y")
        await wait(pilot)
        assert status_text(app).startswith("Redone: edge for Navy")
        assert load_battle(app.campaign, BATTLE) == rolled  # state and events as saved
        assert pane.battle is not None and pane.battle.events == rolled.events
        log_after = [dict(r) for r in app.campaign.roll_log()]
        assert [r["id"] for r in log_after] == [r["id"] for r in log_before]  # nothing rolled
        assert not any(r["undone"] for r in log_after)
        assert "ctrl+y" not in footer_keys(app)
        assert "ctrl+z" in footer_keys(app)
        # and it can be taken back again
        await pilot.press("ctrl+z")
        await wait(pilot)
        assert len(load_battle(app.campaign, BATTLE).events) == start


async def test_a_new_step_after_undo_leaves_nothing_to_redo(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    run_step(app.campaign, BATTLE, roll_edge)
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("ctrl+z")
        await wait(pilot)
        assert "ctrl+y" in footer_keys(app)
        start = len(load_battle(app.campaign, BATTLE).events)
        await pilot.press("enter")  # the edge rolled again: a new step
        await settle(pilot, lambda: len(load_battle(app.campaign, BATTLE).events) > start)
        assert "ctrl+y" not in footer_keys(app)


async def test_a_step_that_hurt_characters_is_not_offered_for_redo(
    app_factory: Callable[..., GmApp],
) -> None:
    """Its injuries were given back with the undo; redoing it would need them marked again,
    so ctrl+y is not offered (play the step again instead)."""
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=LARGE) as pilot:
        await open_battle_tab(app, pilot)
        await pick_ship(app, pilot, "meridian")
        await pilot.press("d")
        await wait(pilot)
        await pilot.press(*"9", "enter")
        await wait(pilot)
        assert injuries.history(app.campaign, battle=BATTLE)
        await pilot.press("ctrl+z")
        await wait(pilot)
        assert "injury entries given back" in status_text(app)
        assert "ctrl+y" not in footer_keys(app)
        assert "ctrl+y does it again" not in status_text(app)


async def test_undoing_the_ending_is_not_redone(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    run_step(app.campaign, BATTLE, roll_edge)
    async with app.run_test(size=SMALL) as pilot:
        pane = await open_battle_tab(app, pilot)
        await pilot.press("e")
        await wait(pilot)
        await pilot.press("y")
        await settle(pilot, lambda: pane.battle is not None and pane.battle.finished)
        await pilot.press("escape")  # the summary
        await wait(pilot)
        await pilot.press("ctrl+z")
        await settle(pilot, lambda: pane.battle is not None and not pane.battle.finished)
        assert "ctrl+y" not in footer_keys(app)
