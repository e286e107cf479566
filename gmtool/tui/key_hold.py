"""Keys pressed while the app is not ready for them are held, then handled in order.

A tab shown for the first time takes a fifth of a second or more to build, and even a built
tab gets the cursor a moment after the key that showed it. A key pressed in between went to
the widget that had the cursor before (in the tab just hidden, or nowhere) and was lost: a
GM typing "2n" got the Crew tab and no ship form. Now the app holds such keys until the
shown tab has the cursor, then handles them as if just pressed. A dialog being opened holds
them the same way, until it is drawn, so what is typed lands in its first field.

Keys are handled one at a time: the next waits until the widgets (or the app's bindings)
have handled the one before, so keys that arrive together (a fast typist, a terminal
multiplexer sending a string) do what they would do typed slowly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual import events
from textual.timer import Timer

if TYPE_CHECKING:
    from textual.app import App

    _AppMixin = App[Any]
else:
    _AppMixin = object

# However the tab's building goes, held keys are handled after this many seconds at most.
HOLD_AT_MOST = 1.0
# How often a held key handed on to the widgets is looked at, until it is handled.
HOLD_CHECK = 0.005


class HoldsKeys(_AppMixin):
    """Mixed into the App (before App): `hold_keys` starts a hold, `release_keys` ends it;
    keys are handled once every hold has ended (or `HOLD_AT_MOST` after the first)."""

    _keys_held: list[events.Key] | None = None
    _holds = 0
    _safety: Timer | None = None
    _travelling: events.Key | None = None  # a held key handed on, not yet handled
    _replay_queued = False

    def hold_keys(self) -> None:
        """Hold the keys pressed from now until `release_keys` ends this hold."""
        self._holds += 1
        if self._keys_held is None:
            self._keys_held = []
            self._safety = self.set_timer(HOLD_AT_MOST, self._stop_holding)

    def release_keys(self) -> None:
        """End one hold; with none left, handle the held keys in the order pressed, after
        what is queued now (the focus a key just moved, above all)."""
        self._holds = max(self._holds - 1, 0)
        if self._holds or self._keys_held is None or self._replay_queued:
            return
        if self._safety is not None:
            self._safety.stop()
            self._safety = None
        self._replay_queued = True  # keys pressed until then join the held ones
        self.call_later(self._handle_held)

    def _stop_holding(self) -> None:
        self._holds = 0
        self._travelling = None
        self.release_keys()

    async def _handle_held(self) -> None:
        self._replay_queued = False
        if self._holds:
            return  # held again meanwhile: that hold's end handles them
        held, self._keys_held = self._keys_held, None
        if held:
            await self._handle(held[0], held[1:])

    async def _handle(self, key: events.Key, waiting: Sequence[events.Key] = ()) -> None:
        """Hand the key on (Textual's App.on_event); the keys `waiting` after it, and those
        pressed since, wait until it is handled, as a key that shows a tab or opens a
        dialog needs."""
        self.hold_keys()
        assert self._keys_held is not None
        self._keys_held[:0] = waiting
        self._travelling = key
        await super().on_event(key)
        self._when_handled(key)

    def _when_handled(self, key: events.Key) -> None:
        """End the hold on the keys after `key` once it is handled: by a priority binding
        here (never handed on), by the widget that stopped it, or back here, unhandled by
        the widgets, for the app's own bindings (`on_event`)."""
        if self._travelling is not key:
            return  # handled already
        if not key.is_forwarded or key._stop_propagation:
            self._travelling = None
            self.release_keys()
        else:
            self.set_timer(HOLD_CHECK, lambda: self._when_handled(key))

    def push_screen(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        """Textual's push_screen; keys wait until the new screen is drawn."""
        self.hold_keys()
        pushed = super().push_screen(*args, **kwargs)
        # two refreshes: the first draws the screen, its first field takes the cursor after
        self.call_after_refresh(self.call_after_refresh, self.release_keys)
        return pushed

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, events.Key):
            await super().on_event(event)
        elif event.is_forwarded:  # back from the widgets: the app's bindings
            await super().on_event(event)
            if event is self._travelling:
                self._travelling = None
                self.release_keys()
        elif self._keys_held is not None:
            self._keys_held.append(event)
        else:
            await self._handle(event)
