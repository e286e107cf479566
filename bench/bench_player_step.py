"""The players' screen at the table: the time from a battle step saved (`gmtool battle next`,
as the GM's laptop saves it) to the page in a real browser receiving the change, and to the
page going quiet again.

The server is `gmtool serve` on a demo campaign with a battle set up; the browser is
Debian's chromium driven by Playwright, headless (nothing is downloaded). The page is
xterm.js on a canvas, so what it shows is read from what the server streams to it over its
websocket. The first step must show who has the edge. Each step is timed twice: from the
command starting to the first frame streamed after it (the server sees the saved file while
the command is still closing, so its return is too late a start), and from the command's
return (the step saved) to the last frame before a quiet spell.

Target (the players' screen issue): the page follows a step within two seconds. No asserts:
this script measures, the issue judges; the test (tests/player/test_browser.py) checks that
the page follows at all.

    python bench/bench_player_step.py [--steps N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.player.browser import BROWSER_ARGS, CHROMIUM, StreamedScreen
from tests.player.serving import battle_campaign, gmtool, serving

TARGET = 2.0  # seconds
QUIET = 0.3  # seconds without a frame: the page has settled


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=8)
    steps = parser.parse_args().steps
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    if sync_playwright is None or not Path(CHROMIUM).exists():
        print(f"not measured: needs {CHROMIUM} and playwright (pip install -e '.[test]')")
        return 0

    first_frame: list[float] = []
    settled: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        with serving(tmp, battle_campaign(tmp)) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 720})
                screen = StreamedScreen(page)
                page.goto(server.url, timeout=90_000)
                screen.wait_for("Our ships", "The battle begins.")
                screen.wait_until_quiet(QUIET)
                for step in range(steps):
                    before = screen.frames
                    asked = time.monotonic()
                    gmtool("battle", "next", "ambush", "--campaign", str(server.campaign), cwd=tmp)
                    saved = time.monotonic()
                    screen.wait_for_frame_after(before)
                    first_frame.append(screen.first_frame_after(before) - asked)
                    screen.wait_until_quiet(QUIET)
                    settled.append(screen.last_frame_at - saved)
                    if step == 0 and "has the edge" not in screen.text():
                        raise RuntimeError("bench: the first step did not show the edge roll")
            finally:
                browser.close()
    for label, times in (
        ("first frame, from the command", first_frame),
        ("page settled, from the save", settled),
    ):
        print(
            f"{label:28} median {statistics.median(times):.2f} s, "
            f"max {max(times):.2f} s over {len(times)} steps (target {TARGET:.0f} s)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
