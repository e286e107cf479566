"""Screens and widgets that draw a key's answer in one go.

Textual sends every widget of a tab shown again a Resize, though its size is the size it
had. Handled, that drops caches and refits or refills (the roster, the injury history, the
party list), which draws a second frame some 30-60 ms after the tab is already on screen.

A key (a tab switch, a reload, a dialog opening) also queues work for many widgets, and
Textual draws as soon as the screen itself is idle: the widgets' layout requests arriving
after that frame drew another one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.screen import Screen

    _Mixin = Widget
    _ScreenMixin = Screen[Any]
else:
    _Mixin = object  # not a widget: Textual takes a widget's CSS from its first widget base
    _ScreenMixin = object

# A frame is put off at most HOLD_TICKS times by HOLD_TICK seconds while widgets have work.
HOLD_TICKS = 8
HOLD_TICK = 0.003


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


class DrawsWhenSettled(_ScreenMixin):
    """Mixed into a screen (before Screen): it draws once its widgets have handled what a
    key gave them, putting the frame off a tick at a time while any widget has messages
    queued or a layout to ask for; a few ticks at most, so a widget that is never idle
    cannot hold the screen. (Overrides Textual's Screen._on_timer_update, pinned version.)"""

    _held = 0  # frames put off in a row

    def _on_timer_update(self) -> None:
        if self._held < HOLD_TICKS and self._widgets_busy():
            self._held += 1
            self._update_timer.pause()
            self.set_timer(HOLD_TICK, self._on_timer_update)
            return
        self._held = 0
        super()._on_timer_update()

    def _widgets_busy(self) -> bool:
        return any(
            widget.message_queue_size or widget._layout_required
            for widget in self.walk_children(Widget)
        )
