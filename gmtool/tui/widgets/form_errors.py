"""A form's refusal in the GM's words: the field by its label on screen, and what it needs.

The rules check a form as they check a YAML file, with a TableError naming a key ("key
'hull_points' expected this key to be present"). A GM needs the field ("Hull points: fill
this in"), the cursor on it, and the message in sight even on a form taller than 80x24.
"""

from __future__ import annotations

import re
from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Label

from gmtool.rules.errors import TableError

# What the table checker expects, said the way a form says it.
_PLAIN = {
    "this key to be present": "fill this in",
    "a non-empty text value": "fill this in",
    "a text value": "type some text",
}


def field_key(exc: TableError) -> str:
    """The innermost key of the refusal ("durability.stun" -> "stun", "systems[2]" ->
    "systems")."""
    last = exc.key.rsplit(".", 1)[-1]
    return re.sub(r"\[\d+\]$", "", last)


def needs_text(exc: TableError) -> str:
    """What the field needs, in plain words: "fill this in", "needs a whole number of at
    least 1 (not 0)"."""
    needs = _PLAIN.get(exc.expected, f"needs {exc.expected}")
    typed = "" if exc.got is None or exc.got == "" else f" (not {exc.got!r})"
    return f"{needs}{typed}"


def refusal_text(exc: TableError, label: str) -> str:
    """The whole refusal: "Not saved: <label>: <what it needs>."."""
    return f"Not saved: {label}: {needs_text(exc)}."


def field_label(widget: Widget) -> str | None:
    """The Label just before `widget` in its row, as the GM reads the form."""
    parent = widget.parent
    if parent is None:
        return None
    before: Label | None = None
    for sibling in parent.children:
        if sibling is widget:
            break
        before = sibling if isinstance(sibling, Label) else None
    return str(before.render()).strip() or None if before is not None else None


def show_refusal(screen: Screen[Any], exc: TableError, id_prefix: str) -> str:
    """Put the cursor on the refused field (`#<id_prefix><key>`), say why in a
    notification, and return the message for the form's own error line."""
    key = field_key(exc)
    found = screen.query(f"#{id_prefix}{key}") if key.isidentifier() else None
    label = key.replace("_", " ").capitalize() if key else "the form"
    if found:
        widget = found.first()
        label = field_label(widget) or label
        if widget.focusable:
            widget.focus()
    message = refusal_text(exc, label)
    screen.notify(message, severity="error")
    return message
