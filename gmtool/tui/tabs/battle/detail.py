"""The Battle tab's detail panel, beside the action list: the highlighted weapon with every
step modifier, else every weapon that can fire now, else what the highlighted action does;
and what power gates this round."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gmtool.rules.battle import ActionInfo, AttackOption, BattleState, attack_options
from gmtool.rules.battle.power import power_notes
from gmtool.tui.tabs.battle.attack_dialog import option_text


def attack_option(
    state: BattleState, now: Sequence[ActionInfo], info: ActionInfo | None
) -> AttackOption | None:
    """The attack option behind a 'Fire ...' action (the list follows its order), else None."""
    fire_now = [a for a in now if a.action == "roll_attack"]
    if info is None or info not in fire_now:
        return None
    options = attack_options(state)
    return options[fire_now.index(info)] if len(fire_now) == len(options) else None


def detail_text(state: BattleState, now: Sequence[ActionInfo], info: ActionInfo | None) -> Text:
    """The panel's text for the highlighted action `info` of the list `now`."""
    text = _weapons_or_action(state, now, info)
    asking = info.ship_id if info is not None and info.action == "set_power" else None
    notes = power_notes(state.ships, asking)
    if notes:  # what power gates this round: why a weapon cannot fire, a screen is down
        if text.plain:
            text.append("\n")
        text.append("Power: ", style="bold")
        text.append("\n".join(notes))
    return text


def _weapons_or_action(
    state: BattleState, now: Sequence[ActionInfo], info: ActionInfo | None
) -> Text:
    option = attack_option(state, now, info)
    if option is not None:
        return option_text(option)
    options = attack_options(state)
    if options:
        text = Text("Weapons that can fire now (a fires one):\n", style="bold")
        return text.append_text(Text("\n").join(option_text(o) for o in options))
    if info is None:
        return Text("")
    text = Text.assemble((info.label, "bold"))
    if info.note:
        text.append(f"\n{info.note}")
    elif info.action == "advance":
        text.append("\nspace or enter goes on")
    return text
