"""One table of a tab's actions, from which its key bindings, footer, palette and help come.

A tab lists each thing a GM can do as a `TabAction`; its bindings are built from the
table, so a key cannot work without being shown, or be shown and described without working.
Whether it is offered now is the pane's `check_action`.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from textual.binding import Binding


class TabAction(msgspec.Struct, frozen=True):
    """One thing a GM can do on a tab.

    `key` is Textual's key name ("n", "ctrl+z", "question_mark"); `keys` adds other keys for
    the same action. `action` is what Textual runs on the pane ("focus_field('dice-expr')").
    `show` False keeps it out of the footer: only for keys a widget already shows (a list's
    arrows, Enter on a field) or that only make sense in one widget. The footer shows
    neighbouring entries of one `group` as one item (the help still lists each).
    """

    key: str
    action: str
    name: str
    description: str
    keys: tuple[str, ...] = ()
    key_display: str | None = None
    show: bool = True
    palette: bool = True
    priority: bool = False
    group: Binding.Group | None = None

    @property
    def all_keys(self) -> tuple[str, ...]:
        return (self.key, *self.keys)

    @property
    def method(self) -> str:
        """The pane method the action calls: action_<name>."""
        return "action_" + self.action.split("(", 1)[0]


def bindings(table: Sequence[TabAction]) -> list[Binding]:
    """The Textual bindings of a table: one per key, the first of each action shown."""
    found: list[Binding] = []
    for entry in table:
        for number, key in enumerate(entry.all_keys):
            found.append(
                Binding(
                    key,
                    entry.action,
                    entry.name,
                    show=entry.show and number == 0,
                    key_display=entry.key_display if number == 0 else None,
                    priority=entry.priority,
                    group=entry.group,
                )
            )
    return found


def palette_entries(table: Sequence[TabAction]) -> list[TabAction]:
    return [entry for entry in table if entry.palette]


KEY_NAMES = {
    "question_mark": "?",
    "slash": "/",
    "space": "space",
    "enter": "Enter",
    "escape": "Escape",
    "delete": "Delete",
    "plus": "+",
    "minus": "-",
    "full_stop": ".",
    "comma": ",",
    "left_square_bracket": "[",
    "right_square_bracket": "]",
}


def key_label(key: str) -> str:
    """A key as the help writes it: ctrl+z, ?, Enter."""
    return KEY_NAMES.get(key, key)


def keys_markdown(table: Sequence[TabAction]) -> str:
    """The help's table of a tab's keys."""
    lines = ["| key | does |", "|---|---|"]
    for entry in table:
        keys = " or ".join(
            [entry.key_display or key_label(entry.key), *(key_label(k) for k in entry.keys)]
        )
        description = entry.description.replace("|", "\\|")
        lines.append(f"| {keys} | {description} |")
    return "\n".join(lines)
