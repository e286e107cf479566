"""The choices of a pick in the Torga IV tab (f targets, h enemies in contact, p dropped
weapons), each with its short text and the referee's odds for the action panel."""

from __future__ import annotations

from gmtool.rules.skirmish import Action, GameState, enemies_in_contact, legal_actions, shots
from gmtool.rules.skirmish.engine import FIRE, HAND_TO_HAND, PICK_UP
from gmtool.rules.skirmish.referee import melee_preview
from gmtool.tui.tabs.torga.map import short_name
from gmtool.tui.tabs.torga.panel import Choice
from gmtool.tui.tabs.torga.referee import fire_choice, fire_details, melee_lines


def fire_choices(state: GameState, who: str, width: int) -> list[Choice]:
    return [
        (Action(FIRE, who, shot.target), fire_choice(shot, state), fire_details(shot, state, width))
        for shot in shots(state, who)
    ]


def melee_choices(state: GameState, who: str, width: int) -> list[Choice]:
    choices: list[Choice] = []
    for enemy in enemies_in_contact(state, state.figure(who)):
        mods, outcomes = melee_lines(melee_preview(state, who, enemy.id), state, width)
        choices.append(
            (Action(HAND_TO_HAND, who, enemy.id), short_name(enemy.name), f"{mods}\n{outcomes}")
        )
    return choices


def pick_up_choices(state: GameState, who: str) -> list[Choice]:
    fig = state.figure(who)
    weapons = {item.id: item for item in state.dropped}
    choices: list[Choice] = []
    for action in legal_actions(state, who):
        if action.kind != PICK_UP or action.target not in weapons:
            continue
        item = weapons[action.target]
        name = state.scenario.weapon(item.weapon).name
        details = (
            f"the {name} at ({item.x:.1f}, {item.y:.1f}); "
            f"{fig.name} leaves the {state.scenario.weapon(fig.weapon).name} there"
        )
        choices.append((action, name, details))
    return choices
