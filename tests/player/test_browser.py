"""`gmtool serve` in a real browser: Debian's chromium driven by Playwright (the system
browser; nothing is downloaded). What the page shows is read from what the server streams
to it (tests/player/browser.py); screenshots go to the test's tmp folder for a reviewer.

Start-up gets generous time (two slow cores). After `gmtool battle next` the page must show
the step; how soon is measured by bench/bench_player_step.py, not asserted here (a busy
machine must not fail the test). A browser killed outright must take its visitor's process
with it within a few seconds (polled up to 20 s); the next visits, at phone (390x844) and
TV (1920x1080) sizes, leave their screenshots in the test's folder.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gmtool.actions.battle_next import play_next
from gmtool.store import open_campaign
from tests.player.browser import BROWSER_ARGS, CHROMIUM, START_PATIENCE, StreamedScreen
from tests.player.serving import (
    battle_campaign,
    free_port,
    gmtool,
    serving,
    visitor_pids,
    wait_for,
)

GONE_PATIENCE = 20.0  # a generous bound on "within a few seconds"
SIZES = {"phone": (390, 844), "tv": (1920, 1080)}
GM_STEPS = 40  # into round 2: hits taken and given


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


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A demo campaign with a battle set up, served on a free loopback port."""
    _need_browser()
    with serving(tmp_path, battle_campaign(tmp_path)) as server:
        yield server.url, server.campaign


def test_the_page_follows_a_battle_step(served: tuple[str, Path], tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    url, campaign = served
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})  # a small TV
            screen = StreamedScreen(page)
            page.goto(url, timeout=START_PATIENCE * 1000)
            screen.wait_for("Our ships", "The battle begins.")
            screen.wait_until_quiet(0.5)  # the first frames settled
            assert "has the edge" not in screen.text()
            before = page.screenshot(path=str(tmp_path / "before-step.png"))

            gmtool("battle", "next", "ambush", "--campaign", str(campaign), cwd=tmp_path)
            saved = time.monotonic()
            screen.wait_for("has the edge")
            waited = screen.last_frame_at - saved
            screen.wait_until_quiet(0.3)
            after = page.screenshot(path=str(tmp_path / "after-step.png"))
        finally:
            browser.close()
    (tmp_path / "timing.txt").write_text(f"page changed {waited:.2f} s after the step was saved\n")
    assert after != before
    # Nothing of the enemy's numbers reached the page: its crew's scores stay behind the screen.
    assert "crew rolls" not in screen.text()


def test_a_killed_browser_ends_its_visitor_and_a_new_one_gets_a_fresh_view(
    served: tuple[str, Path], tmp_path: Path
) -> None:
    """The browser process killed outright (a phone's tab thrown away, a crashed browser):
    its visitor's process is gone within a few seconds. The next browser, at phone and TV
    sizes, gets a fresh view with the picture for the table; screenshots in tmp_path."""
    from playwright.sync_api import sync_playwright

    url, campaign = served
    port = free_port()
    browser_process = subprocess.Popen(
        [CHROMIUM, *BROWSER_ARGS, f"--remote-debugging-port={port}", "about:blank"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        with sync_playwright() as p:
            deadline = time.monotonic() + START_PATIENCE
            while True:
                try:
                    browser = p.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
                    break
                except Exception:
                    assert time.monotonic() < deadline, "the browser never listened"
                    time.sleep(0.2)
            page = browser.contexts[0].new_page()
            page.goto(url, timeout=START_PATIENCE * 1000)
            wait_for(lambda: len(visitor_pids(campaign)) == 1, START_PATIENCE)
            (first,) = visitor_pids(campaign)
            page.wait_for_timeout(1000)
            os.killpg(browser_process.pid, signal.SIGKILL)  # no goodbye, no closing frame
            browser_process.wait()
            gone = wait_for(lambda: first not in visitor_pids(campaign), GONE_PATIENCE)
    finally:
        if browser_process.poll() is None:
            os.killpg(browser_process.pid, signal.SIGKILL)
            browser_process.wait()
    assert not visitor_pids(campaign)
    (tmp_path / "timing.txt").write_text(f"visitor gone {gone:.1f} s after the browser died\n")

    gm = open_campaign(campaign, create=False)
    try:  # the GM plays on into round 2, so the picture has damage to show
        for _ in range(GM_STEPS):
            play_next(gm, "ambush")
    finally:
        gm.close()

    for name, (width, height) in SIZES.items():
        text = _screenshot(url, tmp_path / f"{name}-{width}x{height}.png", width, height)
        assert "ROUND" not in text  # the round is drawn large, in blocks, not spelt out
        for shown in ("Range", "Our ships", "CSS Kestrel", "Raider Gorgon", "crew lost"):
            assert shown in text, (name, shown)
        assert "crew rolls" not in text
    wait_for(lambda: not visitor_pids(campaign), GONE_PATIENCE)


def _screenshot(url: str, path: Path, width: int, height: int) -> str:
    """A fresh visit at this size: what the server streamed to it, and a screenshot."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            screen = StreamedScreen(page)
            page.goto(url, timeout=START_PATIENCE * 1000)
            screen.wait_for("Our ships", "Range")
            screen.wait_until_quiet(0.8)  # the first frames settled
            page.screenshot(path=str(path))
        finally:
            browser.close()
    return screen.text()
