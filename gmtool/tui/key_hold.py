"""Keys pressed while the app is not ready for them are held, then handled in order.

A new tab takes a fifth of a second or more to build, and even a built tab gets the cursor
a moment after the key that showed it; a key pressed in between would go to the widget
that had the cursor (in the hidden tab, or nowhere): "2n" would show the Crew tab and no
ship form. So keys are held until the shown tab has the cursor, or an opened dialog is
drawn, then handled as if just pressed.

They are handled one at a time, each once the one before is handled (a widget stops it,
`HandedOnKey.stop`, or the app's bindings get it back), so keys arriving together (a fast
typist, a multiplexer sending a string) do what they would typed slowly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from textual import events
from textual.message import Message
from textual.timer import Timer

if TYPE_CHECKING:
    from textual.app import App

    _AppMixin = App[Any]
else:
    _AppMixin = object

# A hold never ended lets its keys through after this many seconds once no messages are
# queued (on a busy machine a tab builds longer: the keys are its), or after SAFETY_WAITS
# such waits.
HOLD_AT_MOST = 1.0
SAFETY_WAITS = 30
# Frames are held while widgets have messages queued, for FRAME_HOLD_TICKS ticks at most,
# so a widget never idle cannot hold the screen.
FRAME_HOLD_TICK = 0.003
FRAME_HOLD_TICKS = 10


class HandedOnKey(events.Key):
    """A key handed on to the widgets: the one that handles it stops it, and then the keys
    after it may follow."""

    def __init__(self, key: events.Key, when_stopped: Callable[[HandedOnKey], None]) -> None:
        super().__init__(key.key, key.character)
        self.time = key.time
        self.when_stopped = when_stopped

    def stop(self, stop: bool = True) -> Message:
        if stop:
            self.when_stopped(self)
        return super().stop(stop)


HandedOnKey.handler_name = events.Key.handler_name  # its handlers are a key's


class HoldsKeys(_AppMixin):
    """Mixed into the App, before App: keys are handled once every `hold_keys` has had its
    `release_keys` (or `HOLD_AT_MOST` after the first)."""

    _keys_held: list[events.Key] | None = None
    _holds = 0
    _safety: Timer | None = None
    _travelling: events.Key | None = None  # a held key handed on, not yet handled
    _replay_queued = False
    _safety_waits = 0
    _frames_held: AbstractContextManager[None] | None = None
    _frame_ticks = 0

    def hold_frames(self) -> None:
        """Draw nothing until the widgets have handled what they were given (a few ticks
        at most), then all of it in one frame."""
        self._frame_ticks = 0
        if self._frames_held is None:
            self._frames_held = self.batch_update()
            self._frames_held.__enter__()
            self.set_timer(FRAME_HOLD_TICK, self._release_frames_when_settled)

    def _release_frames_when_settled(self) -> None:
        self._frame_ticks += 1
        if self._frame_ticks < FRAME_HOLD_TICKS and self._still_working():
            self.set_timer(FRAME_HOLD_TICK, self._release_frames_when_settled)
            return
        held, self._frames_held = self._frames_held, None
        if held is not None:
            held.__exit__(None, None, None)
            # every screen: the tab dimmed behind a dialog saw the key's answer too
            for screen in self.screen_stack:
                screen.check_idle()

    def hold_keys(self) -> None:
        """Hold the keys pressed from now until `release_keys` ends this hold."""
        self._holds += 1
        if self._keys_held is None:
            self._keys_held = []
            self._safety = self.set_timer(HOLD_AT_MOST, self._stop_holding)

    def release_keys(self) -> None:
        """End one hold; with none left, handle the held keys in order, after what is queued
        now (above all a focus a key just moved)."""
        self._holds = max(self._holds - 1, 0)
        if self._holds or self._keys_held is None or self._replay_queued:
            return
        if self._safety is not None:
            self._safety.stop()
            self._safety = None
            self._safety_waits = 0
        self._replay_queued = True  # keys pressed until then join the held ones
        self.call_later(self._handle_held)

    def keys_awaited(self) -> bool:
        """True while a hold waits for something sure to end it (a tab taking the cursor),
        however long a busy machine makes that: the safety wait lets no key through then."""
        return False

    def _stop_holding(self) -> None:
        if (self._still_working() or self.keys_awaited()) and self._safety_waits < SAFETY_WAITS:
            # a busy machine: the tab is still being built, its keys wait for it
            self._safety_waits += 1
            self._safety = self.set_timer(HOLD_AT_MOST, self._stop_holding)
            return
        self._safety_waits = 0
        self._holds = 0
        self._travelling = None
        self.release_keys()

    def _still_working(self) -> bool:
        """Messages queued on the shown screen: what holds the keys is still under way.
        (No screen: the app is closing, and a timer of a hold came after its screens went.)"""
        if not self.screen_stack:
            return False
        screen = self.screen
        if self.message_queue_size or screen.message_queue_size:
            return True
        return any(widget.message_queue_size for widget in screen.walk_children())

    async def _handle_held(self) -> None:
        self._replay_queued = False
        if self._holds:
            return  # held again meanwhile: that hold's end handles them
        held, self._keys_held = self._keys_held, None
        if held:
            await self._handle(held[0], held[1:])

    async def _handle(self, key: events.Key, waiting: Sequence[events.Key] = ()) -> None:
        """Hand the key on; the keys `waiting` and those pressed since wait until it is
        handled, as a key that shows a tab or opens a dialog needs."""
        self.hold_keys()
        self.hold_frames()
        assert self._keys_held is not None
        self._keys_held[:0] = waiting
        handed_on = HandedOnKey(key, self._stopped)
        self._travelling = handed_on
        try:
            await super().on_event(handed_on)
        finally:  # (an action that met a damaged file ends here too: ReportsCrashes)
            if not handed_on.is_forwarded:  # a priority binding here took it
                self._handled(handed_on)

    def _stopped(self, key: HandedOnKey) -> None:
        """A widget stops the key. The screen also stops each key it hands back for the
        app's bindings, just before handing it: waiting two turns of the queue lets the
        bindings handle it first, and what their actions queued (a focus change) run."""
        self.call_later(self.call_later, self._handled, key)

    def _handled(self, key: events.Key) -> None:
        """End the hold on the keys after `key`, handled by a priority binding, a widget,
        or the app's own bindings."""
        if self._travelling is key:
            self._travelling = None
            self.release_keys()

    def push_screen(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        """Keys wait until the new screen is drawn."""
        self.hold_keys()
        self.hold_frames()
        pushed = super().push_screen(*args, **kwargs)
        # two refreshes: the first draws the screen, its first field takes the cursor after
        self.call_after_refresh(self.call_after_refresh, self.release_keys)
        return pushed

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, events.Key):
            await super().on_event(event)
        elif event.is_forwarded:  # back from the widgets: the app's bindings
            try:
                await super().on_event(event)
            finally:
                self._handled(event)
        elif self._keys_held is not None:
            self._keys_held.append(event)
        else:
            await self._handle(event)
