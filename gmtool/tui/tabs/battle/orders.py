"""How the Battle tab asks for an action of the list, a shot, damage typed in, the ending.

An order that needs no answer is a request at once (`at_once`), done in the key's own
handler so the next key sees the battle after it. One that asks is an `ask_*` coroutine
returning the typed request (None: its dialog escaped) or raising `NotGiven`; the pane
refuses a request given on an action list rebuilt since (a key pressed before the dialog
came up), so it never lands on another ship.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, TypeVar

from textual.app import App

from gmtool.actions.reads.campaign import Campaign
from gmtool.rules.battle import (
    CREW,
    ActionInfo,
    AttackOption,
    BattleState,
    attack_options,
    heading_outcomes,
    no_fire_reason,
    ram_preview,
)
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import arcs_for_heading, hold_arc_choices, range_name
from gmtool.rules.ship_damage import track_ids
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog, GmDialog
from gmtool.tui.tabs.battle import requests as rq
from gmtool.tui.tabs.battle.attack_dialog import AttackScreen
from gmtool.tui.tabs.battle.damage_dialog import DamageScreen
from gmtool.tui.tabs.battle.detail import attack_option
from gmtool.tui.tabs.battle.order_dialogs import BoardScreen, RamScreen

R = TypeVar("R")


class NotGiven(Exception):
    """Ends an order with no request: the GM escaped a question (no words), or the order
    cannot be given now (its words say why, on the status line)."""


class Asker(NamedTuple):
    """What an order asks through: the app's dialogs and the campaign it reads."""

    app: App[Any]
    campaign: Campaign

    async def answer(self, dialog: GmDialog[R]) -> R:
        """What `dialog` closes with."""
        answer: R = await self.app.push_screen_wait(dialog)
        return answer

    async def choose(
        self, title: str, options: Sequence[tuple[str, str]], initial: str | None = None
    ) -> str:
        """One pick of a ChoiceDialog; escaping it drops the order."""
        picked = await self.answer(ChoiceDialog(title, options, initial))
        if picked is None:
            raise NotGiven
        return picked

    async def pick(self, title: str, options: Sequence[tuple[str, str]]) -> str:
        """The only option without asking, else one pick of a ChoiceDialog."""
        return options[0][0] if len(options) == 1 else await self.choose(title, options)

    async def confirm(self, question: str) -> bool:
        return await self.answer(ConfirmDialog(question))


ALWAYS_BEARING = {"all", "turret"}  # arcs_for_heading lists these with every heading
CONFIRM = {
    "self_destruct": "Blow up {ship}? Enemy ships very close or close are caught in the blast.",
    "abandon_ship": "Order the crew of {ship} to abandon ship?",
    "withdraw": "{side} withdraws from the battle?",
}
AUTO_NONE = "none"  # the who-plays choice of no side played by gmtool
# Actions of the list that ask what the GM wants before anything is done.
ASKED = {"declare_heading", "roll_attack", "roll_repair"}
ASKED_IF_ALLOWED = {"ram", "board", "self_destruct", "abandon_ship", "withdraw"}


def at_once(info: ActionInfo) -> rq.Request | None:
    """The request of an action of the list done at once, with no question (else None)."""
    match info.action:
        case "roll_edge":
            return rq.RollEdge()
        case "set_power" if info.ship_id is not None:
            return rq.SetPower(info.ship_id, info.character_id)
        case "roll_sensors" if info.ship_id is not None:
            return rq.RollSensors(info.ship_id)
        case "resolve_movement":
            return rq.ResolveMovement()
        case "roll_leadership" if info.character_id is not None:
            return rq.RollLeadership(info.character_id)
    return None


def no_fire_text(state: BattleState) -> str:
    """Why `a` fires nothing now, as the status line says it."""
    return f"No weapon can fire now: {no_fire_reason(state)}."


async def ask_who_plays(ask: Asker, state: BattleState) -> rq.Request | None:
    """Which sides gmtool plays (None: cancelled, or as it was)."""
    options = [
        (AUTO_NONE, "You play both sides"),
        ("a", f"gmtool plays {state.side('a').name}"),
        ("b", f"gmtool plays {state.side('b').name}"),
        ("ab", "gmtool plays both sides"),
    ]
    now = "".join(state.auto) or AUTO_NONE
    answer = await ask.choose("Who plays each side", options, now)
    if answer == now:
        return None
    return rq.SetAuto(() if answer == AUTO_NONE else tuple(answer))


