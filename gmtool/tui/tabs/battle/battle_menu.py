"""The Battle tab's battles: set one up (n), open another (o), delete the open one (x)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace
from rich.markup import escape

from gmtool.actions import ActionRefused
from gmtool.actions import battles as battle_actions
from gmtool.actions.errors import StoreError
from gmtool.actions.reads.battles import (
    BattleRecord,
    fleet_setup,
    get_battle_record,
    list_battles,
)
from gmtool.actions.reads.campaign import Campaign
from gmtool.actions.reads.party import load_party_state
from gmtool.actions.reads.ships import ShipRecord, list_ships
from gmtool.rules.battle import BattleState
from gmtool.rules.characters import Party
from gmtool.rules.errors import RulesError
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog, build_ahead, kept_dialog
from gmtool.tui.tabs.battle.setup_dialog import BattleSetupScreen, SetupChoice, SetupFormStart

if TYPE_CHECKING:
    from gmtool.tui.tabs.battle.tab import BattleTab

# The name the set-up form is kept under between openings.
SETUP_FORM = "battle-setup-form"


def delete_question(record: BattleRecord, readable: bool = True) -> str:
    """What x asks before a battle is deleted: which one, and what stays. `readable`: the
    battle opens (else its files are gone and ctrl+z cannot take its steps back)."""
    stays = (
        "Its rolls stay in the roll log and the injuries it did stay on the characters "
        "(and in the injury history)"
    )
    if readable:
        stays += ": ctrl+z inside the battle takes those back first, if they should not count."
    else:
        stays += "; its saved steps are gone already, so ctrl+z cannot take them back."
    return (
        f"Delete the battle {record.name} ({record.status}, round {record.round})? "
        f"This cannot be undone.\n\n{stays}"
    )


def setup_inputs(campaign: Campaign) -> tuple[list[ShipRecord], Party, str]:
    """What the set-up form offers: the ships, the party, the new battle's default name."""
    ships = list_ships(campaign)
    party = load_party_state(campaign)
    return ships, party, f"Battle {len(list_battles(campaign)) + 1}"


def build_setup_form_ahead(pane: BattleTab) -> None:
    """The set-up form built before n is first pressed (n makes it new again)."""
    try:
        ships, party, name = setup_inputs(pane.campaign)
    except (StoreError, RulesError):
        return  # n says why

    def not_yet(_choice: SetupChoice) -> BattleState:
        raise StoreError("the set-up form was not opened by n")  # renew gives it n's

    start = SetupFormStart(ships, party, name, not_yet)
    build_ahead(pane.app, SETUP_FORM, lambda: BattleSetupScreen(start))


async def new_battle(pane: BattleTab) -> None:
    campaign = pane.campaign
    try:
        ships, party, name = setup_inputs(campaign)
    except (StoreError, RulesError) as exc:
        pane.show_status(f"Cannot set up a battle: {exc}", error=True)
        return

    def create(choice: SetupChoice) -> BattleState:
        side_a = fleet_setup(campaign, choice.side_a, choice.ships_a, (), choice.commander_a)
        side_b = fleet_setup(
            campaign, choice.side_b, choice.ships_b, choice.extra_b, choice.commander_b
        )
        if choice.flagship_a is not None:
            side_a = replace(side_a, flagship=side_a.ships[choice.flagship_a][0])
        if choice.flagship_b is not None:
            side_b = replace(side_b, flagship=side_b.ships[choice.flagship_b][0])
        return battle_actions.set_up(
            campaign, choice.name, side_a, side_b, choice.starting_range, auto=choice.auto
        )

    start = SetupFormStart(ships, party, name, create)
    form = kept_dialog(
        pane.app,
        SETUP_FORM,
        BattleSetupScreen,
        lambda: BattleSetupScreen(start),
        lambda kept: kept.renew(start),
    )
    state: BattleState | None = await pane.app.push_screen_wait(form)
    if state is None:
        return
    pane.battle_id = state.id
    pane.reload(keep_status=True)
    pane.show_status(
        f"{state.name} is set up: space plays on to your first decision, enter rolls the edge."
    )
    pane.focus_default()


async def open_battle(pane: BattleTab) -> None:
    try:
        battles = list_battles(pane.campaign)
    except StoreError as exc:
        pane.show_status(f"The battles do not read: {exc}", error=True)
        return
    if not battles:
        pane.show_status("The campaign has no battle yet: n sets one up.", error=True)
        return
    options = [
        (
            b.id,
            f"{b.name}: {b.status}, round {b.round}"
            + (f", session {b.session}" if b.session else ""),
        )
        for b in battles
    ]
    choice = await pane.app.push_screen_wait(
        ChoiceDialog("Open which battle?", options, pane.battle_id)
    )
    if choice is None:
        return
    try:
        battle_actions.open_battle(pane.campaign, choice)
    except StoreError as exc:
        pane.show_status(f"Not opened: {exc}", error=True)
        return
    pane.battle_id = choice
    pane.reload()
    pane.focus_default()


async def delete_open_battle(pane: BattleTab) -> None:
    battle_id = pane.battle_id
    if battle_id is None:
        pane.show_status("No battle open: nothing to delete (o opens one).", error=True)
        return
    try:
        record = get_battle_record(pane.campaign, battle_id)
    except StoreError as exc:
        pane.show_status(f"Not deleted: {exc}", error=True)
        return
    if not await pane.app.push_screen_wait(
        ConfirmDialog(escape(delete_question(record, pane.battle is not None)), danger=True)
    ):
        pane.show_status(f"Not deleted: {record.name} stays as it was.")
        return
    try:
        battle_actions.delete(pane.campaign, battle_id)
    except (StoreError, ActionRefused) as exc:
        pane.show_status(f"Not deleted: {exc}", error=True)
        return
    pane.battle_id = None
    pane.reload(keep_status=True)
    pane.show_status(
        f"Deleted {record.name} ({record.status}, round {record.round}); no battle open. "
        "Its rolls stay in the roll log, its injuries on the characters."
    )
