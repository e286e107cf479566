"""The Battle tab's orders: doing an action of the list, firing, typing damage in, ending.

Every order is read from the battle as it stands when the key is pressed: the action, its
ship and its choices are taken then, and an order that needs no answer is done at once, in
the key's own handler, so the next key already sees the battle after it. An order that asks
(a heading, a target, a ram's confirmation) runs as a worker; it carries the generation of
the action list it was given on, and the step is refused if the list was rebuilt meanwhile
(a key pressed before the dialog came up): it never lands on another ship.
"""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text

from gmtool.actions import battle_stations
from gmtool.actions import battles as battle_actions
from gmtool.actions.reads.battles import StepOutcome
from gmtool.rules.battle import (
    CREW,
    ActionInfo,
    AttackOption,
    BattleState,
    abandon_ship,
    advance,
    advance_blocker,
    attack_options,
    battle_summary,
    board,
    boarding_name,
    declare_heading,
    end_battle,
    heading_outcomes,
    no_fire_reason,
    ram,
    ram_preview,
    resolve_movement,
    roll_attack,
    roll_edge,
    roll_leadership,
    roll_repair,
    roll_sensors,
    self_destruct,
    set_power,
    withdraw,
)
from gmtool.rules.errors import RulesError
from gmtool.rules.narrative import arcs_for_heading, hold_arc_choices, range_name
from gmtool.rules.ship_damage import track_ids
from gmtool.tui.dialogs import ChoiceDialog, ConfirmDialog
from gmtool.tui.tabs.battle.attack_dialog import AttackScreen, FireOrder
from gmtool.tui.tabs.battle.damage_dialog import DamageEntry, DamageScreen
from gmtool.tui.tabs.battle.detail import attack_option
from gmtool.tui.tabs.battle.order_dialogs import BoardOrder, BoardScreen, RamScreen
from gmtool.tui.tabs.battle.play_words import damage_cause
from gmtool.tui.tabs.battle.report import SummaryScreen

if TYPE_CHECKING:
    from gmtool.tui.tabs.battle.tab import BattleTab

ALWAYS_BEARING = {"all", "turret"}  # arcs_for_heading lists these with every heading
CONFIRM = {
    "self_destruct": "Blow up {ship}? Enemy ships very close or close are caught in the blast.",
    "abandon_ship": "Order the crew of {ship} to abandon ship?",
    "withdraw": "{side} withdraws from the battle?",
}
# Actions of the list done at once, with no question: (engine function, what it is given)
AT_ONCE = {"roll_edge", "set_power", "roll_sensors", "resolve_movement", "roll_leadership"}


def ask(pane: BattleTab, order: Coroutine[Any, Any, None]) -> None:
    """Run an order that asks the GM something; a newer one replaces it."""
    pane.run_worker(order, exclusive=True, group="battle-dialog")


def perform(pane: BattleTab, info: ActionInfo) -> None:
    """Do one action of the list as the battle stands now, asking for any choice it needs."""
    state = pane.need_battle()
    if state is None:
        return
    at = pane.generation
    action = info.action
    if action in AT_ONCE:
        if action == "roll_edge":
            pane.do_step(roll_edge)
        elif action == "set_power":
            pane.do_step(set_power, info.ship_id, by=info.character_id)
        elif action == "roll_sensors":
            pane.do_step(roll_sensors, info.ship_id)
        elif action == "resolve_movement":
            pane.do_step(resolve_movement)
        else:
            pane.do_step(roll_leadership, info.character_id)
    elif action == "declare_heading":
        ask(pane, _declare(pane, info, at))
    elif action == "roll_attack":
        option = option_for(pane, info)
        if option is not None:
            ask(pane, fire(pane, option, at))
    elif action == "roll_repair":
        ask(pane, _repair(pane, info, at))
    elif info.refused:
        pane.show_status(f"Not now: {info.refused}.", error=True)
    elif action == "ram":
        ask(pane, _ram(pane, info, at))
    elif action == "board":
        ask(pane, _board(pane, info, at))
    elif action == "self_destruct":
        ask(pane, _self_destruct(pane, info, at))
    elif action in ("abandon_ship", "withdraw"):
        ask(pane, _confirmed(pane, info, at))
    elif action == "leave_ship":  # a move in the campaign's stations: the battle follows
        pane.do_action(battle_stations.leave_ship, info.character_id)
    elif action == "advance":
        go_on(pane)
    elif action == "apply_damage_manually":
        ask(pane, type_damage(pane, pane.damage_target(), at=at))
    elif action == "end_battle":
        ask(pane, end(pane, at))
    else:
        pane.show_status(f"The tab cannot do {action!r} yet.", error=True)


