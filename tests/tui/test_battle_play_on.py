"""The Battle tab's play-on keys, pressed like a GM: space plays to the GM's next decision
(the status line says what is asked, the cursor is on gmtool's choice), p to the end of the
round, u takes the round back, w chooses the sides gmtool plays."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Input, OptionList, Select, Static, TabbedContent

from gmtool.rules.battle import self_destruct
from gmtool.store.battles import create_battle, fleet_setup, load_battle, run_step
from gmtool.store.view_state import VIEW_FILE
from gmtool.tui.app import GmApp
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog
from gmtool.tui.footer import KeyFooter
from gmtool.tui.tabs.battle.damage_dialog import DamageScreen
from gmtool.tui.tabs.battle.setup_dialog import BattleSetupScreen
from tests.tui.conftest import footer_keys
from tests.tui.drawn import done
from tests.tui.test_battle_tab import (
    BATTLE,
    SMALL,
    demo_battle,
    header,
    move_to,
    open_battle_tab,
    settle,
    status_text,
    to_phase,
)

BOTH_SIDES = 3  # the who-plays choice "gmtool plays both sides"


async def test_space_plays_on_to_the_gms_heading_and_enter_takes_gmtools_choice(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)  # side B, the Raiders, played by gmtool
    async with app.run_test(size=SMALL) as pilot:
        pane = await open_battle_tab(app, pilot)
        assert "space" in footer_keys(app)
        first = app.screen.query_one(KeyFooter).items()[0]
        assert first.keys[:2] == ("space", "p") and first.description == "Play on"
        assert "B Raiders (gmtool)" in header(app)
        await pilot.press("space")
        await settle(pilot, lambda: "Your decision" in status_text(app))
        state = load_battle(app.campaign, BATTLE)
        assert state.phase == "movement" and len(state.events) > 3
        assert "the heading of Navy" in status_text(app)
        highlighted = pane.highlighted_action()
        assert highlighted is not None and highlighted.action == "declare_heading"
        assert highlighted.side == "a"
        # space again at the decision plays nothing: the decision is the GM's
        await pilot.press("space")
        await done(pilot)
        assert len(load_battle(app.campaign, BATTLE).events) == len(state.events)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("enter")
        await settle(pilot, lambda: load_battle(app.campaign, BATTLE).side("a").declared)


async def test_p_plays_the_round_out_and_u_takes_it_back(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("p")
        await settle(pilot, lambda: load_battle(app.campaign, BATTLE).round == 2)
        assert "round 2 begins" in status_text(app)
        played = len(load_battle(app.campaign, BATTLE).events)
        await pilot.press("u")
        await settle(pilot, lambda: "Undone: round 1" in status_text(app))
        state = load_battle(app.campaign, BATTLE)
        assert state.round == 1 and len(state.events) < played


async def test_w_lets_gmtool_play_both_sides_and_space_then_plays_to_the_end(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("w")
        await settle(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        options = app.screen.query_one(OptionList)
        assert options.highlighted == 2  # side B, as the battle was set up
        options.highlighted = BOTH_SIDES
        await pilot.press("enter")
        await settle(pilot, lambda: load_battle(app.campaign, BATTLE).auto == ("a", "b"))
        assert "A Navy (gmtool)" in header(app)
        await pilot.press("space")
        await settle(pilot, lambda: load_battle(app.campaign, BATTLE).finished)
        assert "the battle is over" in status_text(app)
        # over: the play-on keys are no longer offered
        assert not footer_keys(app) & {"space", "p", "w"}


async def test_a_declared_heading_is_not_the_cursors_item_and_damage_goes_to_the_enemy(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=SMALL) as pilot:
        pane = await open_battle_tab(app, pilot)
        # no ship hit yet: d and k default to the flagship of the side gmtool plays
        assert pane.damage_target() == "gorgon"
        await pilot.press("space")
        await settle(pilot, lambda: "the heading of Navy" in status_text(app))
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("enter")
        await settle(pilot, lambda: load_battle(app.campaign, BATTLE).side("a").declared)
        events = len(load_battle(app.campaign, BATTLE).events)
        highlighted = pane.highlighted_action()
        # the change of mind is still offered, but the cursor is on what comes next
        assert highlighted is None or highlighted.action != "declare_heading"
        await pilot.press("enter")
        await done(pilot)
        state = load_battle(app.campaign, BATTLE)
        said = [e.text for e in state.events[events:] if e.action == "declare_heading"]
        assert said == []  # enter did not declare the heading a second time


async def test_the_campaign_reopens_on_the_tab_and_battle_left_on_screen(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
    again = app_factory(demo=True)
    async with again.run_test(size=SMALL) as pilot:
        await settle(pilot, lambda: again.query_one(TabbedContent).active == "tab-battle")
        await settle(pilot, lambda: "Ambush at Tarsus" in header(again))
        # the note of where the GM was is no campaign data: never reported as a damaged file
        assert again.campaign.damaged_files(thorough=True) == []
        # a damaged note of where the GM was is nothing remembered: the first tab
        (again.campaign.folder / VIEW_FILE).write_text("{not json", encoding="utf-8")
    third = app_factory(demo=True)
    async with third.run_test(size=SMALL) as pilot:
        await done(pilot)
        assert third.query_one(TabbedContent).active == "tab-dice"


async def test_the_set_up_form_chooses_who_plays_each_side(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    async with app.run_test(size=SMALL) as pilot:
        pane = await open_battle_tab(app, pilot)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, BattleSetupScreen))
        assert app.screen.query_one("#setup-auto", Select).value == "b"  # the enemy, by default
        await pilot.press("ctrl+u", *"Both played", "tab", "tab", "space")  # gmtool plays ...
        await pilot.press("down", "down", "enter")  # ... both sides
        await pilot.press("tab", "tab", "tab", "down", "space")  # side A: the Meridian
        await pilot.press("tab", "tab", "tab", "tab", "space")  # side B: the Gorgon
        await pilot.press("ctrl+s")
        await settle(pilot, lambda: pane.battle is not None)
        assert pane.battle is not None and pane.battle.auto == ("a", "b")
        assert "(gmtool)" in header(app)


async def test_a_damage_past_the_limit_keeps_the_form_open_with_what_was_typed(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        events = len(load_battle(app.campaign, BATTLE).events)
        for typed in ("99999999999999999999", "1e400", "9" * 5000):
            await pilot.press("d")
            await settle(pilot, lambda: isinstance(app.screen, DamageScreen))
            amount = app.screen.query_one("#damage-amount", Input)
            amount.value = typed
            await pilot.press("enter")
            await done(pilot)
            assert isinstance(app.screen, DamageScreen), typed
            assert amount.value == typed and amount.has_focus
            error = str(app.screen.query_one("#damage-error", Static).render())
            said = "a whole number" if typed == "1e400" else "at most 100,000"
            assert said in error and "MAX_" not in error
            assert len(error) < 200  # a 5,000-digit number is not printed back whole
            await pilot.press("escape")  # something was typed: it asks first
            await pilot.pause()
            await pilot.press("y")
            await settle(pilot, lambda: app.screen is app.screen_stack[0])
        assert len(load_battle(app.campaign, BATTLE).events) == events


def close_battle_at_special_orders(app: GmApp) -> None:
    """The Meridian against the Gorgon at close range, played on to the special orders."""
    create_battle(
        app.campaign,
        "Ambush at Tarsus",
        fleet_setup(app.campaign, "Navy", ["meridian"]),
        fleet_setup(app.campaign, "Raiders", ["gorgon"]),
        "close",
    )
    to_phase(app.campaign, "special_orders")


async def test_a_self_destruct_asks_the_blast_on_each_ship_caught_and_hazards_follow(
    app_factory: Callable[..., GmApp],
) -> None:
    """tables/battle.yaml gives no dice for the blast: the damage form opens on the ship
    caught, noted with the cause; what the GM types is applied, with hazards aboard."""
    app = app_factory(demo=True)
    close_battle_at_special_orders(app)
    async with app.run_test(size=SMALL) as pilot:
        pane = await open_battle_tab(app, pilot)
        assert pane.battle is not None and pane.battle.range in ("close", "very_close")
        await move_to(pilot, pane, "self_destruct", "Raider Gorgon")
        await pilot.press("enter")  # the Raiders' own ship: the GM can still order it
        await settle(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await settle(pilot, lambda: isinstance(app.screen, DamageScreen))
        form = app.screen
        assert form.query_one("#damage-ship", Select).value == "meridian"
        assert "self-destruct blast" in form.query_one("#damage-note", Input).value
        await pilot.press(*"7", "enter")
        await settle(pilot, lambda: not isinstance(app.screen, DamageScreen))
        state = load_battle(app.campaign, BATTLE)
        last = state.events[-1]
        assert last.action == "apply_damage_manually" and last.ships == ("meridian",)
        assert sum(h.amount for h in last.hits) == 7
        assert state.damage_due == ()
        assert "hazard" in status_text(app)


async def test_play_on_stops_at_blast_damage_due_and_opens_the_form(
    app_factory: Callable[..., GmApp],
) -> None:
    app = app_factory(demo=True)
    close_battle_at_special_orders(app)
    run_step(app.campaign, BATTLE, self_destruct, "gorgon", characters_go_down=True)
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        await pilot.press("space")
        await settle(pilot, lambda: isinstance(app.screen, DamageScreen))
        assert app.screen.query_one("#damage-ship", Select).value == "meridian"
        await pilot.press("escape")  # left for d later: nothing applied
        await done(pilot)
        assert load_battle(app.campaign, BATTLE).damage_due == ("meridian",)


async def test_a_key_that_cannot_act_now_says_why(app_factory: Callable[..., GmApp]) -> None:
    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=SMALL) as pilot:
        await open_battle_tab(app, pilot)
        assert "a" not in footer_keys(app)  # no weapon can fire in the edge phase
        await pilot.press("a")
        await done(pilot)
        assert status_text(app).startswith("No weapon can fire now:")


async def test_a_save_from_another_process_is_never_overwritten_the_tab_reads_it(
    app_factory: Callable[..., GmApp],
) -> None:
    """The lock deleted, the command line saves 5 wound on the Gorgon while the tab shows
    the battle: the tab's next step is refused (nothing of the other save lost) and the tab
    reads the battle again, the wound in it."""
    from gmtool.cli import main

    app = app_factory(demo=True)
    demo_battle(app.campaign)
    async with app.run_test(size=SMALL) as pilot:
        pane = await open_battle_tab(app, pilot)
        folder = app.campaign.folder
        (folder / ".lock").unlink()
        args = ["battle", "act", BATTLE, "damage", "--target", "gorgon", "--amount", "5"]
        assert main([*args, "--track", "wound", "--campaign", str(folder)]) == 0
        assert pane.battle is not None and pane.battle.ship("gorgon").damage.marked["wound"] == 0
        await pilot.press("enter")  # roll the edge
        await settle(pilot, lambda: "changed since" in status_text(app))
        await settle(
            pilot,
            lambda: (
                pane.battle is not None and pane.battle.ship("gorgon").damage.marked["wound"] == 5
            ),
        )
        assert load_battle(app.campaign, BATTLE).ship("gorgon").damage.marked["wound"] == 5
        events = len(load_battle(app.campaign, BATTLE).events)
        await pilot.press("enter")  # read again: the edge is rolled and saved
        await settle(pilot, lambda: len(load_battle(app.campaign, BATTLE).events) > events)
