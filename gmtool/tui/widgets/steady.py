"""Widgets that keep still when their tab is shown again.

Textual sends every widget of a tab shown again a Resize, though its size is the size it
had. Handled, that drops caches and refits or refills (the roster, the injury history, the
party list), which draws a second frame some 30-60 ms after the tab is already on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.geometry import Size
from textual.message import Message

if TYPE_CHECKING:
    from textual.widget import Widget

    _Mixin = Widget
else:
    _Mixin = object  # not a widget: Textual takes a widget's CSS from its first widget base


class KeepsSize(_Mixin):
    """Mixed into a widget (before its widget base): ignores a Resize that repeats the size,
    virtual size and container size it last handled; any other Resize (a new terminal
    size, new content) is handled as usual."""

    _handled_size: tuple[Size, Size, Size] | None = None

    def check_message_enabled(self, message: Message) -> bool:
        if isinstance(message, events.Resize):
            size = (message.size, message.virtual_size, message.container_size)
            if size == self._handled_size:
                return False
            self._handled_size = size
        return super().check_message_enabled(message)
