"""The Battle tab's list of what the GM can do now (`rules.battle.available_actions`).

Each rebuild is a new generation, carried in every option's id, so a selection made on an
older list (a click that arrived after a step) never acts on the new list's action there.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from gmtool.rules.battle import ActionInfo
from gmtool.tui.widgets.steady import KeepsSize


def action_style(info: ActionInfo) -> str:
    if info.refused:
        return "dim"  # greyed: the note says why
    if info.action == "advance":
        return "bold cyan"
    if info.action in ("end_battle", "apply_damage_manually", "withdraw"):
        return "dim"
    return ""


class ActionList(KeepsSize, OptionList):
    """The actions the GM can take now; enter (the tab's table) does the highlighted one."""

    generation = 0

    def show(self, actions: list[ActionInfo], first: int = 0) -> None:
        """Replace the list with `actions`, the one at `first` highlighted."""
        self.generation += 1
        self.clear_options()
        # the short label: a weapon's class and range are in the panel beside the list
        self.add_options(
            [
                Option(
                    Text(info.short or info.label, style=action_style(info)),
                    id=f"{self.generation}:{i}",
                )
                for i, info in enumerate(actions)
            ]
        )
        if actions:
            self.highlighted = first if 0 <= first < len(actions) else 0

    def index_of(self, option_id: str | None) -> int | None:
        """The index an option id names, None when it belongs to an older list."""
        generation, _, index = (option_id or "").partition(":")
        return int(index) if generation == str(self.generation) else None