async def ask_heading(ask: Asker, state: BattleState, info: ActionInfo) -> rq.Request:
    assert info.side is not None
    fleet = state.side(info.side)
    outcomes = heading_outcomes(state, info.side)
    options: list[tuple[str, str]] = []
    for heading in info.choices:
        outcome = f"; range: {outcomes[heading]}" if heading in outcomes else ""
        if heading == "hold":
            for arc in hold_arc_choices():
                options.append((f"hold:{arc}", f"hold, {arc} arc toward the enemy{outcome}"))
            continue
        arcs = ", ".join(sorted(arcs_for_heading(heading) - ALWAYS_BEARING))
        options.append((heading, f"{heading}: the {arcs} arc bears (turrets always){outcome}"))
    initial = None
    if fleet.declared and fleet.heading is not None:
        initial = fleet.heading if fleet.heading != "hold" else f"hold:{fleet.held_arc}"
    where = range_name(state.range).lower()
    choice = await ask.choose(f"Heading of {fleet.name} ({where} range)", options, initial)
    heading, _, arc = choice.partition(":")
    return rq.DeclareHeading(info.side, heading, arc or None)


async def ask_attack(
    ask: Asker, state: BattleState, option: AttackOption | None
) -> rq.Request | None:
    """a: `option` (the highlighted weapon), else the only one that can fire, else a choice;
    then the attack dialog on it: its target, and whether to roll the damage."""
    options = [option] if option is not None else attack_options(state)
    if not options:
        raise NotGiven(no_fire_text(state))
    choices = [
        (str(i), f"{o.ship_name}: {o.weapon_name} ({o.roller.name} rolls {o.score})")
        for i, o in enumerate(options)
    ]
    picked = await ask.pick("Fire which weapon?", choices)
    return await ask.answer(AttackScreen(options[int(picked)]))


async def ask_damage(
    ask: Asker, state: BattleState, ship_id: str | None, note: str = "", kind: str | None = None
) -> rq.Request | None:
    """The damage form; `kind` is the damage type of the weapon that hit, when known."""
    if all(s.destroyed for s in state.ships):
        raise NotGiven("Every ship is destroyed: there is nothing left to damage.")
    return await ask.answer(DamageScreen(state, ship_id, note, kind))


async def ask_repair(ask: Asker, state: BattleState, info: ActionInfo) -> rq.Request:
    assert info.ship_id is not None
    ship = state.ship(info.ship_id)
    names = {m.key: m.name for m in ship.mounts()}
    options = [
        (c, f"{c} damage ({ship.damage.marked[c]} marked)" if c in track_ids() else names[c])
        for c in info.choices
    ]
    choice = await ask.pick(f"{info.label}: what?", options)
    by = info.character_id if info.character_id is not None else CREW
    track = choice in track_ids()
    return rq.RollRepair(info.ship_id, by, choice if track else None, None if track else choice)


async def ask_ram(ask: Asker, state: BattleState, info: ActionInfo) -> rq.Request | None:
    """Pick the target, see what the ram will roll (checks and damage), enter rams."""
    assert info.ship_id is not None
    options = [(s, f"{state.ship(s).name} ({state.ship(s).fate})") for s in info.choices]
    target = await ask.pick("Ram which ship?", options)
    try:
        preview = ram_preview(state, info.ship_id, target)
    except RulesError as exc:
        raise NotGiven(f"Not done: {exc}") from exc
    return await ask.answer(RamScreen(state, preview))


async def ask_confirmed(ask: Asker, state: BattleState, info: ActionInfo) -> rq.Request | None:
    """Self-destruct (naming who goes down with her), abandon ship and withdraw: asked
    once, then done."""
    ship = state.ship(info.ship_id) if info.ship_id else None
    side = state.side(info.side).name if info.side else ""
    question = CONFIRM[info.action].format(ship=ship.name if ship else "", side=side)
    if info.action == "self_destruct" and ship is not None:
        aboard = [state.character(a.character_id) for a in state.aboard(ship.id)]
        alive = [c.name for c in aboard if c.state != "dead"]
        question += f"\n{', '.join(alive)} still aboard go down with her." if alive else ""
    if not await ask.confirm(question):
        return None
    if info.action == "self_destruct" and ship is not None:
        return rq.SelfDestruct(ship.id)
    if info.action == "abandon_ship" and ship is not None:
        return rq.AbandonShip(ship.id)
    if info.action == "withdraw" and info.side is not None:
        return rq.Withdraw(info.side)
    return None


async def ask_end(ask: Asker, state: BattleState) -> rq.Request | None:
    question = f"End {state.name} now, in round {state.round}?"
    return rq.EndBattle() if await ask.confirm(question) else None


async def ask_listed(
    ask: Asker, state: BattleState, now: Sequence[ActionInfo], info: ActionInfo
) -> rq.Request | None:
    """The dialog of an action of the list that asks; `now` is the list it is on (a shot's
    weapon is found by its place there)."""
    match info.action:
        case "roll_attack":
            option = attack_option(state, now, info)
            return None if option is None else await ask_attack(ask, state, option)
        case "declare_heading":
            return await ask_heading(ask, state, info)
        case "roll_repair":
            return await ask_repair(ask, state, info)
        case "ram":
            return await ask_ram(ask, state, info)
        case "board":
            assert info.ship_id is not None and info.method is not None
            return await ask.answer(BoardScreen(state, info.ship_id, info.method, info.choices))
    return await ask_confirmed(ask, state, info)
