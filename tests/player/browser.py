"""A real browser on the players' screen: Debian's chromium (nothing is downloaded) and what
the server streams to the page. The page is xterm.js drawing on a canvas, so what it shows
is read from the terminal output it receives over its websocket."""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = "/usr/bin/chromium"
BROWSER_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_PATIENCE = 90.0  # seconds for the server, the browser and the first frame
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
POLL_MS = 20


class StreamedScreen:
    """The terminal output a page received, each frame with the time it came."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.received: list[str] = []
        self.times: list[float] = []
        self.last_frame_at = 0.0
        page.on("websocket", lambda ws: ws.on("framereceived", self._keep))

    def _keep(self, payload: str | bytes) -> None:
        self.received.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
        )
        self.last_frame_at = time.monotonic()
        self.times.append(self.last_frame_at)

    @property
    def frames(self) -> int:
        return len(self.received)

    def first_frame_after(self, frames: int) -> float:
        """When the frame after the first `frames` came."""
        return self.times[frames]

    def text(self) -> str:
        """Everything streamed so far, the terminal's control codes taken out."""
        return ANSI.sub("", "".join(self.received))

    def wait_for(self, *shown: str, patience: float = START_PATIENCE) -> None:
        """Until every one of `shown` has reached the page."""
        deadline = time.monotonic() + patience
        while not all(words in self.text() for words in shown):
            assert time.monotonic() < deadline, f"the page never showed {shown}"
            self.page.wait_for_timeout(POLL_MS)

    def wait_for_frame_after(self, frames: int, patience: float = START_PATIENCE) -> None:
        """Until a frame beyond the first `frames` has come."""
        deadline = time.monotonic() + patience
        while self.frames <= frames:
            assert time.monotonic() < deadline, "the page never changed"
            self.page.wait_for_timeout(POLL_MS)

    def wait_until_quiet(self, quiet: float, patience: float = START_PATIENCE) -> None:
        """Until no frame has come for `quiet` seconds."""
        deadline = time.monotonic() + patience
        while time.monotonic() - self.last_frame_at < quiet:
            assert time.monotonic() < deadline, "the page never settled"
            self.page.wait_for_timeout(POLL_MS)
