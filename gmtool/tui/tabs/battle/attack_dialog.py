"""The Battle tab's attack dialog: fire one weapon at a target, each target with every step
modifier of the attack; and the words for a weapon that can fire (the tab's detail panel)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gmtool.rules.battle import AttackOption, fire_words
from gmtool.rules.narrative import AttackSteps
from gmtool.rules.ships import ship_spec_table
from gmtool.tui.action_table import TabAction
from gmtool.tui.dialogs import GmDialog
from gmtool.tui.footer import KeyFooter
from gmtool.tui.styles import tab_css
from gmtool.tui.tabs.battle.requests import Fire


def damage_text(option: AttackOption) -> str:
    """The weapon's damage by degree: 'ordinary d6+1w, good d6+3w, amazing d4+2m'."""
    if not option.damage:
        return "no damage roll (you type it in)"
    return ", ".join(
        f"{degree} {option.damage[degree]}"
        for degree in ship_spec_table().damage_degrees
        if degree in option.damage
    )


def fire_hint(option: AttackOption) -> str:
    """What enter and t do: enter rolls the damage only when the weapon has a damage roll;
    for a degree without one the GM types it in."""
    if not option.damage:
        return "enter fires; the weapon has no damage roll, so on a hit you type the damage in"
    missing = [d for d in ship_spec_table().damage_degrees if d not in option.damage]
    hint = "enter fires and rolls the damage"
    if missing:
        hits = " or ".join(missing)
        article = "an" if hits[0] in "aeiou" else "a"
        hint += f" ({article} {hits} hit has no damage roll: you type it in)"
    return hint + "; t fires and you type the damage in"


def steps_text(steps: AttackSteps) -> str:
    """Every step modifier of an attack, the ones that add nothing too, and their sum."""
    return f"step {steps.total:+d} = " + ", ".join(f"{m.name} {m.step:+d}" for m in steps.modifiers)


def option_text(option: AttackOption) -> Text:
    """One weapon that can fire: who rolls what, each target's steps, and its damage; a ship
    hit earlier in the sub-phase says it still fires as it was (simultaneous fire)."""
    text = Text.assemble(
        (f"{option.ship_name}: {option.weapon_name}", "bold"),
        f" (class {option.weapon_class}, {fire_words(option.mode)})\n",
        f"  {option.roller.rolls_text()}",
    )
    for target in option.targets:
        text.append(f"\n  at {target.name}: {steps_text(target.steps)}")
    if option.note:
        text.append(f"\n  {option.note}", style="italic")
    text.append(f"\n  damage: {damage_text(option)}", style="dim")
    return text


class AttackScreen(GmDialog["Fire | None"]):
    """Fire one weapon at the picked target: enter rolls the attack and the damage, t the
    attack only, leaving the damage to the GM."""

    DEFAULT_CSS = tab_css(__file__, "attack_dialog.tcss")
    AUTO_FOCUS = "OptionList"
    ACTIONS = (
        TabAction("enter", "fire(True)", "Fire, roll damage",
                  "Roll the attack and its damage", priority=True),
        # a weapon without a damage roll: enter fires and the GM types the damage in
        TabAction("enter", "fire(False)", "Fire, type damage",
                  "Roll the attack; the damage is typed in", priority=True),
        TabAction("t", "fire(False)", "Fire, type damage",
                  "Roll the attack; the damage is typed in"),
    )  # fmt: skip

    def __init__(self, option: AttackOption) -> None:
        super().__init__()
        self.option = option

    def compose(self) -> ComposeResult:
        option = self.option
        note = f"\n{option.note}." if option.note else ""
        with Vertical(classes="dialog-box") as box:
            box.border_title = f"Fire {option.ship_name}'s {option.weapon_name}"
            yield Static(
                f"Class {option.weapon_class} weapon, {fire_words(option.mode)}; "
                f"{option.roller.rolls_text()}.\nDamage: {damage_text(option)}.{note}"
            )
            yield OptionList(
                *[Option(f"{t.name}: {steps_text(t.steps)}", id=t.ship_id) for t in option.targets]
            )
            yield Static(fire_hint(option), classes="dialog-hint")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "fire" and parameters == (True,):
            return bool(self.option.damage)  # nothing to roll: enter types the damage in
        return True

    def action_fire(self, roll_damage: bool) -> None:
        target = self.query_one(OptionList).highlighted_option
        if target is not None and target.id is not None:
            self.dismiss(Fire(self.option.ship_id, self.option.weapon, target.id, roll_damage))
