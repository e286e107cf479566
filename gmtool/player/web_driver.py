"""The players' view's driver under `gmtool serve`: it ends when its server is gone.

Textual's `WebDriver` carries on when textual-serve closes its stdin or stdout (the input
thread returns quietly at end of file; a write to a closed pipe raises mid-frame), so a
visitor whose server died (killed, its terminal closed) would run as long as the laptop is
on. This driver ends the visit at each sign the server is gone: stdin at end of file, a
failed write, the parent process gone (the kernel's parent-death signal where there is one,
else the parent id checked twice a second). It asks the app to exit and, past
`HARD_EXIT_SECONDS` (its loop stuck, a thread hung), ends the process outright.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
from typing import Any

from textual import messages
from textual.app import App
from textual.drivers.web_driver import WebDriver

# The driver textual-serve names in TEXTUAL_DRIVER; `PlayerApp` runs this one in its place.
TEXTUAL_WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
PARENT_CHECK_SECONDS = 0.5
HARD_EXIT_SECONDS = 5.0
PR_SET_PDEATHSIG = 1  # linux/prctl.h


def ask_for_parent_death_signal() -> None:
    """Linux: have the kernel send SIGTERM when the parent process ends (else nothing)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # the parent check below still ends the visit


class PlayerWebDriver(WebDriver):
    """`WebDriver` that ends the app when the serving process is gone."""

    def __init__(self, app: App[Any], **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self._parent = os.getppid()
        self._leaving = threading.Event()
        self.gone_reason: str | None = None

    def start_application_mode(self) -> None:
        ask_for_parent_death_signal()
        super().start_application_mode()
        threading.Thread(target=self._watch_parent, name="gmtool-parent", daemon=True).start()

    def stop_application_mode(self) -> None:
        self._leaving.set()
        with contextlib.suppress(OSError):  # no goodbye can be written: the server is gone
            super().stop_application_mode()

    def write(self, data: str) -> None:
        if self.gone_reason is not None:
            return
        try:
            super().write(data)
        except OSError:
            self.server_gone("its output was closed")

    def write_meta(self, data: dict[str, object]) -> None:
        if self.gone_reason is not None:
            return
        try:
            super().write_meta(data)
        except OSError:
            self.server_gone("its output was closed")

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # end of file, not a goodbye from the app
            self.server_gone("its input was closed")

    def _watch_parent(self) -> None:
        while not self._leaving.wait(PARENT_CHECK_SECONDS):
            if os.getppid() != self._parent:
                self.server_gone("its server ended")
                return

    def server_gone(self, reason: str) -> None:
        """Exit the app; end the process if it has not exited in `HARD_EXIT_SECONDS`."""
        if self.gone_reason is not None:
            return
        self.gone_reason = reason
        self._leaving.set()
        try:
            self.send_message(messages.ExitApp())
        except RuntimeError:  # the loop is closed: nothing is left to end gracefully
            os._exit(0)
        timer = threading.Timer(HARD_EXIT_SECONDS, os._exit, args=(0,))
        timer.daemon = True
        timer.start()
