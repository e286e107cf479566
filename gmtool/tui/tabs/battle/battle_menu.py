"""How the Battle tab asks for its battles: set one up (n), open another (o), delete the
open one (x). Each asker returns the typed request, which the pane carries out
with `carry_out`; the set-up form hands its request over while open, to show a refusal
and stay."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, assert_never

from msgspec.structs import replace
from rich.markup import escape
from textual.app import App

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
from gmtool.actions.reads.ships import list_ships
from gmtool.rules.battle import BattleState
from gmtool.rules.errors import RulesError
from gmtool.tui.dialogs import ConfirmDialog, build_ahead, kept_dialog
from gmtool.tui.tabs.battle.orders import Asker, NotGiven
from gmtool.tui.tabs.battle.setup_dialog import BattleSetupScreen, SetupChoice, SetupFormStart


class OpenBattle(NamedTuple):
    battle_id: str


class DeleteBattle(NamedTuple):
    record: BattleRecord


MenuRequest = SetupChoice | OpenBattle | DeleteBattle


class MenuDone(NamedTuple):
    battle_id: str | None  # the battle open now (the action list takes the cursor)
    words: str | None  # what the status line says (None: the tab's idle line)


# The name the set-up form is kept under between openings.
SETUP_FORM = "battle-setup-form"


def delete_question(record: BattleRecord, readable: bool = True) -> str:
    """What x asks before a battle is deleted. `readable` False: its files are gone, and
    ctrl+z cannot take its steps back."""
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


def setup_start(campaign: Campaign, save: Callable[[SetupChoice], object]) -> SetupFormStart:
    """What the set-up form offers: the ships, the party, the new battle's default name."""
    ships, party = list_ships(campaign), load_party_state(campaign)
    return SetupFormStart(ships, party, f"Battle {len(list_battles(campaign)) + 1}", save)


def build_setup_form_ahead(app: App[Any], campaign: Campaign) -> None:
    """The set-up form built before n is first pressed (n makes it new again)."""

    def not_yet(_choice: SetupChoice) -> BattleState:
        raise StoreError("the set-up form was not opened by n")  # renew gives it n's

    try:
        start = setup_start(campaign, not_yet)
    except (StoreError, RulesError):
        return  # n says why
    build_ahead(app, SETUP_FORM, lambda: BattleSetupScreen(start))


def set_up(campaign: Campaign, choice: SetupChoice) -> BattleState:
    """The battle the set-up form's choice describes, saved (the form shows a refusal)."""
    fleets = []
    for side in choice.sides:
        fleet = fleet_setup(campaign, side.name, side.ships, side.extra, side.commander)
        if side.flagship is not None:
            fleet = replace(fleet, flagship=fleet.ships[side.flagship][0])
        fleets.append(fleet)
    side_a, side_b = fleets
    return battle_actions.set_up(
        campaign, choice.name, side_a, side_b, choice.starting_range, auto=choice.auto
    )


async def ask_new_battle(ask: Asker, save: Callable[[MenuRequest], object]) -> None:
    """The kept set-up form, handing its request to `save` while open."""
    try:
        start = setup_start(ask.campaign, save)
    except (StoreError, RulesError) as exc:
        raise NotGiven(f"Cannot set up a battle: {exc}") from exc
    form = kept_dialog(
        ask.app,
        SETUP_FORM,
        BattleSetupScreen,
        lambda: BattleSetupScreen(start),
        lambda kept: kept.renew(start),
    )
    await ask.app.push_screen_wait(form)


async def ask_open_battle(ask: Asker, open_id: str | None) -> MenuRequest:
    """Which of the campaign's battles to open (`open_id` highlighted)."""
    try:
        battles = list_battles(ask.campaign)
    except StoreError as exc:
        raise NotGiven(f"The battles do not read: {exc}") from exc
    if not battles:
        raise NotGiven("The campaign has no battle yet: n sets one up.")
    options = []
    for b in battles:
        session = f", session {b.session}" if b.session else ""
        options.append((b.id, f"{b.name}: {b.status}, round {b.round}{session}"))
    choice = await ask.choose("Open which battle?", options, open_id)
    return OpenBattle(choice)


async def ask_delete(
    ask: Asker, battle_id: str | None, readable: bool, told: Callable[[str], None]
) -> MenuRequest | None:
    """The request to delete the open battle once the GM said yes; else None, after `told`
    said that it was kept."""
    if battle_id is None:
        raise NotGiven("No battle open: nothing to delete (o opens one).")
    try:
        record = get_battle_record(ask.campaign, battle_id)
    except StoreError as exc:
        raise NotGiven(f"Not deleted: {exc}") from exc
    question = escape(delete_question(record, readable))
    if await ask.answer(ConfirmDialog(question, danger=True)):
        return DeleteBattle(record)
    told(f"Not deleted: {record.name} stays as it was.")
    return None


def carry_out(campaign: Campaign, request: MenuRequest) -> MenuDone:
    """Set up, open or delete the battle with its one action; refusals raise."""
    match request:
        case SetupChoice():
            state = set_up(campaign, request)
            begin = "space plays on to your first decision, enter rolls the edge"
            return MenuDone(state.id, f"{state.name} is set up: {begin}.")
        case OpenBattle(battle_id):
            battle_actions.open_battle(campaign, battle_id)
            return MenuDone(battle_id, None)
        case DeleteBattle(record):
            battle_actions.delete(campaign, record.id)
            words = (
                f"Deleted {record.name} ({record.status}, round {record.round}); no battle "
                "open. Its rolls stay in the roll log, its injuries on the characters."
            )
            return MenuDone(None, words)
        case _:
            assert_never(request)


def refused_words(request: MenuRequest, why: Exception) -> str:
    verb = {SetupChoice: "set up", OpenBattle: "opened"}.get(type(request), "deleted")
    return f"Not {verb}: {why}"
