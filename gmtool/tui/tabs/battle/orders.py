"""How the Battle tab asks for an action of the list, a shot, damage typed in, the ending.

An order that needs no answer is a request at once (`at_once`), done in the key's own
handler so the next key sees the battle after it. One that asks is an `ask_*` coroutine
returning the typed request or None; the pane refuses it if the action list was rebuilt
meanwhile (a key pressed before the dialog came up), so it never lands on another ship.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.app import App

from gmtool.rules.battle import (
    CREW,
    ActionInfo,
    AttackOption,
    BattleState,
    attack_options,
    battle_summary,
    boarding_name,
    heading_outcomes,
    no_fire_reason,
    ram_preview,
)
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import arcs_for_heading, hold_arc_choices, range_name
from gmtool.rules.ship_damage import track_ids
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog
from gmtool.tui.tabs.battle import requests as rq
from gmtool.tui.tabs.battle.attack_dialog import AttackScreen, FireOrder
from gmtool.tui.tabs.battle.damage_dialog import DamageEntry, DamageScreen
from gmtool.tui.tabs.battle.detail import attack_option
from gmtool.tui.tabs.battle.order_dialogs import BoardOrder, BoardScreen, RamScreen
from gmtool.tui.tabs.battle.report import SummaryScreen

Say = Callable[[str], None]  # says why an order cannot be given, on the status line
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


def summary_screen(state: BattleState) -> SummaryScreen:
    """s, and what the ending shows: the battle's summary."""
    return SummaryScreen(f"{state.name}: summary", battle_summary(state).text())


def no_fire_text(state: BattleState) -> str:
    """Why `a` fires nothing now, as the status line says it."""
    return f"No weapon can fire now: {no_fire_reason(state)}."


async def ask_who_plays(app: App[Any], state: BattleState) -> rq.Request | None:
    """Which sides gmtool plays (None: cancelled, or as it was)."""
    options = [
        (AUTO_NONE, "You play both sides"),
        ("a", f"gmtool plays {state.side('a').name}"),
        ("b", f"gmtool plays {state.side('b').name}"),
        ("ab", "gmtool plays both sides"),
    ]
    now = "".join(state.auto) or AUTO_NONE
    answer = await app.push_screen_wait(ChoiceDialog("Who plays each side", options, now))
    if answer is None or answer == now:
        return None
    return rq.SetAuto(() if answer == AUTO_NONE else tuple(answer))


async def _choose_ship(
    app: App[Any], state: BattleState, title: str, ship_ids: tuple[str, ...]
) -> str | None:
    if len(ship_ids) == 1:
        return ship_ids[0]
    options = [(s, f"{state.ship(s).name} ({state.ship(s).fate})") for s in ship_ids]
    choice: str | None = await app.push_screen_wait(ChoiceDialog(title, options))
    return choice


async def ask_heading(app: App[Any], state: BattleState, info: ActionInfo) -> rq.Request | None:
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
    choice = await app.push_screen_wait(
        ChoiceDialog(f"Heading of {fleet.name} ({where} range)", options, initial)
    )
    if choice is None:
        return None
    heading, _, arc = choice.partition(":")
    return rq.DeclareHeading(info.side, heading, arc or None)


async def ask_fire(app: App[Any], option: AttackOption) -> rq.Request | None:
    """The attack dialog on one weapon: its target, and whether to roll the damage."""
    order: FireOrder | None = await app.push_screen_wait(AttackScreen(option))
    if order is None:
        return None
    words = f"{option.ship_name}'s {option.weapon_name}"
    return rq.Fire(option.ship_id, option.weapon, order.target, order.roll_damage, words)


async def ask_attack(
    app: App[Any], state: BattleState, option: AttackOption | None, say: Say
) -> rq.Request | None:
    """a: `option` (the highlighted weapon), else the only one that can fire, else a choice."""
    if option is not None:
        return await ask_fire(app, option)
    options = attack_options(state)
    if not options:
        say(no_fire_text(state))
        return None
    option = options[0]
    if len(options) > 1:
        choices = [
            (str(i), f"{o.ship_name}: {o.weapon_name} ({o.roller.name} rolls {o.score})")
            for i, o in enumerate(options)
        ]
        picked = await app.push_screen_wait(ChoiceDialog("Fire which weapon?", choices))
        if picked is None:
            return None
        option = options[int(picked)]
    return await ask_fire(app, option)