def go_on(pane: BattleTab) -> None:
    """space: the next step of the sequence of play, or why not yet."""
    state = pane.need_open_battle()
    if state is None:
        return
    blocker = advance_blocker(state)
    if blocker is not None:
        pane.show_status(f"Not yet: {blocker}.", error=True)
        return
    pane.do_step(advance)


# -- choices ----------------------------------------------------------------------------------


async def _choose_ship(pane: BattleTab, title: str, ship_ids: tuple[str, ...]) -> str | None:
    state = pane.battle
    assert state is not None
    if len(ship_ids) == 1:
        return ship_ids[0]
    options = [(s, f"{state.ship(s).name} ({state.ship(s).fate})") for s in ship_ids]
    choice: str | None = await pane.app.push_screen_wait(ChoiceDialog(title, options))
    return choice


async def _declare(pane: BattleTab, info: ActionInfo, at: int) -> None:
    state = pane.battle
    assert state is not None and info.side is not None
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
    choice = await pane.app.push_screen_wait(
        ChoiceDialog(f"Heading of {fleet.name} ({where} range)", options, initial)
    )
    if choice is None:
        return
    heading, _, arc = choice.partition(":")
    pane.do_step(declare_heading, info.side, heading, arc or None, at=at)


def option_for(pane: BattleTab, info: ActionInfo) -> AttackOption | None:
    """The attack option behind a 'Fire ...' action of the list shown."""
    assert pane.battle is not None
    return attack_option(pane.battle, pane.now, info)


async def fire(pane: BattleTab, option: AttackOption, at: int) -> None:
    order: FireOrder | None = await pane.app.push_screen_wait(AttackScreen(option))
    if order is None:
        return
    outcome = pane.do_step(
        roll_attack,
        (option.ship_id, option.weapon),
        order.target,
        roll_damage=order.roll_damage,
        at=at,
    )
    if outcome is not None and order.target in outcome.result.damage_to_type_in:
        ship = outcome.state.ship(option.ship_id)
        await type_damage(
            pane,
            order.target,
            note=f"{option.ship_name}'s {option.weapon_name}",
            damage_type=ship.mount(option.weapon).system.damage_type,
            at=pane.generation,
        )


def no_fire_text(state: BattleState) -> str:
    """Why `a` fires nothing now, as the status line says it."""
    return f"No weapon can fire now: {no_fire_reason(state)}."


async def attack(pane: BattleTab, highlighted: ActionInfo | None, at: int) -> None:
    """a: the highlighted weapon, else the only one that can fire, else a choice of them."""
    state = pane.battle
    assert state is not None
    if highlighted is not None and highlighted.action == "roll_attack":
        option = option_for(pane, highlighted)
        if option is not None:
            await fire(pane, option, at)
            return
    options = attack_options(state)
    if not options:
        pane.show_status(no_fire_text(state), error=True)
        return
    option = options[0]
    if len(options) > 1:
        choices = [
            (str(i), f"{o.ship_name}: {o.weapon_name} ({o.roller.name} rolls {o.score})")
            for i, o in enumerate(options)
        ]
        picked = await pane.app.push_screen_wait(ChoiceDialog("Fire which weapon?", choices))
        if picked is None:
            return
        option = options[int(picked)]
    await fire(pane, option, at)


async def _after_manual(pane: BattleTab, outcome: StepOutcome | None) -> None:
    """A ram or a blast the tables give no dice for: the damage form opens on each ship
    caught, in turn (escape leaves one for d later)."""
    if outcome is None or not outcome.result.damage_to_type_in:
        return
    pane.show_status(
        Text.assemble(pane.outcome_text(outcome), ("\nType in the damage each ship takes.", "bold"))
    )
    await type_damage_due(pane, outcome.result.damage_to_type_in, damage_cause(outcome.state))


async def type_damage_due(pane: BattleTab, ships: Sequence[str], cause: str) -> None:
    """The damage form on each of `ships` still afloat, one after another, noted with what
    caused it; stops at the first the GM escapes from."""
    for ship_id in ships:
        state = pane.battle
        if state is None or ship_id not in state.damage_due:
            continue
        before = len(state.events)
        await type_damage(pane, ship_id, note=cause, at=pane.generation)
        after = pane.battle
        if after is None or len(after.events) == before:
            return


