"""`gmtool serve` in a real browser: Debian's chromium driven by Playwright (the system
browser; nothing is downloaded). The page is xterm.js drawing on a canvas, so the test reads
what the server streams to the page (the terminal's output over the websocket) and compares
screenshots; both go to the test's tmp folder for a reviewer.

Start-up gets generous time (two slow cores); the change after `gmtool battle next` must
show within two seconds of the step being saved.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

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
STEP_PATIENCE = 2.0  # seconds from the saved step to the page showing it
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")


def _need_browser() -> None:
    missing = []
    if not os.path.exists(CHROMIUM):
        missing.append(f"{CHROMIUM} (apt-get install chromium)")
    try:
        import playwright  # noqa: F401
    except ImportError:
        missing.append("playwright (pip install -e '.[test]')")
    if missing:
        message = "the browser test needs " + " and ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def gmtool(*args: str, cwd: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "gmtool", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A demo campaign with a battle set up, served on a free loopback port."""
    _need_browser()
    campaign = tmp_path / "table.campaign"
    gmtool("init", str(campaign), "--demo", "--seed", "7", cwd=tmp_path)
    new = ["battle", "new", "Ambush", "--ship", "kestrel", "meridian", "--enemy", "gorgon"]
    gmtool(*new, "vex", "--seed", "3", "--campaign", str(campaign), cwd=tmp_path)
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "gmtool", "serve", "--campaign", str(campaign), "--port", str(port)],
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + START_PATIENCE
        while url not in (tmp_path / "serve.log").read_text():
            assert server.poll() is None, (tmp_path / "serve.log").read_text()
            assert time.monotonic() < deadline, "gmtool serve did not print its address"
            time.sleep(0.1)
        yield url, campaign
    finally:
        os.killpg(server.pid, 15)  # the server and the player-view processes it started
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
            server.wait()
        log.close()


def test_the_page_follows_a_battle_step(served: tuple[str, Path], tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    url, campaign = served
    received: list[str] = []

    def keep(payload: str | bytes) -> None:
        received.append(payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))

    def screen_text() -> str:
        return ANSI.sub("", "".join(received))

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 640})
            page.on("websocket", lambda ws: ws.on("framereceived", keep))
            page.goto(url, timeout=START_PATIENCE * 1000)
            deadline = time.monotonic() + START_PATIENCE
            while "Our ships" not in screen_text() or "The battle begins." not in screen_text():
                assert time.monotonic() < deadline, "the battle view never came up"
                page.wait_for_timeout(100)
            page.wait_for_timeout(500)  # let the first frames settle
            assert "has the edge" not in screen_text()
            before = page.screenshot(path=str(tmp_path / "before-step.png"))

            gmtool("battle", "next", "ambush", "--campaign", str(campaign), cwd=tmp_path)
            saved = time.monotonic()
            while "has the edge" not in screen_text():
                assert time.monotonic() - saved < STEP_PATIENCE + 3, "the page never changed"
                page.wait_for_timeout(50)
            waited = time.monotonic() - saved
            page.wait_for_timeout(300)
            after = page.screenshot(path=str(tmp_path / "after-step.png"))
        finally:
            browser.close()
    (tmp_path / "timing.txt").write_text(f"page changed {waited:.2f} s after the step was saved\n")
    assert waited < STEP_PATIENCE, f"the page took {waited:.2f} s"
    assert after != before
    # Nothing of the enemy's numbers reached the page: its crew's scores stay behind the screen.
    assert "crew rolls" not in screen_text()