async def ask_damage(
    app: App[Any],
    state: BattleState,
    ship_id: str | None,
    say: Say,
    note: str = "",
    damage_type: str | None = None,
) -> rq.Request | None:
    """The damage form; `damage_type` is the type of the weapon that hit, when known."""
    ships = [s for s in state.ships if not s.destroyed]
    if not ships:
        say("Every ship is destroyed: there is nothing left to damage.")
        return None
    names = {side.id: side.name for side in state.sides}
    entry: DamageEntry | None = await app.push_screen_wait(
        DamageScreen(ships, ship_id, note=note, side_names=names, damage_type=damage_type)
    )
    if entry is None:
        return None
    return rq.ApplyDamage(
        entry.ship_id, entry.amount, entry.track, entry.note, entry.damage_type, entry.hit_place
    )


async def ask_repair(app: App[Any], state: BattleState, info: ActionInfo) -> rq.Request | None:
    assert info.ship_id is not None
    ship = state.ship(info.ship_id)
    names = {m.key: m.name for m in ship.mounts()}
    options = [
        (c, f"{c} damage ({ship.damage.marked[c]} marked)" if c in track_ids() else names[c])
        for c in info.choices
    ]
    choice = options[0][0] if len(options) == 1 else None
    if choice is None:
        choice = await app.push_screen_wait(ChoiceDialog(f"{info.label}: what?", options))
    if choice is None:
        return None
    by = info.character_id if info.character_id is not None else CREW
    if choice in track_ids():
        return rq.RollRepair(info.ship_id, by, choice, None)
    return rq.RollRepair(info.ship_id, by, None, choice)


async def ask_ram(
    app: App[Any], state: BattleState, info: ActionInfo, say: Say
) -> rq.Request | None:
    """Pick the target, see what the ram will roll (checks and damage), enter rams."""
    assert info.ship_id is not None
    target = await _choose_ship(app, state, "Ram which ship?", info.choices)
    if target is None:
        return None
    try:
        preview = ram_preview(state, info.ship_id, target)
    except RulesError as exc:
        say(f"Not done: {exc}")
        return None
    if await app.push_screen_wait(RamScreen(state, preview)):
        return rq.Ram(info.ship_id, target)
    return None


async def ask_board(app: App[Any], state: BattleState, info: ActionInfo) -> rq.Request | None:
    """The boarding dialog: target, both sides' strength, the leaders' choices."""
    assert info.ship_id is not None and info.method is not None
    method = boarding_name(info.method)
    order: BoardOrder | None = await app.push_screen_wait(
        BoardScreen(state, info.ship_id, method, info.choices)
    )
    if order is None:
        return None
    return rq.Board(
        info.ship_id, order.target, info.method, order.leader_choice, order.defender_leader_choice
    )


async def ask_self_destruct(
    app: App[Any], state: BattleState, info: ActionInfo
) -> rq.Request | None:
    assert info.ship_id is not None
    ship = state.ship(info.ship_id)
    aboard = [
        state.character(a.character_id).name
        for a in state.aboard(ship.id)
        if state.character(a.character_id).state != "dead"
    ]
    question = CONFIRM["self_destruct"].format(ship=ship.name)
    if aboard:
        question += f"\n{', '.join(aboard)} still aboard go down with her."
    if await app.push_screen_wait(ConfirmDialog(question)):
        return rq.SelfDestruct(ship.id)
    return None


async def ask_confirmed(app: App[Any], state: BattleState, info: ActionInfo) -> rq.Request | None:
    """Abandon ship and withdraw: asked once, then done."""
    ship = state.ship(info.ship_id).name if info.ship_id else ""
    side = state.side(info.side).name if info.side else ""
    if not await app.push_screen_wait(
        ConfirmDialog(CONFIRM[info.action].format(ship=ship, side=side))
    ):
        return None
    if info.action == "abandon_ship" and info.ship_id is not None:
        return rq.AbandonShip(info.ship_id)
    if info.action == "withdraw" and info.side is not None:
        return rq.Withdraw(info.side)
    return None


async def ask_end(app: App[Any], state: BattleState) -> rq.Request | None:
    question = f"End {state.name} now, in round {state.round}?"
    return rq.EndBattle() if await app.push_screen_wait(ConfirmDialog(question)) else None


async def ask_listed(
    app: App[Any], state: BattleState, now: Sequence[ActionInfo], info: ActionInfo, say: Say
) -> rq.Request | None:
    """The dialog of an action of the list that asks; `now` is the list it is on (a shot's
    weapon is found by its place there)."""
    match info.action:
        case "roll_attack":
            option = attack_option(state, now, info)
            return None if option is None else await ask_fire(app, option)
        case "declare_heading":
            return await ask_heading(app, state, info)
        case "roll_repair":
            return await ask_repair(app, state, info)
        case "ram":
            return await ask_ram(app, state, info, say)
        case "board":
            return await ask_board(app, state, info)
        case "self_destruct":
            return await ask_self_destruct(app, state, info)
    return await ask_confirmed(app, state, info)