async def _repair(pane: BattleTab, info: ActionInfo, at: int) -> None:
    assert pane.battle is not None and info.ship_id is not None
    ship = pane.battle.ship(info.ship_id)
    names = {m.key: m.name for m in ship.mounts()}
    options = [
        (c, f"{c} damage ({ship.damage.marked[c]} marked)" if c in track_ids() else names[c])
        for c in info.choices
    ]
    choice = options[0][0] if len(options) == 1 else None
    if choice is None:
        choice = await pane.app.push_screen_wait(ChoiceDialog(f"{info.label}: what?", options))
    if choice is None:
        return
    by = info.character_id if info.character_id is not None else CREW
    if choice in track_ids():
        pane.do_step(roll_repair, info.ship_id, by=by, track=choice, at=at)
    else:
        pane.do_step(roll_repair, info.ship_id, by=by, track=None, system=choice, at=at)


async def _ram(pane: BattleTab, info: ActionInfo, at: int) -> None:
    """Pick the target, see what the ram will roll (checks and damage), enter rams."""
    state = pane.battle
    assert state is not None and info.ship_id is not None
    target = await _choose_ship(pane, "Ram which ship?", info.choices)
    if target is None:
        return
    try:
        preview = ram_preview(state, info.ship_id, target)
    except RulesError as exc:
        pane.show_status(f"Not done: {exc}", error=True)
        return
    if await pane.app.push_screen_wait(RamScreen(state, preview)):
        await _after_manual(pane, pane.do_step(ram, info.ship_id, target, at=at))


async def _board(pane: BattleTab, info: ActionInfo, at: int) -> None:
    """The boarding dialog: target, both sides' strength, the leaders' choices."""
    state = pane.battle
    assert state is not None and info.ship_id is not None and info.method is not None
    method = boarding_name(info.method)
    order: BoardOrder | None = await pane.app.push_screen_wait(
        BoardScreen(state, info.ship_id, method, info.choices)
    )
    if order is not None:
        pane.do_step(
            board,
            info.ship_id,
            order.target,
            info.method,
            leader_choice=order.leader_choice,
            defender_leader_choice=order.defender_leader_choice,
            at=at,
        )


async def _self_destruct(pane: BattleTab, info: ActionInfo, at: int) -> None:
    state = pane.battle
    assert state is not None and info.ship_id is not None
    ship = state.ship(info.ship_id)
    aboard = [
        state.character(a.character_id).name
        for a in state.aboard(ship.id)
        if state.character(a.character_id).state != "dead"
    ]
    question = CONFIRM["self_destruct"].format(ship=ship.name)
    if aboard:
        question += f"\n{', '.join(aboard)} still aboard go down with her."
    if await pane.app.push_screen_wait(ConfirmDialog(question)):
        await _after_manual(
            pane, pane.do_step(self_destruct, ship.id, characters_go_down=True, at=at)
        )


async def _confirmed(pane: BattleTab, info: ActionInfo, at: int) -> None:
    """Abandon ship and withdraw: asked once, then done."""
    state = pane.battle
    assert state is not None
    ship = state.ship(info.ship_id).name if info.ship_id else ""
    side = state.side(info.side).name if info.side else ""
    if await pane.app.push_screen_wait(
        ConfirmDialog(CONFIRM[info.action].format(ship=ship, side=side))
    ):
        if info.action == "abandon_ship":
            pane.do_step(abandon_ship, info.ship_id, at=at)
        else:
            pane.do_step(withdraw, info.side, at=at)


async def type_damage(
    pane: BattleTab,
    ship_id: str | None,
    note: str = "",
    damage_type: str | None = None,
    at: int | None = None,
) -> None:
    """The damage form; `damage_type` is the type of the weapon that hit, when known."""
    state = pane.need_open_battle()
    if state is None:
        return
    ships = [s for s in state.ships if not s.destroyed]
    if not ships:
        pane.show_status("Every ship is destroyed: there is nothing left to damage.", error=True)
        return
    names = {side.id: side.name for side in state.sides}
    entry: DamageEntry | None = await pane.app.push_screen_wait(
        DamageScreen(ships, ship_id, note=note, side_names=names, damage_type=damage_type)
    )
    if entry is not None:
        pane.do_action(
            battle_actions.do_apply_damage,
            entry.ship_id,
            entry.amount,
            entry.track,
            entry.note,
            damage_type=entry.damage_type,
            hit_place=entry.hit_place,
            at=at,
        )


async def end(pane: BattleTab, at: int) -> None:
    state = pane.need_open_battle()
    if state is None:
        return
    if not await pane.app.push_screen_wait(
        ConfirmDialog(f"End {state.name} now, in round {state.round}?")
    ):
        return
    outcome = pane.do_step(end_battle, at=at)
    if outcome is not None:
        pane.app.push_screen(
            SummaryScreen(f"{outcome.state.name}: summary", battle_summary(outcome.state).text())
        )
